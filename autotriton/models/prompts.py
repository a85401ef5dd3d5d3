"""AutoTriton-style prompts: the instruction, the Extra Domain Knowledge, and
refinement feedback built from a verifier result."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from autotriton.models.base import Message
from autotriton.verify.result import FLAG_REASONS, VerifyResult
from autotriton.verify.rules import RULES

SYSTEM = ("You are an expert GPU kernel engineer. You rewrite PyTorch modules as fast, correct "
          "Triton kernels.")

DOMAIN_KNOWLEDGE = """\
Extra Domain Knowledge:
- Import triton and triton.language as tl; define kernels with @triton.jit and launch them as kernel[grid](...).
- tl.arange and block sizes must be powers of two (use triton.next_power_of_2); mask every load and store on the boundary (offs < n) and give masked loads an `other` value that is neutral for the reduction (0 for sums, -inf for max).
- tl.dot needs 2-D tiles with every dimension >= 16; accumulate in tl.float32. It uses TF32 by default for fp32 inputs.
- Elementwise math: tl.exp, tl.log, tl.sqrt, tl.erf, tl.sigmoid, tl.maximum, tl.where; more functions (tanh, pow, ...) live in triton.language.extra.libdevice.
- forward() may only allocate outputs (torch.empty, torch.empty_like), reshape/view inputs, call .contiguous(), and launch kernels. No torch math (no x + y, torch.matmul, @, F.*, nn layers, .sum()) in forward: all computation happens in Triton kernels.
- Never use try/except, torch.compile, or extra imports (only torch, triton, math). Do not mutate inputs.
- Build the same nn layers / nn.Parameters in __init__ in the same order as Model, so seeded weights match, and read them (self.linear.weight) in forward."""


# Where a trained model records the prompt format it was trained on (its adapter or model folder;
# the data build writes it beside its datasets and the trainers copy it into final/): evaluating a
# model with another format than its training data's was a silent mismatch.
PROMPT_FILE = "prompt.json"

TRACE_INTRO = ("What its forward runs, as ATen ops traced on the meta device (in0, in1, ... are forward's "
               "arguments in order; self.* are its parameters and buffers; dims counted from 0):")


def instruction(task_source: str, trace: bool = False) -> str:
    listing = _listing(task_source) if trace else None
    traced = f"\n{TRACE_INTRO}\n\n```text\n{listing}\n```\n" if listing else ""
    return f"""Rewrite the PyTorch module below as `ModelNew`, an nn.Module with the same constructor and forward signatures, whose forward computes the same result using custom Triton kernels.

```python
{task_source.rstrip()}
```
{traced}
{DOMAIN_KNOWLEDGE}

Answer with your reasoning first (how you tile the work, what you fuse, where reductions happen), then exactly one ```python code block containing the complete module: imports, the Triton kernels and class ModelNew. Do not include Model, get_inputs or get_init_inputs."""


def initial_messages(task_source: str, trace: bool = False) -> list[Message]:
    """The first turn for a task; `trace` adds the reference's op listing (tasks/trace.py)."""
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": instruction(task_source, trace)}]


@functools.lru_cache(maxsize=8192)
def _listing(task_source: str) -> str | None:
    # A data build exports each of its ~1,800 tasks once per answer (3,155 rows): trace each once.
    from autotriton.tasks.trace import trace_source
    traced = trace_source(task_source)
    return traced.render() if traced else None


def write_prompt_format(folder: Path, trace: bool) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / PROMPT_FILE).write_text(json.dumps({"trace": trace}) + "\n")


def read_prompt_format(folder: Path | str | None) -> bool:
    """Whether the model or data in `folder` uses the op listing; False where nothing is recorded
    (every model trained before the listing existed, and base models)."""
    if not folder:
        return False
    path = Path(folder) / PROMPT_FILE
    if not path.is_file():
        return False
    try:
        return bool(json.loads(path.read_text()).get("trace", False))
    except (ValueError, AttributeError) as exc:
        raise ValueError(f"{path}: not a prompt-format record ({exc})") from None


def feedback(result: VerifyResult) -> str:
    """What the verifier found, in words a model can act on."""
    kind = result.error_kind.value
    if result.correct:
        speed = "not measured" if result.speedup is None else f"{result.speedup:.2f}x vs PyTorch eager"
        return f"Your kernel is correct (speedup: {speed}). Make it faster while keeping it correct."
    lines = [f"Your answer was rejected: {kind}."]
    for flag in result.hack_flags:
        reason = RULES.get(flag) or FLAG_REASONS.get(flag)
        if reason:
            lines.append(f"- {flag}: {reason}")
    if result.error_msg:
        lines.append("Details:\n" + result.error_msg[-1500:])
    lines.append("Fix the problem and answer again with the complete module in one ```python block.")
    return "\n".join(lines)


def refinement_messages(history: list[Message], answer: str, result: VerifyResult) -> list[Message]:
    return history + [{"role": "assistant", "content": answer}, {"role": "user", "content": feedback(result)}]


def prompt_trace_of(model_spec: str) -> bool:
    """The prompt format a model spec's model was trained with: its adapter's (or full
    model's) record, written by the trainers; False for base models, served models and
    everything trained before the listing existed, and a caller's own backend whose label is no
    spec (the Python API takes one with any name)."""
    from autotriton.models.base import BackendError
    from autotriton.models.spec import parse_model_spec
    try:
        spec = parse_model_spec(model_spec)
    except BackendError:
        return False
    if spec.kind == "embedded" and spec.trained:
        from autotriton.models.embedded import SHIPPED_ADAPTER
        return read_prompt_format(SHIPPED_ADAPTER)
    if spec.kind == "hf":
        return read_prompt_format(spec.adapter or spec.path)
    return False
