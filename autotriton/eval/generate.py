"""Sample, verify, refine: turn a PyTorch module into a verified Triton one.

Turn 0 samples `n` candidates from the task prompt. Each later turn (up to
`turns`) sends every failing candidate's verifier feedback (compile error,
mismatch statistics, hack flag and reason) back to the model as the next user
message. The best attempt is the correct one with the highest speedup, or,
if none is correct, the one that got furthest (parsed < rules < compiled <
launched).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from autotriton.models.prompts import initial_messages, refinement_messages
from autotriton.models.base import Backend, Message, SamplingParams
from autotriton.tasks import Task
from autotriton.verify import Verifier
from autotriton.verify.extract import extract_code
from autotriton.verify.result import ErrorKind, VerifyResult


@dataclass
class Attempt:
    turn: int
    sample: int
    text: str
    result: VerifyResult
    completion_tokens: int

    @property
    def code(self) -> str | None:
        return extract_code(self.text)


@dataclass
class GenerateOutcome:
    task_id: str
    attempts: list[Attempt] = field(default_factory=list)

    @property
    def best(self) -> Attempt | None:
        return max(self.attempts, key=_rank, default=None)

    @property
    def success(self) -> bool:
        return any(a.result.correct for a in self.attempts)


def _rank(a: Attempt) -> tuple:
    r = a.result
    progress = (r.parsed, r.static_ok, r.compiled, r.launched)
    return (r.correct, r.speedup or 0.0, progress, -a.turn)


def generate_kernel(task: Task, backend: Backend, verifier: Verifier, *, n: int = 8, turns: int = 3,
                    params: SamplingParams | None = None, stop_on_success: bool = True,
                    progress: Callable[[Attempt], None] | None = None, trace: bool = False) -> GenerateOutcome:
    """`trace`: the prompt carries the op listing, as for a model trained with it (models/prompts.py)."""
    params = params or SamplingParams()
    outcome = GenerateOutcome(task.id)
    first = initial_messages(task.prompt_source, trace)
    gens = backend.generate([first], replace(params, n=n), tasks=[task])[0]
    histories: dict[int, list[Message]] = {i: first for i in range(n)}
    texts = {i: g.text for i, g in enumerate(gens)}
    tokens = {i: g.completion_tokens for i, g in enumerate(gens)}
    alive = list(range(n))
    for turn in range(turns + 1):
        results = verifier.verify_many([(task, texts[i]) for i in alive])
        for i, res in zip(alive, results):
            attempt = Attempt(turn, i, texts[i], res, tokens[i])
            outcome.attempts.append(attempt)
            if progress is not None:
                progress(attempt)
        failing = [(i, r) for i, r in zip(alive, results) if not r.correct]
        if turn == turns or not failing or (stop_on_success and outcome.success):
            break
        if all(r.error_kind is ErrorKind.INVALID_TASK for _, r in failing):
            break  # the task's own reference cannot run: no candidate can pass, so feedback is wasted
        for i, res in failing:
            histories[i] = refinement_messages(histories[i], texts[i], res)
        alive = [i for i, _ in failing]
        gens = backend.generate([histories[i] for i in alive], replace(params, n=1), tasks=[task] * len(alive))
        for i, g in zip(alive, gens):
            texts[i], tokens[i] = g[0].text, g[0].completion_tokens
    return outcome
