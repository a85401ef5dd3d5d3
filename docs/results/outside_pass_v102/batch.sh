#!/bin/bash
# usage: batch.sh PATH(api|cli) N pair1 pair2 ...   (runs at most 2 at a time)
P=$1; N=$2; shift 2
for pr in "$@"; do for i in $(seq $N); do echo "$pr"; done; done | xargs -P 2 -I{} /work/main/.venv/bin/python /tmp/op102/run.py --path $P {} >> /tmp/op102/batch_out.txt 2>&1
