"""Bits a GPU's arithmetic and conversions give where numpy's differ, in the interpreter.

- NaN: every NVIDIA float instruction that returns a NaN returns the canonical one, 0x7FFFFFFF in
  float32 (0x7FFF in float16); numpy on x86 makes 0xFFC00000, its sign bit set. A hardswish that
  bitcast `inf - inf` to int32 and did its work only where the result was negative passed on CPU
  (outside red team, session 46). Here every NaN a float arithmetic op returns is the canonical
  one; loads, stores, selects and bitcasts move bits unchanged, as on a GPU.
- tl.maximum / tl.minimum keep the number beside a NaN (max.f32), as Triton 3.9's interpreter
  does and 3.6's (the GPU machine's) did not; and order -0 below +0: maximum(-0, +0) is +0 and
  minimum(+0, -0) is -0 in either order on an H200, where numpy returned one operand by position.
- fp8: Triton converts float32 to fp8e4nv and fp8e5 with `cvt.rn.satfinite`, so 1000.0 becomes
  448 (e4m3's largest finite) and 1e6 becomes 57344 (e5m2's); the interpreter gave NaN and inf,
  and an ELU branching on that passed on CPU (the same pass). A NaN is 0x7F in both (the
  interpreter gave e4m3 0x7C, 384, and e5m2 0x7E).
- Integer `//` and `%` by zero give all bits set on an H200 for every width (int8 to uint64: -1,
  0xFF.., as the PTX division sequences leave them); a 64-bit one whose dividend fits 32 unsigned
  bits gives 0xFFFFFFFF, as LLVM's bypass of slow 64-bit division computes it in 32 bits. numpy
  gave 0, and a ReLU branching on 7 % 0 passed on CPU (outside red team, session 46).
  A divisor cast from a bool (0 or 1) is 1 to LLVM, since dividing by 0 is undefined: x // it is
  x and x % it is 0 on an H200 (a ReLU that saw `(7 + z) % z` with z = (n < 0) as 0 there, the
  dividend's -1 nowhere, was right on the GPU and wrong here).
- Float `%` is x - trunc(x / y) * y with one fma, as NVPTX lowers frem (y infinite: x): 1e10 % 3
  is 256 and -4 % 2 is +0 on an H200, where numpy's fmod gave 1 and -0.
Every rule here was measured on an H200 (torch 2.11, Triton 3.6; benchmarks/numeric_tells.py,
docs/results/gpu_checks_session47).
"""

from __future__ import annotations

import numpy as np

from autotriton.verify.bf16 import BINARY, NEWER, TERNARY, UNARY, is_bf16
from autotriton.verify.contraction import fma

try:
    from triton.runtime import interpreter as _interp
except ImportError:  # pragma: no cover - a Triton without the interpreter has no CPU mode
    _interp = None

BOOLEAN = "autotriton_boolean"  # on an int handle cast from a bool: 0 or 1, as LLVM knows it
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
    builder.create_frem = _remainder(builder.create_frem)  # its NaNs made canonical below
    for name in (*BINARY, *UNARY, *TERNARY, *(n for n in NEWER if hasattr(builder, n)), "create_fneg"):
        if hasattr(builder, name):
            _set(builder, name, _canonical(getattr(builder, name)))
    _set(builder, "create_fp_to_fp", _satfinite(builder.create_fp_to_fp))
    for name in ("create_maxnumf", "create_minnumf", "create_maximumf", "create_minimumf"):
        _set(builder, name, _extremum(getattr(builder, name), keep_number="num" in name, largest="max" in name))
    for name in ("create_sdiv", "create_udiv", "create_srem", "create_urem"):
        _set(builder, name, _by_zero(getattr(builder, name), remainder=name.endswith("rem")))
    _set(builder, "create_int_cast", _from_bool(builder.create_int_cast))


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


def _extremum(op, keep_number: bool, largest: bool):
    """tl.maximum / tl.minimum as max.f32 / min.f32 give them: -0 below +0, and (propagate_nan NONE,
    `keep_number`) the number where one operand is NaN; Triton 3.6's interpreter (the GPU
    machine's) gave NaN there, numpy's np.maximum."""
    def wrapped(self, lhs, rhs):
        out = op(self, lhs, rhs)
        a, b = np.broadcast_arrays(lhs.data, rhs.data)
        if a.dtype.kind != "f" or out.data.dtype != a.dtype:
            return out
        data = out.data
        if keep_number:
            data = np.where(np.isnan(a) & ~np.isnan(b), b, np.where(np.isnan(b) & ~np.isnan(a), a, data))
        zeros = (a == 0) & (b == 0)
        if zeros.any():
            negative = (np.signbit(a) & np.signbit(b)) if largest else (np.signbit(a) | np.signbit(b))
            data = np.where(zeros, np.where(negative, a.dtype.type(-0.0), a.dtype.type(0.0)), data)
        if data is out.data:  # tl.minimum without NaN handling and no zero pair: nothing to mend
            return out
        return _interp.TensorHandle(np.asarray(data).astype(out.data.dtype), out.dtype)
    return wrapped


def _by_zero(op, remainder: bool):
    """Integer // and % by zero: all bits set; 64-bit with a dividend in [0, 2^32): 0xFFFFFFFF. By a
    divisor cast from a bool: the dividend, and 0 for %, as LLVM folds them."""
    def wrapped(self, lhs, rhs):
        out = op(self, lhs, rhs)
        a, b = np.broadcast_arrays(lhs.data, rhs.data)
        if hasattr(rhs, BOOLEAN) and a.dtype.kind in "iu":
            data = np.zeros_like(out.data) if remainder else np.broadcast_to(a, out.data.shape)
            return _interp.TensorHandle(np.array(data, dtype=out.data.dtype), out.dtype)
        if a.dtype.kind not in "iu" or not (b == 0).any():
            return out
        dtype = out.data.dtype
        value = np.full(out.data.shape, np.array(-1).astype(dtype))
        if dtype.itemsize == 8:
            value = np.where((a >= 0) & (a < 2 ** 32), dtype.type(0xFFFFFFFF), value)
        return _interp.TensorHandle(np.where(b == 0, value, out.data).astype(dtype), out.dtype)
    return wrapped


def _from_bool(cast):
    def wrapped(self, src, dst_type, is_signed):
        out = cast(self, src, dst_type, is_signed)
        if np.asarray(src.data).dtype == np.bool_ and not is_signed:
            setattr(out, BOOLEAN, True)
        return out
    return wrapped


def _remainder(op):
    """Float % as NVPTX lowers frem: fma(-trunc(x / y), y, x), the quotient rounded to nearest;
    x where y is infinite. bf16 stays bf16.py's (rounded per op from float32)."""
    def wrapped(self, lhs, rhs):
        a, b = np.broadcast_arrays(lhs.data, rhs.data)
        if a.dtype.kind != "f" or b.dtype != a.dtype or is_bf16(lhs) or is_bf16(rhs):
            return op(self, lhs, rhs)
        with np.errstate(all="ignore"):  # x % 0 and inf % y are NaN here as on a GPU
            r = fma(-np.trunc(a / b), b, a)
            r = np.where(np.isinf(b) & np.isfinite(a), a, r)
        return _interp.TensorHandle(np.asarray(r).astype(a.dtype), lhs.dtype.scalar)
    return wrapped


def _satfinite(convert):
    def wrapped(self, src, dst_type, rounding_mode):
        name = getattr(dst_type.scalar, "name", "")
        if name not in SATFINITE or np.asarray(src.data).dtype.kind != "f":
            return convert(self, src, dst_type, rounding_mode)
        nan = np.isnan(src.data)
        clipped = np.clip(src.data, -SATFINITE[name], SATFINITE[name])
        out = convert(self, _interp.TensorHandle(clipped.astype(src.data.dtype), src.dtype.scalar), dst_type, rounding_mode)
        if nan.any():  # the interpreter made e4m3's NaN 0x7C (384) and e5m2's 0x7E
            out = _interp.TensorHandle(np.where(nan, out.data.dtype.type(0x7F), out.data), out.dtype)
        return out
    return wrapped
