#!/bin/bash
# usage: v.sh TASK FILE
cd /work/main && nice -n 5 .venv/bin/autotriton verify -t "$1" "$2" --json --no-cache --device cpu > "$2.json" 2> "$2.err"
python3 -c "
import json,sys; d=json.load(open('$2.json')); print('$2', {k:(d.get(k) if k!='error_msg' else str(d.get(k))[:500]) for k in ('correct','static_ok','error_kind','error_msg','hack_flags')})"
