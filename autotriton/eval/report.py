"""Evaluation outputs: results.json, a Markdown table, PNG plots and a one-page HTML report."""

from __future__ import annotations

import base64
import datetime
import html
import json
import platform
from pathlib import Path

import torch
import triton

from autotriton.eval.metrics import ChannelMetrics

COLUMNS = [("compiled %", "compiled_pct"), ("exec %", "exec_pct"), ("fast1 %", "fast1_pct"),
           ("fast2 %", "fast2_pct"), ("fast1 vs compile %", "fast1_compile_pct"),
           ("fast2 vs compile %", "fast2_compile_pct"), ("geomean speedup", "geomean_speedup"), ("hack rate %", "hack_rate_pct"),
           ("rule violations", "rule_violations"), ("skipped", "skipped_tasks"),
           ("signed-input trials", "signed_trial_tasks")]


def _fmt(value) -> str:
    if value is None:
        return "n/m"  # not measured: no timing on CPU, or the hack re-check was off
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def markdown_table(metrics: dict[str, ChannelMetrics]) -> str:
    ks = sorted({k for m in metrics.values() for k in m.pass_at_k}, key=lambda k: int(k.split("@")[1]))
    head = ["channel", "tasks", "samples"] + [c for c, _ in COLUMNS] + ks
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, m in metrics.items():
        row = [name, str(m.tasks), str(m.samples)] + [_fmt(getattr(m, f)) for _, f in COLUMNS]
        row += [_fmt(m.pass_at_k.get(k)) for k in ks]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def _plots(metrics: dict[str, ChannelMetrics], records: list[dict], out: Path) -> list[Path]:
    import matplotlib
    matplotlib.use("Agg")  # headless: no display on servers or CI
    import matplotlib.pyplot as plt

    paths = []
    fig, ax = plt.subplots(figsize=(7, 3.5))
    names = list(metrics)
    width = 0.25
    for i, (label, field_name) in enumerate(COLUMNS[:3]):
        values = [getattr(metrics[n], field_name) or 0.0 for n in names]
        ax.bar([x + i * width for x in range(len(names))], values, width, label=label)
    ax.set_xticks([x + width for x in range(len(names))], names, rotation=20, ha="right")
    ax.set_ylabel("% of samples")
    ax.set_ylim(0, 100)
    ax.legend()
    ax.set_title("Per channel")
    fig.tight_layout()
    paths.append(out / "channels.png")
    fig.savefig(paths[-1], dpi=120)
    plt.close(fig)

    speedups = [r["result"]["speedup"] for r in records if r["result"].get("correct") and r["result"].get("speedup")]
    fig, ax = plt.subplots(figsize=(7, 3.5))
    if speedups:
        ax.hist(speedups, bins=30)
        ax.axvline(1.0, color="k", linestyle="--")
        ax.set_xlabel("speedup vs PyTorch eager (correct samples)")
    else:
        ax.text(0.5, 0.5, "no timed correct samples (CPU mode does not time)", ha="center", va="center")
        ax.set_axis_off()
    ax.set_title("Speedup distribution")
    fig.tight_layout()
    paths.append(out / "speedups.png")
    fig.savefig(paths[-1], dpi=120)
    plt.close(fig)
    return paths


def verdict_matrix(records: list[dict]) -> str:
    """Per task: samples correct, the error kinds of the others (with counts) and the first
    failure's message, as a Markdown table: why things failed, task by task."""
    by_task: dict[str, list[dict]] = {}
    for r in records:
        by_task.setdefault(r["key"], []).append(r)
    lines = ["| task | channel | correct | error kinds | first failure |", "|---|---|---|---|---|"]
    for key in sorted(by_task):
        rs = sorted(by_task[key], key=lambda r: r["sample"])
        results = [r.get("result", {}) for r in rs]
        kinds: dict[str, int] = {}
        for res in results:
            if not res.get("correct"):
                kind = res.get("error_kind") or "none"
                kinds[kind] = kinds.get(kind, 0) + 1
        first = next((res.get("error_msg") or "" for res in results if not res.get("correct")), "")
        first = " ".join(first.split())[:120].replace("|", "/")
        lines.append(f"| {key} | {rs[0].get('channel', '')} | {sum(bool(res.get('correct')) for res in results)}/"
                     f"{len(results)} | {', '.join(f'{k} x{v}' for k, v in sorted(kinds.items()))} | {first} |")
    return "\n".join(lines) + "\n"


def html_table(md_table: str) -> str:
    """A Markdown table (header, rule, rows) as an escaped HTML table."""
    rows = md_table.strip().splitlines()
    cells = lambda row: [c.strip() for c in row.strip("|").split("|")]  # noqa: E731
    head = "".join(f"<th>{html.escape(c)}</th>" for c in cells(rows[0]))
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells(r)) + "</tr>" for r in rows[2:])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def write_report(metrics: dict[str, ChannelMetrics], records: list[dict], out: Path, model: str,
                 device: str, command: str) -> dict[str, Path]:
    provenance = {"model": model, "device": device, "torch": torch.__version__, "triton": triton.__version__,
                  "python": platform.python_version(), "date": datetime.date.today().isoformat(),
                  "command": command}
    results = {"provenance": provenance, "channels": {k: m.to_dict() for k, m in metrics.items()}}
    (out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    table = markdown_table(metrics)
    prov_line = ", ".join(f"{k}: {v}" for k, v in provenance.items())
    matrix = verdict_matrix(records)
    (out / "results.md").write_text(f"# Evaluation\n\n{prov_line}\n\n{table}\n## Verdicts per task\n\n{matrix}")
    images = _plots(metrics, records, out)
    imgs = "".join(f'<img alt="{p.stem}" src="data:image/png;base64,{base64.b64encode(p.read_bytes()).decode()}">'
                   for p in images)
    page = (f"<!doctype html><meta charset=utf-8><title>AutoTriton eval: {html.escape(model)}</title>"
            "<style>body{font-family:sans-serif;max-width:1000px;margin:2em auto}"
            "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}img{max-width:100%}</style>"
            f"<h1>AutoTriton evaluation</h1><p>{html.escape(prov_line)}</p>"
            f"{html_table(table)}{imgs}<h2>Verdicts per task</h2>{html_table(matrix)}"
            "<p>n/m = not measured (CPU mode runs Triton's interpreter and does not time). "
            "Hack rate = samples a plain allclose harness accepts but this verifier rejects.</p>")
    (out / "report.html").write_text(page)
    return {"json": out / "results.json", "md": out / "results.md", "html": out / "report.html"}
