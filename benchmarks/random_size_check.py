"""Does every task's reference run at the CPU judge's random sizes?

The judge's random-size trial (verify/judge.py `random_setting`) grows every size constant that
reaches an input, keeping the task's divisibility (tasks/sizes.py `grown_sizes`). A reference that
fails there makes the task `invalid_task` for every candidate, so this counts, per suite, how
many references fail at DRAWS random sizes each, and why: "redrawn" where a draw failed and a
smaller one ran (as the judge redraws), "fails" where no draw ran (the trial is left out). Runs the reference only (no
candidate, no sandbox), in this process.

    python benchmarks/random_size_check.py [--suite builtin --suite dev --suite kernelbench:external/kernelbench]
        [--composed 200] [--draws 3]
"""

from __future__ import annotations

import argparse
import collections
import tempfile
import time
from dataclasses import replace

import torch

from autotriton.eval.harness import resolve_suite
from autotriton.tasks.sizes import as_judged
from autotriton.verify import VerifyConfig
from autotriton.verify.job import build_job
from autotriton.verify.judge import Judge, TaskFailure, size_draws


def _tasks(specs: list[str], composed: int) -> list:
    tasks = []
    for spec in specs:
        tasks += [it.task for it in resolve_suite(spec) if it.task is not None]
    if composed:
        from autotriton.data.compose import compose
        tasks += [c.task() for c in compose(composed, 0)]
    return tasks


def check(task, draws: int) -> tuple[str, str]:
    """("ok" | "none" | "fails", detail) for one task."""
    job = build_job("check", as_judged(task), VerifyConfig(device="cpu"), "interp", candidate="unused")
    with tempfile.TemporaryDirectory() as tmp:
        try:
            judge = Judge(replace(job, judge_dir=tmp), None)
        except TaskFailure as exc:
            return "unjudgeable", str(exc)[:200]
        redrawn, last = 0, "no draw fit the element budget"
        values, reach = judge.growable_sizes()
        if not reach:
            return "none", "no size reaches an input, or the interp sizes are past the budget already"
        for _ in range(draws):
            for grow in size_draws(judge.rng, values, reach):  # as judge._random_size_trial draws them
                setting = judge.random_setting(values, grow)
                if setting is None:
                    continue
                try:
                    ref, _ = judge.build_reference(setting, 0)
                    inputs, _ = judge.draw_inputs(False, 0)
                    with torch.no_grad():
                        ref(*inputs)
                    break
                except Exception as exc:  # noqa: BLE001 - what fails is what this counts
                    redrawn += 1
                    last = f"{setting.overrides}: {exc!r}"[:300]
            else:
                return "fails", last
    return ("redrawn", last) if redrawn else ("ok", "")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", action="append", default=None)
    ap.add_argument("--composed", type=int, default=200)
    ap.add_argument("--draws", type=int, default=3)
    args = ap.parse_args()
    tasks = _tasks(args.suite or ["builtin", "dev"], args.composed)
    counts, start = collections.Counter(), time.perf_counter()
    for task in tasks:
        verdict, detail = check(task, args.draws)
        counts[(task.suite, verdict)] += 1
        if verdict in ("fails", "redrawn"):
            print(f"{verdict.upper()} {task.id}: {detail}")
    for (suite, verdict), n in sorted(counts.items()):
        print(f"{suite:12s} {verdict:6s} {n}")
    print(f"{len(tasks)} tasks, {args.draws} draws each, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
