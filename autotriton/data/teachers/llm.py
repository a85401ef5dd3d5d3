"""The `llm` teacher: AutoTriton's instruction-guided distillation from any model spec.

For each task the model gets the instruction with Extra Domain Knowledge and
samples k answers; the build verifies them and keeps those that pass. A kept
answer with little or no reasoning before its code gets a second call that asks
the model to explain the verified code, so every SFT row teaches the why.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from autotriton.data.teachers import Candidate, Solution
from autotriton.models.prompts import SYSTEM, initial_messages
from autotriton.models.base import Backend, SamplingParams
from autotriton.tasks import Task
from autotriton.verify.extract import extract_code

if TYPE_CHECKING:
    from autotriton.data.teachers import TaskItem

_FENCED = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
MIN_REASONING_CHARS = 200  # below this the answer's prose is a one-liner, not an explanation


def sample(backend: Backend, tasks: list[Task], params: SamplingParams) -> list[list[str]]:
    """`params.n` raw answers per task."""
    gens = backend.generate([initial_messages(t.prompt_source) for t in tasks], params, tasks)
    return [[g.text for g in per_task] for per_task in gens]


def split_answer(text: str) -> Solution | None:
    """Reasoning (prose before the chosen block, thinking tags removed) and code."""
    code = extract_code(text)
    if code is None:
        return None
    cut = text.find("```")
    prose = text[:cut] if cut >= 0 else ""
    # any case, as extract._strip_thinking reads them: a dangling <THINK> left in the prose hid the
    # code of the re-wrapped answer, and the build judged no_code an answer the API judged correct
    prose = re.sub(r"</?think>", "", prose, flags=re.IGNORECASE)
    return Solution(prose.strip(), code)


def explain_messages(task: Task, code: str) -> list[dict]:
    return [{"role": "system", "content": SYSTEM},
            {"role": "user", "content": (
                "Here is a PyTorch module and a verified Triton rewrite of it.\n\n```python\n"
                f"{task.prompt_source.rstrip()}\n```\n\n```python\n{code.rstrip()}\n```\n\n"
                "Explain step by step how the Triton version works: how the work is tiled over the grid, "
                "which operations are fused into each kernel, where reductions happen, and why the masks "
                "and block sizes are chosen as they are. Answer in prose only, without code blocks.")}]


def add_explanations(backend: Backend, pairs: list[tuple[Task, Solution]], params: SamplingParams) -> list[Solution]:
    """Fill in reasoning for verified answers that came without enough of it."""
    todo = [i for i, (_, s) in enumerate(pairs) if len(s.reasoning) < MIN_REASONING_CHARS]
    out = [s for _, s in pairs]
    if not todo:
        return out
    one = SamplingParams(n=1, temperature=params.temperature, top_p=params.top_p,
                         max_new_tokens=params.max_new_tokens, seed=params.seed)
    gens = backend.generate([explain_messages(pairs[i][0], pairs[i][1].code) for i in todo], one)
    for i, g in zip(todo, gens):
        text = _FENCED.sub("", g[0].text).strip()  # keep the explanation prose-only
        if text:
            out[i] = Solution(text, out[i].code)
    return out


class LLMTeacher:
    """`sample_params.n` answers per task from `backend`; verified ones with little reasoning are
    explained by the model under `explain_params`."""

    def __init__(self, backend: Backend, sample_params: SamplingParams, explain_params: SamplingParams):
        self.backend = backend
        self.sample_params = sample_params
        self.explain_params = explain_params

    def teaches(self, item: TaskItem) -> bool:
        return True

    def candidates(self, batch: list[TaskItem]) -> list[Candidate]:
        out = []
        for it, texts in zip(batch, sample(self.backend, [it.task for it in batch], self.sample_params)):
            for s, text in enumerate(texts):
                sol = split_answer(text)
                out.append(Candidate(it, "llm", s, it.task, sol, "" if sol else "no_code: no ModelNew code block"))
        return out

    def explain(self, verified: list[Candidate]) -> list[Solution]:
        return add_explanations(self.backend, [(c.verify_task, c.solution) for c in verified], self.explain_params)

    def close(self) -> None:
        self.backend.close()
