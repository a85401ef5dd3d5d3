#!/usr/bin/env bash
# The robustness channel on one GPU: a model greedy on the development suite and KernelBench L1, each
# as written and as rewritten (issue 31), at full size. Resumable over device calls: the eval's run
# folder lives in /tmp on a warm machine and comes back in $OUT after every call; carry it in as
# runs/robust_eval on a fresh machine (its rewrites.jsonl, checked on any CPU beforehand, saves the
# checking time there). Carried: .whl (scripts/fetch_gpu_wheels.sh), .carry_gguf* parts
# (scripts/split_gguf.sh 5, spread over the first calls), external/kernelbench, runs/robust_eval.
#   MODEL=embedded:triton bash benchmarks/gpu_robustness.sh      (repeat until it prints "done")
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh"
versions
embedded_gguf || exit 0
MODEL=${MODEL:-embedded:triton}
RUN=/tmp/robust_eval
SUITES=${SUITES:-"dev:rewrites=1 kernelbench:external/kernelbench:levels=1:rewrites=1"}
mkdir -p "$RUN"
# what was carried in wins when it holds more verdicts and kept answers than the warm copy
kept() { cat "$1/runlog.jsonl" "$1/generated.jsonl" 2>/dev/null | wc -l; }
if [ -d runs/robust_eval ] && [ "$(kept runs/robust_eval)" -gt "$(kept "$RUN")" ]; then
  cp runs/robust_eval/* "$RUN/"
fi
[ -f "$RUN/rewrites.jsonl" ] || cp runs/robust_eval/rewrites.jsonl "$RUN/" 2>/dev/null
args=(); for s in $SUITES; do args+=(--suite "$s"); done
start=$(date +%s)
timeout ${EVAL_TIMEOUT:-540} python3 -m autotriton.cli.main eval --model "$MODEL" "${args[@]}" --device cuda \
  --max-new-tokens ${MAX_NEW:-2048} --batch-size ${BATCH:-50} --out "$RUN" > "$OUT/eval.log" 2>&1
rc=$?
echo "eval rc=$rc wall=$(( $(date +%s) - start ))s"
grep "^eval " "$OUT/eval.log" | tail -8  # the progress lines: generation and verdicts, with seconds
cp "$RUN"/runlog.jsonl "$RUN"/generated.jsonl "$RUN"/batch_time.json "$RUN"/rewrites.jsonl "$RUN"/run.json "$OUT/" 2>/dev/null
cp "$RUN"/results.json "$RUN"/results.md "$OUT/" 2>/dev/null
[ $rc -eq 0 ] && echo done
