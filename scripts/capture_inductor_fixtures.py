"""Capture Inductor output for the built-in train tasks (GPU), as fixtures for the
CPU tests and development of the Inductor teacher's rewriter.

    python scripts/capture_inductor_fixtures.py --out $OUT/inductor_captures.json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path


def _one(task_id: str) -> dict:
    from autotriton.data.teachers.inductor.capture import capture_in_worker as _capture_one
    from autotriton.tasks import get_task
    task = get_task(task_id)
    return _capture_one(task.source, task.id, task.level)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--workers", type=int, default=8)
    args = parser.parse_args()
    from autotriton.tasks import load_suite
    ids = [t.id for t in load_suite("builtin:train")]
    with ProcessPoolExecutor(args.workers, mp_context=mp.get_context("spawn")) as pool:
        records = list(pool.map(_one, ids))
    args.out.write_text(json.dumps(records, indent=1))
    ok = sum(r["ok"] for r in records)
    print(f"captured {ok}/{len(records)}")
    for r in records:
        if not r["ok"]:
            print(r["task_id"], r["reason"][:200])


if __name__ == "__main__":
    main()
