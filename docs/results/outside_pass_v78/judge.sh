#!/bin/bash
# usage: judge.sh TASK FILE
cd /tmp/pass78
export PYTHONPATH=/tmp/cc78
P=/work/main/.venv/bin/python
T=$1; F=$2
nice -n 5 timeout 900 $P -m autotriton.cli.main verify -t $T $F --json --no-cache --device cpu > $F.cli.json 2> $F.cli.err
echo "CLI rc=$?"
$P - <<PY
import json
d=json.load(open("$F.cli.json"))
print("CLI", d.get("correct"), d.get("error_kind"), d.get("hack_flags"))
print("  msg:", str(d.get("error_msg") or "")[:1500])
PY
nice -n 5 timeout 900 $P api_run.py $T $F 2>$F.api.err | tail -1
