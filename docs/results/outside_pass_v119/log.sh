#!/bin/bash
# usage: log.sh task cand n
cd /tmp/op119; /work/main/.venv/bin/python verify1.py "$@" 2>>runs/stderr.log | tee -a runs/verdicts.jsonl
