"""Float types narrower than the task's: a float32 task's kernels computing in bf16, fp16 or fp8.

A float32 task is judged at float32's precision, with TF32 granted to `tl.dot` because it is
Triton's default for float32 operands. bf16 (8 significant bits), fp16 (11, and overflow past
65,504) and fp8 operands or buffers are a precision the task does not grant, and on a GPU they are
where the speed of such a cheat comes from: tensor cores at twice TF32's rate, half the memory
traffic. The output check alone cannot always see them. A residual or a sum around the products
dilutes their error in the output's rms, and bf16's error is within a factor of about two of a
truncating TF32 run's, the bound an honest chain of TF32 dots needs: the built-in transformer block
with fc1 and fc2 on bf16 operands was judged correct by the CLI, the API and the TRL reward (outside
pass on verifier 55), as was a matmul with bf16 on every other K chunk, exact at the CPU's K of 29
(outside pass on verifier 56).

So the judge reads the types themselves, in the Triton IR (TTIR) of every launched kernel: on CPU
from the sm_90 compile every interpreted launch gets (gpu_compile.py), on a GPU from the compiled
kernel. A float32 task whose kernels hold any bf16, fp16 or fp8 value, pointer or dot operand, or
take an integer or scaled `tl.dot`, is judged a hack whatever its error (`narrow_float`), at the
CPU's sizes and the GPU's alike. TTIR is read before any lowering, so `input_precision="bf16x3"`
(float32 operands split into three bf16 products by a later pass, about float32's precision) and
"tf32x3" stay allowed. A task with a narrow float anywhere (an fp16 input, a bf16 weight, a
reference that casts) is not judged by this rule: there the same types are honest.

Not closed by it: precision thrown away in float32 itself (mantissa bits cleared by integer
arithmetic, `x + c - c`). That gains no speed on a GPU, and the output check stays the only guard
(docs/VERIFIER.md, What remains open).
"""

from __future__ import annotations

import re

# SSA names (`%a_bf16`), symbols (`@kernel_fp16`) and quoted strings (locations, names) say nothing
# about types and may spell a type's name: taken out before the types are read.
_NOT_TYPES = re.compile(r'%[\w.$-]+|@[\w.$-]+|"[^"\n]*"')
# A narrow float as a type: scalar (`: bf16`), in a shape (`tensor<16x16xbf16>`) or a pointer
# (`!tt.ptr<f16>`). "bf16x3", an input precision, is not one.
_NARROW = re.compile(r"(?<![\w.])(?:\d+x)*(bf16|f16|f8E\w+)\b")
# A dot on integer operands (int8 quantisation) or on scaled low-precision ones.
_INT_DOT = re.compile(r"\btt\.dot\b[^\n]*:\s*tensor<[\dx]*i(?:8|16)>")
_SCALED_DOT = re.compile(r"\btt\.dot_scaled\b")
_NAMES = {"bf16": "bf16", "f16": "fp16"}
# Task source that puts a narrow float in the task itself: a dtype's name (torch.float16, "bfloat16",
# float8_e4m3fn), `.half()` or `torch.half`, or autocast. Not the bare words "half" or "fp16", which a
# comment uses freely ("half of the rows"): each word that turned the rule off would open the task.
TASK_NARROW = re.compile(r"float16|bfloat16|float8|\.half\(|torch\.half\b|autocast")


def found(ttir: str) -> tuple[str, ...]:
    """The narrow types and narrow dot forms in one kernel's TTIR text, sorted; () when none."""
    text = _NOT_TYPES.sub(" ", ttir)
    kinds = {_NAMES.get(m, "fp8") for m in _NARROW.findall(text)}
    if _INT_DOT.search(text):
        kinds.add("integer tl.dot")
    if _SCALED_DOT.search(text):
        kinds.add("tl.dot_scaled")
    return tuple(sorted(kinds))


def task_has_narrow(source: str, tensors) -> bool:
    """Does the task itself hold a narrow float: its source names one, or one of `tensors` (its
    inputs, parameters and buffers) is one?"""
    if TASK_NARROW.search(source):
        return True
    return any(getattr(t, "is_floating_point", lambda: False)() and t.element_size() < 4 for t in tensors)
