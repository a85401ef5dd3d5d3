#!/bin/bash
# usage: batch.sh LISTFILE   (lines: NAME TASK CANDIDATE [extra args])
LIST=$(readlink -f "$1"); cd /work/main
while read -r name task cand extra; do
  [ -z "$name" ] && continue
  case "$name" in \#*) continue;; esac
  nice -n 5 .venv/bin/python /tmp/op93/run_pair.py "$task" "$cand" $extra > /tmp/op93/logs/$name.json 2>/tmp/op93/logs/$name.err
  echo "$name done $(date +%T)" >> /tmp/op93/logs/_progress.txt
done < "$LIST"
