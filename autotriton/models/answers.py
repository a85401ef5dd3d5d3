"""`answers:DIR`: replays solutions already on disk, so `eval` scores what any other
system produced with every metric (KernelBench's eval-from-generations, here).

Layout, by the task file's stem (`19_ReLU` for KernelBench's level1/19_ReLU.py, the
last id part for other tasks, e.g. `relu` for builtin/l1/relu):

    DIR/19_ReLU.py                 one answer, used for every sample
    DIR/19_ReLU/sample_0.py ...    one answer per sample (sample_K for sample K)
    DIR/level1/19_ReLU.py          the same, under KernelBench's level folders

A task without an answer gets an empty generation (it scores as "no code", like a
model that said nothing); `missing` lists them for the report.
"""

from __future__ import annotations

from pathlib import Path

from autotriton.models.base import BackendError, Generation, Message, SamplingParams
from autotriton.tasks import Task


class AnswersBackend:
    name = "answers"

    def __init__(self, folder: str):
        self.root = Path(folder).expanduser()
        if not self.root.is_dir():
            raise BackendError(f"answers folder not found: {self.root}")
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

    def close(self) -> None:
        pass
