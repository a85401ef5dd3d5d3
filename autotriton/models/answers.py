"""`answers:DIR`: replays solutions already on disk, so `eval` scores what any other
system produced with every metric (KernelBench's eval-from-generations, here).

Layout, by the task file's stem (`19_ReLU` for KernelBench's level1/19_ReLU.py, the
last id part for other tasks, e.g. `relu` for builtin/l1/relu):

    DIR/19_ReLU.py                 one answer, used for every sample
    DIR/19_ReLU/sample_0.py ...    one answer per sample (sample_K for sample K)
    DIR/level1/19_ReLU.py          the same, under KernelBench's level folders

A task without an answer gets an empty generation (it scores as "no code", like a
model that said nothing), and a warning on stderr names it, with the file that differs
from its name only in case when there is one (`19_relu.py` for 19_ReLU). A folder with
no .py file at all is an error: nothing would be scored.
"""

from __future__ import annotations

import sys
from pathlib import Path

from autotriton.models.base import BackendError, Generation, Message, SamplingParams
from autotriton.tasks import Task


class AnswersBackend:
    name = "answers"

    def __init__(self, folder: str):
        self.root = Path(folder).expanduser()
        if not self.root.is_dir():
            raise BackendError(f"answers folder not found: {self.root}")
        files = sorted(self.root.rglob("*.py"))
        if not files:
            raise BackendError(f"answers folder {self.root} holds no .py file (layout: DIR/<task stem>.py, "
                               "DIR/<stem>/sample_K.py or DIR/level<N>/<stem>.py)")
        # lower-cased stem (the file's, or its sample folder's) -> the stems on disk
        self._stems: dict[str, set[str]] = {}
        for f in files:
            stem = f.parent.name if f.stem.startswith("sample_") else f.stem
            self._stems.setdefault(stem.lower(), set()).add(stem)
        self.missing: list[str] = []

    def generate(self, conversations: list[list[Message]], params: SamplingParams,
                 tasks: list[Task | None] | None = None) -> list[list[Generation]]:
        if tasks is None or len(tasks) != len(conversations) or any(t is None for t in tasks):
            raise BackendError("answers:DIR replays answers by task file name; it serves task suites "
                               "(builtin, kernelbench:PATH), not TritonBench items")
        return [[self._answer(task, k) for k in range(params.n)] for task in tasks]

    def _answer(self, task: Task, sample: int) -> Generation:
        path = self.find(task, sample)
        if path is None:
            if task.id not in self.missing:
                self.missing.append(task.id)
                stem = task.id.rsplit("/", 1)[-1]
                near = sorted(self._stems.get(stem.lower(), set()) - {stem})
                hint = f"; {', '.join(near)} differs only in case" if near else ""
                print(f"warning: answers:{self.root} has no answer for {task.id} (sample {sample}){hint}",
                      file=sys.stderr)
            return Generation("", prompt_tokens=0, completion_tokens=0, finish_reason="error")
        text = path.read_text(encoding="utf-8", errors="replace")
        return Generation(text, prompt_tokens=0, completion_tokens=len(text) // 4)

    def find(self, task: Task, sample: int) -> Path | None:
        """The answer file for one sample of `task`, or None."""
        stem = task.id.rsplit("/", 1)[-1]  # kernelbench/l1/19_ReLU, builtin/l1/relu, file/<stem>
        folders = [self.root, self.root / f"level{task.level}"]
        for folder in folders:
            per_sample = folder / stem / f"sample_{sample}.py"
            if per_sample.is_file():
                return per_sample
        for folder in folders:
            if (folder / f"{stem}.py").is_file():
                return folder / f"{stem}.py"
        return None

    def check_covers(self, tasks: list[Task]) -> None:
        """Before anything runs: a folder that answers none of `tasks` is an error (a wrong folder
        or naming scored every task "no code" and exited 0), and its files that answer no task
        are named in one warning (a case typo or a stray file was never mentioned)."""
        wanted = {t.id.rsplit("/", 1)[-1] for t in tasks}
        on_disk = set().union(*self._stems.values())
        if tasks and not on_disk & wanted:
            raise BackendError(f"answers:{self.root}: none of its {len(on_disk)} answer names matches a task of "
                               f"the suites (names on disk: {_some(on_disk)}; task names: {_some(wanted)})")
        stray = on_disk - wanted
        if stray:
            print(f"warning: answers:{self.root}: {len(stray)} answer names match no task: {_some(stray)}",
                  file=sys.stderr)

    def close(self) -> None:
        pass


def _some(names: set[str], n: int = 8) -> str:
    shown = sorted(names)[:n]
    return ", ".join(shown) + (f" ... ({len(names) - n} more)" if len(names) > n else "")
