#!/usr/bin/env bash
# Everything the lent GPU machine needs carried in (it has no network), rebuilt from this checkout:
# the ignored carry folders do not survive a fresh checkout. Idempotent; each step is skipped when
# its output is there.
#   .whl/                 pure-Python wheels the machine lacks (scripts/fetch_gpu_wheels.sh)
#   .carry_gguf0..4/      the embedded GGUF in five parts of about 20 MB (scripts/split_gguf.sh)
#   .carry_data/data.tgz  the current data build, rebuilt from its committed verdicts without
#                         judging anything again (docs/results/data_v12/RESUME.md)
# Needs `make setup` and the benchmark checkouts in external/ (decontamination reads them;
# ../shared/docs/BENCHMARKS.md).     Usage: scripts/prepare_gpu_carry.sh [DATA=v12]
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${1:-v12}
[ -d external/kernelbench ] && [ -d external/tritonbench ] \
  || { echo "external/kernelbench and external/tritonbench are needed for the data build's decontamination"; exit 2; }
[ -d .whl ] || bash scripts/fetch_gpu_wheels.sh
ls .carry_gguf4/part_4 >/dev/null 2>&1 || bash scripts/split_gguf.sh 5
if [ ! -f .carry_data/data.tgz ]; then
  run=runs/data-ablation-$DATA
  mkdir -p "$run"
  [ -f "$run/candidates.jsonl" ] || gunzip -c "docs/results/data_$DATA/candidates.jsonl.gz" > "$run/candidates.jsonl"
  cp "docs/results/data_$DATA/config.yaml" "$run/"
  .venv/bin/autotriton data build -c configs/data_ablation.yaml -o "$run"
  mkdir -p .carry_data
  tar czf .carry_data/data.tgz -C runs --exclude=verify_cache "data-ablation-$DATA"
fi
du -sh .whl .carry_gguf* .carry_data
