"""The held-out split of harvested modules: real modules no training run sees, for the
development suite (issue 31: decisions are made on our own suite, never on a test set).

A harvested task is held out when its fingerprint (data/normalize.py, the one the harvest
dedupes by) hashes below HELDOUT_SHARE, so the split depends on the module's code, not on
the order or the set of sources harvested: the same class harvested again, from another
run or another version of its package, stays on its side. `data build` leaves held-out
tasks out of training (data/build.py) and the `harvest:PATH` suite (tasks/specs.py)
evaluates exactly them.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from autotriton.rundir import read_jsonl
from autotriton.tasks.contract import Task, TaskError, task_from_source
from autotriton.tasks.sizes import with_dot_tolerance, with_interp_shapes

# 15%: a pkg:torch.nn harvest keeps ~120 tasks, so about 18 held out; transformers adds more.
HELDOUT_SHARE = 0.15


def is_heldout(fingerprint: str) -> bool:
    digest = hashlib.sha256(f"heldout:{fingerprint}".encode()).digest()
    return int.from_bytes(digest[:4], "big") < HELDOUT_SHARE * (1 << 32)


def harvested_records(hdir: Path) -> list[dict]:
    """The manifest of a harvest output folder (`data harvest -o DIR`, or a build's tasks/harvest)."""
    manifest = Path(hdir) / "manifest.jsonl"
    if not manifest.is_file():
        raise TaskError(f"{hdir}: no manifest.jsonl (expected the output folder of `autotriton data harvest`)")
    return read_jsonl(manifest)


def heldout_tasks(hdir: Path) -> list[Task]:
    """The held-out harvested tasks of a harvest folder, as eval tasks: ids `harvest/<task_id>`,
    split heldout, interp sizes derived where the file has none."""
    tasks = []
    for rec in harvested_records(hdir):
        if not is_heldout(rec["fingerprint"]):
            continue
        source = (Path(hdir) / rec["path"]).read_text()
        task = task_from_source(source, task_id=f"harvest/{rec['task_id']}", suite="harvest",
                                level=int(rec.get("level", 1)), path=str(Path(hdir) / rec["path"]))
        tasks.append(with_dot_tolerance(with_interp_shapes(task)))
    from dataclasses import replace
    return [replace(t, split="heldout") for t in tasks]
