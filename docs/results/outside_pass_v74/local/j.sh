#!/bin/bash
# usage: j.sh TASK FILE [FILE...]  -- judges one at a time
T=$1; shift
for f in "$@"; do echo "== $f"; /work/main/.venv/bin/python /work/main/docs/results/outside_pass_v74/local/judge.py "$T" "$f"; done
