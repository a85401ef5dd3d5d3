"""`reference`: answers with the built-in suite's own solution, a perfect-model baseline
for checking the generation and evaluation harness end to end."""

from __future__ import annotations

from autotriton.models.base import BackendError, Generation, Message, SamplingParams
from autotriton.tasks import Task


class ReferenceBackend:
    name = "reference"

    def generate(self, conversations: list[list[Message]], params: SamplingParams,
                 tasks: list[Task] | None = None) -> list[list[Generation]]:
        if tasks is None or len(tasks) != len(conversations):
            raise BackendError("the reference backend needs the task of every conversation")
        out = []
        for task in tasks:
            if not task.solution_source:
                raise BackendError(f"the reference backend only answers tasks with a reference solution; "
                                   f"{task.id} has none")
            text = ("The reference solution from the built-in suite.\n\n"
                    f"```python\n{task.solution_source}```\n")
            out.append([Generation(text, prompt_tokens=0, completion_tokens=len(text) // 4)
                        for _ in range(params.n)])
        return out

    def close(self) -> None:
        pass
