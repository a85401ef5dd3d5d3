#!/usr/bin/env bash
# One GPU session for the verifier: versions, every reference on GPU with timings,
# the adversarial corpus on GPU, and the GPU throughput benchmark.
# Run through the device tool from the repo root with `.whl` carried:
#   bash benchmarks/gpu_session.sh
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh"
versions
timeout 330 python3 benchmarks/reference_suite.py --device cuda --out "$OUT" > "$OUT/references.log" 2>&1; tail -3 "$OUT/references.log"
AUTOTRITON_TEST_DEVICE=cuda timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_adversarial.py > "$OUT/adversarial.log" 2>&1; tail -15 "$OUT/adversarial.log"
timeout 110 python3 benchmarks/verifier_throughput.py --mode gpu -n 64 --out "$OUT" > "$OUT/throughput.log" 2>&1; tail -6 "$OUT/throughput.log"
