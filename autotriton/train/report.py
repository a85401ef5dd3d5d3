"""The pipeline's report: ablation table (base / SFT / SFT+RL), training curves, HTML page.

Everything is read back from the stages' own outputs (DONE.json of the evals,
metrics.jsonl of the trainers), so the report can be rebuilt at any time with
`autotriton pipeline --redo report`.

    report/ablation.md   the table, in the paper's layout, with provenance
    report/results.json  the same numbers, machine-readable
    report/*.png         SFT loss; RL reward, correct rate, rule-pass rate; RL step-time split
    report/index.html    all of it on one page (images inlined)
"""

from __future__ import annotations

import base64
import datetime
import html
import json
import platform
from pathlib import Path

from autotriton.data.io import read_jsonl  # a line torn by a kill is skipped
from autotriton.eval.report import html_table

STAGE_ROWS = (("eval_base", "Base"), ("eval_sft", "SFT"), ("eval_rl", "SFT+RL"))


def stage_metrics(out: Path) -> dict[str, dict]:
    """{row label: {channel: ChannelMetrics dict}} for the eval stages that finished."""
    rows = {}
    for stage, label in STAGE_ROWS:
        done = out / stage / "DONE.json"
        if done.is_file():
            rows[label] = json.loads(done.read_text())["result"]["channels"]
    return rows


def _pct(value) -> str:
    return "n/m" if value is None else f"{value:.1f}"


def ablation_table(rows: dict[str, dict]) -> str:
    """One row per stage: exec % and fast1 % per channel, then rule violations and hack rate overall."""
    channels = sorted({c for chans in rows.values() for c in chans})
    head = ["model"] + [f"{c} {m}" for c in channels for m in ("exec %", "fast1 %")]
    head += ["compiled %", "rule violations", "hack rate %", "samples"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for label, chans in rows.items():
        cells = [label]
        for c in channels:
            m = chans.get(c)
            cells += [_pct(m["exec_pct"]), _pct(m["fast1_pct"])] if m else ["-", "-"]
        n = sum(m["samples"] for m in chans.values()) or 1
        compiled = sum(m["compiled_pct"] * m["samples"] for m in chans.values()) / n
        hacks = [m["hack_rate_pct"] for m in chans.values() if m["hack_rate_pct"] is not None]
        hack = sum(m["hack_rate_pct"] * m["samples"] for m in chans.values()
                   if m["hack_rate_pct"] is not None) / n if hacks else None
        cells += [_pct(compiled), str(sum(m["rule_violations"] for m in chans.values())), _pct(hack), str(n)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def step_time_split(rl_metrics: list[dict]) -> dict | None:
    """Mean seconds per RL step spent generating, scoring (reward) and updating, with shares."""
    rows = list({r["step"]: r for r in rl_metrics if "time/step_s" in r}.values())  # a resume may re-log a step
    if not rows:
        return None
    mean = {k: sum(r[f"time/{k}_s"] for r in rows) / len(rows) for k in ("generate", "reward", "update", "step")}
    total = mean["step"] or 1.0
    return {**{f"{k}_s": v for k, v in mean.items()},
            **{f"{k}_pct": 100 * mean[k] / total for k in ("generate", "reward", "update")}, "steps": len(rows)}


def _curve(ax, rows: list[dict], key: str, label: str) -> bool:
    points = sorted({r["step"]: r[key] for r in rows if key in r}.items())  # last value per step (resumes re-log)
    if points:
        ax.plot(*zip(*points), marker="o", markersize=3, label=label)
    return bool(points)


def plots(sft: list[dict], rl: list[dict], out: Path) -> list[Path]:
    import matplotlib
    matplotlib.use("Agg")  # headless servers and CI
    import matplotlib.pyplot as plt

    specs = [("sft_loss.png", "SFT loss", sft, [("loss", "train loss")], None),
             ("rl_reward.png", "RL reward", rl, [("reward", "total reward"),
                                                  ("rewards/exec_reward/mean", "exec reward")], None),
             ("rl_correct.png", "RL rollouts: correct and rule-pass rate", rl,
              [("verify/correct_rate", "correct"), ("verify/rule_pass_rate", "rule pass"),
               ("verify/hack_flag_rate", "hack flag")], (0, 1))]
    paths = []
    for name, title, rows, keys, ylim in specs:
        fig, ax = plt.subplots(figsize=(6.5, 3.2))
        drawn = [_curve(ax, rows, key, label) for key, label in keys]
        if any(drawn):
            ax.set_xlabel("step")
            ax.legend()
            if ylim:
                ax.set_ylim(*ylim)
        else:
            ax.text(0.5, 0.5, "no data logged", ha="center", va="center")
            ax.set_axis_off()
        ax.set_title(title)
        fig.tight_layout()
        paths.append(out / name)
        fig.savefig(paths[-1], dpi=110)
        plt.close(fig)
    return paths


def local_provenance() -> dict:
    """Device and library versions of this process: recorded by every eval stage where it ran."""
    import importlib.metadata as md
    import torch
    versions = {}
    for pkg in ("torch", "triton", "transformers", "trl", "peft", "accelerate"):
        try:
            versions[pkg] = md.version(pkg)
        except md.PackageNotFoundError:
            versions[pkg] = "not installed"
    gpu = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "none (CPU)"
    return {"date": datetime.date.today().isoformat(), "gpu": gpu, "python": platform.python_version(), **versions}


def provenance(out: Path) -> dict:
    """Where the numbers were measured: the last eval stage's record, not the machine drawing the report."""
    for stage in ("eval_rl", "eval_sft", "eval_base"):
        done = out / stage / "DONE.json"
        if done.is_file():
            result = json.loads(done.read_text())["result"]
            if "provenance" in result:
                return {**result["provenance"], "run_dir": str(out)}
            # runs from before provenance was recorded: the device name is all the stage kept
            return {"eval device": result.get("device", "unknown"), "versions": "not recorded by the stage",
                    "run_dir": str(out)}
    return {**local_provenance(), "run_dir": str(out)}


def write_pipeline_report(out: Path, config) -> Path:
    from dataclasses import asdict
    folder = out / "report"
    folder.mkdir(parents=True, exist_ok=True)
    rows = stage_metrics(out)
    sft, rl = read_jsonl(out / "sft" / "metrics.jsonl"), read_jsonl(out / "rl" / "metrics.jsonl")
    table = ablation_table(rows)
    split = step_time_split(rl)
    prov = provenance(out)
    images = plots(sft, rl, folder)
    split_line = ("RL step time: " + ", ".join(f"{k} {split[k + '_s']:.1f} s ({split[k + '_pct']:.0f}%)"
                                               for k in ("generate", "reward", "update"))
                  + f", over {split['steps']} steps") if split else "RL step time: no steps logged"
    prov_line = ", ".join(f"{k}: {v}" for k, v in prov.items())
    (folder / "results.json").write_text(json.dumps(
        {"provenance": prov, "stages": rows, "rl_step_time": split, "config": asdict(config)}, indent=2) + "\n")
    (folder / "ablation.md").write_text(f"# AutoTriton pipeline: ablation\n\n{prov_line}\n\n{table}\n{split_line}\n")
    imgs = "".join(f'<img alt="{p.stem}" src="data:image/png;base64,{base64.b64encode(p.read_bytes()).decode()}">'
                   for p in images)
    page = ("<!doctype html><meta charset=utf-8><title>AutoTriton pipeline</title>"
            "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto}"
            "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}img{max-width:49%}</style>"
            f"<h1>AutoTriton pipeline</h1><p>{html.escape(prov_line)}</p>{html_table(table)}"
            f"<p>{html.escape(split_line)}</p>{imgs}"
            "<p>exec % = answers that passed rules, launched a Triton kernel and every correctness trial. "
            "fast1 % = exec and faster than PyTorch eager (n/m on CPU, which does not time). "
            "Hack rate = answers a plain allclose harness accepts but this verifier rejects.</p>")
    (folder / "index.html").write_text(page)
    return folder / "index.html"
