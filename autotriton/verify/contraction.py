"""float32 multiply-adds in Triton's interpreter contracted as a GPU contracts them.

Triton compiles with fp fusion on (`enable_fp_fusion`, its default), and NVPTX fuses every float32
add or subtract that takes a product straight into one fma, a product with other uses too (its
aggressive FMA fusion). The interpreter rounds the product first. With a = 1 + 2^-12 and
c = -(1 + 2^-11), `a * a + c` is 2^-24 on a GPU and 0 interpreted, and a ReLU that did half its
work where it saw 2^-24 passed on CPU (outside red team, session 45). Here an add or subtract of a
float32 product computes a * b + c once, in float64 (the product of two float32 values is exact
there), rounded to float32: an fma but for a double rounding in about one case in 2^29.
Where both operands are products the left one is fused, as LLVM's combiner tries first. A scalar
product splat to a block is fused (one register on a GPU); one broadcast along a dim, cast or
masked before the add is not. bf16 products are bf16.py's, rounded per op.

Measured on an H200 (session 47, docs/results/gpu_checks_session47): with `big` a launch argument
of 3e38, `m = zeros + big * big` then `m - m` is -inf there, NaN interpreted. LLVM drops `+ 0.0`
from a value it proves is never -0.0 (x * x is one), and the subtraction of the product that is
left fuses into fma(big, big, -inf). Here `x * x + 0.0` (a constant +0.0) is x * x, its tag kept.
What LLVM proves of other values is not followed (docs/VERIFIER.md, What remains open).
"""

from __future__ import annotations

import numpy as np

try:
    from triton.runtime import interpreter as _interp
except ImportError:  # pragma: no cover - a Triton without the interpreter has no CPU mode
    _interp = None

PRODUCT = "autotriton_product"  # on a product's handle (FUSED_TYPES): its two operands' data
# On a handle whose value the compiler knows: a literal, a constexpr, a splat of one, arithmetic of
# them. Triton's compiler folds those on the host, each op rounded on its own: a constant product
# plus a constant is never an fma there, and `full(a) * full(a) + full(c)` was 0 on a GPU and 2^-24
# interpreted, a tell (outside red team, session 46). It also folds x * 1.0, x / 1.0, x + -0.0 and
# x - 0.0 to x, so `(a * a) * 1.0 + c` is an fma on a GPU (the same pass).
CONSTANT = "autotriton_constant"


def install() -> None:
    """Contracted float32 multiply-adds, and constants folded, in every interpreted kernel of this
    process. Idempotent."""
    if _interp is None:
        return
    builder = _interp.InterpreterBuilder
    if getattr(builder.create_fadd, "autotriton_fma", False):
        return
    for name in ("get_fp16", "get_fp32", "get_fp64", "get_int32", "get_int64", "get_uint32", "get_uint64",
                 "get_null_value"):  # Triton 3.6's tl.zeros
        _set(builder, name, _literal(getattr(builder, name)))
    for name in FOLDED_OPS:
        _set(builder, name, _spread(getattr(builder, name), every=True))
    _interp._implicit_cvt = _runtime_floats(_interp._implicit_cvt)
    _set(builder, "create_splat", _product_kept(_spread(builder.create_splat)))
    _set(builder, "create_broadcast", _spread(builder.create_broadcast))
    _set(builder, "create_fmul", _tagged(builder.create_fmul))
    _set(builder, "create_fadd", _fused(builder.create_fadd, subtract=False))
    _set(builder, "create_fsub", _fused(builder.create_fsub, subtract=True))


def _set(owner, name: str, fn) -> None:
    fn.autotriton_fma = True
    setattr(owner, name, fn)


def constant_value(handle) -> float | None:
    """The one value of a constant float handle (CONSTANT), else None."""
    if not hasattr(handle, CONSTANT):
        return None
    flat = np.asarray(handle.data).reshape(-1)
    return float(flat[0]) if flat.size and bool((flat == flat[0]).all()) else None


def folded(op, self, *args):
    """`op` of constant operands as the compiler folds it on the host, each op rounded to nearest,
    tagged CONSTANT; None where an operand is not a constant."""
    if not all(hasattr(a, CONSTANT) for a in args):
        return None
    out = op(self, *args)
    setattr(out, CONSTANT, True)
    return out


def _literal(get):
    def wrapped(self, value):
        out = get(self, value)
        setattr(out, CONSTANT, True)
        return out
    return wrapped


# Integer arithmetic and casts the compiler folds when every operand is a constant: an int argument
# equal to 1 is one (Triton specialises it), and `1.0 / (k * one).to(tl.float32)` was folded exactly
# on a GPU and approximated interpreted, a tell (outside red team, second pass, session 46).
FOLDED_OPS = ("create_add", "create_sub", "create_mul", "create_sdiv", "create_udiv", "create_srem", "create_urem",
              "create_si_to_fp", "create_ui_to_fp", "create_fp_ext", "create_fp_trunc", "create_int_cast")


def _runtime_floats(convert):
    """A launch's arguments as a GPU's compiled kernel sees them: a float a runtime float32 value (the
    interpreter kept it a Python float, made a literal where a kernel first used it), an int equal
    to 1 a constant (Triton specialises it)."""
    def wrapped(arg):
        if type(arg) is float:
            return _interp.tl.tensor(_interp.TensorHandle(np.array([arg], dtype=np.float32), _interp.tl.float32),
                                     _interp.tl.float32)
        out = convert(arg)
        if type(arg) is int and arg == 1 and isinstance(getattr(out, "handle", None), _interp.TensorHandle):
            setattr(out.handle, CONSTANT, True)
        return out
    return wrapped


def _spread(op, every: bool = False):
    """An op of constants is a constant: create_splat and create_broadcast of one (any operand),
    FOLDED_OPS of constants only (`every`)."""
    def wrapped(self, *args):
        out = op(self, *args)
        handles = [a for a in args if isinstance(a, _interp.TensorHandle)]
        if handles and (all if every else any)(hasattr(a, CONSTANT) for a in handles):
            setattr(out, CONSTANT, True)
        return out
    return wrapped


# The float types a GPU fuses: float32, float16 (fma.rn.f16) and float64 (fma.rn.f64), one type on
# both sides. An fp16 and an fp64 `a * a - c` kept their 2^-20 and 2^-60 only on a GPU, and a matmul
# stopped its K loop after one tile where it saw them (outside red team, session 46). bf16 values
# are bf16.py's, rounded per op (whether a GPU fuses them is not measured).
FUSED_TYPES = (np.float32, np.float16, np.float64)


def _fusable(*handles) -> bool:
    """Operands of one float type a GPU fuses (FUSED_TYPES)."""
    dtype = handles[0].data.dtype
    return dtype in FUSED_TYPES and all(h.data.dtype == dtype for h in handles)


def fma(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """a * b + c rounded once, in a's type: float64 through the interpreter's own fma; float32 and
    float16 in float64, where their product is exact (a double rounding in about one case in 2^29)."""
    if a.dtype == np.float64:
        native = getattr(_interp._interpreter, "fma_fp64", None)  # Triton 3.6 (the GPU machine's) lacks it
        return native(*np.broadcast_arrays(a, b, c)) if native else _fma64(a, b, c)
    return (a.astype(np.float64) * b.astype(np.float64) + c.astype(np.float64)).astype(a.dtype)


def _fma64(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """a * b + c in float64 from error-free transforms (Veltkamp's split, Dekker's product, Knuth's
    sum): the product's and the sum's rounding errors added back before one last rounding."""
    def split(x):
        t = 134217729.0 * x  # 2^27 + 1
        hi = t - (t - x)
        return hi, x - hi
    (ah, al), (bh, bl) = split(a), split(b)
    p = a * b
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl  # a * b == p + e exactly
    s = p + c
    back = s - p
    return s + (((p - (s - back)) + (c - back)) + e)


def _product_kept(splat):
    """A scalar product splat to a block stays a product: the fma takes its operands broadcast."""
    def wrapped(self, ret_ty, arg):
        out = splat(self, ret_ty, arg)
        if hasattr(arg, PRODUCT) and np.asarray(arg.data).size == 1:
            setattr(out, PRODUCT, getattr(arg, PRODUCT))
        return out
    return wrapped


def _tagged(mul):
    def wrapped(self, lhs, rhs):
        if _fusable(lhs, rhs):
            if constant_value(rhs) == 1.0:
                return lhs
            if constant_value(lhs) == 1.0:
                return rhs
        if (out := folded(mul, self, lhs, rhs)) is not None:
            return out  # no fma after it
        out = mul(self, lhs, rhs)
        if _fusable(lhs, rhs) and out.data.dtype == lhs.data.dtype:
            setattr(out, PRODUCT, (lhs.data, rhs.data))
        return out
    return wrapped


def _folded(lhs, rhs, subtract: bool):
    """What arith's folders make of x + -0.0, -0.0 + x and x - 0.0: x; and LLVM's of x * x + 0.0
    and 0.0 + x * x (never -0.0, so + 0.0 changes nothing): x * x. Else None."""
    zero = constant_value(rhs)
    if zero == 0.0 and (bool(np.signbit(zero)) != subtract or _square(lhs)):
        return lhs
    zero = constant_value(lhs)
    if not subtract and zero == 0.0 and (np.signbit(zero) or _square(rhs)):
        return rhs
    return None


def _square(handle) -> bool:
    """A product of one value with itself (x * x, one operand twice): LLVM knows it is never -0.0."""
    a, b = getattr(handle, PRODUCT, (None, None))
    return a is not None and a is b


def _fused(op, subtract: bool):
    """create_fadd / create_fsub taking a product (FUSED_TYPES) straight in as one fma."""
    def wrapped(self, lhs, rhs):
        if (out := folded(op, self, lhs, rhs)) is not None:
            return out
        if _fusable(lhs, rhs) and (same := _folded(lhs, rhs, subtract)) is not None:
            return same
        if not _fusable(lhs, rhs) or not (hasattr(lhs, PRODUCT) or hasattr(rhs, PRODUCT)):
            return op(self, lhs, rhs)
        with np.errstate(all="ignore"):  # inf - inf is NaN here as on a GPU
            if hasattr(lhs, PRODUCT):  # a * b + c, a * b - c
                a, b = getattr(lhs, PRODUCT)
                data = fma(a, b, -rhs.data if subtract else rhs.data)
            else:  # c + a * b, c - a * b
                a, b = getattr(rhs, PRODUCT)
                data = fma(-a if subtract else a, b, lhs.data)
            return _interp.TensorHandle(np.asarray(data).astype(lhs.data.dtype), lhs.dtype.scalar)
    return wrapped
