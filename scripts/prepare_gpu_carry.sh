#!/usr/bin/env bash
# Everything the lent GPU machine needs carried in (it has no network), rebuilt from this checkout:
# the ignored carry folders do not survive a fresh checkout. Idempotent; each step is skipped when
# its output is there.
#   .whl/                 pure-Python wheels the machine lacks (scripts/fetch_gpu_wheels.sh)
#   .carry_gguf0..5/      the embedded GGUF in six parts of about 16 MB (scripts/split_gguf.sh): the tree (39 MB
#                         at data v20), .carry_data and one part fit the 64 MiB a device call carries
#   .carry_data/data.tgz  a data build (v26 by default: the listing lowerings, idioms, blocks in segments,
#                         reductions over several dims, long rows, channels moved last, table lookups),
#                         rebuilt from committed verdicts without judging anything again (docs/results/data_v26/README.md)
# Needs `make setup` and the benchmark checkouts in external/ (decontamination reads them;
# ../shared/docs/BENCHMARKS.md).     Usage: scripts/prepare_gpu_carry.sh [DATA=v26]
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${1:-v26}
[ -d external/kernelbench ] && [ -d external/tritonbench ] \
  || { echo "external/kernelbench and external/tritonbench are needed for the data build's decontamination"; exit 2; }
[ -d .whl ] || bash scripts/fetch_gpu_wheels.sh
ls .carry_gguf5/part_5 >/dev/null 2>&1 || bash scripts/split_gguf.sh 6
# data_vN/ holds a build's config and card; its candidates (verdicts) are its own or, for a build
# that only exports an earlier one's verdicts in another prompt format, that build's
# (data_vN/candidates_from names it), or a base build's log and the lines this build appended to it
# (data_vN/candidates_base, candidates_added.jsonl.gz: the log only grows; a base may have a base).
verdicts() {  # the candidates log of data build $1, to stdout
  if [ -f "docs/results/data_$1/candidates.jsonl.gz" ]; then
    gunzip -c "docs/results/data_$1/candidates.jsonl.gz"
  else
    verdicts "$(cat "docs/results/data_$1/candidates_base")" && gunzip -c "docs/results/data_$1/candidates_added.jsonl.gz"
  fi
}
if [ ! -f ".carry_data/data-$DATA" ]; then
  run=runs/data-ablation-$DATA
  from=$DATA
  [ -f "docs/results/data_$DATA/candidates_from" ] && from=$(cat "docs/results/data_$DATA/candidates_from")
  extra=()
  grep -q '^prompt_trace: true' "docs/results/data_$DATA/config.yaml" && extra=(--set prompt_trace=true)
  for key in expr_n idiom_n focus_n block_n rl_holdout; do   # the build's task streams and split, as recorded
    value=$(sed -n "s/^$key: //p" "docs/results/data_$DATA/config.yaml")
    [ -n "$value" ] && extra+=(--set "$key=$value")
  done
  # harvested again from the same packages, so the same task files (a YAML block list: read as YAML)
  harvest=$(.venv/bin/python -c "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1])).get('harvest') or []))" \
            "docs/results/data_$DATA/config.yaml")
  [ "$harvest" != "[]" ] && extra+=(--set "harvest=$harvest")
  mkdir -p "$run"
  [ -f "$run/candidates.jsonl" ] || verdicts "$from" > "$run/candidates.jsonl"
  cp "docs/results/data_$DATA/config.yaml" "$run/"
  .venv/bin/autotriton data build -c configs/data_ablation.yaml "${extra[@]}" -o "$run"
  # The build runs this checkout's teachers on the version's verdicts: where they write otherwise
  # than they did then, it is not that version. Session 41's "v26" at HEAD was data v27 byte for
  # byte (6,471 SFT rows against v26's 6,441), and rl24's GRPO drew its prompts from it.
  want=$(cat "docs/results/data_$DATA/sft.md5" 2>/dev/null || true)
  got=$(md5sum < "$run/sft.jsonl" | cut -d' ' -f1)
  if [ -n "$want" ] && [ "$want" != "$got" ] && [ "${DATA_AT_HEAD:-0}" != 1 ]; then
    echo "this checkout's teachers wrote sft.jsonl md5 $got where data $DATA's is $want: it is not data $DATA." >&2
    echo "Build it at the commit that built it (git log docs/results/data_$DATA), or set DATA_AT_HEAD=1" >&2
    echo "to carry this build under its name." >&2
    exit 3
  fi
  rm -rf .carry_data && mkdir -p .carry_data
  tar czf .carry_data/data.tgz -C runs --exclude=verify_cache "data-ablation-$DATA"
  touch ".carry_data/data-$DATA"   # which build data.tgz holds
fi
du -sh .whl .carry_gguf* .carry_data
