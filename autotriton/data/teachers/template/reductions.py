"""Reductions over one dim of a rank-2 to rank-4 input (family reduce): tiled or split into
partials; argmax/argmin keep the first index on ties."""

from __future__ import annotations

from autotriton.data.compose import reduce_shape
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER, MUL_COMBINE, indent, numbered, op_words, tl_unary


def _reduce_split(spec: dict, init: str, pre: list[str], combine: str, fold) -> tuple[str, str]:
    """Kernels and launch of the `split` style: RED cut into S slices reduced by separate programs
    into float32 partials, then a second kernel combining the S partials of each output.
    `fold(x)`: the expression reducing tile x over axis 0."""
    mean = "\n    res = res / RED" if spec["kind"] == "mean" else ""
    kernels = ("\n@triton.jit\n"
               "def reduce_partial_kernel(x_ptr, part_ptr, RED, INNER, CHUNK, S,\n"
               "                          BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):\n"
               "    # x viewed as (OUTER, RED, INNER); program (outer, column block, slice) reduces rows\n"
               "    # [slice * CHUNK, (slice + 1) * CHUNK) of its columns into one float32 partial each.\n"
               "    outer = tl.program_id(0)\n"
               "    offs_i = tl.program_id(1) * BLOCK_I + tl.arange(0, BLOCK_I)\n"
               "    part = tl.program_id(2)\n"
               "    mask_i = offs_i < INNER\n"
               "    base = x_ptr + outer.to(tl.int64) * RED * INNER\n"
               "    stop = tl.minimum(RED, (part + 1) * CHUNK)\n"
               f"    acc = tl.full([BLOCK_R, BLOCK_I], {init}, tl.float32)\n"
               "    for r0 in range(part * CHUNK, stop, BLOCK_R):\n"
               "        offs_r = r0 + tl.arange(0, BLOCK_R)\n"
               "        mask = (offs_r[:, None] < stop) & mask_i[None, :]\n"
               "        v = tl.load(base + offs_r[:, None] * INNER + offs_i[None, :], mask=mask, other=0.0).to(tl.float32)\n"
               f"{indent(pre, 8)}\n"
               f"        v = tl.where(mask, v, {init})  # padding must not change the result\n"
               f"        {combine}\n"
               f"    tl.store(part_ptr + (outer * S + part) * INNER + offs_i, {fold('acc')}, mask=mask_i)\n"
               "\n\n@triton.jit\n"
               "def reduce_final_kernel(part_ptr, out_ptr, RED, INNER, S, BLOCK_S: tl.constexpr, BLOCK_I: tl.constexpr):\n"
               "    outer = tl.program_id(0)\n"
               "    offs_i = tl.program_id(1) * BLOCK_I + tl.arange(0, BLOCK_I)\n"
               "    offs_s = tl.arange(0, BLOCK_S)\n"
               "    mask = (offs_s[:, None] < S) & (offs_i[None, :] < INNER)\n"
               "    p = tl.load(part_ptr + (outer * S + offs_s[:, None]) * INNER + offs_i[None, :], mask=mask, other=0.0)\n"
               f"    p = tl.where(mask, p, {init})\n"
               f"    res = {fold('p')}{mean}\n"
               "    tl.store(out_ptr + outer * INNER + offs_i, res.to(out_ptr.dtype.element_ty), mask=offs_i < INNER)\n")
    launch = ("S = max(1, min(64, triton.cdiv(RED, 128)))  # slices of about 128 rows\n"
              "CHUNK = triton.cdiv(RED, S)\n"
              "BLOCK_R = min(BLOCK_R, triton.next_power_of_2(CHUNK))\n"
              "part = torch.empty((OUTER, S, INNER), device=x.device, dtype=torch.float32)\n"
              "grid = (OUTER, triton.cdiv(INNER, BLOCK_I), S)\n"
              "reduce_partial_kernel[grid](x, part, RED, INNER, CHUNK, S, BLOCK_R=BLOCK_R, BLOCK_I=BLOCK_I)\n"
              "reduce_final_kernel[(OUTER, triton.cdiv(INNER, BLOCK_I))](part, out, RED, INNER, S,\n"
              "                                                        BLOCK_S=triton.next_power_of_2(S), BLOCK_I=BLOCK_I)")
    return kernels, launch


# kind -> (identity, fold of one tile into the accumulator, cross-lane reduction)
_REDUCE_OPS = {"sum": ("0.0", "acc = acc + v", "tl.sum"), "mean": ("0.0", "acc = acc + v", "tl.sum"),
               "max": ('-float("inf")', "acc = tl.maximum(acc, v)", "tl.max"),
               "amax_abs": ('-float("inf")', "acc = tl.maximum(acc, v)", "tl.max"),
               "min": ('float("inf")', "acc = tl.minimum(acc, v)", "tl.min"),
               "prod": ("1.0", "acc = acc * v", "prod")}
_REDUCE_WHAT = {"sum": "sum", "mean": "mean", "max": "maximum", "amax_abs": "maximum of |x|", "min": "minimum",
                "prod": "product", "argmax": "index of the maximum", "argmin": "index of the minimum"}
_REDUCE_LAST = {
    "mean": "The mean divides the sum by RED once, after the loop.",
    "prod": "Triton has no tl.prod, so the final fold is tl.reduce with a two-argument @triton.jit combine "
            "function (a * b); products are taken in float32 and cast at the store.",
    "min": "torch.min(x, dim) returns (values, indices); the task keeps the values, so only the running minimum "
           "is tracked, in float32, and cast at the store."}


def _shape_words(spec: dict) -> str:
    return "(" + ", ".join(reduce_shape(spec)) + ")"


def _last(spec: dict) -> bool:
    """Whether the reduced dim is the input's last (INNER = 1)."""
    rank = len(reduce_shape(spec))
    return spec["dim"] % rank == rank - 1


def _inner_words(spec: dict) -> str:
    """What INNER is, for the reasoning."""
    if _last(spec):
        return "INNER = 1 since it is the last dim."
    after = reduce_shape(spec)[spec["dim"] % len(reduce_shape(spec)) + 1:]
    return f"and the {' x '.join(after)} contiguous elements after it are INNER, so each load reads contiguous column blocks."


def write_reduce(spec: dict, style: str = "tiled") -> Solution:
    kind, dim = spec["kind"], spec["dim"]
    if kind in ("argmax", "argmin"):
        return _reduce_arg(spec, style)
    init, combine, fold_fn = _REDUCE_OPS[kind]
    pre = tl_unary(spec["pre"], "v") if spec["pre"] else []
    if kind == "amax_abs":
        pre.append("v = tl.abs(v)")

    def fold(x: str) -> str:
        return f"tl.reduce({x}, 0, mul_combine)" if fold_fn == "prod" else f"{fold_fn}({x}, axis=0)"
    helper = MUL_COMBINE if kind == "prod" else ""
    if style == "split":
        kernels, launch = _reduce_split(spec, init, pre, combine, fold)
        return Solution(_reduce_split_reasoning(spec, init) + _runtime_dim_words(spec),
                        HEADER + helper + kernels + _reduce_module(launch, spec, "x.dtype"))
    final = f"res = {fold('acc')}"
    if kind == "mean":
        final += "\n    res = res / RED"
    kernel = f'''
@triton.jit
def reduce_kernel(x_ptr, out_ptr, RED, INNER, BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):
    # x viewed as (OUTER, RED, INNER); one program per (outer index, block of INNER columns).
    outer = tl.program_id(0)
    offs_i = tl.program_id(1) * BLOCK_I + tl.arange(0, BLOCK_I)
    mask_i = offs_i < INNER
    base = x_ptr + outer * RED * INNER
    acc = tl.full([BLOCK_R, BLOCK_I], {init}, tl.float32)
    for r0 in range(0, RED, BLOCK_R):
        offs_r = r0 + tl.arange(0, BLOCK_R)
        mask = (offs_r[:, None] < RED) & mask_i[None, :]
        v = tl.load(base + offs_r[:, None] * INNER + offs_i[None, :], mask=mask, other=0.0).to(tl.float32)
{indent(pre, 8)}
        v = tl.where(mask, v, {init})  # padding must not change the result
        {combine}
    {final}
    tl.store(out_ptr + outer * INNER + offs_i, res.to(out_ptr.dtype.element_ty), mask=mask_i)
'''
    module = _reduce_module("grid = (OUTER, triton.cdiv(INNER, BLOCK_I))\n"
                            "reduce_kernel[grid](x, out, RED, INNER, BLOCK_R=BLOCK_R, BLOCK_I=BLOCK_I)", spec, "x.dtype")
    what = _REDUCE_WHAT[kind]
    pre_txt = f"apply {op_words(spec['pre'])} to each element, then " if spec["pre"] else ""
    after = " x ".join(reduce_shape(spec)[dim % len(reduce_shape(spec)) + 1:])
    layout = ("the reduced dim is the last one, so each output is a contiguous row: one program per row "
              "walks it in chunks of BLOCK_R (up to 1024) elements and folds them into a vector accumulator"
              if _last(spec) else
              f"the reduced dim has {after} contiguous elements after it (INNER): each program owns one outer "
              "index and a block of up to 64 of those columns, and walks the reduced rows in chunks of 64, so "
              "every load reads contiguous column blocks")
    reasoning = f"""The module computes the {what} over dim {dim} of a {_shape_words(spec)} tensor: {pre_txt}reduce.
1. View the input as (OUTER, RED, INNER) so one kernel covers both cases; here {layout}.
2. The accumulator is a [BLOCK_R, BLOCK_I] float32 tile, reduced across axis 0 only once at the end; this keeps the loop free of cross-lane reductions.
3. Masks: rows past RED and columns past INNER are loaded as 0 and then replaced by the reduction's identity ({init}), so padding never changes the result, including after the element-wise pre-op.
4. {_REDUCE_LAST[kind] if kind in _REDUCE_LAST else "Accumulate in float32 and cast to the output dtype at the store."}"""
    return Solution(reasoning + _runtime_dim_words(spec), HEADER + helper + kernel + module)


def _reduce_arg(spec: dict, style: str) -> Solution:
    """argmax / argmin over one dim: int64 indices, the first on ties (torch's rule).
    `tiled`: one program per output block; `split`: slices of RED into (value, index) partials."""
    kind, dim = spec["kind"], spec["dim"]
    worst, better, pick = ('-float("inf")', ">", "tl.max") if kind == "argmax" else ('float("inf")', "<", "tl.min")
    scan = ("    best = tl.full([BLOCK_R, BLOCK_I], {w}, tl.float32)\n"
            "    best_i = tl.zeros([BLOCK_R, BLOCK_I], dtype=tl.int32)\n"
            "    for r0 in range({lo}, {hi}, BLOCK_R):\n"
            "        offs_r = r0 + tl.arange(0, BLOCK_R)\n"
            "        mask = (offs_r[:, None] < {hi}) & mask_i[None, :]\n"
            "        v = tl.load(base + offs_r[:, None] * INNER + offs_i[None, :], mask=mask, other=0.0).to(tl.float32)\n"
            "        v = tl.where(mask, v, {w})\n"
            "        take = v {b} best  # strict: on a tie a lane keeps its earlier row\n"
            "        best = tl.where(take, v, best)\n"
            "        best_i = tl.where(take, offs_r[:, None], best_i)\n"
            "    m = {p}(best, axis=0)\n"
            "    # the first row among the lanes that hold the extreme; RED is larger than any row\n"
            "    idx = tl.min(tl.where(best == m[None, :], best_i, RED), axis=0)\n")
    head = ("    outer = tl.program_id(0)\n"
            "    offs_i = tl.program_id(1) * BLOCK_I + tl.arange(0, BLOCK_I)\n"
            "    mask_i = offs_i < INNER\n"
            "    base = x_ptr + outer.to(tl.int64) * RED * INNER\n")
    if style == "split":
        kernels = ("\n@triton.jit\n"
                   f"def {kind}_partial_kernel(x_ptr, val_ptr, idx_ptr, RED, INNER, CHUNK, S,\n"
                   "                          BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):\n"
                   "    # program (outer, column block, slice): the best value and its first row in its slice\n"
                   + head + "    part = tl.program_id(2)\n    stop = tl.minimum(RED, (part + 1) * CHUNK)\n"
                   + scan.format(w=worst, b=better, p=pick, lo="part * CHUNK", hi="stop") +
                   "    dst = (outer * S + part) * INNER + offs_i\n"
                   "    tl.store(val_ptr + dst, m, mask=mask_i)\n"
                   "    tl.store(idx_ptr + dst, idx, mask=mask_i)\n"
                   "\n\n@triton.jit\n"
                   f"def {kind}_final_kernel(val_ptr, idx_ptr, out_ptr, RED, INNER, S, BLOCK_S: tl.constexpr,\n"
                   "                        BLOCK_I: tl.constexpr):\n"
                   "    outer = tl.program_id(0)\n"
                   "    offs_i = tl.program_id(1) * BLOCK_I + tl.arange(0, BLOCK_I)\n"
                   "    offs_s = tl.arange(0, BLOCK_S)\n"
                   "    mask = (offs_s[:, None] < S) & (offs_i[None, :] < INNER)\n"
                   "    src = (outer * S + offs_s[:, None]) * INNER + offs_i[None, :]\n"
                   f"    v = tl.where(mask, tl.load(val_ptr + src, mask=mask, other=0.0), {worst})\n"
                   "    i = tl.load(idx_ptr + src, mask=mask, other=0)\n"
                   f"    m = {pick}(v, axis=0)\n"
                   "    # slices cover increasing rows, so the smallest index among the winners is the first\n"
                   "    idx = tl.min(tl.where(mask & (v == m[None, :]), i, RED), axis=0)\n"
                   "    tl.store(out_ptr + outer * INNER + offs_i, idx.to(tl.int64), mask=offs_i < INNER)\n")
        launch = ("S = max(1, min(64, triton.cdiv(RED, 128)))  # slices of about 128 rows\n"
                  "CHUNK = triton.cdiv(RED, S)\n"
                  "BLOCK_R = min(BLOCK_R, triton.next_power_of_2(CHUNK))\n"
                  "val = torch.empty((OUTER, S, INNER), device=x.device, dtype=torch.float32)\n"
                  "idx = torch.empty((OUTER, S, INNER), device=x.device, dtype=torch.int32)\n"
                  "grid = (OUTER, triton.cdiv(INNER, BLOCK_I), S)\n"
                  f"{kind}_partial_kernel[grid](x, val, idx, RED, INNER, CHUNK, S, BLOCK_R=BLOCK_R, BLOCK_I=BLOCK_I)\n"
                  f"{kind}_final_kernel[(OUTER, triton.cdiv(INNER, BLOCK_I))](val, idx, out, RED, INNER, S,\n"
                  "    BLOCK_S=triton.next_power_of_2(S), BLOCK_I=BLOCK_I)")
    else:
        kernels = ("\n@triton.jit\n"
                   f"def {kind}_kernel(x_ptr, out_ptr, RED, INNER, BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):\n"
                   "    # x viewed as (OUTER, RED, INNER); one program per (outer index, block of INNER columns)\n"
                   + head + scan.format(w=worst, b=better, p=pick, lo="0", hi="RED") +
                   "    tl.store(out_ptr + outer * INNER + offs_i, idx.to(tl.int64), mask=mask_i)\n")
        launch = ("grid = (OUTER, triton.cdiv(INNER, BLOCK_I))\n"
                  f"{kind}_kernel[grid](x, out, RED, INNER, BLOCK_R=BLOCK_R, BLOCK_I=BLOCK_I)")
    word = "largest" if kind == "argmax" else "smallest"
    steps = ["View the input as (OUTER, RED, INNER): the reduced dim is RED, " + _inner_words(spec),
             f"Each lane of a [BLOCK_R, BLOCK_I] tile keeps the {word} value it has seen and the row it came from. "
             f"The update uses a strict comparison ({better}), and a lane sees its rows in increasing order, so on a "
             "tie it keeps the earlier row.",
             f"After the loop: m = the {word} value over the lanes, then the smallest row index among the lanes whose "
             "value equals m. That is torch's rule: the first occurrence wins.",
             "Indices are kept in int32 (a row count is far below 2^31) and stored as int64, the dtype torch returns; "
             f"padding is set to {worst} so it never wins."]
    if style == "split":
        steps.insert(2, "Split: with few outputs, RED is cut into S slices of about 128 rows (at most 64), each "
                        "reduced by its own program into a (value, first row) partial; a second kernel combines "
                        "the S partials per output. Slices cover increasing rows, so the smallest index among the "
                        "winning slices is still the first occurrence. No atomics, so the result is deterministic.")
    reasoning = numbered(f"The module returns the {_REDUCE_WHAT[kind]} over dim {dim} of a {_shape_words(spec)} tensor.", steps)
    return Solution(reasoning + _runtime_dim_words(spec),
                    HEADER + kernels + _reduce_module(launch, spec, "torch.int64"))


def _runtime_view(spec: dict) -> bool:
    """Whether forward computes the (OUTER, RED, INNER) view at run time: where the module takes
    its dim in the constructor (self.dim), keeps the reduced dim, or is not a (B, R, C) input."""
    return bool(spec.get("init_dim") or spec.get("keepdim") or spec.get("shape"))


def _view_lines(spec: dict, out_dtype: str) -> tuple[str, str]:
    """forward's (OUTER, RED, INNER) view with the output allocation, and the block sizes: fixed
    for the task's (B, R, C) dim, or computed at run time (_runtime_view)."""
    if _runtime_view(spec):
        d = "self.dim % len(x.shape)" if spec.get("init_dim") else \
            str(spec["dim"]) if spec["dim"] >= 0 else f"{spec['dim']} % len(x.shape)"
        kept = "(1,) + " if spec.get("keepdim") else ""
        return (f"d = {d}\n"
                "        OUTER, RED, INNER = math.prod(x.shape[:d]), x.shape[d], math.prod(x.shape[d + 1:])\n"
                f"        out = torch.empty(x.shape[:d] + {kept}x.shape[d + 1:], device=x.device, dtype={out_dtype})",
                "BLOCK_I = min(64, triton.next_power_of_2(INNER))  # 1 when the reduced dim is the last\n"
                "        BLOCK_R = min(1024 if INNER == 1 else 64, triton.next_power_of_2(RED))")
    if spec["dim"] == 2:
        return (f"B, R, C = x.shape\n        OUTER, RED, INNER = B * R, C, 1\n        out = torch.empty((B, R), device=x.device, dtype={out_dtype})",
                "BLOCK_I = 1\n        BLOCK_R = min(1024, triton.next_power_of_2(RED))")
    return (f"B, R, C = x.shape\n        OUTER, RED, INNER = B, R, C\n        out = torch.empty((B, C), device=x.device, dtype={out_dtype})",
            "BLOCK_I = min(64, triton.next_power_of_2(INNER))\n        BLOCK_R = min(64, triton.next_power_of_2(RED))")


def _runtime_dim_words(spec: dict) -> str:
    """The reasoning's last paragraph where forward computes the view at run time."""
    if not _runtime_view(spec):
        return ""
    src = "comes from the constructor (self.dim), so" if spec.get("init_dim") else "is fixed, but"
    kept = " The output keeps the reduced dim as size 1 (keepdim=True); the kernel's writes are the same." \
        if spec.get("keepdim") else ""
    return (f"\nThe reduced dim {src} forward computes the view at run time: OUTER = prod(shape[:d]), "
            "RED = shape[d], INNER = prod(shape[d + 1:]), and one kernel serves any dim." + kept)


def _reduce_module(launch: str, spec: dict, out_dtype: str) -> str:
    """ModelNew of a reduction: the (OUTER, RED, INNER) view, the blocks, `launch`."""
    shape_lines, blocks = _view_lines(spec, out_dtype)
    default = f" = {spec['dim']}" if spec.get("dim_default") else ""
    init = (f"    def __init__(self, dim: int{default}):\n        super().__init__()\n        self.dim = dim\n\n"
            if spec.get("init_dim") else "    def __init__(self):\n        super().__init__()\n\n")
    return ("\nclass ModelNew(nn.Module):\n" + init +
            "    def forward(self, x):\n"
            "        x = x.contiguous()\n"
            f"        {shape_lines}\n"
            f"        {blocks}\n"
            f"{indent(launch.splitlines(), 8)}\n"
            "        return out\n")


def _reduce_split_reasoning(spec: dict, init: str) -> str:
    kind, dim = spec["kind"], spec["dim"]
    what = _REDUCE_WHAT[kind]
    pre_txt = f"apply {op_words(spec['pre'])} to each element, then " if spec["pre"] else ""
    steps = [f"View the input as (OUTER, RED, INNER): the reduced dim {dim} is RED, " + _inner_words(spec),
             "Split the reduction: with one program per output (or column block), a few long reductions leave most "
             "of the GPU idle. Instead RED is cut into S slices of about 128 rows (S = cdiv(RED, 128), at most 64), "
             "each reduced by its own program into a float32 partial; grid (OUTER, column blocks, S). It pays off "
             "when OUTER x column blocks is small against the GPU's SMs; with many outputs the one-pass form "
             "already fills the GPU and the second launch is pure overhead.",
             "A second small kernel combines the S partials of each output in a fixed order. Two launches and no "
             "atomics, so the result is deterministic, and the partials stay in float32.",
             f"Masks: rows past the slice's end and columns past INNER are replaced by the identity ({init}) after "
             "the element-wise pre-op, so padding never changes a partial, and the combine masks slices past S the "
             "same way." + (" " + _REDUCE_LAST[kind] if kind in _REDUCE_LAST else "")]
    return numbered(f"The module computes the {what} over dim {dim} of a {_shape_words(spec)} tensor: {pre_txt}reduce.", steps)
