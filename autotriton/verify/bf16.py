"""bfloat16 in Triton's interpreter computed as a GPU computes it.

The interpreter keeps a bfloat16 tensor as its uint16 bits and hands those bits to numpy as if they
were the values: `x + y` of two bf16 tensors added the integers, `tl.exp` took the exponential of
the bit pattern, `tl.max` ordered negatives above positives, a cast from int32 wrote the integer as
the bits. So a kernel that computes in bf16 registers was rejected on CPU whatever its precision,
and a bf16 tl.dot of ones came out about 1e11 (an honest bf16x3 matmul from an outside red-team
pass was rejected on CPU, session 43). Loads, stores, `tl.where`, bitcasts and `abs` (a mask of the
sign bit) handle bits and were right already.

Here every float operation of a bf16 operand runs on its float32 value and rounds the result to
bf16 to nearest even, as sm80+ rounds each bf16 op; a cast to bf16 rounds to nearest even too (the
interpreter truncated, where `.to(tl.bfloat16)` on a GPU rounds); a float cast to an int saturates,
as a GPU's conversion does (numpy wraps). Sums and cumulative sums round
after each level of a pairwise tree and each step of the scan, as a GPU's per-op adds do, so bf16
accumulation is not judged more precisely than a GPU computes it. A bf16 `tl.dot` multiplies the
values, each product exact, summed in float32, as tensor cores do. A bf16 `tl.atomic_add` (the one
bf16 atomic Triton accepts besides cas) adds each element's value to what the cell holds and rounds,
one element after another as a GPU's atomics serialise: the interpreter's own refused bf16 ("Unsupported
data type"), so an honest bf16 scatter-add was rejected on CPU (outside red team, session 44).
"""

from __future__ import annotations

import numpy as np
import triton.language as tl

try:  # present in every Triton release with an interpreter (>= 2.2)
    from triton.runtime import interpreter as _interp
except ImportError:  # pragma: no cover - a Triton without the interpreter has no CPU mode
    _interp = None

BINARY = ("create_fadd", "create_fsub", "create_fmul", "create_fdiv", "create_frem", "create_precise_divf",
          "create_minimumf", "create_minnumf", "create_maximumf", "create_maxnumf")
COMPARISONS = tuple(f"create_fcmp{kind}" for kind in
                    ("OLT", "OGT", "OLE", "OGE", "OEQ", "ONE", "ULT", "UGT", "ULE", "UGE", "UEQ", "UNE"))
UNARY = ("create_exp", "create_exp2", "create_log", "create_log2", "create_sin", "create_cos",
         "create_sqrt", "create_precise_sqrt", "create_rsqrt", "create_floor", "create_ceil", "create_erf")
TERNARY = ("create_fma", "create_clampf")
# Calls Triton 3.9's interpreter has and 3.6's (the GPU machine's) lacks: 3.6 lowers `-x` to `0 - x`
# and `/` to create_fdiv, both wrapped above. Wrapped where present; their absence is no change.
NEWER = ("create_approx_divf", "create_fneg")


def install() -> None:
    """bf16 values, not bits, in every interpreted float operation, cast, reduction, scan and dot of
    this process. Idempotent; raises if the interpreter no longer has a call it wraps."""
    if _interp is None:
        return
    builder = _interp.InterpreterBuilder
    missing = [name for name in (*BINARY, *COMPARISONS, *UNARY, *TERNARY, "cast_impl", "create_dot",
                                 "create_atomic_rmw")
               if not hasattr(builder, name)]
    if missing or not all(hasattr(_interp.ReduceOps, n) for n in ("min_max", "sum")) \
            or not all(hasattr(_interp.ScanOps, n) for n in ("cumsum", "cumprod")):
        raise RuntimeError(f"Triton's interpreter changed ({missing or 'reduce/scan ops'}): "
                           "autotriton/verify/bf16.py must follow it")
    if getattr(builder.cast_impl, "autotriton_bf16", False):
        return
    for name in BINARY + UNARY + TERNARY + tuple(n for n in NEWER if hasattr(builder, n)):
        _wrap(builder, name, _rounded(getattr(builder, name)))
    for name in COMPARISONS:
        _wrap(builder, name, _compared(getattr(builder, name)))
    _wrap(builder, "cast_impl", _cast(builder.cast_impl))
    _wrap(builder, "create_dot", _dot(builder.create_dot))
    _wrap(builder, "create_atomic_rmw", _atomic_add(builder.create_atomic_rmw))
    _wrap(_interp.ReduceOps, "min_max", _min_max(_interp.ReduceOps.min_max))
    _wrap(_interp.ReduceOps, "sum", _summed(_interp.ReduceOps.sum))
    _wrap(_interp.ScanOps, "cumsum", _scanned(_interp.ScanOps.cumsum, np.add))
    _wrap(_interp.ScanOps, "cumprod", _scanned(_interp.ScanOps.cumprod, np.multiply))


def _wrap(owner, name: str, fn) -> None:
    fn.autotriton_bf16 = True
    setattr(owner, name, fn)


def is_bf16(handle) -> bool:
    """Whether an interpreter operand is a tensor of bf16 bits (not an enum or a flag)."""
    return isinstance(handle, _interp.TensorHandle) and handle.data.dtype == np.uint16 \
        and getattr(handle.dtype, "is_bf16", lambda: False)()


def values(bits: np.ndarray) -> np.ndarray:
    """bf16 bits (uint16) as the float32 values they are."""
    return (np.asarray(bits).astype(np.uint32) << np.uint32(16)).view(np.float32)


def rounded(x: np.ndarray) -> np.ndarray:
    """float32 values rounded to bf16 to nearest even, as bits (uint16); a NaN stays a (quiet) NaN."""
    x = np.array(x, dtype=np.float32, ndmin=0)
    bits = x.view(np.uint32).astype(np.uint64)  # wide enough that adding the rounding bias cannot wrap
    nearest = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    bits = bits.astype(np.uint32)
    return np.where(np.isnan(x), (bits >> np.uint32(16)) | np.uint32(0x40), nearest).astype(np.uint16)


def widened(handle):
    """An interpreter tensor of bf16 bits as the float32 values they are; others as they are."""
    if not is_bf16(handle):
        return handle
    return _interp.TensorHandle(values(handle.data), tl.float32)


def _narrowed(handle):
    return _interp.TensorHandle(rounded(handle.data), tl.bfloat16)


def _rounded(op):
    """A float operation that computes bf16 operands' values in float32 and rounds to bf16."""
    def wrapped(self, *args):
        if not any(is_bf16(a) for a in args):
            return op(self, *args)
        return _narrowed(op(self, *(widened(a) for a in args)))
    return wrapped


def _compared(op):
    """A comparison of bf16 operands' values (its bool result as the interpreter types it)."""
    def wrapped(self, lhs, rhs):
        if not (is_bf16(lhs) or is_bf16(rhs)):
            return op(self, lhs, rhs)
        return _interp.TensorHandle(op(self, widened(lhs), widened(rhs)).data, lhs.dtype.scalar)
    return wrapped


def _cast(cast_impl):
    """Casts from bf16 through its float32 value; casts to bf16 through float32, rounded to nearest
    even; float to int saturating (_saturated)."""
    def wrapped(self, src, dst_type):
        if dst_type.scalar.is_int() and dst_type.scalar.primitive_bitwidth > 1 \
                and (is_bf16(src) or np.asarray(src.data).dtype.kind == "f"):  # a comparison's bools say fp32
            return cast_impl(self, _saturated(widened(src), dst_type.scalar), dst_type)
        to_bf16 = dst_type.scalar.is_bf16()
        if is_bf16(src) == to_bf16:
            return cast_impl(self, src, dst_type)
        if to_bf16:
            return _narrowed(cast_impl(self, src, tl.float32))
        value = widened(src)
        return value if dst_type.scalar == tl.float32 else cast_impl(self, value, dst_type)
    return wrapped


def _saturated(handle, dst):
    """Float values NaN -> 0 and clipped to `dst`'s range, as a GPU's float-to-int conversion
    (cvt.rzi, saturating) gives them: numpy's cast gave INT_MIN for a bf16 1e10 where a GPU gives
    INT_MAX, and a kernel branching on the sign of that cast did all its work only when
    interpreted (outside red team on verifier 41's first form, session 44). Any float dtype, not
    only bf16: numpy casts float32 past the range the same way. Measured on an H200 (session 47,
    docs/results/gpu_checks_session47): an 8-bit int is converted through the 16-bit type of its
    sign and keeps that one's low byte (NVPTX has no 8-bit registers: 300.7 -> 44, inf -> -1 as
    int8), and a NaN converted to a 64-bit int is 0x8000000000000000, signed or not."""
    np_dst = np.dtype(_interp._get_np_dtype(dst))
    via = {np.dtype(np.int8): np.dtype(np.int16), np.dtype(np.uint8): np.dtype(np.uint16)}.get(np_dst, np_dst)
    info = np.iinfo(via)
    data = np.asarray(handle.data)
    nan = np.isnan(data)
    big, small = data >= float(info.max), data <= float(info.min)
    data = np.where(nan | big | small, 0, data)
    out = np.where(big, info.max, np.where(small, info.min, data.astype(via))).astype(via)
    if via.itemsize == 8:
        out = np.where(nan, np.array(1 << 63, dtype=np.uint64).view(via), out)
    return _interp.TensorHandle(out.astype(np_dst), dst)


def _dot(dot):
    """tl.dot of bf16 operands multiplies their values (each product exact, summed in float32)."""
    def wrapped(self, a, b, d, input_precision, max_num_imprecise_acc):
        return dot(self, widened(a), widened(b), d, input_precision, max_num_imprecise_acc)
    return wrapped


def _atomic_add(rmw):
    """atomic_add of bf16 values: element by element in the block's order (a GPU's is some order),
    each reading the cell, adding its value in float32 and writing the sum rounded to bf16; returns
    what each found. Cells a block hits more than once are done in rounds, one hit per cell a round."""
    def wrapped(self, rmw_op, ptr, val, mask, sem, scope):
        if not (is_bf16(val) and rmw_op == _interp._ir.ATOMIC_OP.FADD):
            return rmw(self, rmw_op, ptr, val, mask, sem, scope)
        ptrs, adds = np.broadcast_to(ptr.data, val.data.shape).reshape(-1), values(val.data).reshape(-1)
        todo = np.flatnonzero(np.broadcast_to(mask.data, val.data.shape).reshape(-1))
        found = np.zeros(adds.shape, dtype=np.uint16)
        while todo.size:
            _, first = np.unique(ptrs[todo], return_index=True)  # one hit per cell this round
            now, todo = todo[first], np.delete(todo, first)
            every = np.ones(now.shape, dtype=bool)
            old = _interp._interpreter.load(ptrs[now], every, np.zeros(now.shape, np.uint16), np.dtype(np.uint16))
            found[now] = old
            _interp._interpreter.store(ptrs[now], rounded(values(old) + adds[now]), every)
        return _interp.TensorHandle(found.reshape(val.data.shape), val.dtype.scalar)
    return wrapped


def _min_max(min_max):
    """tl.max / tl.min / argmax / argmin of bf16 by value: the bits order negatives above positives."""
    def wrapped(self, input, val_reduce_op, idx_reduce_op=None):
        tensor = input[0] if isinstance(input, tuple) else input
        if not is_bf16(tensor.handle):
            return min_max(self, input, val_reduce_op, idx_reduce_op)
        value_op = val_reduce_op and (lambda data, **kw: rounded(val_reduce_op(values(data), **kw)))
        index_op = idx_reduce_op and (lambda data, **kw: idx_reduce_op(values(data), **kw))
        return min_max(self, input, value_op, index_op)
    return wrapped


def _tree_sum(x: np.ndarray, axis: int) -> np.ndarray:
    """A pairwise sum along `axis` of float32 values, rounded to bf16 after every level."""
    x = np.moveaxis(x, axis, 0)
    while x.shape[0] > 1:
        if x.shape[0] % 2:
            x = np.concatenate([x, np.zeros_like(x[:1])])
        x = values(rounded(x[0::2] + x[1::2]))
    return x[0]


def _summed(original):
    """ReduceOps.sum of a bf16 tensor as a pairwise tree rounded to bf16 per level (_tree_sum)."""
    def wrapped(self, input):
        if not is_bf16(input.handle):
            return original(self, input)
        data, axis = values(input.handle.data), self.axis
        if axis is None:
            data, axis = data.reshape(-1), 0
        out = _tree_sum(data, axis)
        if self.keep_dims:
            out = np.expand_dims(out, axis) if self.axis is not None else out.reshape((1,) * input.handle.data.ndim)
        return self.to_tensor(rounded(out), input.dtype)
    return wrapped


def _scanned(original, op):
    """ScanOps.cumsum / cumprod of a bf16 tensor, each step rounded to bf16."""
    def wrapped(self, input):
        if not is_bf16(input.handle):
            return original(self, input)
        data = np.moveaxis(values(input.handle.data), self.axis, 0).copy()
        for i in range(1, data.shape[0]):
            data[i] = values(rounded(op(data[i - 1], data[i])))
        return [self.to_tensor(rounded(np.moveaxis(data, 0, self.axis)), dtype=input.dtype)]
    return wrapped
