#!/bin/bash
# API verdict under HEAD's pristine verifier 94: `git archive HEAD autotriton` into /tmp/v94, run from /tmp with PYTHONPATH.
# usage: api_at_head.sh TASK CANDIDATE   (paths absolute, or builtin ids)
set -e
[ -d /tmp/v94/autotriton ] || (mkdir -p /tmp/v94 && cd /work/main && git archive HEAD autotriton | tar -x -C /tmp/v94)
cd /tmp && PYTHONPATH=/tmp/v94 /work/main/.venv/bin/python - "$1" "$2" <<'PY'
import json, sys, time
from pathlib import Path
import autotriton.verify.cache as cache
from autotriton.tasks import get_task
from autotriton.verify import Verifier, VerifyConfig
task, cand = sys.argv[1], sys.argv[2]
with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as v:
    r = v.verify(get_task(task), Path(cand).read_text())
d = r.to_dict()
rec = {"verifier": cache.VERIFIER_VERSION, "task": task, "candidate": cand, "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
       "api": {"correct": d["correct"], "error_kind": d["error_kind"], "error_msg": (d["error_msg"] or "")[:800]}}
out = Path("/work/main/docs/results/outside_pass_v94/logs") / f"head94_{Path(cand).stem}__{time.strftime('%H%M%S')}.json"
out.write_text(json.dumps(rec, indent=1))
print(Path(cand).name, rec["verifier"], rec["api"]["correct"], rec["api"]["error_kind"], rec["api"]["error_msg"][:200])
PY
