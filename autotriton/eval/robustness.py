"""The robustness channel: every task also scored as K rewrites that keep its meaning.

`suite:...:rewrites=K` (tasks/specs.py) puts each task's kept rewrites (tasks/rewrite.py
proposes, eval/equivalence.py checks by running both) in a channel of their own, named
after the original's with "/rewritten". The report sets the two side by side with the gap
(`robustness_rows`): a model that reads modules does on the rewrites what it does on the
originals; one that learned a benchmark's wording does not.

TritonBench-T items are rewritten too (`tritonbench_rewrites`): the PyTorch reference their prompt
shows, checked by running it with the item's own test section.

Checking costs a few seconds of CPU per task (one confined child each), run `workers` at a
time. Kept rewrites are logged to a JSONL file (an eval's `rewrites.jsonl`): a resumed or
repeated eval reads them back instead of checking again, and the file says which proposal
was dropped and why.
"""

from __future__ import annotations

import ast
import os
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Callable

from autotriton.rundir import append_jsonl, read_jsonl
from autotriton.tasks.contract import Task
from autotriton.eval.equivalence import kept_rewrites
from autotriton.tasks.rewrite import rewritten_task
from autotriton.tasks.rewrite import Rewrite

REWRITTEN = "/rewritten"  # channel suffix


def task_rewrites(tasks: list[Task], k: int, log_path: Path | None = None, workers: int = 0,
                  progress: Callable[[int, int], None] | None = None) -> dict[str, list[Task]]:
    """Task id -> its kept rewrites (at most k; fewer where fewer proposals ran the same)."""
    cached = _cached(log_path, k) if log_path else {}
    out: dict[str, list[Task]] = {}
    todo = []
    for t in tasks:
        hit = cached.get((t.id, t.source_hash))
        if hit is None:
            todo.append(t)
        else:
            out[t.id] = [rewritten_task(t, rw, i) for i, rw in enumerate(hit)]
    done = len(tasks) - len(todo)
    with ThreadPoolExecutor(max_workers=workers or max(1, os.cpu_count() or 1)) as pool:
        for t, (kept, checks) in zip(todo, pool.map(lambda t: kept_rewrites(t, k), todo)):
            out[t.id] = kept
            if log_path:
                append_jsonl(log_path, {"task_id": t.id, "source_hash": t.source_hash, "k": k,
                                        "kept": [asdict(c.rewrite) for c in checks if c.equal][:k],
                                        "dropped": [{"seed": c.rewrite.seed, "transforms": c.rewrite.transforms,
                                                     "reason": c.reason} for c in checks if not c.equal]})
            done += 1
            if progress:
                progress(done, len(tasks))
    return out


def _cached(path: Path, k: int) -> dict[tuple[str, str], list[Rewrite]]:
    out = {}
    for rec in read_jsonl(path):
        if rec.get("k") == k:
            out[(rec["task_id"], rec["source_hash"])] = [Rewrite(r["source"], r["seed"], tuple(r["transforms"]),
                                                                 r["names"], r["sizes"]) for r in rec["kept"]]
    return out


def robustness_rows(exec_rates: dict[str, float], records: list[dict] = ()) -> list[dict]:
    """One row per channel that has a rewritten twin: exec % as written, on the rewrites, the gap
    (points), the ratio, and, from the run log's `records`, how many rewrites of tasks that passed
    as written pass too ("held"). `exec_rates`: channel -> exec %."""
    correct = {}
    for r in records:
        correct[r["key"]] = correct.get(r["key"], False) or bool(r["result"].get("correct"))
    rows = []
    for channel, rate in sorted(exec_rates.items()):
        twin = exec_rates.get(channel + REWRITTEN)
        if channel.endswith(REWRITTEN) or twin is None:
            continue
        keys = {r["key"] for r in records if r["channel"] == channel + REWRITTEN}
        of_passing = [k for k in keys if correct.get(k.partition("#rw")[0])]
        rows.append({"channel": channel, "exec_original": rate, "exec_rewritten": twin, "gap": twin - rate,
                     "ratio": twin / rate if rate else None,
                     "held": f"{sum(correct[k] for k in of_passing)}/{len(of_passing)}"})
    return rows


def robustness_table(rows: list[dict]) -> str:
    """The rows as markdown, for the eval report."""
    head = ("| channel | exec % as written | exec % rewritten | gap (points) | ratio | rewrites of passing tasks "
            "that pass |\n|---|---|---|---|---|---|\n")
    return head + "".join(f"| {r['channel']} | {r['exec_original']:.1f} | {r['exec_rewritten']:.1f} | {r['gap']:+.1f} "
                          f"| {'n/a' if r['ratio'] is None else format(r['ratio'], '.2f')} | {r['held']} |\n"
                          for r in rows)


# ====================================================================== TritonBench-T

_REFERENCE = re.compile(r"(PyTorch reference:\n```python\n)(.*?)(\n```)", re.DOTALL)


def tritonbench_rewrites(items: list, k: int, log_path: Path | None = None, workers: int = 0) -> dict[str, list]:
    """TritonBench-T item id -> up to k items whose prompt shows a rewrite of the item's PyTorch reference
    (tasks/rewrite.FUNCTION_TRANSFORMS: the names its test section calls by stay), kept when the
    reference and the rewrite, each run with the item's own test section on the CPU (the confined
    TritonBench runner), store the same results. Items whose reference does not run on the CPU get none."""
    cached = _cached(log_path, k) if log_path else {}
    out: dict[str, list] = {}
    todo = []
    for it in items:
        hit = cached.get((it.id, _hash(it.instruction)))
        if hit is None:
            todo.append(it)
        else:
            out[it.id] = [_with_reference(it, rw, i) for i, rw in enumerate(hit)]
    with ThreadPoolExecutor(max_workers=workers or max(1, os.cpu_count() or 1)) as pool:
        for it, (kept, dropped) in zip(todo, pool.map(lambda it: _check_tb(it, k), todo)):
            out[it.id] = [_with_reference(it, rw, i) for i, rw in enumerate(kept)]
            if log_path:
                append_jsonl(log_path, {"task_id": it.id, "source_hash": _hash(it.instruction), "k": k,
                                        "kept": [asdict(rw) for rw in kept], "dropped": dropped})
    return out


def _hash(text: str) -> str:
    import hashlib
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _with_reference(item, rw: Rewrite, k: int):
    from dataclasses import replace
    instruction = _REFERENCE.sub(lambda m: m.group(1) + rw.source.strip() + m.group(3), item.instruction, count=1)
    return replace(item, id=f"{item.id}#rw{k}", instruction=instruction)


def _check_tb(item, k: int) -> tuple[list[Rewrite], list[dict]]:
    from dataclasses import replace
    from autotriton.eval.tritonbench import TB_TOLERANCE, run_tritonbench_gold
    from autotriton.verify.compare import tree_mismatch
    from autotriton.tasks.rewrite import PROPOSALS_PER_REWRITE
    from autotriton.tasks.rewrite import FUNCTION_TRANSFORMS, rewrite, rewrite_seed
    match = _REFERENCE.search(item.instruction)
    if match is None:
        return [], [{"reason": "the prompt shows no PyTorch reference"}]
    code = match.group(2)
    try:
        defines = any(isinstance(n, ast.FunctionDef) for n in ast.parse(code).body)
    except SyntaxError:
        defines = False
    if not defines:  # TritonBench-T's own prompts: 0 of 166 show a whole function (2026-11-27)
        return [], [{"reason": "the prompt's reference is a fragment, not a function: a rewrite of it cannot be "
                               "checked by running it"}]
    # the prompt's reference may leave out imports its file has (the test section needs torch)
    imports = "".join(ast.get_source_segment(item.gold_code, n) + "\n" for n in ast.parse(item.gold_code).body
                      if isinstance(n, (ast.Import, ast.ImportFrom)))
    original = run_tritonbench_gold(replace(item, gold_code=imports + code), "cpu")
    if original.results is None:
        return [], [{"reason": f"the reference does not run on the CPU: {original.error_msg[-200:]}"}]
    kept, dropped, seen = [], [], {code.strip()}
    for j in range(k * PROPOSALS_PER_REWRITE):
        if len(kept) == k:
            break
        rw = rewrite(code, rewrite_seed(item.id, j), FUNCTION_TRANSFORMS)
        if rw.source.strip() in seen:
            continue
        seen.add(rw.source.strip())
        run = run_tritonbench_gold(replace(item, gold_code=imports + rw.source), "cpu")
        why = (f"does not run: {run.error_msg[-200:]}" if run.results is None
               else tree_mismatch(original.results, run.results, TB_TOLERANCE, item.result_var))
        if why:
            dropped.append({"seed": rw.seed, "transforms": rw.transforms, "reason": why})
        else:
            kept.append(rw)
    return kept, dropped
