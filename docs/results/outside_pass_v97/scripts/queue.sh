#!/bin/bash
# usage: queue.sh OUT  "task cand n" ...
out=$1; shift
export PYTHONPATH=/tmp/v97
for spec in "$@"; do set -- $spec; /work/main/.venv/bin/python /tmp/op97/scripts/run.py $1 $2 ${3:-1}; done >> $out 2>&1
