#!/usr/bin/env bash
# SFT arms trained side by side on one GPU, then each evaluated greedily (pass@1 at temperature 0,
# as the pipeline evaluates) on KernelBench level 1 at full size and builtin:heldout:
#     bash experiments/2026-11-25-sft-arms/gpu_sft_arms.sh DATA_DIR NAME=SFT_OPTIONS [NAME=SFT_OPTIONS ...]
# e.g. (the LoRA-against-full-tuning comparison of issue 13, on the ablation's SFT settings):
#     bash experiments/2026-11-25-sft-arms/gpu_sft_arms.sh runs/data-ablation-v6 \
#         "lora=--lora" "full=--full --set sft.learning_rate=5e-5"
# Why side by side: one SFT of the 135M model keeps an H100 busy far below its peak (run 7: 405 steps
# of 16 x <=4096 tokens in 344 s, ~40 TFLOP/s) and takes ~25 GB, so two share the GPU.
#
# On the lent device machine send the same command again until it prints "all arms evaluated":
# every call is bounded (BUDGET_S for the SFTs, which checkpoint and resume; the evals resume from
# their run logs), and the embedded GGUF and wheels arrive as for gpu_pipeline.sh (gpu_env.sh).
# What comes back under $OUT: versions, logs, each arm's SFT metrics and eval results (results.tgz)
# and the LoRA adapters in bf16.
set -uo pipefail
cd "$(dirname "$0")/../.."
source benchmarks/gpu_env.sh
DATA=${1:?usage: gpu_sft_arms.sh DATA_DIR NAME=SFT_OPTIONS...}
shift
RUN=${RUN_DIR:-/tmp/at-arms}
export AUTOTRITON_HOME=${AUTOTRITON_HOME:-/tmp/at-home}
SUITES=(--suite builtin:heldout --suite "kernelbench:external/kernelbench:levels=1")
versions
embedded_gguf || exit 0
carried_data
mkdir -p "$RUN"
start=$(date +%s)
# converted from the GGUF once, here: arms starting together would each convert it
base=$(python3 -c 'from autotriton.models.embedded import embedded_model_dir; print(embedded_model_dir())') || exit 1
left() { echo $(( ${BUDGET_S:-540} - ($(date +%s) - start) )); }

# --- SFT: every unfinished arm at once, until done or the budget is spent -------------------------------
pids=()
for arm in "$@"; do
  name=${arm%%=*}; opts=${arm#*=}
  [ -f "$RUN/$name/sft/result.json" ] && grep -q '"finished": true' "$RUN/$name/sft/result.json" && continue
  # shellcheck disable=SC2086  # the arm's options are words
  python3 -m autotriton.cli.main train sft -c configs/ablation.yaml --data "$DATA" -o "$RUN/$name/sft" \
    --no-eval --stop-after-s "$(( $(left) - 60 ))" $opts >> "$OUT/sft_$name.log" 2>&1 &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
for arm in "$@"; do
  name=${arm%%=*}
  echo "sft $name: $(grep -v '━\|it/s\]\|s/it\]' "$OUT/sft_$name.log" 2>/dev/null | tail -1)"
done

# --- evals, one at a time (each verifier takes the GPU's memory for the 6 GiB level-1 tasks) ---------
all_done=1
for arm in "$@"; do
  name=${arm%%=*}
  final=$RUN/$name/sft/final
  if [ ! -d "$final" ]; then all_done=0; continue; fi
  [ -f "$RUN/$name/eval/DONE" ] && continue
  spec="hf:$final"
  [ -f "$final/adapter_config.json" ] && spec="hf:$base+adapter:$final"
  budget=$(( $(left) - 30 ))
  if [ "$budget" -lt 120 ]; then all_done=0; break; fi
  # shellcheck disable=SC2086  # EVAL_EXTRA: words (a smoke test's --limit 1 --device cpu)
  timeout "$budget" python3 -m autotriton.cli.main eval --model "$spec" "${SUITES[@]}" --samples 1 \
    --temperature 0 --max-new-tokens 2048 --batch-size 122 --device cuda ${EVAL_EXTRA:-} --out "$RUN/$name/eval" \
    >> "$OUT/eval_$name.log" 2>&1 && touch "$RUN/$name/eval/DONE" || all_done=0
  grep -v "━\|it/s\]\|s/it\]" "$OUT/eval_$name.log" | tail -6
done
[ "$all_done" = 1 ] && echo "all arms evaluated" || echo "not finished: send the same command again"

# --- results back ----------------------------------------------------------------------------------------
tar czf "$OUT/results.tgz" -C "$RUN" --exclude='checkpoint-*' --exclude='final' --exclude='runs' \
  --exclude='*.safetensors' . 2>/dev/null
python3 - "$RUN" "$OUT" "$@" <<'PY'
import sys
from pathlib import Path
from autotriton.train.common import adapter_to_bf16
run, out = Path(sys.argv[1]), Path(sys.argv[2])
for arm in sys.argv[3:]:
    name = arm.split("=", 1)[0]
    src = run / name / "sft" / "final" / "adapter_model.safetensors"
    if src.is_file():
        adapter_to_bf16(src, out / f"{name}_adapter.safetensors")
PY
ls -la "$OUT"
