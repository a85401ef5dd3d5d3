#!/usr/bin/env bash
# GPU step of the data issue: harvest nn.Modules from torch.nn and transformers, teach them with
# Inductor (and composed tasks with the template teacher), verify everything on the GPU.
# First `bash scripts/fetch_gpu_wheels.sh` here; then through the device tool, from the repo root
# with `.whl` carried:  bash benchmarks/gpu_data.sh [CONFIG]
# The build resumes from /tmp/data-gpu, so a second call on the same warm machine continues it.
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh"
CONFIG=${1:-configs/data_gpu.yaml}
versions
start=$(date +%s)
timeout ${BUILD_TIMEOUT_S:-540} python3 -m autotriton.cli.main data build --config "$CONFIG" -o /tmp/data-gpu \
  > "$OUT/build.log" 2>&1
echo "build rc=$? wall=$(( $(date +%s) - start ))s" | tee -a "$OUT/build.log"
grep -v "━" "$OUT/build.log" | tail -8
cp /tmp/data-gpu/README.md /tmp/data-gpu/build_report.json "$OUT/" 2>/dev/null
cp /tmp/data-gpu/tasks/harvest/report.json "$OUT/harvest_report.json" 2>/dev/null
# verdicts of every candidate, without the (large) code, for the pass-rate tables in docs/
python3 - <<'PY'
import json, os
from autotriton.rundir import read_jsonl
rows = [{k: r.get(k) for k in ("task_id", "teacher", "level", "source_kind", "correct", "error_kind", "label", "speedup")}
        | {"error_msg": (r.get("error_msg") or "")[:300]} for r in read_jsonl(__import__("pathlib").Path("/tmp/data-gpu/candidates.jsonl"))]
open(os.path.join(os.environ["OUT"], "verdicts.jsonl"), "w").write("".join(json.dumps(r) + "\n" for r in rows))
print(len(rows), "verdicts")
PY
