"""Two small SFT sets that differ only in the task files' docstrings: the same composed tasks and
the same template answers, with the docstrings of this checkout (data/docstrings.py: people's
words) in one and those of an older commit (the grammar's own words, which the answers restate)
in the other. Continuing one adapter on each and running experiments/2026-11-26-docstrings/docstring_probe.py on both
shows whether the new docstrings make the model read the forward (docs/DATA.md, "Docstrings").

    python experiments/2026-11-26-docstrings/docstring_arms.py --old-ref 0c1277e --tasks 120 --out runs/docstring-arms
    # -> runs/docstring-arms/{new,old}/sft  (build layout: `autotriton train sft --data runs/docstring-arms/new`)

Tasks are composed task indices from --start on (seed 0) whose family is in --families; index
1,800 and up lies past every ablation build, so none of them was trained on before. Answers are
the template teacher's default style; they are not verified here (the builds verify 3,231 of
3,231 of them), since this set is for a probe, not for shipping.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

from autotriton.data.compose import compose_one
from autotriton.data.export import save_dataset, sft_row
from autotriton.data.teachers.template import answer


def old_compose(ref: str):
    """compose.py as it was at `ref`, loaded as a module of its own."""
    source = subprocess.run(["git", "show", f"{ref}:autotriton/data/compose.py"], check=True,
                            capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "compose_old.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("compose_old", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["compose_old"] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def pair(composed) -> dict:
    task = composed.task()
    solution = answer(composed.spec, task.prompt_source)
    return {"task_id": task.id, "teacher": "template", "provenance": {"source": "compose"}, "level": task.level,
            "speedup": None, "prompt_source": task.prompt_source, "reasoning": solution.reasoning,
            "code": solution.code}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old-ref", required=True, help="a commit before data/docstrings.py, e.g. 0c1277e")
    parser.add_argument("--tasks", type=int, default=120)
    parser.add_argument("--start", type=int, default=1800)
    parser.add_argument("--families", default="unary,softmax")
    parser.add_argument("--out", type=Path, default=Path("runs/docstring-arms"))
    args = parser.parse_args()
    old, families = old_compose(args.old_ref), set(args.families.split(","))
    rows: dict[str, list[dict]] = {"new": [], "old": []}
    index = args.start
    while len(rows["new"]) < args.tasks:
        new_task, old_task = compose_one(0, index), old.compose_one(0, index)
        index += 1
        if new_task.level != 1 or new_task.spec["family"] not in families:
            continue
        if new_task.spec != old_task.spec:
            sys.exit(f"task {index - 1}: the grammar changed between {args.old_ref} and now, not only the docstrings")
        new_pair, old_pair = pair(new_task), pair(old_task)
        if new_pair["reasoning"] != old_pair["reasoning"] or new_pair["code"] != old_pair["code"]:
            sys.exit(f"task {index - 1}: the answers differ, not only the task file")
        rows["new"].append(sft_row(new_pair))
        rows["old"].append(sft_row(old_pair))
    for name, arm in rows.items():
        save_dataset(arm, args.out / name / "sft")
    print(f"{args.tasks} tasks (indices {args.start}-{index - 1}) -> {args.out}/new/sft, {args.out}/old/sft")


if __name__ == "__main__":
    main()
