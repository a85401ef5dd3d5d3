"""`autotriton data ...`: harvest, compose and build training data. Thin: the work is in autotriton.data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from autotriton.cli.errors import check_device, out_dir

data_app = typer.Typer(no_args_is_help=True, help="Build verified, decontaminated training data.")
console = Console()


class _Bars:
    """One rich progress bar per pipeline stage, created on first report."""

    def __init__(self, progress: Progress):
        self.progress, self.jobs = progress, {}

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage not in self.jobs:
            self.jobs[stage] = self.progress.add_task(stage, total=total)
        self.progress.update(self.jobs[stage], completed=done, total=total)


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=console)


@data_app.command("compose")
def compose_cmd(n: int = typer.Option(100, "-n", min=1, help="tasks to generate"),
                seed: int = typer.Option(0, "--seed", help="generation seed (deterministic)"),
                out: Path = typer.Option(..., "-o", "--out", callback=out_dir, help="output directory")) -> None:
    """Generate tasks from the op grammar (elementwise chains, reductions, norms, softmax, matmul epilogues, ...)."""
    from collections import Counter

    from autotriton.data.compose import compose, write_tasks
    items = compose(n, seed)
    write_tasks(items, out)
    levels = Counter(c.level for c in items)
    families = Counter(c.spec["family"] for c in items)
    console.print(f"wrote {len(items)} tasks to {out / 'tasks'}; levels {dict(sorted(levels.items()))}; "
                  f"families {dict(families.most_common())}")


@data_app.command("harvest")
def harvest_cmd(sources: list[str] = typer.Argument(..., help="dirs, .py files or pkg:NAME (installed package)"),
                out: Path = typer.Option(..., "-o", "--out", callback=out_dir, help="output directory (re-running resumes)"),
                limit: Optional[int] = typer.Option(None, min=0, help="stop after this many kept tasks"),
                time_limit_s: float = typer.Option(10.0, min=0.5, help="wall-clock limit per forward call"),
                workers: int = typer.Option(2, min=1, help="parallel worker processes")) -> None:
    """Collect nn.Module classes from source trees as self-contained tasks."""
    from autotriton.data.harvest import harvest
    with _progress() as bar:
        bars = _Bars(bar)
        report = harvest(sources, out, time_limit_s=time_limit_s, workers=workers, limit=limit,
                         progress=lambda d, t: bars("harvest", d, t))
    console.print_json(json.dumps(report.to_dict()))


@data_app.command("build")
def build_cmd(config: Optional[Path] = typer.Option(None, "--config", "-c", help="YAML overriding BuildConfig fields"),
              out: Path = typer.Option(..., "-o", "--out", callback=out_dir, help="output directory (re-running resumes)"),
              decontaminate_against: list[str] = typer.Option([], "--decontaminate-against",
                                                              help="repeatable: kernelbench:PATH, tritonbench-t:PATH, ..."),
              device: Optional[str] = typer.Option(None, help="override the config's verifier device"),
              sets: list[str] = typer.Option([], "--set", help="repeatable: override one setting, KEY=VALUE with "
                                             "VALUE read as YAML (compose_n=50, verify.workers=4)")) -> None:
    """harvest/compose -> teachers -> verify -> dedupe/decontaminate -> export (datasets + JSONL + card)."""
    from autotriton.data.build import run_build
    from autotriton.data.build import BuildConfig
    cfg = BuildConfig.from_yaml(config, tuple(sets))
    if decontaminate_against:
        cfg.decontaminate_against = list(cfg.decontaminate_against) + list(decontaminate_against)
    cfg.verify.device = check_device(device) if device else check_device(cfg.verify.device, f"{config}: verify.device")
    with _progress() as bar:
        report = run_build(cfg, out, progress=_Bars(bar))
    for teacher, s in report.teachers.items():
        console.print(f"{teacher}: {s['passed']}/{s['candidates']} verified ({100 * s['pass_rate']:.1f}%)")
    console.print(f"SFT rows {report.sft_rows}, RL rows {report.rl_rows}, {report.elapsed_s:.0f} s; "
                  f"card: {out / 'README.md'}")
