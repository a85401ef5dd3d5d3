#!/bin/bash
# pops "task cand n" lines from /tmp/op97/jobs.txt until empty
export PYTHONPATH=/tmp/v97
while true; do
  line=$(flock /tmp/op97/jobs.lock bash -c 'l=$(head -1 /tmp/op97/jobs.txt); [ -n "$l" ] && sed -i 1d /tmp/op97/jobs.txt; echo "$l"')
  [ -z "$line" ] && break
  set -- $line
  cd /tmp/op97 && /work/main/.venv/bin/python scripts/run.py $1 $2 ${3:-1} >> logs/worker_$$.out 2>&1
done
