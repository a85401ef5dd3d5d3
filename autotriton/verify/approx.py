"""float32 functions a GPU only approximates, approximated in Triton's interpreter too.

For NVIDIA GPUs Triton lowers float32 `tl.exp(x)` to `ex2.approx(x * log2(e))`, `tl.exp2` to
`ex2.approx`, `tl.sqrt` and `tl.rsqrt` to `sqrt.approx` and `rsqrt.approx`, and `/` to `div.full`
(up to 2 ulp); `tl.sqrt_rn` and `tl.div_rn` round to nearest. The interpreter computed them all
with numpy, so `v / w == tl.div_rn(v, w)` held for every v and w, and `tl.exp(v)` differed from
`tl.exp2(v * log2e)` at 707 of 1,024 values where a GPU computes the same bits: a softmax and a
SiLU used either as a tell and did their work only where they saw the interpreter (outside red
team, session 46).

Here `tl.exp` is computed as the GPU's lowering computes it, through a float32 product and exp2,
and each approximate primitive's result is moved one ulp, up or down, on a quarter of its
elements, chosen by a hash of the operands' bits: the same bits on every call for the same
inputs, as on a GPU, and differing from the correctly rounded function as a GPU's do. Results
that are exact (a power of two, a perfect square, a quotient by a power of two) stay exact; a
GPU's `x / x` is not 1 at 142 of 1,024 values (an H200, session 47), so other exact quotients
move too. The `.ftz` forms flush subnormals to zero as measured on that H200: `tl.sqrt` and
`tl.rsqrt` of a subnormal are those of a signed zero, and `tl.exp2`'s subnormal arguments and
results are 0 (exp2(-130) is 0 there; `tl.exp`, lowered to the non-ftz ex2, keeps its subnormal
results: exp(-100) is about 3.7e-44 there). Operands that
are compile-time constants are folded on the host, rounded to nearest, as Triton's compiler folds
them (contraction.CONSTANT). A kernel that knows the GPU's own bits at some input still tells the
two apart; this emulation cannot know them (docs/VERIFIER.md, What remains open).
"""

from __future__ import annotations

import numpy as np

from autotriton.verify.contraction import constant_value, folded

try:
    from triton.runtime import interpreter as _interp
except ImportError:  # pragma: no cover - a Triton without the interpreter has no CPU mode
    _interp = None

LOG2E = np.float32(1.4426950408889634)
# The share of elements an approximate primitive moves off the correctly rounded result: a hash
# of the operands' bits picks 1 in 2^SHARE_BITS.
SHARE_BITS = 2


def install() -> None:
    """Approximate float32 exp, exp2, sqrt, rsqrt and `/` in every interpreted kernel. Idempotent."""
    if _interp is None:
        return
    builder = _interp.InterpreterBuilder
    if getattr(builder.create_exp, "autotriton_approx", False):
        return
    _set(builder, "create_exp", _unary(builder.create_exp, _exp))
    _set(builder, "create_exp2", _unary(builder.create_exp2, _exp2))
    _set(builder, "create_sqrt", _unary(builder.create_sqrt, _sqrt))
    _set(builder, "create_rsqrt", _unary(builder.create_rsqrt, _rsqrt))
    _set(builder, "create_fdiv", _divided(builder.create_fdiv))


def _set(owner, name: str, fn) -> None:
    fn.autotriton_approx = True
    setattr(owner, name, fn)


def _moved(result: np.ndarray, exact: np.ndarray, *operands: np.ndarray) -> np.ndarray:
    """`result` (correctly rounded, float32) moved one ulp on the hashed share of its elements,
    except where `exact` says the true value is representable, or the result is not finite or 0."""
    h = np.zeros(result.shape, dtype=np.uint32)
    for x in operands:
        bits = np.broadcast_to(x, result.shape).view(np.uint32)
        h = (h ^ bits) * np.uint32(0x9E3779B1)
        h ^= h >> np.uint32(15)
    picked = (h >> np.uint32(32 - SHARE_BITS)) == 0
    picked &= np.isfinite(result) & (result != 0) & ~exact
    if not picked.any():
        return result
    toward = np.where((h & np.uint32(1)) == 1, np.float32(np.inf), np.float32(-np.inf))
    return np.where(picked, np.nextafter(result, toward), result).astype(np.float32)


def _flushed(x: np.ndarray) -> np.ndarray:
    """Subnormal float32 values as the signed zeros an `.ftz` instruction reads or writes."""
    return np.where(np.abs(x) < np.finfo(np.float32).tiny, np.copysign(np.float32(0), x), x).astype(np.float32)


def _exp2(x: np.ndarray, ftz: bool = True) -> np.ndarray:
    x = _flushed(x) if ftz else x
    r = _moved(np.exp2(x), x == np.round(x), x)
    return _flushed(r) if ftz else r


def _exp(x: np.ndarray) -> np.ndarray:
    return _exp2((x * LOG2E).astype(np.float32), ftz=False)


def _sqrt(x: np.ndarray) -> np.ndarray:
    x = _flushed(x)
    r = np.sqrt(x)
    return _moved(r, r.astype(np.float64) ** 2 == x, x)


def _rsqrt(x: np.ndarray) -> np.ndarray:
    x = _flushed(x)
    r = (1 / np.sqrt(x.astype(np.float64))).astype(np.float32)
    return _moved(r, r.astype(np.float64) ** 2 * x == 1, x)


def _unary(op, approximate):
    def wrapped(self, arg):
        if arg.data.dtype != np.float32:
            return op(self, arg)
        if (out := folded(op, self, arg)) is not None:  # at compile time, rounded to nearest
            return out
        with np.errstate(all="ignore"):  # sqrt(-1) is NaN here as on a GPU
            return _interp.TensorHandle(approximate(arg.data), arg.dtype.scalar)
    return wrapped


def _divided(op):
    """`/` on float32: div.full, one ulp off on the hashed share (exact only by a power of two);
    x / 1.0 folded to x."""
    def wrapped(self, lhs, rhs):
        if lhs.data.dtype != np.float32 or rhs.data.dtype != np.float32:
            return op(self, lhs, rhs)
        if constant_value(rhs) == 1.0:
            return lhs  # arith's folder: x / 1.0 is x, a product's tag kept for the fma after it
        if (out := folded(op, self, lhs, rhs)) is not None:
            return out
        out = op(self, lhs, rhs)
        with np.errstate(all="ignore"):
            a, b = np.broadcast_arrays(lhs.data, rhs.data)
            exact = (np.abs(np.frexp(b)[0]) == 0.5) & (out.data.astype(np.float64) * b == a)
            return _interp.TensorHandle(_moved(out.data, exact, a, b), lhs.dtype.scalar)
    return wrapped
