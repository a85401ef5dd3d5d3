#!/usr/bin/env bash
# One GPU session for the verifier: versions, a smoke verification, every reference on GPU
# with timings, the adversarial corpus on GPU, and the GPU throughput benchmark.
# Run through the device tool from the repo root with `.whl` carried:
#   bash benchmarks/gpu_session.sh [cgroups|wire|smoke|references|adversarial|rows|throughput ...]
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh"
versions
steps=${*:-wire smoke references adversarial throughput}
for step in $steps; do
  start=$(date +%s)
  case $step in
    cgroups) cat /proc/self/cgroup; d=/sys/fs/cgroup$(sed -n 's/^0:://p' /proc/self/cgroup); echo "$d"; \
      for f in cgroup.controllers cgroup.subtree_control cgroup.procs; do echo "$f: $(head -c 300 "$d/$f" | tr '\n' ' ')"; done ;;
    wire) timeout 120 python3 -m pytest -q -p no:cacheprovider tests/test_wire.py 2>&1 | tail -15 ;;
    smoke) timeout 150 python3 benchmarks/gpu_verifier_smoke.py --out "$OUT" 2>&1 | tail -8 ;;
    references) timeout 300 python3 benchmarks/reference_suite.py --device cuda --no-compile --out "$OUT" > "$OUT/references.log" 2>&1; tail -3 "$OUT/references.log" ;;
    adversarial) AUTOTRITON_TEST_DEVICE=cuda timeout 420 python3 -m pytest -q -p no:cacheprovider tests/test_adversarial.py > "$OUT/adversarial.log" 2>&1; tail -15 "$OUT/adversarial.log" ;;
    rows) AUTOTRITON_TEST_DEVICE=cuda timeout 300 python3 -m pytest -q -vv -p no:cacheprovider tests/test_traced_rows.py \
      tests/test_traced_gather.py -k "verif" > "$OUT/traced_rows.log" 2>&1; tail -15 "$OUT/traced_rows.log" ;;   # the listing lowerings compiled (data v24-v26)
    throughput) timeout 150 python3 benchmarks/verifier_throughput.py --mode gpu -n 64 --out "$OUT" > "$OUT/throughput.log" 2>&1; tail -6 "$OUT/throughput.log" ;;
  esac
  echo "== $step: $(( $(date +%s) - start )) s"
done
