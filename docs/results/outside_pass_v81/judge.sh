#!/bin/bash
# usage: judge.sh TASK FILE
task=$1; f=$2; name=$(basename $f .py)
cd /work/main && nice -n 5 .venv/bin/autotriton verify -t "$task" "$f" --json --no-cache --device cpu > /tmp/op81/out/$name.json 2>/tmp/op81/out/$name.err
python3 - "$name" "$task" <<'PY'
import json,sys
name,task=sys.argv[1],sys.argv[2]
try:
    d=json.load(open(f"/tmp/op81/out/{name}.json"))
except Exception as e:
    print(name, task, "NOJSON", open(f"/tmp/op81/out/{name}.err").read()[-800:]); sys.exit()
line=f"{name} {task} correct={d.get('correct')} kind={d.get('error_kind')} flags={d.get('hack_flags')} msg={str(d.get('error_message') or d.get('message') or '')[:400]}"
print(line)
open("/tmp/op81/verdicts.log","a").write(line+"\n")
PY
