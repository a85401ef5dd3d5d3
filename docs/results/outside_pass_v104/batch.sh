#!/bin/bash
# usage: batch.sh LISTFILE  (lines: path task cand reps); runs 2 at a time; path tb => tb_run.py ITEM ANSWER REPS
cd /tmp/op104
cat "$1" | xargs -P 2 -L 1 bash -c 'if [ $0 = tb ]; then PYTHONPATH=/tmp/v104 timeout 900 /work/main/.venv/bin/python tb_run.py $1 $2 $3; else PYTHONPATH=/tmp/v104 timeout 900 /work/main/.venv/bin/python run.py $0 $1 $2 $3; fi >/dev/null 2>>runner_err.log'
