"""AutoTriton-style prompts: the instruction, the Extra Domain Knowledge, and
refinement feedback built from a verifier result."""

from __future__ import annotations

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


def instruction(task_source: str) -> str:
    return f"""Rewrite the PyTorch module below as `ModelNew`, an nn.Module with the same constructor and forward signatures, whose forward computes the same result using custom Triton kernels.

```python
{task_source.rstrip()}
```

{DOMAIN_KNOWLEDGE}

Answer with your reasoning first (how you tile the work, what you fuse, where reductions happen), then exactly one ```python code block containing the complete module: imports, the Triton kernels and class ModelNew. Do not include Model, get_inputs or get_init_inputs."""


def initial_messages(task_source: str) -> list[Message]:
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": instruction(task_source)}]


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
