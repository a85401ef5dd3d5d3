#!/usr/bin/env bash
# A data build on the GPU machine: every candidate verified on the GPU (full sizes, timing).
# First `bash scripts/fetch_gpu_wheels.sh` here; then through the device tool, from the repo root
# with `.whl` carried:
#     bash benchmarks/gpu_data.sh [CONFIG] [DATA BUILD OPTIONS...]
# e.g. `bash benchmarks/gpu_data.sh configs/data_ablation.yaml --device cuda --set verify.workers=12`
# finishes on the GPU a build begun on a CPU (records name the device that judged them).
#
# The build runs as its own process session, so it goes on between device calls while the machine
# stays warm (30 s after a call): send the same command again at once and it waits on the running
# build rather than starting another. Each call waits at most WAIT_S (default 540 s), then returns
# what is judged so far.
#   RUN_DIR    build folder (default /tmp/data-gpu). A partial build carried as .carry_data/data.tgz
#              (a tar of runs/<name>/) is unpacked into runs/; point RUN_DIR at it to resume it.
#   Decontamination suites named in CONFIG (external/...) must be carried too.
# Back under $OUT: build.log, verdicts.jsonl (no code), candidates.jsonl.gz (the resume state, code
# included), and once the build is done its card, report and exported sft.jsonl / rl.jsonl (gzipped).
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh"
CONFIG=${1:-configs/data_gpu.yaml}
RUN=${RUN_DIR:-/tmp/data-gpu}
versions
carried_data
PIDFILE=/tmp/data-gpu-build.pid
if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
  echo "build already running (pid $(cat "$PIDFILE")): waiting on it"
else
  rm -f /tmp/data-gpu-build.rc
  setsid bash -c 'python3 -m autotriton.cli.main data build --config "$0" -o "$1" "${@:2}" >> /tmp/data-gpu-build.log 2>&1;
                  echo $? > /tmp/data-gpu-build.rc' "$CONFIG" "$RUN" "${@:2}" &
  echo $! > "$PIDFILE"
  echo "build started (pid $!) into $RUN"
fi
start=$(date +%s)
while kill -0 "$(cat "$PIDFILE")" 2>/dev/null && [ $(( $(date +%s) - start )) -lt "${WAIT_S:-540}" ]; do
  sleep 5
done
grep -v "━" /tmp/data-gpu-build.log > "$OUT/build.log"
if [ -f /tmp/data-gpu-build.rc ]; then
  echo "build finished rc=$(cat /tmp/data-gpu-build.rc)" | tee -a "$OUT/build.log"
else
  echo "build still running after $(( $(date +%s) - start )) s: send the same command again" | tee -a "$OUT/build.log"
fi
tail -8 "$OUT/build.log"
for f in README.md build_report.json; do cp "$RUN/$f" "$OUT/" 2>/dev/null; done
cp "$RUN/tasks/harvest/report.json" "$OUT/harvest_report.json" 2>/dev/null
for f in candidates.jsonl sft.jsonl rl.jsonl; do [ -f "$RUN/$f" ] && gzip -c "$RUN/$f" > "$OUT/$f.gz"; done
# verdicts of every candidate, without the (large) code, for the pass-rate tables in docs/
python3 - "$RUN/candidates.jsonl" <<'PY'
import json, os, sys
from pathlib import Path
from autotriton.rundir import read_jsonl
keys = ("task_id", "teacher", "level", "source_kind", "device", "correct", "error_kind", "label", "speedup")
rows = [{k: r.get(k) for k in keys} | {"error_msg": (r.get("error_msg") or "")[:300]}
        for r in read_jsonl(Path(sys.argv[1]))]
open(os.path.join(os.environ["OUT"], "verdicts.jsonl"), "w").write("".join(json.dumps(r) + "\n" for r in rows))
print(len(rows), "verdicts,", sum(r["correct"] for r in rows), "correct")
PY
