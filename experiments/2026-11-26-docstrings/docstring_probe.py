"""How much a model's answers depend on the task file's docstrings: the same KernelBench files
evaluated as they are and with every docstring deleted (nothing else changes), then compared
task by task (benchmarks/compare_runlogs.py).

A model that reads the forward scores the same on both. The shipped adapter did not: on 15
KernelBench-L1 activation files it ran 1 as written and 4 with the docstrings gone (docs/DATA.md,
"Docstrings"). Files are copied into OUT (never into the repository: the benchmark's files
must not be committed).

    python experiments/2026-11-26-docstrings/docstring_probe.py --kernelbench external/kernelbench --tasks 19-32,88 \\
        --model embedded:triton --device cpu --max-new-tokens 900 --out runs/docstring-probe
"""

from __future__ import annotations

import argparse
import ast
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from compare_runlogs import compare  # noqa: E402  (benchmarks/, a maintained tool)

from autotriton.rundir import read_jsonl  # noqa: E402


def without_docstrings(source: str) -> str:
    """`source` with the docstring lines of the module, its classes and functions deleted (a
    docstring that is a body's only statement stays: without it the body would be empty)."""
    drop: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and body and len(body) > 1 \
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            drop.update(range(body[0].lineno, body[0].end_lineno + 1))
    return "".join(line for i, line in enumerate(source.splitlines(keepends=True), 1) if i not in drop)


def task_numbers(text: str) -> list[int]:
    """'19-32,88' -> [19, ..., 32, 88]."""
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    return out


def copy_level(kernelbench: Path, level: int, numbers: list[int], dest: Path, strip: bool) -> None:
    folder = dest / f"level{level}"
    folder.mkdir(parents=True, exist_ok=True)
    for n in numbers:
        matches = sorted((kernelbench / f"level{level}").glob(f"{n}_*.py"))
        if not matches:
            raise SystemExit(f"no level{level} task numbered {n} under {kernelbench}")
        source = matches[0].read_text()
        (folder / matches[0].name).write_text(without_docstrings(source) if strip else source)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kernelbench", type=Path, default=Path("external/kernelbench"))
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--tasks", default="19-32,88", help="task numbers, e.g. 19-32,88")
    parser.add_argument("--model", default="embedded:triton")
    parser.add_argument("--device", default="auto")
    parser.add_argument("--max-new-tokens", type=int, default=2048)
    parser.add_argument("--out", type=Path, default=Path("runs/docstring-probe"))
    args = parser.parse_args()
    numbers = task_numbers(args.tasks)
    for name, strip in (("as_written", False), ("no_docstrings", True)):
        tasks = args.out / "tasks" / name
        shutil.rmtree(tasks, ignore_errors=True)
        copy_level(args.kernelbench, args.level, numbers, tasks, strip)
        # eval resumes a finished run directory, so re-running the probe costs nothing
        subprocess.run([sys.executable, "-m", "autotriton.cli.main", "eval", "-m", args.model,
                        "-s", f"kernelbench:{tasks}:levels={args.level}", "--device", args.device,
                        "--max-new-tokens", str(args.max_new_tokens), "--batch-size", str(len(numbers)),
                        "--no-hack-rate", "--out", str(args.out / name)], check=True)
    table = compare(read_jsonl(args.out / "as_written" / "runlog.jsonl"),
                    read_jsonl(args.out / "no_docstrings" / "runlog.jsonl"), ("as written", "no docstrings"))
    (args.out / "comparison.md").write_text(table)
    print(table)


if __name__ == "__main__":
    main()
