#!/usr/bin/env bash
# GPU step of the evaluation issue: the reference backend (a perfect model) on the whole built-in
# suite with real timings and torch.compile baselines (expected: 100% exec on every channel),
# then the adversarial corpus on the GPU (expected: every hack rejected).
# First `bash scripts/fetch_gpu_wheels.sh` here; then through the device tool, from the repo root
# with `.whl` carried:  bash benchmarks/gpu_eval.sh
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh"
versions
start=$(date +%s)
timeout 420 python3 -m autotriton.cli.main eval --model reference --suite builtin --device cuda \
  --out /tmp/eval-reference --no-hack-rate > "$OUT/eval.log" 2>&1
echo "eval rc=$? wall=$(( $(date +%s) - start ))s" | tee -a "$OUT/eval.log"
tail -12 "$OUT/eval.log"
cp /tmp/eval-reference/results.json /tmp/eval-reference/results.md /tmp/eval-reference/report.html "$OUT/" 2>/dev/null
AUTOTRITON_TEST_DEVICE=cuda timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_adversarial.py \
  > "$OUT/adversarial.log" 2>&1; tail -4 "$OUT/adversarial.log"
