"""Inductor's runtime helpers (`triton_helpers.*`, `libdevice.*`) as small @triton.jit functions
a rewritten module carries with it."""

from __future__ import annotations

# Inductor helper -> (our name, @triton.jit source, helpers it calls). Written from the
# semantics of torch._inductor.runtime.triton_helpers; `dim` is constexpr because
# tl.reduce needs a compile-time axis.
HELPERS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "maximum": ("maximum", '''
@triton.jit
def maximum(a, b):
    # torch.maximum propagates NaN; `a > b` alone would drop a NaN in `a`.
    return tl.where((a > b) | (a != a), a, b)
''', ()),
    "minimum": ("minimum", '''
@triton.jit
def minimum(a, b):
    # torch.minimum propagates NaN; `a < b` alone would drop a NaN in `a`.
    return tl.where((a < b) | (a != a), a, b)
''', ()),
    "max2": ("reduce_max", '''
@triton.jit
def reduce_max(a, dim: tl.constexpr):
    return tl.reduce(a, dim, maximum)
''', ("maximum",)),
    "min2": ("reduce_min", '''
@triton.jit
def reduce_min(a, dim: tl.constexpr):
    return tl.reduce(a, dim, minimum)
''', ("minimum",)),
    "select_one": ("select_one", '''
@triton.jit
def select_one(x, mask, dim: tl.constexpr, keep_dims: tl.constexpr = False):
    # The value in the one lane along `dim` where mask holds (a looped scan's last column, its
    # carry): every other lane adds a zero, so the sum is that value exactly.
    return tl.sum(tl.where(mask, x, 0), dim, keep_dims=keep_dims).to(x.dtype)
''', ()),
    "promote_to_tensor": ("promote_to_tensor", '''
@triton.jit
def promote_to_tensor(x):
    # Adding a 1-element tensor turns a scalar into a tensor.
    return x + tl.zeros((1,), tl.int1)
''', ()),
    "prod": ("reduce_prod", '''
@triton.jit
def _multiply(a, b):
    return a * b


@triton.jit
def reduce_prod(a, dim: tl.constexpr):
    return tl.reduce(a, dim, _multiply)
''', ()),
    "div_floor_integer": ("div_floor_integer", '''
@triton.jit
def div_floor_integer(a, b):
    # Triton's // truncates toward zero; torch's floor division rounds down.
    quot = a // b
    fixed = tl.where(a % b != 0, quot - 1, quot)
    return tl.where((a < 0) != (b < 0), fixed, quot)
''', ()),
    "remainder_integer": ("remainder_integer", '''
@triton.jit
def remainder_integer(a, b):
    # Python/torch remainder takes the sign of the divisor; Triton's % takes the dividend's.
    rem = a % b
    return tl.where((rem != 0) & ((a < 0) != (b < 0)), rem + b, rem)
''', ()),
    "any": ("reduce_any", '''
@triton.jit
def _logical_or(a, b):
    return a | b


@triton.jit
def reduce_any(a, dim: tl.constexpr):
    return tl.reduce(a, dim, _logical_or)
''', ()),
    "welford_reduce": ("welford_reduce", '''
@triton.jit
def welford_reduce(value, mean, m2, weight, first_iteration):
    # One Welford step per lane: running mean and sum of squared deviations (m2).
    if first_iteration:
        new_weight = tl.full(weight.shape, 1, weight.dtype)
        new_mean = value
        new_m2 = tl.zeros_like(m2)
    else:
        delta = value - mean
        new_weight = weight + 1
        new_mean = mean + delta / new_weight
        new_m2 = m2 + delta * (value - new_mean)
    return new_mean, new_m2, new_weight
''', ()),
    "welford_combine": ("welford_combine", '''
@triton.jit
def welford_combine(mean_1, m2_1, weight_1, mean_2, m2_2, weight_2):
    # Merge two partial (mean, m2, count) triples (Chan et al.); empty lanes have count 0.
    delta = mean_2 - mean_1
    new_weight = weight_1 + weight_2
    w2_over_w = tl.where(new_weight == 0.0, 0.0, weight_2 / new_weight)
    return (mean_1 + delta * w2_over_w,
            m2_1 + m2_2 + delta * delta * weight_1 * w2_over_w,
            new_weight)
''', ()),
    "welford": ("welford", '''
@triton.jit
def welford(mean, m2, weight, dim: tl.constexpr):
    return tl.reduce((mean, m2, weight), dim, welford_combine)
''', ("welford_combine",)),
    "maximum_with_index": ("maximum_with_index", '''
@triton.jit
def maximum_with_index(a_value, a_index, b_value, b_index):
    # NaN wins (as in torch.argmax); ties go to the lower index.
    a_nan = a_value != a_value
    b_nan = b_value != b_value
    mask = (a_value > b_value) | (a_nan & ~b_nan)
    equal = (a_value == b_value) | (a_nan & b_nan)
    mask |= equal & (a_index < b_index)
    return tl.where(mask, a_value, b_value), tl.where(mask, a_index, b_index)
''', ()),
    "minimum_with_index": ("minimum_with_index", '''
@triton.jit
def minimum_with_index(a_value, a_index, b_value, b_index):
    # NaN wins (as in torch.argmin); ties go to the lower index.
    a_nan = a_value != a_value
    b_nan = b_value != b_value
    mask = (a_value < b_value) | (a_nan & ~b_nan)
    equal = (a_value == b_value) | (a_nan & b_nan)
    mask |= equal & (a_index < b_index)
    return tl.where(mask, a_value, b_value), tl.where(mask, a_index, b_index)
''', ()),
    "max_with_index": ("max_with_index", '''
@triton.jit
def max_with_index(value, index, dim: tl.constexpr):
    return tl.reduce((value, index), dim, maximum_with_index)
''', ("maximum_with_index",)),
    "min_with_index": ("min_with_index", '''
@triton.jit
def min_with_index(value, index, dim: tl.constexpr):
    return tl.reduce((value, index), dim, minimum_with_index)
''', ("minimum_with_index",)),
    # libdevice is a stub module in Triton 3.9's interpreter (calls return None) and its
    # CUDA form raises there, so libdevice calls become tl.* (LIBDEVICE_TO_TL) or these.
    "libdevice.tanh": ("tanh", '''
@triton.jit
def tanh(x):
    # (1 - e) / (1 + e) with e = exp(-2|x|); near 0 that form cancels, so use the odd
    # Taylor series there (next term < 2e-10 relative at |x| = 0.125).
    ax = tl.abs(x)
    e = tl.exp(-2.0 * ax)
    big = (1.0 - e) / (1.0 + e)
    x2 = x * x
    small = ax * (1.0 + x2 * (-1.0 / 3.0 + x2 * (2.0 / 15.0 - x2 * (17.0 / 315.0))))
    t = tl.where(ax < 0.125, small, big)
    return tl.where(x < 0, -t, t)
''', ()),
    "libdevice.expm1": ("expm1", '''
@triton.jit
def expm1(x):
    # Kahan's trick: (u - 1) * x / log(u) cancels the rounding error of u = exp(x).
    u = tl.exp(x)
    um1 = u - 1.0
    r = tl.where(um1 == -1.0, -1.0, um1 * x / tl.log(u))
    return tl.where(u == 1.0, x, r)
''', ()),
    "libdevice.log1p": ("log1p", '''
@triton.jit
def log1p(x):
    # Kahan's trick: log(u) * x / (u - 1) cancels the rounding error of u = 1 + x.
    u = 1.0 + x
    return tl.where(u == 1.0, x, tl.log(u) * x / (u - 1.0))
''', ()),
    "libdevice.sqrt": ("sqrt", '''
@triton.jit
def sqrt(x):
    # libdevice's sqrt is correctly rounded in both widths; tl.sqrt_rn takes float32 only, and
    # Inductor takes some square roots in float64 (attention's 1/sqrt(head_dim) scale), where
    # tl.sqrt is the correctly rounded sqrt.rn.f64.
    if x.dtype == tl.float64:
        return tl.sqrt(x)
    else:
        return tl.sqrt_rn(x)
''', ()),
    "libdevice.isnan": ("isnan", '''
@triton.jit
def isnan(x):
    return x != x
''', ()),
    "libdevice.isinf": ("isinf", '''
@triton.jit
def isinf(x):
    return tl.abs(x) == float("inf")
''', ()),
    "libdevice.pow": ("powf", '''
@triton.jit
def powf(a, b):
    # a ** b as C's pow, worked in float32: exp2(b * log2|a|), negated for a negative base and an odd
    # whole b, NaN for a negative base and a b that is not whole, 1 for a ** 0 and 1 ** b. Its error
    # is about |b * log2|a|| float32 ulps, far under the verifier's tolerance; Inductor calls it for
    # a scale like head_dim ** -0.5 read off the sizes (6 of a CPU build's first 420 harvested tasks).
    x = a.to(tl.float32)
    y = b.to(tl.float32)
    mag = tl.exp2(y * tl.log2(tl.abs(x)))
    odd = tl.where(tl.floor(y * 0.5) != y * 0.5, -mag, mag)  # for a whole y
    signed = tl.where(tl.floor(y) == y, odd, float("nan"))
    out = tl.where(x < 0, signed, mag)
    out = tl.where(y == 0, 1.0, out)
    out = tl.where(x == 1, 1.0, out)
    return out.to(a.dtype)
''', ()),
    "libdevice.trunc": ("trunc", '''
@triton.jit
def trunc(x):
    return tl.where(x < 0, tl.ceil(x), tl.floor(x))
''', ()),
}

# libdevice functions with a triton.language equivalent (sqrt is a helper above: libdevice's is
# correctly rounded, tl.sqrt may be approximate in float32 and tl.sqrt_rn refuses float64).
LIBDEVICE_TO_TL = {"exp": "exp", "exp2": "exp2", "log": "log", "log2": "log2",
                   "rsqrt": "rsqrt", "erf": "erf", "abs": "abs", "fabs": "abs", "floor": "floor",
                   "ceil": "ceil", "sin": "sin", "cos": "cos", "fma": "fma"}


def helper_closure(used: set[str]) -> list[str]:
    """Inductor helper names needed, dependencies first, in table order."""
    need: set[str] = set()
    todo = list(used)
    while todo:
        name = todo.pop()
        if name not in need:
            need.add(name)
            todo.extend(HELPERS[name][2])
    return [name for name in HELPERS if name in need]
