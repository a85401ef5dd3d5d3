"""Bits a GPU's float arithmetic and fp8 conversions give where numpy's differ, in the interpreter.

- NaN: every NVIDIA float instruction that returns a NaN returns the canonical one, 0x7FFFFFFF in
  float32 (0x7FFF in float16); numpy on x86 makes 0xFFC00000, its sign bit set. A hardswish that
  bitcast `inf - inf` to int32 and did its work only where the result was negative passed on CPU
  (outside red team, session 46). Here every NaN a float arithmetic op returns is the canonical
  one; loads, stores, selects and bitcasts move bits unchanged, as on a GPU.
- tl.maximum / tl.minimum keep the number beside a NaN (max.f32), as Triton 3.9's interpreter
  does and 3.6's (the GPU machine's) did not.
- fp8: Triton converts float32 to fp8e4nv and fp8e5 with `cvt.rn.satfinite`, so 1000.0 becomes
  448 (e4m3's largest finite) and 1e6 becomes 57344 (e5m2's); the interpreter gave NaN and inf,
  and an ELU branching on that passed on CPU (the same pass). A NaN is e4m3's NaN, 0x7F (the
  interpreter gave 0x7C, 384).
"""

from __future__ import annotations

import numpy as np

from autotriton.verify.bf16 import BINARY, NEWER, TERNARY, UNARY

try:
    from triton.runtime import interpreter as _interp
except ImportError:  # pragma: no cover - a Triton without the interpreter has no CPU mode
    _interp = None

CANONICAL = {np.dtype(np.float32): np.array([0x7FFFFFFF], dtype=np.uint32).view(np.float32)[0],
             np.dtype(np.float16): np.array([0x7FFF], dtype=np.uint16).view(np.float16)[0]}
# The largest finite value of each fp8 type Triton's NVIDIA conversions saturate to, by type name.
SATFINITE = {"fp8e4nv": 448.0, "fp8e5": 57344.0}


def install() -> None:
    """Canonical NaNs from float arithmetic and saturating fp8 conversions in every interpreted
    kernel of this process. Idempotent; after bf16.install (bf16 values are float32 by then)."""
    if _interp is None:
        return
    builder = _interp.InterpreterBuilder
    if getattr(builder.create_fp_to_fp, "autotriton_bits", False):
        return
    for name in (*BINARY, *UNARY, *TERNARY, *(n for n in NEWER if hasattr(builder, n)), "create_fneg"):
        if hasattr(builder, name):
            _set(builder, name, _canonical(getattr(builder, name)))
    _set(builder, "create_fp_to_fp", _satfinite(builder.create_fp_to_fp))
    for name in ("create_maxnumf", "create_minnumf"):
        _set(builder, name, _number_kept(getattr(builder, name)))


def _set(owner, name: str, fn) -> None:
    fn.autotriton_bits = True
    setattr(owner, name, fn)


def _canonical(op):
    def wrapped(self, *args):
        out = op(self, *args)
        data = getattr(out, "data", None)
        nan = CANONICAL.get(getattr(data, "dtype", None))
        if nan is None or any(out is a for a in args):  # folded to an operand (x * 1.0): bits kept
            return out
        holes = np.isnan(data)
        if not holes.any():
            return out
        return _interp.TensorHandle(np.where(holes, nan, data).astype(data.dtype), out.dtype)
    return wrapped


def _number_kept(op):
    """tl.maximum / tl.minimum (propagate_nan NONE: max.f32 on a GPU) give the number where one
    operand is NaN; Triton 3.6's interpreter (the GPU machine's) gave NaN, numpy's np.maximum."""
    def wrapped(self, lhs, rhs):
        out = op(self, lhs, rhs)
        a, b = np.broadcast_arrays(lhs.data, rhs.data)
        if a.dtype.kind != "f" or out.data.dtype != a.dtype:
            return out
        data = np.where(np.isnan(a) & ~np.isnan(b), b, np.where(np.isnan(b) & ~np.isnan(a), a, out.data))
        return _interp.TensorHandle(data.astype(out.data.dtype), out.dtype)
    return wrapped


def _satfinite(convert):
    def wrapped(self, src, dst_type, rounding_mode):
        name = getattr(dst_type.scalar, "name", "")
        if name not in SATFINITE or np.asarray(src.data).dtype.kind != "f":
            return convert(self, src, dst_type, rounding_mode)
        nan = np.isnan(src.data)
        clipped = np.clip(src.data, -SATFINITE[name], SATFINITE[name])
        out = convert(self, _interp.TensorHandle(clipped.astype(src.data.dtype), src.dtype.scalar), dst_type, rounding_mode)
        if name == "fp8e4nv" and nan.any():  # the interpreter's e4m3 made NaN 0x7C (384)
            out = _interp.TensorHandle(np.where(nan, out.data.dtype.type(0x7F), out.data), out.dtype)
        return out
    return wrapped
