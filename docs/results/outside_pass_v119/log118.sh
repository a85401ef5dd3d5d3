#!/bin/bash
cd /tmp/op119; PYTHONPATH=/tmp/op119/v118 /work/main/.venv/bin/python verify1.py "$@" 2>>runs/stderr118.log | sed 's/^{/{"ver": 118, /' | tee -a runs/verdicts.jsonl
