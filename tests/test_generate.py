"""The generate loop refines with verifier feedback: a scripted model that fixes its
answer only after seeing the feedback succeeds on turn 1."""

from __future__ import annotations

from autotriton.eval.generate import generate_kernel
from autotriton.models.prompts import feedback, initial_messages
from autotriton.models import load_backend
from autotriton.models.base import Generation, SamplingParams
from autotriton.tasks import get_task

RELU = get_task("builtin/l1/relu")
BROKEN = RELU.solution_source.replace("tl.maximum(x, 0.0)", "x")


class ScriptedBackend:
    """Wrong answer first; the reference once a user message carries verifier feedback."""

    name = "scripted"

    def __init__(self):
        self.seen_feedback: list[str] = []

    def generate(self, conversations, params, tasks=None):
        out = []
        for conv in conversations:
            last = conv[-1]["content"]
            if "rejected" in last:
                self.seen_feedback.append(last)
                text = f"Fixed: apply max(x, 0).\n```python\n{RELU.solution_source}```"
            else:
                text = f"Copy the input.\n```python\n{BROKEN}```"
            out.append([Generation(text, 10, 20) for _ in range(params.n)])
        return out

    def close(self):
        pass


def test_refinement_fixes_on_second_turn(cpu_verifier):
    backend = ScriptedBackend()
    outcome = generate_kernel(RELU, backend, cpu_verifier, n=2, turns=2, params=SamplingParams(max_new_tokens=64))
    assert outcome.success
    turns = [(a.turn, a.result.correct) for a in outcome.attempts]
    assert turns == [(0, False), (0, False), (1, True), (1, True)]
    assert outcome.best.turn == 1 and outcome.best.result.correct
    # The feedback the model saw names the failure and what was wrong: the mismatch numbers, or
    # the infinity a copy carries through from a masked (-inf) input.
    feedback = backend.seen_feedback[0]
    assert "wrong_output" in feedback and ("max abs err" in feedback or "got -inf" in feedback), feedback


def test_gives_up_after_turns_and_ranks_furthest_attempt(cpu_verifier):
    class Stubborn(ScriptedBackend):
        def generate(self, conversations, params, tasks=None):
            return [[Generation(f"```python\n{BROKEN}```", 1, 1)] * params.n for _ in conversations]

    outcome = generate_kernel(RELU, Stubborn(), cpu_verifier, n=1, turns=1)
    assert not outcome.success and len(outcome.attempts) == 2
    assert outcome.best.result.error_kind.value == "wrong_output"


def test_reference_backend_and_prompt():
    backend = load_backend("reference")
    gens = backend.generate([initial_messages(RELU.prompt_source)], SamplingParams(n=2), tasks=[RELU])
    assert len(gens[0]) == 2 and "class ModelNew" in gens[0][0].text
    prompt = initial_messages(RELU.prompt_source)[1]["content"]
    assert "Extra Domain Knowledge" in prompt and "autotriton metadata" not in prompt and "class Model(" in prompt


def test_feedback_for_correct_result(cpu_verifier):
    result = cpu_verifier.verify(RELU, RELU.solution_source)
    assert "correct" in feedback(result)
