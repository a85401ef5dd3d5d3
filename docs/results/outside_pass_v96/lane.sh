#!/bin/bash
# usage: lane.sh QUEUEFILE  -- runs lines "TASK CAND [N]" sequentially
while read -r t c n; do
  [ -z "$t" ] && continue
  /work/main/.venv/bin/python /tmp/op96/run_pair.py "$t" "$c" --n "${n:-1}"
done < "$1"
