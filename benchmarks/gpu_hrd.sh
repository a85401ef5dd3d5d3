#!/usr/bin/env bash
# GRPO with TritonRL's hierarchical reward (HRD) on one GPU, with the real verifier and its timing:
#     bash benchmarks/gpu_hrd.sh [ADAPTER]
# It continues a trained LoRA adapter whose rollouts are partly correct on training prompts, so groups
# carry both a correctness and a speedup signal. Default: the adapter the package ships (the fourth
# ablation run's SFT, 23% of samples correct on 64 training prompts). The runs in docs/results/hrd_h100
# used the H100 pipeline run's SFT+RL adapter (72-88% correct; `git checkout 6cd86e7 --
# docs/results/pipeline_gpu_h100/rl_adapter` restores it). Settings: configs/rl_hrd.yaml. On the lent
# device machine send it once per carried GGUF part, like benchmarks/gpu_pipeline.sh; a re-send
# continues a paused run.
# RL_CONFIG=configs/rl_select.yaml runs the prompt selection instead (rl.select_samples).
# Back under $OUT: hrd.log, the metrics (hrd/code_token_frac, rewards, time split) and versions.
set -uo pipefail
cd "$(dirname "$0")/.."
source benchmarks/gpu_env.sh
ADAPTER=${1:-autotriton/models/adapters/smollm2-135m-triton}
RUN=${RUN_DIR:-/tmp/at-run/hrd}
export AUTOTRITON_HOME=${AUTOTRITON_HOME:-/tmp/at-home}
versions
carried_data   # first: the data can ride with an early GGUF part (a call carries 64 MiB)
embedded_gguf || exit 0   # incomplete: send the same command with the next part

BASE=$(python3 -c 'from autotriton.models.embedded import embedded_model_dir; print(embedded_model_dir())') || exit 1
start=$(date +%s)
python3 -m autotriton.cli.main train rl -m "hf:$BASE+adapter:$ADAPTER" --data runs/data-offline \
  -c "${RL_CONFIG:-configs/rl_hrd.yaml}" -o "$RUN" --no-eval --stop-after-s "${BUDGET_S:-420}" >> "$OUT/hrd.log" 2>&1
echo "train rl rc=$? wall=$(( $(date +%s) - start ))s" | tee -a "$OUT/hrd.log"
grep -v "━\|it/s\]\|s/it\]" "$OUT/hrd.log" | tail -15
cp "$RUN"/metrics.jsonl "$RUN"/config.yaml "$OUT"/ 2>/dev/null
cp "$RUN"/result.json "$RUN"/selection.json "$RUN"/pass_rates.jsonl "$OUT"/ 2>/dev/null
exit 0
