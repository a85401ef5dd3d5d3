#!/bin/bash
# pops "TASK CAND [N]" lines from /tmp/op96/queue.txt (flock) until it is empty, then waits for more
Q=/tmp/op96/queue.txt
while true; do
  line=$(flock /tmp/op96/queue.lock bash -c "head -n1 $Q; sed -i '1d' $Q")
  if [ -z "$line" ]; then sleep 5; [ -f /tmp/op96/stop ] && exit 0; continue; fi
  set -- $line
  /work/main/.venv/bin/python /tmp/op96/run_pair.py "$1" "$2" --n "${3:-1}"
done
