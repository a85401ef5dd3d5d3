#!/usr/bin/env bash
# Two pipeline runs of one config, each its own RUN_DIR and $OUT/NAME: side by side, one per GPU, on a
# machine with two GPUs; on one GPU, the first run not yet finished (a call trains or evaluates one).
# Made for a training-seed replicate beside a data change (session 36): on the 135M model one run
# uses one GPU (SFT 800 steps in 470 s, eval 600 samples in about 15 min), so a second GPU halves
# the device time of a pair.
#   A_NAME=v26s1 A_ARGS="--set data_from=runs/data-ablation-v26 --set sft.seed=1" [A_STATE=dir] \
#   B_NAME=v28   B_ARGS="--set data_from=runs/data-ablation-v28"                  [B_STATE=dir] \
#     bash benchmarks/gpu_pair.sh configs/ablation.yaml --set eval_base=false ...   (options for both)
# Send it again until it prints "pair done". The carries (.whl, .carry_gguf*, .carry_data) go as for
# gpu_pipeline.sh; each run's state comes back in $OUT/NAME/state.tgz.part_* (carry it in as A_STATE
# or B_STATE on a fresh machine).
set -uo pipefail
cd "$(dirname "$0")/.."
source benchmarks/gpu_env.sh
CONFIG=$1
shift
versions
carried_data   # first: the data can ride with an early GGUF part (a call carries 64 MiB)
embedded_gguf || exit 0
: "${A_NAME:?A_NAME is needed}" "${B_NAME:?B_NAME is needed}"

one() {  # NAME ARGS STATE GPU: one gpu_pipeline.sh call of that run, its output under $OUT/NAME
  local name=$1 args=$2 state=$3 gpu=$4
  shift 4
  [ -f "/tmp/at-run/$name/.pair-done" ] && { echo "$name: done earlier"; return 0; }
  # shellcheck disable=SC2086  # ARGS is a list of options, split on purpose
  OUT="$OUT/$name" RUN_DIR="/tmp/at-run/$name" STATE_FROM="${state:-/nonexistent}" CUDA_VISIBLE_DEVICES=$gpu \
    bash benchmarks/gpu_pipeline.sh "$CONFIG" "$@" $args > "/tmp/pair-$name.log" 2>&1
  grep -q "^pipeline rc=0 " "/tmp/pair-$name.log" && touch "/tmp/at-run/$name/.pair-done"
  echo "== $name (GPU $gpu)"; grep -v "━\|it/s\]\|s/it\]" "/tmp/pair-$name.log" | tail -12
}

if [ "$(nvidia-smi -L | wc -l)" -ge 2 ]; then
  one "$A_NAME" "${A_ARGS:-}" "${A_STATE:-}" 0 "$@" > /tmp/pair-a.out &
  one "$B_NAME" "${B_ARGS:-}" "${B_STATE:-}" 1 "$@" > /tmp/pair-b.out &
  wait
  cat /tmp/pair-a.out /tmp/pair-b.out
elif [ ! -f "/tmp/at-run/$A_NAME/.pair-done" ]; then
  one "$A_NAME" "${A_ARGS:-}" "${A_STATE:-}" 0 "$@"
else
  one "$B_NAME" "${B_ARGS:-}" "${B_STATE:-}" 0 "$@"
fi
[ -f "/tmp/at-run/$A_NAME/.pair-done" ] && [ -f "/tmp/at-run/$B_NAME/.pair-done" ] && echo "pair done"
exit 0
