#!/usr/bin/env bash
# Scale, shown (issue 13, part 5), on 2 GPUs of one host through accelerate + FSDP2 (full weights
# sharded), with configs/scale.yaml:
#   1. GRPO on the embedded:triton model merged into full weights: rollouts that earn rewards, so
#      the sharded update has a gradient (the 40-step SFT of configs/multi_gpu.yaml left every reward 0);
#   2. SFT steps on a random model of Qwen2-1.5B's shape (benchmarks/scale_models.py);
#   3. GRPO steps from that SFT's weights.
# Then a table of step time, tokens/s and peak memory (benchmarks/scale_summary.py) in $OUT/scale.md.
#     PROCS=2 bash benchmarks/gpu_scale.sh
# On the lent device machine the embedded GGUF arrives in parts first (benchmarks/gpu_pipeline.sh
# says how); a data build must be carried as .carry_data/data.tgz or already be in runs/.
set -uo pipefail
cd "$(dirname "$0")/.."
source benchmarks/gpu_env.sh
export AUTOTRITON_HOME=${AUTOTRITON_HOME:-/tmp/at-home}
versions
carried_data   # first: the data can ride with an early GGUF part (a call carries 64 MiB)
embedded_gguf || exit 0
DATA=${DATA:-runs/data-ablation-v10}
W=${SCALE_DIR:-/tmp/at-scale}
PROCS=${PROCS:-2}
LAUNCH=(python3 -m accelerate.commands.launch --config_file configs/accelerate/fsdp2.yaml
        --num_processes "$PROCS" -m autotriton.cli.main train)
start=$(date +%s)
python3 benchmarks/scale_models.py merged --out "$W/triton-135m" 2>&1 | tail -2
python3 benchmarks/scale_models.py random-1.5b --out "$W/qwen2-1.5b" 2>&1 | tail -2
echo "models ready at $(( $(date +%s) - start ))s"

# Each stage has its own limit (a device call has 600 s in all); a stage cut short still leaves its
# metrics, which the table reads. Re-running resumes each from its output folder.
run() {  # NAME LIMIT_S ARGS...
  local name=$1 limit=$2
  shift 2
  timeout "$limit" "${LAUNCH[@]}" "$@" -c configs/scale.yaml -o "$W/$name" --no-eval > "$OUT/$name.log" 2>&1
  echo "$name rc=$? at $(( $(date +%s) - start ))s"
  grep -v "━\|it/s\]\|s/it\]" "$OUT/$name.log" | tail -4
}
run rl-135m "${T_RL135:-210}" rl -m "hf:$W/triton-135m" --data "$DATA"
# 8 steps took 20 s on 2 H200s, but gathering and writing the 1.39B full state (fp32) took over 33 s
# more: at 110 s the stage was cut while saving (2026-11-26).
run sft-1.5b "${T_SFT15:-170}" sft -m "hf:$W/qwen2-1.5b" --data "$DATA" --full
# GRPO from the random weights, not SFT's: a step costs the same, and a cut SFT save leaves GRPO its model.
run rl-1.5b "${T_RL15:-170}" rl -m "hf:$W/qwen2-1.5b" --data "$DATA" --set rl.max_steps=3

python3 benchmarks/scale_summary.py "$W/rl-135m" "$W/sft-1.5b" "$W/rl-1.5b" | tee "$OUT/scale.md"
tar czf "$OUT/scale_runs.tgz" -C "$W" --ignore-failed-read \
  rl-135m/metrics.jsonl rl-135m/config.yaml sft-1.5b/metrics.jsonl sft-1.5b/config.yaml \
  rl-1.5b/metrics.jsonl rl-1.5b/config.yaml 2>/dev/null
ls -la "$OUT"
