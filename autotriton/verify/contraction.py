"""float32 multiply-adds in Triton's interpreter contracted as a GPU contracts them.

Triton compiles with fp fusion on (`enable_fp_fusion`, its default), and NVPTX fuses every float32
add or subtract that takes a product straight into one fma, a product with other uses too (its
aggressive FMA fusion). The interpreter rounds the product first. With a = 1 + 2^-12 and
c = -(1 + 2^-11), `a * a + c` is 2^-24 on a GPU and 0 interpreted, and a ReLU that did half its
work where it saw 2^-24 passed on CPU (outside red team, session 45). Here an add or subtract of a
float32 product computes a * b + c once, in float64 (the product of two float32 values is exact
there), rounded to float32: an fma but for a double rounding in about one case in 2^29.
Where both operands are products the left one is fused, as LLVM's combiner tries first. A product
that is broadcast, cast or masked before the add is not fused, on a GPU either. bf16 and fp16
products are bf16.py's, rounded per op.
"""

from __future__ import annotations

import numpy as np

try:
    from triton.runtime import interpreter as _interp
except ImportError:  # pragma: no cover - a Triton without the interpreter has no CPU mode
    _interp = None

PRODUCT = "autotriton_product"  # on a float32 product's handle: its two operands' data


def install() -> None:
    """Contracted float32 multiply-adds in every interpreted kernel of this process. Idempotent."""
    if _interp is None:
        return
    builder = _interp.InterpreterBuilder
    if getattr(builder.create_fadd, "autotriton_fma", False):
        return
    _set(builder, "create_fmul", _tagged(builder.create_fmul))
    _set(builder, "create_fadd", _fused(builder.create_fadd, subtract=False))
    _set(builder, "create_fsub", _fused(builder.create_fsub, subtract=True))


def _set(owner, name: str, fn) -> None:
    fn.autotriton_fma = True
    setattr(owner, name, fn)


def _tagged(mul):
    def wrapped(self, lhs, rhs):
        out = mul(self, lhs, rhs)
        if out.data.dtype == np.float32 and lhs.data.dtype == np.float32 and rhs.data.dtype == np.float32:
            setattr(out, PRODUCT, (lhs.data, rhs.data))
        return out
    return wrapped


def _fused(op, subtract: bool):
    """create_fadd / create_fsub taking a float32 product straight in as one fma."""
    def wrapped(self, lhs, rhs):
        if lhs.data.dtype != np.float32 or rhs.data.dtype != np.float32 or \
                not (hasattr(lhs, PRODUCT) or hasattr(rhs, PRODUCT)):
            return op(self, lhs, rhs)
        with np.errstate(all="ignore"):  # inf - inf is NaN here as on a GPU
            if hasattr(lhs, PRODUCT):  # a * b + c, a * b - c
                a, b = getattr(lhs, PRODUCT)
                other = rhs.data.astype(np.float64)
                data = a.astype(np.float64) * b.astype(np.float64) + (-other if subtract else other)
            else:  # c + a * b, c - a * b
                a, b = getattr(rhs, PRODUCT)
                product = a.astype(np.float64) * b.astype(np.float64)
                data = lhs.data.astype(np.float64) + (-product if subtract else product)
            return _interp.TensorHandle(np.asarray(data).astype(np.float32), lhs.dtype.scalar)
    return wrapped
