#!/usr/bin/env bash
# Answers of an eval's run folder judged one at a time on the GPU, each with the GPU's memory and
# use and the largest host processes every 5 s beside it: where an eval's verification stalls
# (session 53: a KernelBench-L1 ReLU ran 100 s with the H200 idle and 13 GB of host memory held).
# Carried: .whl, external/kernelbench, the run folder.
#   RUN=runs/robust_eval TASKS="19_ReLU 23_Softmax" LIMIT=150 bash benchmarks/gpu_judge_alone.sh
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh"
versions > /dev/null
RUN=${RUN:-runs/robust_eval}
mkdir -p /tmp/alone
for t in ${TASKS:-19_ReLU}; do
  # the answer to the file as written (the rewrites' keys carry a suffix), from generated.jsonl
  python3 - "$RUN/generated.jsonl" "$t" > /tmp/alone/$t.txt <<'PY' || { echo "$t: no answer in $RUN"; continue; }
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r["key"].rsplit("/", 1)[-1] == sys.argv[2] and r["sample"] == 0:
        print(r["text"]); sys.exit(0)
sys.exit(1)
PY
  start=$(date +%s)
  (while sleep 5; do
     echo "$(( $(date +%s) - start ))s $(nvidia-smi --query-gpu=memory.used,utilization.gpu --format=csv,noheader)" \
          "$(ps -eo rss,comm --sort=-rss | sed -n 2,3p | tr '\n' ' ')"
   done) > "$OUT/$t.mon" &
  mon=$!
  timeout ${LIMIT:-150} python3 -m autotriton.cli.main verify -t external/kernelbench/level1/$t.py /tmp/alone/$t.txt \
    --device cuda --json --no-cache > "$OUT/$t.json" 2> "$OUT/$t.err"
  echo "$t rc=$? wall=$(( $(date +%s) - start ))s (rc 124: past ${LIMIT:-150} s)"
  kill $mon
done
