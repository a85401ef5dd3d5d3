"""Teachers: where the build's candidate answers come from.

- `template/` (CPU, no model): a kernel and its explanation written from each composed
  task's grammar point, in every style its family has;
- `inductor/` (GPU or CPU): torch.compile's generated Triton, rewritten into a readable ModelNew;
- `llm.py`: answers sampled from any model spec.

Each one is a `Teacher`. `build.py` opens the teachers named in the build config
(`build._open_teacher`), asks each for candidates batch by batch, verifies every
candidate, then asks the teacher for the final answer of those that passed (the llm
teacher has its model explain verified code that came with too little reasoning).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from autotriton.tasks import Task


@dataclass
class TaskItem:
    """A training task with where it came from: what every teacher is asked to answer."""

    task: Task
    source_kind: str  # "compose" | "harvest"
    provenance: dict
    spec: dict | None = None  # compose grammar point (template teacher input)


@dataclass
class Solution:
    """A teacher's answer for one task: explanation plus the ModelNew module."""

    reasoning: str
    code: str

    def answer(self) -> str:
        """The assistant turn: reasoning, then one fenced Python block."""
        return f"{self.reasoning.strip()}\n\n```python\n{self.code.strip()}\n```\n"


@dataclass
class Candidate:
    """One teacher answer, before verification. `solution` None: the teacher gave none (reason says why)."""

    item: TaskItem
    teacher: str
    sample: int
    verify_task: Task  # what the code is judged against (the Inductor teacher's is fixed-shape)
    solution: Solution | None
    reason: str = ""
    label: str = ""  # e.g. a template style, or "extern_kernels" for Inductor output that calls cuBLAS


class Teacher(Protocol):
    """What build.py needs from a teacher; opened once per build, closed when its batches are done."""

    def teaches(self, item: TaskItem) -> bool:
        """Whether this teacher answers this kind of task (the template teacher needs a grammar point)."""

    def candidates(self, batch: list[TaskItem]) -> list[Candidate]:
        """Answers for a batch of tasks, with their reasoning and provenance (teacher, sample, label)."""

    def explain(self, verified: list[Candidate]) -> list[Solution]:
        """The final answer for each candidate that passed verification, in order."""

    def close(self) -> None:
        """Release what the teacher holds (a worker pool, a model)."""
