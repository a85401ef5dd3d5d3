"""Reductions over one dim of a rank-2 to rank-4 input (family reduce): tiled or split into
partials; argmax/argmin keep the first index on ties.

Every style views the input as (OUTER, RED, INNER) and counts outputs j = o * INNER + i, whose RED
elements sit at o * RED * INNER + r * INNER + i. A program owns BLOCK_O neighbouring outputs, also
when the reduced dim is the last (INNER = 1): one output per program ran a thousand programs per
launch on a (6, 167, 12) max, 108 s in the interpreter, and timed out CPU checks under load."""

from __future__ import annotations

from autotriton.data.families import ReduceSpec, reduce_shape
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER, MUL_COMBINE, indent, numbered, op_words, tl_unary

# The head of every kernel: this program's outputs and where each one's elements start.
_OUTPUTS = ("    j = tl.program_id(0) * BLOCK_O + tl.arange(0, BLOCK_O)  # this program's outputs\n"
            "    mask_j = j < N_OUT\n"
            "    start = (j // INNER).to(tl.int64) * RED * INNER + j % INNER  # element r of output j: start + r * INNER\n")


def _tile(lo: str, hi: str, fill: str, pre: list[str]) -> str:
    """The loop head loading rows [lo, hi) of the program's outputs as a [BLOCK_R, BLOCK_O] tile
    `v` in float32, with `pre` applied and padding set to `fill`."""
    return (f"    for r0 in range({lo}, {hi}, BLOCK_R):\n"
            "        offs_r = r0 + tl.arange(0, BLOCK_R)\n"
            f"        mask = (offs_r[:, None] < {hi}) & mask_j[None, :]\n"
            "        v = tl.load(x_ptr + start[None, :] + offs_r[:, None] * INNER, mask=mask, other=0.0).to(tl.float32)\n"
            + (f"{indent(pre, 8)}\n" if pre else "") +
            f"        v = tl.where(mask, v, {fill})  # padding must not change the result\n")


def _reduce_split(spec: ReduceSpec, init: str, pre: list[str], combine: str, fold) -> tuple[str, str]:
    """Kernels and launch of the `split` style: RED cut into S parts reduced by separate programs
    into float32 partials, then a second kernel combining the S partials of each output.
    `fold(x)`: the expression reducing tile x over axis 0."""
    mean = "\n    res = res / RED" if spec["kind"] == "mean" else ""
    kernels = ("\n@triton.jit\n"
               "def reduce_partial_kernel(x_ptr, part_ptr, N_OUT, RED, INNER, CHUNK,\n"
               "                          BLOCK_R: tl.constexpr, BLOCK_O: tl.constexpr):\n"
               "    # program (output block, part) reduces rows [part * CHUNK, (part + 1) * CHUNK)\n"
               "    # of its outputs into one float32 partial each\n"
               + _OUTPUTS +
               "    part = tl.program_id(1)\n"
               "    stop = tl.minimum(RED, (part + 1) * CHUNK)\n"
               f"    acc = tl.full([BLOCK_R, BLOCK_O], {init}, tl.float32)\n"
               + _tile("part * CHUNK", "stop", init, pre) +
               f"        {combine}\n"
               f"    tl.store(part_ptr + part * N_OUT + j, {fold('acc')}, mask=mask_j)\n"
               "\n\n@triton.jit\n"
               "def reduce_final_kernel(part_ptr, out_ptr, N_OUT, RED, S, BLOCK_S: tl.constexpr, BLOCK_O: tl.constexpr):\n"
               "    j = tl.program_id(0) * BLOCK_O + tl.arange(0, BLOCK_O)\n"
               "    offs_s = tl.arange(0, BLOCK_S)\n"
               "    mask = (offs_s[:, None] < S) & (j[None, :] < N_OUT)\n"
               "    p = tl.load(part_ptr + offs_s[:, None] * N_OUT + j[None, :], mask=mask, other=0.0)\n"
               f"    p = tl.where(mask, p, {init})\n"
               f"    res = {fold('p')}{mean}\n"
               "    tl.store(out_ptr + j, res.to(out_ptr.dtype.element_ty), mask=j < N_OUT)\n")
    launch = ("S = max(1, min(64, triton.cdiv(RED, 128)))  # parts of about 128 rows\n"
              "CHUNK = triton.cdiv(RED, S)\n"
              "BLOCK_R = min(BLOCK_R, triton.next_power_of_2(CHUNK))\n"
              "part = torch.empty((S, N_OUT), device=x.device, dtype=torch.float32)\n"
              "grid = (triton.cdiv(N_OUT, BLOCK_O), S)\n"
              "reduce_partial_kernel[grid](x, part, N_OUT, RED, INNER, CHUNK, BLOCK_R=BLOCK_R, BLOCK_O=BLOCK_O)\n"
              "reduce_final_kernel[(triton.cdiv(N_OUT, BLOCK_O),)](part, out, N_OUT, RED, S,\n"
              "                                                   BLOCK_S=triton.next_power_of_2(S), BLOCK_O=BLOCK_O)")
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


def _shape_words(spec: ReduceSpec) -> str:
    return "(" + ", ".join(reduce_shape(spec)) + ")"


def _last(spec: ReduceSpec) -> bool:
    """Whether the reduced dim is the input's last (INNER = 1)."""
    rank = len(reduce_shape(spec))
    return spec["dim"] % rank == rank - 1


def _view_words(spec: ReduceSpec) -> str:
    """The reasoning's first step: the (OUTER, RED, INNER) view and what a program owns."""
    names = reduce_shape(spec)
    if _last(spec):
        layout = ("The reduced dim is the last, so INNER = 1: each output's elements are a contiguous row, and a "
                  "program takes 16 neighbouring rows at a time, walking them in chunks of up to 256 columns.")
    else:
        after = " x ".join(names[spec["dim"] % len(names) + 1:])
        layout = (f"The {after} elements after the reduced dim make INNER: an output's elements are INNER apart, "
                  "and neighbouring outputs are neighbouring columns, so a program takes 64 of them and every load "
                  "of a [BLOCK_R, 64] tile reads contiguous memory.")
    return ("View the input as (OUTER, RED, INNER): OUTER = the product of the sizes before the reduced dim, RED = "
            "its size, INNER = the product of the sizes after it. Output j = o * INNER + i reduces the elements "
            "o * RED * INNER + r * INNER + i over r, so one kernel serves every dim. " + layout)


def write_reduce(spec: ReduceSpec, style: str = "tiled") -> Solution:
    kind = spec["kind"]
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
    final = f"res = {fold('acc')}" + ("\n    res = res / RED" if kind == "mean" else "")
    kernel = ("\n@triton.jit\n"
              "def reduce_kernel(x_ptr, out_ptr, N_OUT, RED, INNER, BLOCK_R: tl.constexpr, BLOCK_O: tl.constexpr):\n"
              "    # x viewed as (OUTER, RED, INNER); each program reduces BLOCK_O outputs\n"
              + _OUTPUTS +
              f"    acc = tl.full([BLOCK_R, BLOCK_O], {init}, tl.float32)\n"
              + _tile("0", "RED", init, pre) +
              f"        {combine}\n"
              f"    {final}\n"
              "    tl.store(out_ptr + j, res.to(out_ptr.dtype.element_ty), mask=mask_j)\n")
    module = _reduce_module("grid = (triton.cdiv(N_OUT, BLOCK_O),)\n"
                            "reduce_kernel[grid](x, out, N_OUT, RED, INNER, BLOCK_R=BLOCK_R, BLOCK_O=BLOCK_O)",
                            spec, "x.dtype")
    pre_txt = f"apply {op_words(spec['pre'])} to each element, then " if spec["pre"] else ""
    reasoning = numbered(
        f"The module computes the {_REDUCE_WHAT[kind]} over dim {spec['dim']} of a {_shape_words(spec)} tensor: "
        f"{pre_txt}reduce.",
        [_view_words(spec),
         "The accumulator is a [BLOCK_R, BLOCK_O] float32 tile, reduced across axis 0 only once at the end; this "
         "keeps the loop free of cross-lane reductions.",
         f"Masks: rows past RED and outputs past N_OUT are loaded as 0 and then replaced by the reduction's identity "
         f"({init}), so padding never changes the result, including after the element-wise pre-op.",
         _REDUCE_LAST.get(kind, "Accumulate in float32 and cast to the output dtype at the store.")])
    return Solution(reasoning + _runtime_dim_words(spec), HEADER + helper + kernel + module)


def _reduce_arg(spec: ReduceSpec, style: str) -> Solution:
    """argmax / argmin over one dim: int64 indices, the first on ties (torch's rule).
    `tiled`: BLOCK_O outputs per program; `split`: parts of RED into (value, index) partials."""
    kind = spec["kind"]
    worst, better, pick = ('-float("inf")', ">", "tl.max") if kind == "argmax" else ('float("inf")', "<", "tl.min")

    def scan(lo: str, hi: str) -> str:
        return ("    best = tl.full([BLOCK_R, BLOCK_O], {w}, tl.float32)\n"
                "    best_i = tl.zeros([BLOCK_R, BLOCK_O], dtype=tl.int32)\n").format(w=worst) + \
            _tile(lo, hi, worst, []) + \
            (f"        take = v {better} best  # strict: on a tie a lane keeps its earlier row\n"
             "        best = tl.where(take, v, best)\n"
             "        best_i = tl.where(take, offs_r[:, None], best_i)\n"
             f"    m = {pick}(best, axis=0)\n"
             "    # the first row among the lanes that hold the extreme; RED is larger than any row\n"
             "    idx = tl.min(tl.where(best == m[None, :], best_i, RED), axis=0)\n")
    if style == "split":
        kernels = ("\n@triton.jit\n"
                   f"def {kind}_partial_kernel(x_ptr, val_ptr, idx_ptr, N_OUT, RED, INNER, CHUNK,\n"
                   "                          BLOCK_R: tl.constexpr, BLOCK_O: tl.constexpr):\n"
                   "    # program (output block, part): the best value and its first row in its part\n"
                   + _OUTPUTS + "    part = tl.program_id(1)\n    stop = tl.minimum(RED, (part + 1) * CHUNK)\n"
                   + scan("part * CHUNK", "stop") +
                   "    tl.store(val_ptr + part * N_OUT + j, m, mask=mask_j)\n"
                   "    tl.store(idx_ptr + part * N_OUT + j, idx, mask=mask_j)\n"
                   "\n\n@triton.jit\n"
                   f"def {kind}_final_kernel(val_ptr, idx_ptr, out_ptr, N_OUT, RED, S, BLOCK_S: tl.constexpr,\n"
                   "                        BLOCK_O: tl.constexpr):\n"
                   "    j = tl.program_id(0) * BLOCK_O + tl.arange(0, BLOCK_O)\n"
                   "    offs_s = tl.arange(0, BLOCK_S)\n"
                   "    mask = (offs_s[:, None] < S) & (j[None, :] < N_OUT)\n"
                   "    src = offs_s[:, None] * N_OUT + j[None, :]\n"
                   f"    v = tl.where(mask, tl.load(val_ptr + src, mask=mask, other=0.0), {worst})\n"
                   "    i = tl.load(idx_ptr + src, mask=mask, other=0)\n"
                   f"    m = {pick}(v, axis=0)\n"
                   "    # parts cover increasing rows, so the smallest index among the winners is the first\n"
                   "    idx = tl.min(tl.where(mask & (v == m[None, :]), i, RED), axis=0)\n"
                   "    tl.store(out_ptr + j, idx.to(tl.int64), mask=j < N_OUT)\n")
        launch = ("S = max(1, min(64, triton.cdiv(RED, 128)))  # parts of about 128 rows\n"
                  "CHUNK = triton.cdiv(RED, S)\n"
                  "BLOCK_R = min(BLOCK_R, triton.next_power_of_2(CHUNK))\n"
                  "val = torch.empty((S, N_OUT), device=x.device, dtype=torch.float32)\n"
                  "idx = torch.empty((S, N_OUT), device=x.device, dtype=torch.int32)\n"
                  "grid = (triton.cdiv(N_OUT, BLOCK_O), S)\n"
                  f"{kind}_partial_kernel[grid](x, val, idx, N_OUT, RED, INNER, CHUNK, BLOCK_R=BLOCK_R, BLOCK_O=BLOCK_O)\n"
                  f"{kind}_final_kernel[(triton.cdiv(N_OUT, BLOCK_O),)](val, idx, out, N_OUT, RED, S,\n"
                  "    BLOCK_S=triton.next_power_of_2(S), BLOCK_O=BLOCK_O)")
    else:
        kernels = ("\n@triton.jit\n"
                   f"def {kind}_kernel(x_ptr, out_ptr, N_OUT, RED, INNER, BLOCK_R: tl.constexpr, BLOCK_O: tl.constexpr):\n"
                   "    # x viewed as (OUTER, RED, INNER); each program finds BLOCK_O outputs' indices\n"
                   + _OUTPUTS + scan("0", "RED") +
                   "    tl.store(out_ptr + j, idx.to(tl.int64), mask=mask_j)\n")
        launch = ("grid = (triton.cdiv(N_OUT, BLOCK_O),)\n"
                  f"{kind}_kernel[grid](x, out, N_OUT, RED, INNER, BLOCK_R=BLOCK_R, BLOCK_O=BLOCK_O)")
    word = "largest" if kind == "argmax" else "smallest"
    steps = [_view_words(spec),
             f"Each lane of a [BLOCK_R, BLOCK_O] tile keeps the {word} value it has seen and the row it came from. "
             f"The update uses a strict comparison ({better}), and a lane sees its rows in increasing order, so on a "
             "tie it keeps the earlier row.",
             f"After the loop: m = the {word} value over the lanes, then the smallest row index among the lanes whose "
             "value equals m. That is torch's rule: the first occurrence wins.",
             "Indices are kept in int32 (a row count is far below 2^31) and stored as int64, the dtype torch returns; "
             f"padding is set to {worst} so it never wins."]
    if style == "split":
        steps.insert(2, "Split: with few outputs, RED is cut into S parts of about 128 rows (at most 64), each "
                        "reduced by its own program into a (value, first row) partial; a second kernel combines "
                        "the S partials per output. Parts cover increasing rows, so the smallest index among the "
                        "winning parts is still the first occurrence. No atomics, so the result is deterministic.")
    reasoning = numbered(f"The module returns the {_REDUCE_WHAT[kind]} over dim {spec['dim']} of a "
                         f"{_shape_words(spec)} tensor.", steps)
    return Solution(reasoning + _runtime_dim_words(spec),
                    HEADER + kernels + _reduce_module(launch, spec, "torch.int64"))


def _runtime_view(spec: ReduceSpec) -> bool:
    """Whether forward computes the (OUTER, RED, INNER) view at run time: where the module takes
    its dim in the constructor (self.dim), keeps the reduced dim, or is not a (B, R, C) input."""
    return bool(spec.get("init_dim") or spec.get("keepdim") or spec.get("shape"))


def _view_lines(spec: ReduceSpec, out_dtype: str) -> tuple[str, str]:
    """forward's (OUTER, RED, INNER) view with the output allocation, and the block sizes: the
    view fixed for the task's (B, R, C) dim, or computed at run time (_runtime_view)."""
    blocks = ("BLOCK_R = min(64 if INNER > 1 else 256, triton.next_power_of_2(RED))\n"
              "        BLOCK_O = min(64 if INNER > 1 else 16, triton.next_power_of_2(N_OUT))")
    if _runtime_view(spec):
        d = "self.dim % len(x.shape)" if spec.get("init_dim") else \
            str(spec["dim"]) if spec["dim"] >= 0 else f"{spec['dim']} % len(x.shape)"
        kept = "(1,) + " if spec.get("keepdim") else ""
        return (f"d = {d}\n"
                "        OUTER, RED, INNER = math.prod(x.shape[:d]), x.shape[d], math.prod(x.shape[d + 1:])\n"
                "        N_OUT = OUTER * INNER\n"
                f"        out = torch.empty(x.shape[:d] + {kept}x.shape[d + 1:], device=x.device, dtype={out_dtype})",
                blocks)
    if spec["dim"] == 2:
        return ("B, R, C = x.shape\n        OUTER, RED, INNER = B * R, C, 1\n        N_OUT = OUTER\n"
                f"        out = torch.empty((B, R), device=x.device, dtype={out_dtype})", blocks)
    return ("B, R, C = x.shape\n        OUTER, RED, INNER = B, R, C\n        N_OUT = B * C\n"
            f"        out = torch.empty((B, C), device=x.device, dtype={out_dtype})", blocks)


def _runtime_dim_words(spec: ReduceSpec) -> str:
    """The reasoning's last paragraph where forward computes the view at run time."""
    if not _runtime_view(spec):
        return ""
    src = "comes from the constructor (self.dim), so" if spec.get("init_dim") else "is fixed, but"
    kept = " The output keeps the reduced dim as size 1 (keepdim=True); the kernel's writes are the same." \
        if spec.get("keepdim") else ""
    return (f"\nThe reduced dim {src} forward computes the view at run time: OUTER = prod(shape[:d]), "
            "RED = shape[d], INNER = prod(shape[d + 1:]), and one kernel serves any dim." + kept)


def _reduce_module(launch: str, spec: ReduceSpec, out_dtype: str) -> str:
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


def _reduce_split_reasoning(spec: ReduceSpec, init: str) -> str:
    kind = spec["kind"]
    pre_txt = f"apply {op_words(spec['pre'])} to each element, then " if spec["pre"] else ""
    steps = [_view_words(spec),
             "Split the reduction: with one program per block of outputs, a few long reductions leave most of the "
             "GPU idle. Instead RED is cut into S parts of about 128 rows (S = cdiv(RED, 128), at most 64), each "
             "reduced by its own program into a float32 partial per output; grid (output blocks, S). It pays off "
             "when the outputs are few against the GPU's SMs; with many outputs the one-pass form already fills "
             "the GPU and the second launch is pure overhead.",
             "A second small kernel combines the S partials of each output in a fixed order. Two launches and no "
             "atomics, so the result is deterministic, and the partials stay in float32.",
             f"Masks: rows past the part's end and outputs past N_OUT are replaced by the identity ({init}) after "
             "the element-wise pre-op, so padding never changes a partial, and the combine masks parts past S the "
             "same way." + (" " + _REDUCE_LAST[kind] if kind in _REDUCE_LAST else "")]
    return numbered(f"The module computes the {_REDUCE_WHAT[kind]} over dim {spec['dim']} of a "
                    f"{_shape_words(spec)} tensor: {pre_txt}reduce.", steps)
