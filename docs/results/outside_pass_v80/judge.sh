#!/bin/bash
# usage: judge.sh TASK FILE
f="$2"; b=$(basename "$f" .py)
cd /work/main && nice -n 5 .venv/bin/autotriton verify -t "$1" "$f" --json --no-cache --device cpu > /tmp/op80/out/$b.json 2> /tmp/op80/out/$b.err
python3 -c "
import json,sys; d=json.load(open('/tmp/op80/out/$b.json')); print('$b', {k:(str(d.get(k))[:700]) for k in ('status','correct','static_ok','error_kind','error_msg','hack_flags') if k in d})" || tail -5 /tmp/op80/out/$b.err
echo "$1 $b" >> /tmp/op80/verdicts.log
python3 -c "import json; d=json.load(open('/tmp/op80/out/$b.json')); print(d.get('status'), str(d.get('error_msg'))[:300])" >> /tmp/op80/verdicts.log 2>/dev/null
