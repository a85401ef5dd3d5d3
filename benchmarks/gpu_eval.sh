#!/usr/bin/env bash
# GPU step of the evaluation issue: the reference backend (a perfect model) on the whole built-in
# suite with real timings and torch.compile baselines. Expected: 100% exec on every channel.
# First `bash scripts/fetch_gpu_wheels.sh` here; then through the device tool, from the repo root
# with `.whl` carried:  bash benchmarks/gpu_eval.sh
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/versions.txt"
timeout 540 python3 -m autotriton.cli.main eval --model reference --suite builtin --device cuda \
  --out /tmp/eval-reference --no-hack-rate > "$OUT/eval.log" 2>&1
tail -12 "$OUT/eval.log"
cp /tmp/eval-reference/results.json /tmp/eval-reference/results.md /tmp/eval-reference/report.html "$OUT/" 2>/dev/null
