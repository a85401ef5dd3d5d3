"""The pipeline's report: ablation tables (base / SFT / SFT+RL / SFT+RL w/o rule, one per
benchmark channel), exec gains with confidence intervals, training curves, HTML page.

Everything is read back from the stages' own outputs (DONE.json of the evals,
metrics.jsonl of the trainers), so the report can be rebuilt at any time with
`autotriton pipeline --redo report`.

    report/ablation.md   the table, in the paper's layout, with provenance
    report/results.json  the same numbers, machine-readable
    report/*.png         SFT loss; RL reward, correct and rule-pass rates, KL and length
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

STAGE_ROWS = (("eval_base", "Base"), ("eval_sft", "SFT"), ("eval_rl", "SFT+RL"),
              ("eval_rl_norule", "SFT+RL w/o rule"))
# (before, after) stage pairs whose exec gain is reported with a confidence interval.
GAINS = (("eval_sft", "eval_rl"), ("eval_sft", "eval_rl_norule"), ("eval_base", "eval_sft"))


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
    """One table per channel in the paper's layout (compiled / exec / fast1 / pass@k), one row per
    stage, with rule violations, hack rate and the sample count that sets the uncertainty."""
    channels = sorted({c for chans in rows.values() for c in chans})
    parts = []
    for channel in channels:
        ks = sorted({k for chans in rows.values() for k in (chans.get(channel) or {}).get("pass_at_k", {})},
                    key=lambda k: int(k.split("@")[1]))
        head = ["model", "compiled %", "exec %", "fast1 %", *ks, "rule violations", "hack rate %", "tasks", "samples"]
        lines = [f"**{channel}**", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for label, chans in rows.items():
            m = chans.get(channel)
            if m is None:
                continue
            cells = [label, _pct(m["compiled_pct"]), _pct(m["exec_pct"]), _pct(m["fast1_pct"]),
                     *(_pct(m["pass_at_k"].get(k)) for k in ks), str(m["rule_violations"]),
                     _pct(m["hack_rate_pct"]), str(m["tasks"] - m.get("skipped_tasks", 0)), str(m["samples"])]
            lines.append("| " + " | ".join(cells) + " |")
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)


def gains(out: Path) -> list[dict]:
    """Exec gain between stage pairs per channel, with a paired-bootstrap 95% interval over tasks."""
    from autotriton.eval.metrics import paired_gain
    labels = dict(STAGE_ROWS)
    found = []
    for before, after in GAINS:
        logs = [out / stage / "runlog.jsonl" for stage in (before, after)]
        if not all((out / stage / "DONE.json").is_file() and log.is_file()
                   for stage, log in zip((before, after), logs)):
            continue
        b, a = read_jsonl(logs[0]), read_jsonl(logs[1])
        for channel in sorted({r["channel"] for r in a}):
            g = paired_gain(channel, [r for r in b if r["channel"] == channel], [r for r in a if r["channel"] == channel])
            if g is not None:
                found.append({"before": labels[before], "after": labels[after], **g.to_dict()})
    return found


def gains_table(found: list[dict]) -> str:
    if not found:
        return "No exec gains: fewer than two eval stages finished.\n"
    lines = ["| from | to | channel | tasks | exec before % | exec after % | gain (points) | 95% interval |",
             "|---|---|---|---|---|---|---|---|"]
    for g in found:
        lines.append(f"| {g['before']} | {g['after']} | {g['channel']} | {g['tasks']} | {g['before_pct']:.1f} | "
                     f"{g['after_pct']:.1f} | {g['gain_pts']:+.1f} | [{g['low_pts']:+.1f}, {g['high_pts']:+.1f}] |")
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


def plots(sft: list[dict], rl: list[dict], out: Path, norule: list[dict] | None = None) -> list[Path]:
    """SFT loss; RL reward, rollout verdict rates, KL and completion length; the no-rule run beside
    the main one where it ran."""
    import matplotlib
    matplotlib.use("Agg")  # headless servers and CI
    import matplotlib.pyplot as plt

    norule = norule or []
    specs = [("sft_loss.png", "SFT loss", [(sft, "loss", "train loss")], None),
             ("rl_reward.png", "RL reward", [(rl, "reward", "total reward"),
                                              (rl, "rewards/exec_reward/mean", "exec reward"),
                                              (norule, "rewards/plain_reward/mean", "w/o rule: plain reward")], None),
             ("rl_correct.png", "RL rollouts: correct (strict verifier) and rule-pass rate",
              [(rl, "verify/correct_rate", "correct"), (rl, "verify/rule_pass_rate", "rule pass"),
               (rl, "verify/hack_flag_rate", "hack flag"), (norule, "verify/correct_rate", "w/o rule: correct"),
               (norule, "verify/rule_pass_rate", "w/o rule: rule pass")], (0, 1)),
             ("rl_kl_length.png", "RL: KL to the start policy, and completion length / 1000",
              [(rl, "kl", "KL"), (norule, "kl", "w/o rule: KL")], None)]
    paths = []
    for name, title, series, ylim in specs:
        fig, ax = plt.subplots(figsize=(6.5, 3.2))
        drawn = [_curve(ax, rows, key, label) for rows, key, label in series]
        if name == "rl_kl_length.png":
            scaled = [{"step": r["step"], "len": r["completions/mean_length"] / 1000}
                      for r in rl if "completions/mean_length" in r and "step" in r]
            drawn.append(_curve(ax, scaled, "len", "mean completion tokens / 1000"))
        if any(drawn):
            ax.set_xlabel("step")
            ax.legend(fontsize=7)
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


def _tables_html(markdown: str) -> str:
    """Markdown tables and their bold captions / paragraphs as HTML."""
    out, block = [], []
    for line in markdown.splitlines() + [""]:
        if line.startswith("|"):
            block.append(line)
            continue
        if block:
            out.append(html_table("\n".join(block) + "\n"))
            block = []
        if line.strip():
            out.append(f"<p>{html.escape(line.strip('*'))}</p>")
    return "".join(out)


def write_pipeline_report(out: Path, config) -> Path:
    from dataclasses import asdict
    folder = out / "report"
    folder.mkdir(parents=True, exist_ok=True)
    rows = stage_metrics(out)
    sft, rl = read_jsonl(out / "sft" / "metrics.jsonl"), read_jsonl(out / "rl" / "metrics.jsonl")
    table = ablation_table(rows)
    found = gains(out)
    gain_md = ("Exec gain between stages: paired bootstrap over tasks (4000 resamples), each task's "
               "exec rate over its samples; invalid tasks left out.\n\n" + gains_table(found))
    split = step_time_split(rl)
    prov = provenance(out)
    images = plots(sft, rl, folder, read_jsonl(out / "rl_norule" / "metrics.jsonl"))
    split_line = ("RL step time: " + ", ".join(f"{k} {split[k + '_s']:.1f} s ({split[k + '_pct']:.0f}%)"
                                               for k in ("generate", "reward", "update"))
                  + f", over {split['steps']} steps") if split else "RL step time: no steps logged"
    prov_line = ", ".join(f"{k}: {v}" for k, v in prov.items())
    (folder / "results.json").write_text(json.dumps(
        {"provenance": prov, "stages": rows, "gains": found, "rl_step_time": split,
         "config": asdict(config)}, indent=2) + "\n")
    (folder / "ablation.md").write_text(f"# AutoTriton pipeline: ablation\n\n{prov_line}\n\n{table}\n{gain_md}\n{split_line}\n")
    imgs = "".join(f'<img alt="{p.stem}" src="data:image/png;base64,{base64.b64encode(p.read_bytes()).decode()}">'
                   for p in images)
    page = ("<!doctype html><meta charset=utf-8><title>AutoTriton pipeline</title>"
            "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto}"
            "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}img{max-width:49%}</style>"
            f"<h1>AutoTriton pipeline</h1><p>{html.escape(prov_line)}</p>{_tables_html(table)}"
            f"<h2>Exec gains</h2>{_tables_html(gain_md)}"
            f"<p>{html.escape(split_line)}</p>{imgs}"
            "<p>exec % = answers that passed rules, launched a Triton kernel and every correctness trial. "
            "fast1 % = exec and faster than PyTorch eager (n/m on CPU, which does not time). "
            "Hack rate = answers a plain allclose harness accepts but this verifier rejects.</p>")
    (folder / "index.html").write_text(page)
    return folder / "index.html"
