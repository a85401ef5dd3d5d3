#!/usr/bin/env bash
# The real benchmarks at full size on one GPU, run through the device tool from the repo root
# with `.whl`, `.carry_kbwhl` (KernelBench's own imports, ../shared/docs/BENCHMARKS.md),
# `external/kernelbench` (with src/kernelbench) and `external/tritonbench` carried:
#   bash benchmarks/gpu_kernelbench.sh [smoke|answers|side|tritonbench ...]
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh"
versions
KB=external/kernelbench
SIDE_TASKS=${SIDE_TASKS:-level1/19_ReLU level1/23_Softmax level1/1_Square_matrix_multiplication_ level2/12_Gemm_Multiply_LeakyReLU level2/1_Conv2D_ReLU_BiasAdd level3/1_MLP}
if [ -d .carry_kbwhl ] && [ ! -f /tmp/kbsite/.installed ]; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/kbsite .carry_kbwhl/*.whl \
    && touch /tmp/kbsite/.installed
fi
steps=${*:-smoke}
for step in $steps; do
  start=$(date +%s)
  case $step in
    smoke) timeout 300 python3 benchmarks/kernelbench_side_by_side.py --kernelbench $KB \
        --answers benchmarks/kernelbench_answers --skip-kernelbench --out "$OUT/smoke.json" \
        --tasks level1/19_ReLU level1/23_Softmax level1/1_Square_matrix_multiplication_ level3/33_VanillaRNN 2>&1 | tail -30 ;;
    # ANSWERS_OUT: a run folder carried back in to resume (eval resumes from its runlog)
    answers) dir=${ANSWERS_OUT:-$OUT/kb_answers}; timeout ${ANSWERS_TIMEOUT:-540} python3 -m autotriton.cli.main eval \
        --model answers:benchmarks/kernelbench_answers --suite kernelbench:$KB --only-answered --device cuda \
        --out "$dir" > "$OUT/answers.log" 2>&1; tail -25 "$OUT/answers.log"; \
        [ "$dir" = "$OUT/kb_answers" ] || cp -r "$dir" "$OUT/kb_answers" ;;
    side) PYTHONPATH=/tmp/kbsite:$PYTHONPATH timeout 590 python3 benchmarks/kernelbench_side_by_side.py \
        --kernelbench $KB --answers benchmarks/kernelbench_answers --litellm-stub --timeout 200 \
        --out "$OUT/side_by_side.json" ${SIDE_ARGS:-} --tasks $SIDE_TASKS 2>&1 | tail -40 ;;
    # rows go to runs/tb_gpu (carry it back in to resume: --resume keeps its finished rows)
    tritonbench) mkdir -p runs/tb_gpu; timeout ${TB_TIMEOUT:-540} python3 benchmarks/tritonbench_gold.py \
        --root external/tritonbench --device cuda --workers ${TB_WORKERS:-14} --timeout ${TB_PROG_TIMEOUT:-150} --resume ${TB_ARGS:-} \
        --out runs/tb_gpu > "$OUT/tritonbench.log" 2>&1; cp runs/tb_gpu/* "$OUT/"; tail -20 "$OUT/tritonbench.log" ;;
  esac
  echo "== $step: $(( $(date +%s) - start )) s"
done
