"""Why samples failed, at a glance: verdicts coloured by error kind, error-kind counts, speedups.

Shared by the eval report (one column per sample) and the pipeline report (one column per eval
stage). A verdict is "correct" or the verifier's `ErrorKind` value; each has one fixed colour, so
the same kind looks the same in every table and figure.

    matrix PNG    tasks down, columns across; blocks of at most ROWS_PER_BLOCK rows side by side
    matrix HTML   the same cells as a table, the error message as each cell's tooltip
    kind bars     stacked counts per group (stage or channel), legend outside the axes
    speedups      per task, log scale; None (and a one-line reason) where nothing was timed

Records are the eval run log's: {"key", "channel", "sample", "result": VerifyResult dict}.
"""

from __future__ import annotations

import html
import io
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from autotriton.verify.result import ErrorKind

CORRECT = "correct"
NOT_RUN = "not run"  # the column has no record for this task (a stage that stopped early)
# One colour per verdict, fixed. Failures a model can fix by writing better code are warm, the
# verifier's own refusals (rules, hacks) purple/black, infrastructure kinds pale.
KIND_COLOURS: dict[str, str] = {
    CORRECT: "#2ca02c",
    ErrorKind.NONE.value: "#c49c94",  # judged incorrect with no kind: should not happen, so visible
    ErrorKind.NO_CODE.value: "#c7c7c7",
    ErrorKind.SYNTAX_ERROR.value: "#ff7f0e",
    ErrorKind.RULE_VIOLATION.value: "#9467bd",
    ErrorKind.IMPORT_ERROR.value: "#e377c2",
    ErrorKind.INIT_ERROR.value: "#8c564b",
    ErrorKind.COMPILE_ERROR.value: "#d62728",
    ErrorKind.RUNTIME_ERROR.value: "#ff9896",
    ErrorKind.WRONG_OUTPUT.value: "#1f77b4",
    ErrorKind.HACK.value: "#222222",
    ErrorKind.TIMEOUT.value: "#bcbd22",
    ErrorKind.CRASH.value: "#7f7f7f",
    ErrorKind.EXITED.value: "#c5b0d5",
    ErrorKind.OOM.value: "#aec7e8",
    ErrorKind.OUTPUT_FLOOD.value: "#dbdb8d",
    ErrorKind.BAD_OUTPUT.value: "#9edae5",
    ErrorKind.INVALID_TASK.value: "#f7b6d2",
    NOT_RUN: "#ffffff",
}
OTHER_COLOUR = "#17becf"  # a kind this table does not know (a TritonBench-specific one)
ROWS_PER_BLOCK = 60  # ~8 inches of rows at 5.5 pt labels: one block fits a screen


def pyplot():
    """matplotlib's pyplot on the Agg backend: reports are drawn on servers and in CI, with no display."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def verdict(record: dict | None) -> str:
    if record is None:
        return NOT_RUN
    result = record["result"]
    return CORRECT if result.get("correct") else (result.get("error_kind") or ErrorKind.NONE.value)


def colour(kind: str) -> str:
    return KIND_COLOURS.get(kind, OTHER_COLOUR)


def _order(kinds) -> list[str]:
    """Verdicts in the fixed table order, unknown kinds last: legends and tables line up."""
    known = list(KIND_COLOURS)
    return sorted(set(kinds), key=lambda k: (known.index(k) if k in known else len(known), k))


def _natural(row: tuple[str, str]) -> list:
    """kernelbench/l1/9_X before kernelbench/l1/10_Y: numbers compare as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", " ".join(row))]


@dataclass
class VerdictMatrix:
    columns: list[str]
    rows: list[tuple[str, str]]  # (channel, task key), sorted
    cells: dict[tuple[str, str], dict]  # (task key, column) -> run-log record

    def verdicts(self) -> list[list[str]]:  # (rows, columns)
        return [[verdict(self.cells.get((key, c))) for c in self.columns] for _, key in self.rows]


def build_matrix(columns: dict[str, list[dict]]) -> VerdictMatrix:
    """`columns`: label -> that column's records (one per task)."""
    rows = sorted({(r.get("channel", ""), r["key"]) for rs in columns.values() for r in rs}, key=_natural)
    cells = {(r["key"], label): r for label, rs in columns.items() for r in rs}
    return VerdictMatrix(list(columns), rows, cells)


def columns_by_sample(records: list[dict], prefix: str = "") -> dict[str, list[dict]]:
    """One column per sample index ("sample 0", ...; or `prefix` alone when there is one sample)."""
    samples = sorted({r["sample"] for r in records})
    if len(samples) == 1 and prefix:
        return {prefix: records}
    name = lambda s: f"{prefix} #{s}" if prefix else f"sample {s}"  # noqa: E731
    return {name(s): [r for r in records if r["sample"] == s] for s in samples}


def _legend_handles(kinds, counts: Counter | None = None):
    from matplotlib.patches import Patch
    return [Patch(facecolor=colour(k), edgecolor="#888888",
                  label=f"{k} ({counts[k]})" if counts is not None else k) for k in _order(kinds)]


def matrix_png(m: VerdictMatrix, path: Path, title: str) -> Path:
    """Tasks down, columns across, each cell coloured by its verdict; long lists wrap into blocks."""
    plt = pyplot()
    from matplotlib.colors import to_rgb

    grid = m.verdicts()
    blocks = max(1, math.ceil(len(grid) / ROWS_PER_BLOCK))
    per_block = math.ceil(len(grid) / blocks) if grid else 1
    label_in = 2.6  # task names are long (kernelbench/l2/79_Conv3d_...): cut to 42 characters
    fig, axes = plt.subplots(1, blocks, squeeze=False,
                             figsize=(blocks * (label_in + 0.45 * len(m.columns) + 0.3), 1.6 + 0.13 * per_block))
    for b, ax in enumerate(axes[0]):
        part = grid[b * per_block:(b + 1) * per_block]
        names = [key[:42] for _, key in m.rows[b * per_block:(b + 1) * per_block]]
        ax.imshow([[to_rgb(colour(v)) for v in row] for row in part], aspect="auto", interpolation="nearest")
        ax.set_yticks(range(len(names)), names, fontsize=5.5)
        ax.set_xticks(range(len(m.columns)), m.columns, fontsize=7, rotation=30, ha="right")
        ax.set_xticks([x - 0.5 for x in range(1, len(m.columns))], minor=True)
        ax.grid(which="minor", axis="x", color="white", linewidth=1.5)
        ax.tick_params(which="minor", length=0)
    counts = Counter(v for row in grid for v in row)
    fig.suptitle(title, fontsize=10)
    fig.legend(handles=_legend_handles(counts, counts), loc="lower center", ncol=min(6, len(counts)),
               fontsize=7, frameon=False)
    legend_rows = math.ceil(len(counts) / 6)
    fig.tight_layout(rect=(0, (0.22 * legend_rows + 0.1) / fig.get_figheight(), 1, 0.97))
    _save_palette_png(fig, path)
    plt.close(fig)
    return path


def _save_palette_png(fig, path: Path) -> None:
    """A 256-colour PNG: the matrix is flat colour blocks and text, and an RGB file of 222 tasks
    was 512 KB, too heavy to commit to docs/ or to inline twice in a page."""
    from PIL import Image
    buffer = io.BytesIO()
    fig.savefig(buffer, dpi=110, format="png")
    Image.open(buffer).convert("RGB").quantize(256).save(path, optimize=True)


def _text_colour(background: str) -> str:
    from matplotlib.colors import to_rgb
    r, g, b = to_rgb(background)
    return "#000" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "#fff"


def _cell(kind: str, message: str = "") -> str:
    tip = f' title="{html.escape(" ".join(message.split())[:300])}"' if message else ""
    return (f'<td style="background:{colour(kind)};color:{_text_colour(colour(kind))}"{tip}>'
            f"{html.escape(kind)}</td>")


def legend_html(kinds) -> str:
    return "<p>" + " ".join(f'<span style="background:{colour(k)};color:{_text_colour(colour(k))};'
                            f'padding:1px 6px;border:1px solid #888">{html.escape(k)}</span>'
                            for k in _order(kinds)) + "</p>"


def matrix_html(m: VerdictMatrix, first_failure: bool = False) -> str:
    """The matrix as a coloured table; hover a cell for its error message. `first_failure` adds a
    column with the first failing cell's message, readable without hovering."""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in ["channel", "task", *m.columns])
    head += "<th>first failure</th>" if first_failure else ""
    body = []
    for channel, key in m.rows:
        records = [m.cells.get((key, c)) for c in m.columns]
        cells = "".join(_cell(verdict(r), (r or {}).get("result", {}).get("error_msg", "")) for r in records)
        if first_failure:
            msg = next((r["result"].get("error_msg") or "" for r in records
                        if r is not None and not r["result"].get("correct")), "")
            cells += f"<td><small>{html.escape(' '.join(msg.split())[:160])}</small></td>"
        body.append(f"<tr><td>{html.escape(channel)}</td><td>{html.escape(key)}</td>{cells}</tr>")
    kinds = {v for row in m.verdicts() for v in row}
    return legend_html(kinds) + f'<table class="verdicts"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


def matrix_markdown(m: VerdictMatrix) -> str:
    lines = ["| channel | task | " + " | ".join(m.columns) + " |", "|---|---|" + "---|" * len(m.columns)]
    for (channel, key), row in zip(m.rows, m.verdicts()):
        lines.append(f"| {channel} | {key} | " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def kind_counts(groups: dict[str, list[dict]]) -> dict[str, dict[str, int]]:
    """{group: {verdict: samples}} in the fixed verdict order."""
    out = {}
    for name, records in groups.items():
        counts = Counter(verdict(r) for r in records)
        out[name] = {k: counts[k] for k in _order(counts)}
    return out


def kind_table(counts: dict[str, dict[str, int]], group_label: str) -> str:
    kinds = _order({k for c in counts.values() for k in c})
    lines = [f"| {group_label} | samples | " + " | ".join(kinds) + " |", "|---|---|" + "---|" * len(kinds)]
    for name, c in counts.items():
        lines.append(f"| {name} | {sum(c.values())} | " + " | ".join(str(c.get(k, 0)) for k in kinds) + " |")
    return "\n".join(lines) + "\n"


def kind_bars_png(counts: dict[str, dict[str, int]], path: Path, title: str) -> Path:
    """Stacked bars, one per group; the legend sits right of the axes so it never covers a bar."""
    plt = pyplot()
    kinds = _order({k for c in counts.values() for k in c})
    names = list(counts)
    fig, ax = plt.subplots(figsize=(2.5 + 0.9 * len(names), 3.6))
    bottom = [0] * len(names)
    for kind in kinds:
        values = [counts[n].get(kind, 0) for n in names]
        bars = ax.bar(names, values, 0.6, bottom=bottom, color=colour(kind), edgecolor="#888888",
                      linewidth=0.4, label=kind)
        tallest = max(sum(c.values()) for c in counts.values())
        # a count inside a segment thinner than 4% of the tallest bar would overprint its neighbours
        ax.bar_label(bars, labels=[str(v) if v > 0.04 * tallest else "" for v in values], label_type="center", fontsize=7,
                     color=_text_colour(colour(kind)))
        bottom = [b + v for b, v in zip(bottom, values)]
    ax.set_ylabel("samples")
    ax.set_title(title, fontsize=10)
    ax.tick_params(axis="x", labelrotation=20, labelsize=8)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _speedups(records: list[dict]) -> dict[str, float]:
    """Task key -> best speedup over its correct, timed samples."""
    best: dict[str, float] = {}
    for r in records:
        s = r["result"].get("speedup")
        if r["result"].get("correct") and s and s > 0:
            best[r["key"]] = max(best.get(r["key"], 0.0), s)
    return best


def no_speedup_reason(records: list[dict]) -> str | None:
    """Why a speedup figure would be empty, in one line; None when there is something to draw."""
    if any(_speedups([r]) for r in records):
        return None
    if any(r["result"].get("mode") == "gpu" for r in records):
        return "No speedup figure: no sample was correct on the GPU, and only correct samples are timed."
    return "No speedup figure: CPU mode runs Triton's interpreter, which is not timed."


def speedup_png(columns: dict[str, list[dict]], path: Path, title: str) -> Path | None:
    """Per task (x, sorted by best speedup), each column's best speedup vs PyTorch eager on a log
    scale. None when no column timed any correct sample: the caller says why (`no_speedup_reason`)."""
    plt = pyplot()
    per_column = {label: _speedups(rs) for label, rs in columns.items()}
    tasks = sorted({t for s in per_column.values() for t in s},
                   key=lambda t: max(s.get(t, 0.0) for s in per_column.values()))
    if not tasks:
        return None
    fig, ax = plt.subplots(figsize=(min(14, 3 + 0.18 * len(tasks)), 3.8))
    for (label, s), marker in zip(per_column.items(), "osD^v<>pX*"):
        xs = [i for i, t in enumerate(tasks) if t in s]
        ax.scatter(xs, [s[tasks[i]] for i in xs], marker=marker, s=18, label=f"{label} ({len(xs)} tasks)")
    ax.set_yscale("log")
    low, high = ax.get_ylim()
    ticks = [t for t in (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200) if low <= t <= high]
    ax.set_yticks(ticks, [f"{t:g}x" for t in ticks])  # "2x" reads at a glance; 10^0.3 does not
    ax.minorticks_off()
    ax.axhline(1.0, color="k", linestyle="--", linewidth=0.8)
    ax.set_ylabel("speedup vs PyTorch eager (log)")
    if len(tasks) <= 60:
        ax.set_xticks(range(len(tasks)), [t.rsplit("/", 1)[-1][:28] for t in tasks], rotation=75, fontsize=6)
    else:
        ax.set_xlabel(f"{len(tasks)} tasks, sorted by best speedup")
        ax.set_xticks([])
    ax.set_title(title, fontsize=10)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
