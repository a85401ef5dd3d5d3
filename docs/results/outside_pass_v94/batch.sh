#!/bin/bash
# usage: batch.sh LISTFILE   (lines: TASK CANDIDATE [extra args]); 2 pairs at once
cd /work/main
D=docs/results/outside_pass_v94
xargs -P 2 -L 1 .venv/bin/python $D/run_pair.py < "$1"
