"""The scale run's table (benchmarks/gpu_scale.sh) from each training run's metrics.jsonl.

    python benchmarks/scale_summary.py RUN_DIR [RUN_DIR ...] > table.md

Per run: optimizer steps, the mean step time with the first step left out (it carries
compilation and warm-up), training tokens per second (SFT: tokens the trainer counted; GRPO:
rollout tokens over generation time, all GPUs together), reward, and rank 0's peak GPU memory
(JsonlLog records it; under FSDP every rank holds about the same share).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from statistics import mean

import yaml

from autotriton.rundir import read_jsonl
from autotriton.train.common import METRICS_FILE


def summarise(run: Path) -> dict:
    rows = read_jsonl(run / METRICS_FILE)
    steps = [r for r in rows if "loss" in r and "train_runtime" not in r]
    peak = max((r.get("gpu/peak_allocated_gib", 0.0) for r in rows), default=0.0)
    reserved = max((r.get("gpu/peak_reserved_gib", 0.0) for r in rows), default=0.0)
    out = {"run": run.name, "steps": steps[-1]["step"] if steps else 0, "peak_gib": peak, "reserved_gib": reserved}
    if not steps:
        return out
    if "time/step_s" in steps[0]:  # GRPO: every step is logged
        later = steps[1:] or steps
        out["step_s"] = mean(r["time/step_s"] for r in later)
        out["generate_frac"] = mean(r["time/generate_s"] / r["time/step_s"] for r in later)
        out["reward"] = [round(r.get("reward", 0.0), 3) for r in steps]
        out["correct"] = [round(r.get("verify/correct_rate", 0.0), 3) for r in steps]
        config = run / "config.yaml"  # the completions per step, from the run's resolved settings
        if config.is_file():
            out["batch"] = yaml.safe_load(config.read_text())["settings"]["batch_size"]
            out["rollout_tok_s"] = mean(r["completions/mean_length"] * out["batch"] / r["time/generate_s"]
                                        for r in later)
    else:  # SFT: logged every logging_steps
        if len(steps) >= 2:
            first, last = steps[0], steps[-1]
            seconds = last["time"] - first["time"]
            out["step_s"] = seconds / (last["step"] - first["step"])
            out["train_tok_s"] = (last["num_tokens"] - first["num_tokens"]) / seconds
        out["loss"] = [round(steps[0]["loss"], 3), round(steps[-1]["loss"], 3)]
    return out


def table(summaries: list[dict]) -> str:
    lines = ["| run | steps | step s (after the first) | tokens/s | generation share | reward per step | "
             "peak GPU GiB (allocated / reserved, rank 0) |",
             "|---|---|---|---|---|---|---|"]
    for s in summaries:
        tok = s.get("train_tok_s") or s.get("rollout_tok_s")
        kind = "train" if "train_tok_s" in s else "rollout"
        lines.append("| {run} | {steps} | {step} | {tok} | {gen} | {reward} | {peak:.1f} / {res:.1f} |".format(
            run=s["run"], steps=s["steps"], step=f"{s['step_s']:.1f}" if "step_s" in s else "-",
            tok=f"{tok:,.0f} ({kind})" if tok else "-",
            gen=f"{s['generate_frac']:.0%}" if "generate_frac" in s else "-",
            reward=", ".join(str(x) for x in s["reward"]) if "reward" in s else f"loss {s.get('loss', '-')}",
            peak=s["peak_gib"], res=s["reserved_gib"]))
    return "\n".join(lines)


def main() -> None:
    summaries = [summarise(Path(arg)) for arg in sys.argv[1:]]
    print(table(summaries))
    print()
    print("```json")
    print(json.dumps(summaries, indent=1))
    print("```")


if __name__ == "__main__":
    main()
