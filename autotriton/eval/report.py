"""Evaluation outputs: results.json, a Markdown table, PNG figures and a one-page HTML report.

    results.json   metrics per channel, error-kind counts, provenance (device, library versions)
    results.md     the table, error kinds per channel, the verdict of every task
    channels.png   compiled / exec / fast1 per channel
    kinds.png      error kinds per channel (why samples failed)
    speedups.png   per-task speedups on a log scale; left out, with the reason, when nothing was timed
    verdicts.png   task x sample matrix coloured by error kind
    report.html    all of it on one page (images inlined)

`rebuild_report(folder)` redraws all of it from the run log, keeping the recorded provenance.
"""

from __future__ import annotations

import base64
import datetime
import html
import json
import platform
from pathlib import Path

from autotriton.eval import verdicts
from autotriton.eval.metrics import ChannelMetrics

COLUMNS = [("compiled %", "compiled_pct"), ("exec %", "exec_pct"), ("fast1 %", "fast1_pct"),
           ("fast2 %", "fast2_pct"), ("fast1 vs compile %", "fast1_compile_pct"),
           ("fast2 vs compile %", "fast2_compile_pct"), ("geomean speedup", "geomean_speedup"), ("hack rate %", "hack_rate_pct"),
           ("rule violations", "rule_violations"), ("skipped", "skipped_tasks"),
           ("signed-input trials", "signed_trial_tasks")]
# Every number names the libraries it was measured with (a missing one reads "not installed").
VERSIONED = ("torch", "triton", "transformers", "trl", "peft", "accelerate")
NOT_RECORDED = "not recorded"
PAGE_STYLE = ("body{font-family:sans-serif;max-width:1200px;margin:2em auto}"
              "table{border-collapse:collapse;margin:0.5em 0}td,th{border:1px solid #ccc;padding:3px 7px}"
              "table.verdicts td{font-size:12px;padding:1px 5px}img{max-width:100%}")


def library_versions() -> dict[str, str]:
    """Python and the libraries of VERSIONED, as installed in this process."""
    import importlib.metadata as md
    versions = {"python": platform.python_version()}
    for pkg in VERSIONED:
        try:
            versions[pkg] = md.version(pkg)
        except md.PackageNotFoundError:
            versions[pkg] = "not installed"
    return versions


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


def _channels_png(metrics: dict[str, ChannelMetrics], path: Path) -> Path:
    """Compiled / exec / fast1 per channel. Each bar carries its value, so a 0 is seen, not missed;
    the legend sits right of the axes, where it cannot cover a bar."""
    plt = verdicts.pyplot()
    names = list(metrics)
    width = 0.25
    fig, ax = plt.subplots(figsize=(3 + 1.1 * len(names), 3.6))
    for i, (label, field_name) in enumerate(COLUMNS[:3]):
        values = [getattr(metrics[n], field_name) for n in names]
        bars = ax.bar([x + i * width for x in range(len(names))], [v or 0.0 for v in values], width, label=label)
        ax.bar_label(bars, labels=[_fmt(v) for v in values], fontsize=6, padding=1)
    ax.set_xticks([x + width for x in range(len(names))], names, rotation=20, ha="right")
    ax.set_ylabel("% of samples")
    ax.set_ylim(0, 105)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    ax.set_title("Per channel (n/m: not measured)", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


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


def img_html(path: Path) -> str:
    return f'<img alt="{path.stem}" src="data:image/png;base64,{base64.b64encode(path.read_bytes()).decode()}">'


def _by_channel(records: list[dict]) -> dict[str, list[dict]]:
    return {c: [r for r in records if r.get("channel") == c] for c in sorted({r.get("channel", "") for r in records})}


def eval_provenance(model: str, device: str, command: str) -> dict:
    """Where and with what these numbers are measured: this process, which ran the verifier."""
    return {"model": model, "device": device, **library_versions(), "date": datetime.date.today().isoformat(),
            "command": command}


def _figures(metrics: dict[str, ChannelMetrics], records: list[dict], kinds: dict, out: Path) -> dict:
    """The report's PNGs, None where there is nothing to draw; an earlier report's figure that this
    one does not redraw is removed, so it cannot contradict the tables beside it."""
    for stale in ("channels.png", "kinds.png", "speedups.png", "verdicts.png"):
        (out / stale).unlink(missing_ok=True)
    if not records:
        return {"channels": None, "kinds": None, "speedups": None, "matrix": None, "matrix_png": None}
    columns = verdicts.columns_by_sample(records)
    matrix = verdicts.build_matrix(columns)
    return {"channels": _channels_png(metrics, out / "channels.png"),
            "kinds": verdicts.kind_bars_png(kinds, out / "kinds.png", "Verdicts per channel"),
            "speedups": verdicts.speedup_png(columns, out / "speedups.png", "Per-task speedup, correct samples"),
            "matrix": matrix, "matrix_png": verdicts.matrix_png(matrix, out / "verdicts.png", "Verdict per task and sample")}


def write_report(metrics: dict[str, ChannelMetrics], records: list[dict], out: Path, model: str,
                 device: str, command: str, provenance: dict | None = None) -> dict[str, Path]:
    """`provenance`: the recorded one when redrawing a past run (`rebuild_report`); else this process's."""
    provenance = provenance or eval_provenance(model, device, command)
    kinds = verdicts.kind_counts(_by_channel(records))
    results = {"provenance": provenance, "channels": {k: m.to_dict() for k, m in metrics.items()}, "error_kinds": kinds}
    (out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    table = markdown_table(metrics)
    kind_md = verdicts.kind_table(kinds, "channel") if records else "No sample judged yet.\n"
    prov_line = ", ".join(f"{k}: {v}" for k, v in provenance.items())
    figs = _figures(metrics, records, kinds, out)
    no_speed = verdicts.no_speedup_reason(records) if records else "No speedup figure: no sample judged yet."
    from autotriton.eval.robustness import robustness_rows, robustness_table
    robust = robustness_rows({c: m.exec_pct for c, m in metrics.items()}, records)
    robust_md = f"## As written and rewritten\n\n{robustness_table(robust)}\n" if robust else ""
    if robust:
        results["robustness"] = robust
        (out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    (out / "results.md").write_text(
        f"# Evaluation\n\n{prov_line}\n\n{table}\n{robust_md}## Why samples failed\n\n{kind_md}\n"
        + (f"## Speedups\n\n{no_speed}\n\n" if no_speed else "") + f"## Verdicts per task\n\n{verdict_matrix(records)}")
    img = lambda key: img_html(figs[key]) if figs[key] else ""  # noqa: E731
    page = (f"<!doctype html><meta charset=utf-8><title>AutoTriton eval: {html.escape(model)}</title>"
            f"<style>{PAGE_STYLE}</style><h1>AutoTriton evaluation</h1><p>{html.escape(prov_line)}</p>"
            f"{html_table(table)}{img('channels')}"
            + (f"<h2>As written and rewritten</h2>{html_table(robustness_table(robust))}" if robust else "")
            + "<h2>Why samples failed</h2>"
            + (html_table(kind_md) if records else f"<p>{kind_md}</p>") + img("kinds")
            + "<h2>Speedups</h2>" + (f"<p>{html.escape(no_speed)}</p>" if no_speed else img("speedups"))
            + "<h2>Verdicts per task</h2>" + img("matrix_png")
            + (verdicts.matrix_html(figs["matrix"], first_failure=True) if figs["matrix"] else "")
            + "<p>n/m = not measured (CPU mode runs Triton's interpreter and does not time). "
            "Hack rate = samples a plain allclose harness accepts but this verifier rejects. "
            "Hover a verdict for its error message.</p>")
    (out / "report.html").write_text(page)
    return {"json": out / "results.json", "md": out / "results.md", "html": out / "report.html"}


def rebuild_report(folder: Path, ks: list[int] | None = None) -> dict[str, Path]:
    """Redraw an eval folder's report from its run log with this code, keeping the provenance its
    results.json recorded (a field it lacks reads "not recorded": never this machine's versions)."""
    from autotriton.eval.metrics import channel_metrics
    from autotriton.rundir import read_jsonl
    records = read_jsonl(folder / "runlog.jsonl")
    run = json.loads((folder / "run.json").read_text())
    old = json.loads((folder / "results.json").read_text()) if (folder / "results.json").is_file() else {}
    done = json.loads((folder / "DONE.json").read_text())["result"] if (folder / "DONE.json").is_file() else {}
    recorded = {**done.get("provenance", {}), **old.get("provenance", {})}  # a pipeline stage keeps both
    ks = ks or sorted({int(k.split("@")[1]) for m in old.get("channels", {}).values() for k in m["pass_at_k"]}) or [1]
    metrics = {c: channel_metrics(c, rs, ks) for c, rs in _by_channel(records).items()}
    device = recorded.get("device") or next((r["result"].get("device") for r in records), "") or NOT_RECORDED
    provenance = {"model": run.get("model", NOT_RECORDED), "device": device,
                  **{k: recorded.get(k, NOT_RECORDED) for k in ("python", *VERSIONED)},
                  "date": recorded.get("date", NOT_RECORDED), "command": recorded.get("command", NOT_RECORDED)}
    return write_report(metrics, records, folder, provenance["model"], device, provenance["command"], provenance)
