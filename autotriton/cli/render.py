"""Rich rendering for the CLI: tables, verdicts, progress bars."""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.syntax import Syntax
from rich.table import Table

from autotriton.tasks import Task
from autotriton.verify.result import FLAG_REASONS, VerifyResult
from autotriton.verify.rules import RULES

NOT_MEASURED = "not measured"


def task_rows_table(rows: list[dict]) -> Table:
    """`tasks list` rows (cli.main._task_row) as a table; ids never cut."""
    table = Table(title=f"{len(rows)} tasks")
    table.add_column("id", no_wrap=True, overflow="fold")
    for col in ("channel", "level", "split", "tags", "shapes"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["id"], r["channel"], str(r["level"]), r["split"], ", ".join(r["tags"]),
                      ", ".join(s["name"] for s in r["shapes"]))
    return table


def show_task(console: Console, task: Task, solution: bool) -> None:
    console.print(f"[bold]{task.id}[/]  level {task.level}  split {task.split}  tags {', '.join(task.tags)}")
    for s in task.shapes:
        console.print(f"  shape {s.name} ({s.mode}): {s.overrides}")
    if task.tolerance:
        console.print(f"  tolerance {task.tolerance}: {task.tolerance_reason}")
    console.print(Syntax(task.prompt_source, "python"))
    if solution and task.solution_source:
        console.print("[bold]reference solution[/]")
        console.print(Syntax(task.solution_source, "python"))


def _fmt_us(value: float | None) -> str:
    return NOT_MEASURED if value is None else f"{value:.1f} us"


def _mark(ok: bool) -> str:
    return "[green]yes[/]" if ok else "[red]no[/]"


def verdict(console: Console, r: VerifyResult) -> None:
    table = Table(title=f"{r.task_id} ({r.mode}, {r.device})")
    table.add_column("stage")
    table.add_column("result")
    for stage in ("parsed", "static_ok", "compiled", "launched", "correct"):
        table.add_row(stage, _mark(getattr(r, stage)))
    table.add_row("runtime", _fmt_us(r.runtime_us))
    table.add_row("eager", _fmt_us(r.eager_us))
    table.add_row("torch.compile", _fmt_us(r.compile_us))
    table.add_row("speedup", NOT_MEASURED if r.speedup is None else f"{r.speedup:.2f}x")
    console.print(table)
    if r.error_kind.value != "none":
        console.print(f"[bold red]first failure:[/] {r.error_kind.value}")
        console.print(r.error_msg, highlight=False, markup=False)
    for flag in r.hack_flags:
        console.print(f"[yellow]flag {flag}:[/] {FLAG_REASONS.get(flag) or RULES.get(flag, '')}")
    console.print("[bold green]CORRECT[/]" if r.correct else "[bold red]REJECTED[/]")


def counted_progress(label: str, console: Console | None = None) -> Progress:
    """A bar on stderr (or `console`) with done/total and a note (the eval's generate/verify
    split): piped stdout then holds the results alone."""
    return Progress(TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[note]}"),
                    TimeElapsedColumn(), console=console or Console(stderr=True))


def noted_progress(bar: Progress, job) -> Callable[[int, int, str], None]:
    """The eval's progress(done, total, note) on `bar`; where stderr is not a terminal (a device
    call's log, nohup) rich draws nothing until the bar stops, which a kill never reaches, so each
    new note is also a plain line there. Two cut-off 520-s H200 calls left no line (session 38)."""
    start, last = time.monotonic(), [None]

    def update(done: int, total: int, note: str) -> None:
        bar.update(job, completed=done, total=total, note=note)
        if not bar.console.is_terminal and note and note != last[0]:
            bar.console.print(f"eval {done}/{total} [{time.monotonic() - start:.0f} s] {note}",
                              markup=False, highlight=False, soft_wrap=True)
        last[0] = note
    return update


def run_with_progress(verifier, pairs, label: str) -> list[VerifyResult]:
    columns = (TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns) as progress:
        bar = progress.add_task(label, total=len(pairs))
        return verifier.verify_many(pairs, progress=lambda _r: progress.advance(bar))


def summary_table(tasks: list[Task], results: list[VerifyResult]) -> Table:
    by_level: dict[int, list[VerifyResult]] = defaultdict(list)
    for t, r in zip(tasks, results):
        by_level[t.level].append(r)
    table = Table(title="reference solutions")
    for col in ("level", "tasks", "correct", "median speedup"):
        table.add_column(col)
    for level in sorted(by_level):
        rs = by_level[level]
        speedups = sorted(r.speedup for r in rs if r.speedup is not None)
        med = f"{speedups[len(speedups) // 2]:.2f}x" if speedups else NOT_MEASURED
        table.add_row(str(level), str(len(rs)), f"{sum(r.correct for r in rs)}/{len(rs)}", med)
    failures = [(t, r) for t, r in zip(tasks, results) if not r.correct]
    for t, r in failures:
        table.add_row(f"[red]{t.id}[/]", "", r.error_kind.value, r.error_msg.splitlines()[0][:80] if r.error_msg else "")
    return table


def hack_table(hacks, results: list[VerifyResult]) -> Table:
    table = Table()
    for col in ("hack", "task", "verdict", "why"):
        table.add_column(col)
    for h, r in zip(hacks, results):
        reason = ", ".join(r.hack_flags) or r.error_kind.value
        table.add_row(h.name, h.task_id, "[red]PASSED (bug)[/]" if r.correct else "[green]rejected[/]", reason)
    return table


def generate_report(outcome) -> str:
    """A short Markdown report of a `generate` run: every attempt and its verdict."""
    lines = [f"# generate: {outcome.task_id}", "", "| turn | sample | verdict | speedup | tokens |", "|---|---|---|---|---|"]
    for a in outcome.attempts:
        verdict = "correct" if a.result.correct else a.result.error_kind.value
        speed = NOT_MEASURED if a.result.speedup is None else f"{a.result.speedup:.2f}x"
        lines.append(f"| {a.turn} | {a.sample} | {verdict} | {speed} | {a.completion_tokens} |")
    best = outcome.best
    if best is not None and not best.result.correct:
        lines += ["", f"Best attempt (turn {best.turn}, sample {best.sample}) failed with "
                  f"{best.result.error_kind.value}:", "", best.result.error_msg[:1500]]
    return "\n".join(lines) + "\n"
