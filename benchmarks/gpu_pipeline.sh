#!/usr/bin/env bash
# A whole GPU pipeline run (configs/gpu.yaml by default), repeatable with one command:
#     bash benchmarks/gpu_pipeline.sh [CONFIG] [PIPELINE OPTIONS...]
# (options after CONFIG go to `autotriton pipeline`, e.g. `--set eval_base=false --set ablate_rule=false`)
# On a GPU machine with network and this repo installed that is all there is to it; the script is
# one `autotriton pipeline` call plus copying results to $OUT.
#
# On the lent device machine (no network; at most 10 minutes and 64 MiB carried per call; /tmp kept
# only while the machine stays warm) the same command is sent several times back to back:
#   - wheels carried in .whl/ (scripts/fetch_gpu_wheels.sh) are installed once into /tmp/site;
#   - the embedded GGUF (98 MB) arrives in parts carried in .carry_gguf0/, .carry_gguf1/, ... (scripts/split_gguf.sh), one
#     part per call; once every part is there it is assembled, md5-checked and put where the
#     `embedded` model spec finds it;
#   - a finished data build carried as .carry_data/data.tgz is unpacked into runs/;
#   - the pipeline runs with --stop-after-s (BUDGET_S, default 480 s), so each call ends in time;
#     trainers checkpoint and the next call continues where this one stopped;
#   - a machine goes back after 30 minutes held, taking /tmp with it. Each call therefore also
#     returns the run's state (state.tgz.part_*: every stage's output, the adapters in bf16, and a
#     paused trainer's newest checkpoint halved to bf16 by train/common.py's halve_checkpoint); carried
#     in as .carry_state/ on the next machine it is unpacked into the run folder and the checkpoint
#     made float32 again: finished stages stay finished, a paused trainer resumes at its step.
#     RETURN_STATE=0 leaves the state out (logs and results only): the machine goes back 30 s after a
#     call ends, and returning 41 MB of state took longer than that (session 73: both calls sent after
#     one were answered by a bare machine, about 80 s of start each), so a call that another follows on
#     the warm machine returns nothing large, and the session's last call returns the state.
# What comes back under $OUT: logs, versions, each stage's metrics, the report, the trained
# LoRA adapters in bf16 (halved, so each fits the 16 MiB return limit), and the state parts.
set -uo pipefail
cd "$(dirname "$0")/.."
source benchmarks/gpu_env.sh
CONFIG=${1:-configs/gpu.yaml}
RUN=${RUN_DIR:-/tmp/at-run/$(basename "$CONFIG" .yaml)}
export AUTOTRITON_HOME=${AUTOTRITON_HOME:-/tmp/at-home}
versions
# State parts are kept from the call that carries them, so they may come with an earlier GGUF part:
# a state of 18 MB, the tree (39 MB) and a GGUF part (16.4 MB) pass the 64 MiB one call carries.
# STATE_FROM: where the parts are; a committed state (docs/results/.../state) travels with the tree.
# One folder of parts per run: two runs side by side (benchmarks/gpu_pair.sh) each bring their own.
PARTS=/tmp/state-parts-$(basename "$RUN")
mkdir -p "$PARTS" && cp "${STATE_FROM:-.carry_state}"/state.tgz.part_* "$PARTS"/ 2>/dev/null
carried_data   # first: the data can ride with an early GGUF part (a call carries 64 MiB)
embedded_gguf || exit 0   # incomplete: send the same command with the next part
if ls "$PARTS"/state.tgz.part_* >/dev/null 2>&1 && [ ! -d "$RUN" ]; then
  mkdir -p "$RUN" && cat "$PARTS"/state.tgz.part_* | tar xzf - -C "$RUN" && echo "run state unpacked into $RUN"
  python3 -c 'import sys; from pathlib import Path; from autotriton.train.common import restore_halved
for c in restore_halved(Path(sys.argv[1])): print("resume point restored to float32:", c)' "$RUN"
fi

# --- the pipeline, in time-bounded pieces ----------------------------------------------------------------
start=$(date +%s)
PROCS=${PROCS:-1}   # >1: one process per GPU through accelerate + FSDP2 (configs/accelerate/fsdp2.yaml)
LAUNCH=(python3)
if [ "$PROCS" -eq 1 ] && [ -z "${CUDA_VISIBLE_DEVICES:-}" ] && [ "$(nvidia-smi -L 2>/dev/null | wc -l)" -gt 1 ]; then
  export CUDA_VISIBLE_DEVICES=0   # TRL's trainers refuse nn.DataParallel, which one process seeing 2 GPUs gets
fi
if [ "$PROCS" -gt 1 ]; then
  LAUNCH=(python3 -m accelerate.commands.launch --config_file configs/accelerate/fsdp2.yaml --num_processes "$PROCS")
fi
# Evals stop between batches, before one the longest so far says would end past BUDGET_S; a batch
# can still run long (the first of a call, or a longer one), so a hard limit too (PIPELINE_TIMEOUT_S):
# an eval killed mid-batch resumes from its run log, and the results below still get packed. Packing needs its own
# time: at 585 s in a 600-s device call the state archive was cut off mid-write (H100, 2026-11-25).
if [ "${PIPELINE_TIMEOUT_S:-540}" -gt 560 ] && [ "${RETURN_STATE:-1}" != 0 ]; then
  echo "warning: PIPELINE_TIMEOUT_S=${PIPELINE_TIMEOUT_S} leaves under 40 s of a 600-s device call to pack the state"
fi
timeout "${PIPELINE_TIMEOUT_S:-540}" "${LAUNCH[@]}" -m autotriton.cli.main pipeline -c "$CONFIG" -o "$RUN" \
  --stop-after-s "${BUDGET_S:-480}" "${@:2}" >> "$OUT/pipeline.log" 2>&1
rc=$?
echo "pipeline rc=$rc (rc 0: done; rc 3: paused, send the same command again) wall=$(( $(date +%s) - start ))s" \
  | tee -a "$OUT/pipeline.log"
grep -v "━\|it/s\]\|s/it\]" "$OUT/pipeline.log" | tail -25

# --- results back ---------------------------------------------------------------------------------------
python3 - "$RUN" "$OUT" "${RETURN_STATE:-1}" <<'PY'
import json, shutil, sys, tarfile
from pathlib import Path
run, out = Path(sys.argv[1]), Path(sys.argv[2])
# Small text results in one archive (the device tool returns at most 8 files).
with tarfile.open(out / "results.tgz", "w:gz") as tar:
    for stage in ("sft", "rl", "rl_norule", "eval_base", "eval_sft", "eval_rl", "eval_rl_norule", "report"):
        for name in ("metrics.jsonl", "result.json", "config.yaml", "DONE.json", "results.json", "results.md",
                     "runlog.jsonl", "ablation.md", "index.html"):
            p = run / stage / name
            if p.is_file():
                tar.add(p, arcname=f"{stage}/{name}")
        for png in (run / stage).glob("*.png"):
            tar.add(png, arcname=f"{stage}/{png.name}")
# Adapters in bf16: fp32 r=16 is 19.5 MB, over the 16 MiB per-file limit. They travel inside the state
# parts (the return takes at most 8 files). The run's state for the next machine: everything but
# trainer checkpoints, TensorBoard files and the verifier cache, with the adapters in bf16 (the shipped
# adapter is bf16 too), plus a paused trainer's newest checkpoint, halved (29 MB for GRPO's).
if sys.argv[3] == "0":
    print("results packed (state left on this machine: RETURN_STATE=0):", sorted(p.name for p in out.iterdir()))
    sys.exit(0)
import tempfile
from autotriton.train.common import adapter_to_bf16, halve_checkpoint, last_checkpoint
half = Path(tempfile.mkdtemp())
resume_points = {}
for stage in ("sft", "rl", "rl_norule"):
    src = run / stage / "final" / "adapter_model.safetensors"
    if src.is_file():
        adapter_to_bf16(src, half / f"{stage}.safetensors")
    elif (run / stage).is_dir() and last_checkpoint(run / stage):
        # A trainer paused mid-stage: its newest checkpoint, halved, so the next machine resumes it
        ckpt = Path(last_checkpoint(run / stage))
        halve_checkpoint(ckpt, half / stage / ckpt.name)
        resume_points[stage] = half / stage / ckpt.name
def keep(info):
    parts = Path(info.name).parts
    if any(p.startswith("checkpoint-") or p in ("runs", "verify_cache") for p in parts):
        return None
    if info.name.endswith("final/adapter_model.safetensors"):
        return None  # the bf16 copy below stands in
    return info
with tarfile.open(out / "state.tgz", "w:gz") as tar:
    for path in sorted(run.iterdir()):
        tar.add(path, arcname=path.name, filter=keep)
    for stage in ("sft", "rl", "rl_norule"):
        if (half / f"{stage}.safetensors").is_file():
            tar.add(half / f"{stage}.safetensors", arcname=f"{stage}/final/adapter_model.safetensors")
    for stage, ckpt in resume_points.items():
        tar.add(ckpt, arcname=f"{stage}/{ckpt.name}")
        print(f"{stage}: resume point {ckpt.name} packed (halved)")
print("results packed:", sorted(p.name for p in out.iterdir()))
PY
# Parts of at most 15 MiB (the return limit is 16 MiB a file, 8 files).
[ -f "$OUT/state.tgz" ] && split -b 15M -d "$OUT/state.tgz" "$OUT/state.tgz.part_" && rm "$OUT/state.tgz"
ls -la "$OUT"
