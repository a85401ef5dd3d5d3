"""The `template` teacher: offline code generation of Triton solutions, with the
reasoning that explains them, for every point of the compose grammar.

No model is involved: for each family a kernel is written out from the task's
`COMPOSE_SPEC` (fused ops, epilogues), with block sizes and the reduction
strategy chosen from the shapes, and a step-by-step explanation of why.
The generated code follows the same rules as any candidate: only torch
allocation/view calls in forward, every op inside `@triton.jit` kernels,
boundary masks everywhere, fp32 accumulation.
"""

from __future__ import annotations

from dataclasses import dataclass

HEADER = "import math\n\nimport torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n"


@dataclass
class Solution:
    """A teacher's answer for one task: explanation plus the ModelNew module."""

    reasoning: str
    code: str

    def answer(self) -> str:
        """The assistant turn: reasoning, then one fenced Python block."""
        return f"{self.reasoning.strip()}\n\n```python\n{self.code.strip()}\n```\n"


def tl_unary(step: dict, h: str = "h") -> list[str]:
    """Triton statements applying one grammar op to the fp32 register value `h`."""
    op, a = step["op"], step.get("a")
    if op == "relu":
        return [f"{h} = tl.maximum({h}, 0.0)"]
    if op == "gelu":  # exact (erf) GELU, as F.gelu's default
        return [f"{h} = 0.5 * {h} * (1.0 + tl.erf({h} * 0.7071067811865476))"]
    if op == "sigmoid":  # exp(-h) -> inf for h << 0 gives 1/inf = 0, no NaN
        return [f"{h} = 1.0 / (1.0 + tl.exp(-{h}))"]
    if op == "tanh":
        # e = exp(-2|h|) <= 1 never overflows; below |h| = 0.05, 1 - e cancels (relative error
        # 6e-8 / 2|h|, all of it at |h| ~ 1e-8), so use the odd series |h| - |h|^3/3 + 2|h|^5/15.
        return [f"a = tl.abs({h})", "e = tl.exp(-2.0 * a)",
                "t = tl.where(a < 0.05, a - a * a * a / 3.0 + 2.0 * a * a * a * a * a / 15.0, (1.0 - e) / (1.0 + e))",
                f"{h} = tl.where({h} >= 0, t, -t)"]
    if op == "silu":
        return [f"{h} = {h} / (1.0 + tl.exp(-{h}))"]
    if op == "leaky_relu":
        return [f"{h} = tl.where({h} >= 0, {h}, {h} * {a})"]
    if op == "hardtanh":
        return [f"{h} = tl.minimum(tl.maximum({h}, {step['lo']}), {step['hi']})"]
    if op == "square":
        return [f"{h} = {h} * {h}"]
    if op == "scale":
        return [f"{h} = {h} * {a}"]
    if op == "shift":
        return [f"{h} = {h} + {a}"]
    if op == "abs":
        return [f"{h} = tl.abs({h})"]
    if op in ("elu", "selu"):
        # exp(h) - 1 cancels near 0 (absolute error 6e-8, all of it when |h| ~ 1e-8): below
        # |h| = 0.05 use the series h + h^2/2 + h^3/6 + h^4/24 (next term h^5/120, 3e-9 there).
        # exp of min(h, 0): the branch for h > 0 is discarded, but it should not be inf either.
        em = (f"em = tl.where(tl.abs({h}) < 0.05, {h} + {h} * {h} / 2.0 + {h} * {h} * {h} / 6.0 + "
              f"{h} * {h} * {h} * {h} / 24.0, tl.exp(tl.minimum({h}, 0.0)) - 1.0)")
        if op == "elu":
            return [em, f"{h} = tl.where({h} > 0, {h}, {a} * em)"]
        return [em, f"{h} = 1.0507009873554805 * tl.where({h} > 0, {h}, 1.6732632423543772 * em)"]
    if op == "softplus":  # log(1 + e^h) = max(h, 0) + log(1 + e^-|h|): no overflow; h > 20 is h itself, as torch
        return [f"{h} = tl.where({h} > 20.0, {h}, tl.maximum({h}, 0.0) + tl.log(1.0 + tl.exp(-tl.abs({h}))))"]
    if op == "softsign":
        return [f"{h} = {h} / (1.0 + tl.abs({h}))"]
    if op == "hardsigmoid":
        return [f"{h} = tl.minimum(tl.maximum({h} + 3.0, 0.0), 6.0) / 6.0"]
    if op == "hardswish":
        return [f"{h} = {h} * (tl.minimum(tl.maximum({h} + 3.0, 0.0), 6.0) / 6.0)"]
    if op == "exp":
        return [f"{h} = tl.exp({h})"]
    if op == "neg":
        return [f"{h} = -{h}"]
    if op == "gelu_tanh":  # 0.5 h (1 + tanh(sqrt(2/pi) (h + 0.044715 h^3))), tanh as above
        return ([f"u = 0.7978845608028654 * ({h} + 0.044715 * {h} * {h} * {h})"] + tl_unary({"op": "tanh"}, "u")
                + [f"{h} = 0.5 * {h} * (1.0 + u)"])
    if op == "swish":
        return [f"{h} = {h} * (1.0 / (1.0 + tl.exp(-{h})))"]
    if op == "clamp":
        return [f"{h} = tl.minimum(tl.maximum({h}, {step['lo']}), {step['hi']})"]
    raise ValueError(f"template has no Triton form for op {op}")


def _indent(lines: list[str], n: int = 4) -> str:
    return "\n".join(" " * n + x for x in lines)


def _numbered(what: str, steps: list[str]) -> str:
    """A reasoning text: the module's one-line summary, then its numbered steps."""
    return what + "\n" + "\n".join(f"{i}. {x}" for i, x in enumerate(steps, 1))


def _op_words(step: dict) -> str:
    extra = {k: v for k, v in step.items() if k not in ("op", "input")}
    return step["op"] + (f"({', '.join(f'{k}={v}' for k, v in extra.items())})" if extra else "")


# --------------------------------------------------------------- elementwise

def _elementwise_parts(spec: dict) -> tuple[list[str], list[str], list[str]]:
    """(extra inputs, parameter vectors, fp32 statements on `h`) of an elementwise chain."""
    steps = spec["steps"]
    inputs = [s["input"] for s in steps if "input" in s]
    params = [("bias" if s["op"] == "bias" else "scale") for s in steps if s["op"] in ("bias", "col_scale")]
    body = []
    for s in steps:
        if "input" in s:
            y = s["input"]
            body += {"add": [f"h = h + {y}"], "sub": [f"h = h - {y}"], "mul": [f"h = h * {y}"],
                     "maximum": [f"h = tl.maximum(h, {y})"],
                     "silu_gate": [f"h = h / (1.0 + tl.exp(-h)) * {y}"]}[s["op"]]
        elif s["op"] == "bias":
            body.append("h = h + bias")
        elif s["op"] == "col_scale":
            body.append("h = h * scale")
        else:
            body += tl_unary(s)
    return inputs, params, body


# Configs of the autotuned elementwise style (KernelBench L1 elementwise inputs reach 1.6e9
# elements: bigger blocks with 8 warps keep more bytes in flight per program).
_EW_CONFIGS = ("[triton.Config({'BLOCK': 1024}, num_warps=4), triton.Config({'BLOCK': 2048}, num_warps=8),\n"
               "                          triton.Config({'BLOCK': 4096}, num_warps=8)]")


def _elementwise(spec: dict, style: str = "flat") -> Solution:
    """Three ways to write an elementwise chain: `flat` 1-D blocks of a fixed size, `rows2d` 2-D
    tiles of rows x columns (the parameter vector loaded once per tile), `autotune` flat blocks
    whose size and warps @triton.autotune picks."""
    inputs, params, body = _elementwise_parts(spec)
    ptrs = ["x_ptr"] + [f"{y}_ptr" for y in inputs] + [f"{p}_ptr" for p in params]
    if style == "rows2d":
        kernel, launch = _ew_rows2d(inputs, params, body, ptrs)
    else:
        kernel, launch = _ew_flat(inputs, params, body, ptrs, style == "autotune")
    init_args = ", cols: int" if params else ""
    init = "".join(f"\n        self.{p} = nn.Parameter(torch.randn(cols))" for p in params)
    args = ", ".join(["x"] + inputs)
    conts = "".join(f"\n        {y} = {y}.contiguous()" for y in inputs)
    launch_args = ", ".join(["x"] + inputs + [f"self.{p}" for p in params])
    module = (f"\nclass ModelNew(nn.Module):\n"
              f"    def __init__(self{init_args}):\n"
              f"        super().__init__(){init}\n\n"
              f"    def forward(self, {args}):\n"
              f"        x = x.contiguous(){conts}\n"
              f"        out = torch.empty_like(x)\n"
              f"{_indent(launch.replace('ARGS', launch_args).splitlines(), 8)}\n"
              f"        return out\n")
    return Solution(_ew_reasoning(spec, params, style), HEADER + kernel + module)


def _ew_flat(inputs, params, body, ptrs, autotune: bool) -> tuple[str, str]:
    loads = [f"{y} = tl.load({y}_ptr + offs, mask=mask, other=0.0).to(tl.float32)" for y in inputs]
    if params:
        loads.append("col = offs % n_cols  # the parameter vector broadcasts over rows")
        loads += [f"{p} = tl.load({p}_ptr + col, mask=mask, other=0.0).to(tl.float32)" for p in params]
    deco = f"@triton.autotune(configs={_EW_CONFIGS}, key=['n_elements'])\n" if autotune else ""
    kernel = (f"\n{deco}@triton.jit\n"
              f"def fused_elementwise_kernel({', '.join(ptrs)}, out_ptr, n_elements, n_cols, BLOCK: tl.constexpr):\n"
              "    pid = tl.program_id(0)\n"
              "    offs = pid * BLOCK + tl.arange(0, BLOCK)\n"
              "    mask = offs < n_elements  # the last block runs past the end unless n is a multiple of BLOCK\n"
              "    h = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)\n"
              f"{_indent(loads)}\n{_indent(body)}\n"
              "    tl.store(out_ptr + offs, h.to(out_ptr.dtype.element_ty), mask=mask)\n")
    if autotune:
        launch = ("n = x.numel()\n"
                  "grid = lambda meta: (triton.cdiv(n, meta['BLOCK']),)  # BLOCK is the autotuner's pick\n"
                  "fused_elementwise_kernel[grid](ARGS, out, n, x.shape[-1])")
    else:
        launch = ("n = x.numel()\n"
                  "BLOCK = 1024\n"
                  "grid = (triton.cdiv(n, BLOCK),)\n"
                  "fused_elementwise_kernel[grid](ARGS, out, n, x.shape[-1], BLOCK=BLOCK)")
    return kernel, launch


def _ew_rows2d(inputs, params, body, ptrs) -> tuple[str, str]:
    loads = [f"{y} = tl.load({y}_ptr + offs, mask=mask, other=0.0).to(tl.float32)" for y in inputs]
    loads += [f"{p} = tl.load({p}_ptr + cols, mask=cols < n_cols, other=0.0).to(tl.float32)[None, :]"
              for p in params]
    kernel = ("\n@triton.jit\n"
              f"def fused_rows_kernel({', '.join(ptrs)}, out_ptr, n_rows, n_cols,\n"
              "                      BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):\n"
              "    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)\n"
              "    cols = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)\n"
              "    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)  # both edges of a tile can overhang\n"
              "    offs = rows[:, None].to(tl.int64) * n_cols + cols[None, :]\n"
              "    h = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)\n"
              f"{_indent(loads)}\n{_indent(body)}\n"
              "    tl.store(out_ptr + offs, h.to(out_ptr.dtype.element_ty), mask=mask)\n")
    launch = ("n_cols = x.shape[-1]\n"
              "n_rows = x.numel() // max(n_cols, 1)\n"
              "BLOCK_C = min(triton.next_power_of_2(n_cols), 256)\n"
              "BLOCK_R = max(1, 2048 // BLOCK_C)  # about 2048 elements per program\n"
              "grid = (triton.cdiv(n_rows, BLOCK_R), triton.cdiv(n_cols, BLOCK_C))\n"
              "fused_rows_kernel[grid](ARGS, out, n_rows, n_cols, BLOCK_R=BLOCK_R, BLOCK_C=BLOCK_C)")
    return kernel, launch


def _ew_reasoning(spec: dict, params: list[str], style: str) -> str:
    chain = " -> ".join(_op_words(s) for s in spec["steps"])
    steps = ["Every output element depends only on the elements at the same position"
             f"{' (plus one value per column of the parameter vector)' if params else ''}, so the whole chain "
             "fuses into one kernel: each input is read once and the output written once, instead of one round "
             "trip to memory per PyTorch op."]
    if style == "rows2d":
        steps += ["Tiling: view the tensor as rows x columns (the last dim) and give each program a 2-D tile of "
                  "BLOCK_R rows by BLOCK_C columns, BLOCK_C = min(next_power_of_2(cols), 256) and "
                  "BLOCK_R = 2048 // BLOCK_C; the grid is (cdiv(rows, BLOCK_R), cdiv(cols, BLOCK_C)).",
                  "Both edges of a tile can overhang, so the mask is the outer AND of a row mask and a column "
                  "mask; offsets are row * cols + col in int64, so that large tensors cannot overflow."]
        if params:
            steps.append("Parameters: the per-column vector is loaded once per tile as a [1, BLOCK_C] row and "
                         "broadcast down the tile, instead of being gathered per element.")
    else:
        if style == "autotune":
            steps.append("Tiling: a flat array of n elements in BLOCKs of contiguous elements, with BLOCK and "
                         "num_warps left to @triton.autotune (1024 with 4 warps, 2048 or 4096 with 8), keyed on "
                         "n, so that large inputs get more bytes in flight per program; the grid is a lambda of "
                         "the chosen BLOCK.")
        else:
            steps.append("Tiling: treat the tensor as a flat array of n elements and give each program a BLOCK "
                         "of 1024 contiguous elements (a power of two, as tl.arange needs); the grid is "
                         "cdiv(n, 1024). Loads are contiguous and coalesced.")
        steps.append("The last block usually overhangs the end (n is not a multiple of BLOCK), so every load "
                     "and store uses the mask offs < n.")
        if params:
            steps.append("Parameters: the per-column vector is indexed with offs % n_cols, since the flat index "
                         "of element (row, col) is row * n_cols + col.")
    steps.append("Arithmetic is done in float32 registers and cast to the output dtype only at the store, which "
                 "is more accurate than rounding after every op.")
    return _numbered(f"The module is a pure elementwise chain: {chain}.", steps)


# --------------------------------------------------------------- reductions

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
               f"{_indent(pre, 8)}\n"
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
# Triton has no product reduction: tl.reduce folds with this combine function.
_MUL_COMBINE = """
@triton.jit
def mul_combine(a, b):
    return a * b

"""


def _reduce(spec: dict, style: str = "tiled") -> Solution:
    kind, dim = spec["kind"], spec["dim"]
    if kind in ("argmax", "argmin"):
        return _reduce_arg(spec, style)
    init, combine, fold_fn = _REDUCE_OPS[kind]
    pre = tl_unary(spec["pre"], "v") if spec["pre"] else []
    if kind == "amax_abs":
        pre.append("v = tl.abs(v)")

    def fold(x: str) -> str:
        return f"tl.reduce({x}, 0, mul_combine)" if fold_fn == "prod" else f"{fold_fn}({x}, axis=0)"
    helper = _MUL_COMBINE if kind == "prod" else ""
    if dim == 2:
        shape_lines = "OUTER, RED, INNER = B * R, C, 1\n        out = torch.empty((B, R), device=x.device, dtype=x.dtype)"
        blocks = "BLOCK_I = 1\n        BLOCK_R = min(1024, triton.next_power_of_2(RED))"
    else:
        shape_lines = "OUTER, RED, INNER = B, R, C\n        out = torch.empty((B, C), device=x.device, dtype=x.dtype)"
        blocks = "BLOCK_I = min(64, triton.next_power_of_2(INNER))\n        BLOCK_R = min(64, triton.next_power_of_2(RED))"
    if style == "split":
        kernels, launch = _reduce_split(spec, init, pre, combine, fold)
        return Solution(_reduce_split_reasoning(spec, init),
                        HEADER + helper + kernels + _reduce_module(shape_lines, blocks, launch))
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
{_indent(pre, 8)}
        v = tl.where(mask, v, {init})  # padding must not change the result
        {combine}
    {final}
    tl.store(out_ptr + outer * INNER + offs_i, res.to(out_ptr.dtype.element_ty), mask=mask_i)
'''
    module = _reduce_module(shape_lines, blocks, "grid = (OUTER, triton.cdiv(INNER, BLOCK_I))\n"
                            "reduce_kernel[grid](x, out, RED, INNER, BLOCK_R=BLOCK_R, BLOCK_I=BLOCK_I)")
    what = _REDUCE_WHAT[kind]
    pre_txt = f"apply {_op_words(spec['pre'])} to each element, then " if spec["pre"] else ""
    layout = ("the reduced dim is the last one, so each output is a contiguous row: one program per row "
              "walks it in chunks of BLOCK_R (up to 1024) elements and folds them into a vector accumulator"
              if dim == 2 else
              "the reduced dim is the middle one, with C contiguous columns after it: each program owns one batch "
              "index and a block of up to 64 columns, and walks the R rows in chunks of 64, so every load reads "
              "contiguous column blocks")
    reasoning = f"""The module computes the {what} over dim {dim} of a (B, R, C) tensor: {pre_txt}reduce.
1. View the input as (OUTER, RED, INNER) so one kernel covers both cases; here {layout}.
2. The accumulator is a [BLOCK_R, BLOCK_I] float32 tile, reduced across axis 0 only once at the end; this keeps the loop free of cross-lane reductions.
3. Masks: rows past RED and columns past INNER are loaded as 0 and then replaced by the reduction's identity ({init}), so padding never changes the result, including after the element-wise pre-op.
4. {_REDUCE_LAST[kind] if kind in _REDUCE_LAST else "Accumulate in float32 and cast to the output dtype at the store."}"""
    return Solution(reasoning, HEADER + helper + kernel + module)


def _reduce_arg(spec: dict, style: str) -> Solution:
    """argmax / argmin over dim 1 or 2 of (B, R, C): int64 indices, the first on ties (torch's rule).
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
    if dim == 2:
        shape_lines = "OUTER, RED, INNER = B * R, C, 1\n        out = torch.empty((B, R), device=x.device, dtype=torch.int64)"
        blocks = "BLOCK_I = 1\n        BLOCK_R = min(1024, triton.next_power_of_2(RED))"
    else:
        shape_lines = "OUTER, RED, INNER = B, R, C\n        out = torch.empty((B, C), device=x.device, dtype=torch.int64)"
        blocks = "BLOCK_I = min(64, triton.next_power_of_2(INNER))\n        BLOCK_R = min(64, triton.next_power_of_2(RED))"
    word = "largest" if kind == "argmax" else "smallest"
    steps = ["View the input as (OUTER, RED, INNER): the reduced dim is RED, " +
             ("INNER = 1 since it is the last dim." if dim == 2 else "and the C contiguous columns after it are INNER, "
              "so each load reads contiguous column blocks."),
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
    reasoning = _numbered(f"The module returns the {_REDUCE_WHAT[kind]} over dim {dim} of a (B, R, C) tensor.", steps)
    return Solution(reasoning, HEADER + kernels + _reduce_module(shape_lines, blocks, launch))


def _reduce_module(shape_lines: str, blocks: str, launch: str) -> str:
    """ModelNew of a (B, R, C) reduction: the (OUTER, RED, INNER) view, the blocks, `launch`."""
    return ("\nclass ModelNew(nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n\n"
            "    def forward(self, x):\n"
            "        x = x.contiguous()\n"
            "        B, R, C = x.shape\n"
            f"        {shape_lines}\n"
            f"        {blocks}\n"
            f"{_indent(launch.splitlines(), 8)}\n"
            "        return out\n")


def _reduce_split_reasoning(spec: dict, init: str) -> str:
    kind, dim = spec["kind"], spec["dim"]
    what = _REDUCE_WHAT[kind]
    pre_txt = f"apply {_op_words(spec['pre'])} to each element, then " if spec["pre"] else ""
    steps = [f"View the input as (OUTER, RED, INNER): the reduced dim {dim} is RED, "
             + ("and INNER = 1 (it is the last dim)." if dim == 2 else "with the C contiguous columns after it as INNER."),
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
    return _numbered(f"The module computes the {what} over dim {dim} of a (B, R, C) tensor: {pre_txt}reduce.", steps)


# --------------------------------------------------------------- row kernels (norm, softmax)

def _norm_lines(kind: str, affine_bias: bool) -> list[str]:
    if kind == "layernorm":
        return ["mean = tl.sum(h, axis=0) / n_cols",
                "d = tl.where(mask, h - mean, 0.0)  # padded lanes must not add to the variance",
                "var = tl.sum(d * d, axis=0) / n_cols",
                "w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)",
                "b = tl.load(b_ptr + cols, mask=mask, other=0.0).to(tl.float32)" if affine_bias else "b = 0.0",
                "h = d * tl.rsqrt(var + eps) * w + b"]
    return ["ms = tl.sum(h * h, axis=0) / n_cols",
            "w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)",
            "h = h * tl.rsqrt(ms + eps) * w"]


def _norm_kernel(kind: str, residual: bool, act: dict | None) -> str:
    res = ["h = h + tl.load(r_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)"] if residual else []
    post = tl_unary(act) if act else []
    return f'''
@triton.jit
def {kind}_row_kernel(x_ptr, r_ptr, w_ptr, b_ptr, out_ptr, n_cols, eps, BLOCK: tl.constexpr):
    # One program per row; BLOCK >= n_cols, so the row's statistics come from one tile in registers.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    h = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
{_indent(res)}
{_indent(_norm_lines(kind, True))}
{_indent(post)}
    tl.store(out_ptr + row * n_cols + cols, h.to(out_ptr.dtype.element_ty), mask=mask)
'''


def _norm_looped_kernel(kind: str, residual: bool, act: dict | None) -> str:
    """Rows of any length, in BLOCK-column chunks: the statistics in one or two read passes
    (layernorm: the mean, then the variance of the centred values, as stable as the one-tile
    form), and a last pass that normalises and stores."""
    load = ["h = tl.load(x_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)"]
    if residual:
        load.append("h = h + tl.load(r_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)")
    chunk = ["cols = start + tl.arange(0, BLOCK)", "mask = cols < n_cols"] + load
    if kind == "layernorm":
        stats = ("    acc = tl.zeros([BLOCK], dtype=tl.float32)\n"
                 "    for start in range(0, n_cols, BLOCK):\n"
                 f"{_indent(chunk, 8)}\n"
                 "        acc += h  # padded lanes were loaded as 0\n"
                 "    mean = tl.sum(acc, axis=0) / n_cols\n"
                 "    acc = tl.zeros([BLOCK], dtype=tl.float32)\n"
                 "    for start in range(0, n_cols, BLOCK):\n"
                 f"{_indent(chunk, 8)}\n"
                 "        d = tl.where(mask, h - mean, 0.0)  # padded lanes must not add to the variance\n"
                 "        acc += d * d\n"
                 "    rstd = tl.rsqrt(tl.sum(acc, axis=0) / n_cols + eps)\n")
        norm = ["w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)",
                "b = tl.load(b_ptr + cols, mask=mask, other=0.0).to(tl.float32)",
                "h = (h - mean) * rstd * w + b"]
    else:
        stats = ("    acc = tl.zeros([BLOCK], dtype=tl.float32)\n"
                 "    for start in range(0, n_cols, BLOCK):\n"
                 f"{_indent(chunk, 8)}\n"
                 "        acc += h * h\n"
                 "    rstd = tl.rsqrt(tl.sum(acc, axis=0) / n_cols + eps)\n")
        norm = ["w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)", "h = h * rstd * w"]
    post = tl_unary(act) if act else []
    return ("\n@triton.jit\n"
            f"def {kind}_looped_kernel(x_ptr, r_ptr, w_ptr, b_ptr, out_ptr, n_cols, eps, BLOCK: tl.constexpr):\n"
            "    # One program per row, walking it in BLOCK-column chunks: any row length fits.\n"
            "    base = tl.program_id(0).to(tl.int64) * n_cols\n"
            f"{stats}"
            "    for start in range(0, n_cols, BLOCK):\n"
            f"{_indent(chunk + norm + post, 8)}\n"
            "        tl.store(out_ptr + base + cols, h.to(out_ptr.dtype.element_ty), mask=mask)\n")


def _norm_launch(kind: str, x: str, r: str, b: str, out: str, eps: float, ind: str = "        ") -> str:
    return (f"{ind}BLOCK = triton.next_power_of_2({x}.shape[-1])\n"
            f"{ind}warps = 8 if BLOCK >= 2048 else 4  # wide rows: more warps keep registers per thread bounded\n"
            f"{ind}{kind}_row_kernel[({x}.shape[0],)]({x}, {r}, self.weight, {b}, {out}, {x}.shape[-1], {eps}, "
            f"BLOCK=BLOCK, num_warps=warps)")


def _norm(spec: dict, style: str = "one_tile") -> Solution:
    kind, residual, act = spec["kind"], spec["residual"], spec["act"]
    bias_param = kind == "layernorm"
    init = "\n        self.weight = nn.Parameter(torch.randn(cols))"
    init += "\n        self.bias = nn.Parameter(torch.randn(cols))" if bias_param else ""
    args = "x, r" if residual else "x"
    b = "self.bias" if bias_param else "self.weight"
    if style == "looped":
        launch = ("        BLOCK = min(triton.next_power_of_2(x.shape[-1]), 1024)\n"
                  f"        {kind}_looped_kernel[(x.shape[0],)](x, r, self.weight, {b}, out, x.shape[-1], {spec['eps']}, "
                  "BLOCK=BLOCK, num_warps=4)")
    else:
        launch = _norm_launch(kind, "x", "r", b, "out", spec["eps"])
    module = f'''
class ModelNew(nn.Module):
    def __init__(self, cols: int):
        super().__init__(){init}

    def forward(self, {args}):
        x = x.contiguous()
        {"r = r.contiguous()" if residual else "r = x  # unused: the kernel has no residual input"}
        out = torch.empty_like(x)
{launch}
        return out
'''
    stats = ("mean, then the variance of the centred values (two passes over registers, not over memory)"
             if kind == "layernorm" else "the mean of squares")
    if style == "looped":
        return Solution(_norm_looped_reasoning(kind, residual, act, bias_param),
                        HEADER + _norm_looped_kernel(kind, residual, act) + module)
    reasoning = f"""The module is {"a residual add, then " if residual else ""}{kind} over the last dim{f", then {_op_words(act)}" if act else ""}.
1. A norm needs statistics of a whole row before any output, so one program handles one row; the grid is (ROWS,).
2. BLOCK = next_power_of_2(COLS) lanes hold the whole row in registers (COLS is at most 4096 here), so x is read from memory exactly once: load, compute {stats}, normalise, scale{" and shift" if bias_param else ""}{", activate" if act else ""}, store.
3. Lanes past COLS are masked: loaded as 0 and excluded from the statistics, because the divisor is the true n_cols and centred padding is forced to 0.
4. {"The residual add is fused into the load, so the sum x + r is never written out. " if residual else ""}Statistics are in float32; rsqrt(var + eps) is computed once per row."""
    return Solution(reasoning, HEADER + _norm_kernel(kind, residual, act) + module)


def _norm_looped_reasoning(kind: str, residual: bool, act: dict | None, bias_param: bool) -> str:
    what = (f"The module is {'a residual add, then ' if residual else ''}{kind} over the last dim"
            f"{f', then {_op_words(act)}' if act else ''}.")
    passes = ("two read passes for the statistics: the mean first, then the variance of x - mean (the "
              "single-pass E[x^2] - mean^2 loses precision when the mean is large against the spread)"
              if kind == "layernorm" else "one read pass for the mean of squares")
    steps = ["A norm needs statistics of a whole row before any output, so one program handles one row; the grid "
             "is (ROWS,). Instead of holding the row in registers, the program walks it in chunks of BLOCK = "
             "min(next_power_of_2(COLS), 1024) columns, so that rows of any length fit and register use stays "
             "bounded.",
             f"Statistics: {passes}, accumulated per lane in float32 and reduced across lanes once at the end.",
             "A last pass reads each chunk again, normalises with rsqrt(var + eps), scales"
             f"{' and shifts' if bias_param else ''}{', activates' if act else ''} and stores. The row is read "
             f"{3 if kind == 'layernorm' else 2} times; for rows that fit in one tile the single-tile form reads it "
             "once, so this style is for long rows.",
             "Lanes past COLS are masked: loaded as 0, and for the variance the centred padding is forced to 0; "
             "the divisor is the true n_cols."
             + (" The residual add is redone at every load, so x + r is never written out." if residual else "")]
    return _numbered(what, steps)


def _softmax(spec: dict, style: str = "single_block") -> Solution:
    """`single_block`: one program holds a whole row in registers; `online`: rows of any length
    in BLOCK-column chunks, with a running max and rescaled sum (one read pass for the
    statistics, one for the output)."""
    scale, bias, log = spec["scale"], spec["bias"], spec.get("log", False)
    # log_softmax: h - max - log(sum), never log(e / s), which is -inf once e underflows
    out = "h - m - tl.log(s)" if log else "e / s"
    pre = ([f"h = h * {scale}"] if scale != 1.0 else []) + \
        (["h = h + tl.load(b_ptr + cols, mask=mask, other=0.0).to(tl.float32)"] if bias else [])
    if style == "online":
        kernel, launch = _softmax_online(pre, log)
    else:
        kernel = ("\n@triton.jit\n"
                  "def softmax_row_kernel(x_ptr, b_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):\n"
                  "    row = tl.program_id(0)\n"
                  "    cols = tl.arange(0, BLOCK)\n"
                  "    mask = cols < n_cols\n"
                  "    h = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)\n"
                  f"{_indent(pre)}\n"
                  "    h = tl.where(mask, h, -float(\"inf\"))  # padded lanes get exp(-inf) = 0\n"
                  "    m = tl.max(h, axis=0)\n"
                  "    e = tl.exp(h - m)\n"
                  "    s = tl.sum(e, axis=0)\n"
                  f"    tl.store(out_ptr + row * n_cols + cols, ({out}).to(out_ptr.dtype.element_ty), mask=mask)\n")
        launch = ("BLOCK = triton.next_power_of_2(x.shape[-1])\n"
                  "warps = 8 if BLOCK >= 2048 else 4\n"
                  "softmax_row_kernel[(x.shape[0],)](x, B, out, x.shape[-1], BLOCK=BLOCK, num_warps=warps)")
    module = (f"\nclass ModelNew(nn.Module):\n"
              f"    def __init__(self{', cols: int' if bias else ''}):\n"
              f"        super().__init__()"
              f"{chr(10) + '        self.bias = nn.Parameter(torch.randn(cols))' if bias else ''}\n\n"
              "    def forward(self, x):\n"
              "        x = x.contiguous()\n"
              "        out = torch.empty_like(x)\n"
              f"{_indent(launch.replace('B, out', ('self.bias' if bias else 'x') + ', out').splitlines(), 8)}\n"
              "        return out\n")
    what = (f"The module is a {'log_softmax' if log else 'softmax'} over the last dim"
            f"{f' of x * {scale}' if scale != 1.0 else ''}"
            f"{' plus a per-column bias' if bias else ''}.")
    if style == "online":
        steps = ["Softmax needs the row maximum and the row sum. Instead of holding a whole row in registers "
                 "(which stops working for long rows), one program walks its row in chunks of BLOCK = "
                 "min(next_power_of_2(COLS), 1024) columns, so any row length fits.",
                 "Online statistics: keep a running max m and a running sum s per lane; when a chunk raises the "
                 "max, rescale the old sum by exp(m_old - m_new) before adding exp(h - m_new). After the loop, "
                 "the row max is max(m) and the row sum is sum(s * exp(m - row_max)). The row is read once "
                 "for the statistics instead of twice (max pass, then sum pass).",
                 "Lanes that have only seen padding keep m = -inf; exp(-inf - (-inf)) would be NaN, so they "
                 "get 0 explicitly with tl.where.",
                 "A second pass reads the chunks again and writes exp(h - row_max) / sum. "
                 f"{'The scale and bias are applied at each load. ' if pre else ''}All math in float32, cast "
                 "at the store."]
    else:
        steps = ["Softmax needs the row maximum and the row sum, so one program owns one row and keeps it in "
                 "registers: BLOCK = next_power_of_2(COLS) (at most 4096 here), grid (ROWS,).",
                 "Numerical stability: subtract the row max before exp, so exp never overflows; the result is "
                 "mathematically unchanged.",
                 "Masking: lanes past COLS are set to -inf before the max, so they contribute exp(-inf) = 0 to the "
                 "sum and never win the max.",
                 f"{'The scale and bias are fused into the load, so ' if pre else ''}x is read once and the output "
                 "written once; all math in float32, cast at the store."]
    if log:
        steps.append("log_softmax is written as h - row_max - log(sum) with the sum of exp(h - row_max): taking "
                     "the log of the softmax instead would give log(0) = -inf wherever exp underflows (h - max "
                     "below about -104 in float32), while the subtraction stays exact there.")
    return Solution(_numbered(what, steps), HEADER + kernel + module)


def _softmax_online(pre: list[str], log: bool = False) -> tuple[str, str]:
    kernel = ("\n@triton.jit\n"
              "def softmax_online_kernel(x_ptr, b_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):\n"
              "    base = tl.program_id(0).to(tl.int64) * n_cols\n"
              "    m = tl.full([BLOCK], -float(\"inf\"), tl.float32)  # running max per lane\n"
              "    s = tl.zeros([BLOCK], dtype=tl.float32)  # running sum of exp(h - m) per lane\n"
              "    for start in range(0, n_cols, BLOCK):\n"
              "        cols = start + tl.arange(0, BLOCK)\n"
              "        mask = cols < n_cols\n"
              "        h = tl.load(x_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)\n"
              f"{_indent(pre, 8)}\n"
              "        h = tl.where(mask, h, -float(\"inf\"))\n"
              "        m_new = tl.maximum(m, h)\n"
              "        seen = m_new > -float(\"inf\")  # lanes that saw only padding stay at s = 0\n"
              "        s = tl.where(seen, s * tl.exp(m - m_new) + tl.exp(h - m_new), 0.0)\n"
              "        m = m_new\n"
              "    row_max = tl.max(m, axis=0)\n"
              "    total = tl.sum(tl.where(m > -float(\"inf\"), s * tl.exp(m - row_max), 0.0), axis=0)\n"
              "    for start in range(0, n_cols, BLOCK):\n"
              "        cols = start + tl.arange(0, BLOCK)\n"
              "        mask = cols < n_cols\n"
              "        h = tl.load(x_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)\n"
              f"{_indent(pre, 8)}\n"
              + ("        y = h - row_max - tl.log(total)\n" if log else "        y = tl.exp(h - row_max) / total\n") +
              "        tl.store(out_ptr + base + cols, y.to(out_ptr.dtype.element_ty), mask=mask)\n")
    launch = ("BLOCK = min(triton.next_power_of_2(x.shape[-1]), 1024)\n"
              "softmax_online_kernel[(x.shape[0],)](x, B, out, x.shape[-1], BLOCK=BLOCK, num_warps=4)")
    return kernel, launch


# --------------------------------------------------------------- matmul family

def _epilogue_lines(steps: list[dict]) -> list[str]:
    lines = []
    for s in steps:
        if s["op"] == "bias":
            lines.append("h = h + tl.load(bias_ptr + offs_n, mask=mask_n, other=0.0)[None, :]")
        elif s["op"] == "residual":
            lines.append("h = h + tl.load(r_ptr + offs_m[:, None] * N + offs_n[None, :], "
                         "mask=mask_m[:, None] & mask_n[None, :], other=0.0)")
        elif s["op"] in ("tril", "triu"):
            keep = ">=" if s["op"] == "tril" else "<="
            lines.append(f"h = tl.where(offs_m[:, None] {keep} offs_n[None, :], h, 0.0)  # torch.{s['op']}: "
                         f"keep row {keep} column")
        else:
            lines += tl_unary(s)
    return lines


def _matmul_kernel(name: str, epilogue: list[dict], grouped: bool = False, skip: str = "") -> str:
    """The tiled batched-matmul kernel with `epilogue` fused, and its launcher. `grouped`: a
    1-D grid of tiles visited in GROUP_M-row bands (tiles that share A rows and B columns run
    close together, so they hit L2), larger blocks and explicit warps/stages. `skip`: a
    condition under which the tile is known to be zero, so its K loop does not run."""
    loop = "    for k0 in range(0, K, BLOCK_K):\n"
    if skip:
        loop = (f"    # tiles entirely on the zeroed side of the diagonal are zeros: no K loop for them\n"
                f"    k_end = tl.where({skip}, 0, K)\n"
                "    for k0 in range(0, k_end, BLOCK_K):\n")
    if grouped:
        header = ("BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):\n"
                  "    # C[b] = A[b] @ B[b] for logical views A (batch, M, K) and B (batch, K, N) with any strides.\n"
                  "    # Tiles are numbered band by band: GROUP_M tile rows, then across N, so that consecutive\n"
                  "    # programs reuse the same A rows and B columns while they are still in L2.\n"
                  "    pid = tl.program_id(0)\n"
                  "    pid_b = tl.program_id(1)\n"
                  "    tiles_m = tl.cdiv(M, BLOCK_M)\n"
                  "    tiles_n = tl.cdiv(N, BLOCK_N)\n"
                  "    band = pid // (GROUP_M * tiles_n)\n"
                  "    first_m = band * GROUP_M\n"
                  "    rows_in_band = tl.minimum(tiles_m - first_m, GROUP_M)\n"
                  "    pid_m = first_m + (pid % (GROUP_M * tiles_n)) % rows_in_band\n"
                  "    pid_n = (pid % (GROUP_M * tiles_n)) // rows_in_band\n")
        launch = ("    bm = min(128, max(16, triton.next_power_of_2(M)))\n"
                  "    bn = min(128, max(16, triton.next_power_of_2(N)))\n"
                  "    bk = min(32, max(16, triton.next_power_of_2(K)))\n"
                  "    warps = 8 if bm * bn >= 128 * 128 else 4\n"
                  "    grid = (triton.cdiv(M, bm) * triton.cdiv(N, bn), batch)\n"
                  f"    {name}[grid](a, b, bias, r, out, M, N, K,\n"
                  "                 a.stride(0), a.stride(1), a.stride(2), b.stride(0), b.stride(1), b.stride(2),\n"
                  "                 out.stride(0), out.stride(1), out.stride(2), BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,\n"
                  "                 GROUP_M=8, num_warps=warps, num_stages=3)\n")
    else:
        header = ("BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):\n"
                  "    # C[b] = A[b] @ B[b] for logical views A (batch, M, K) and B (batch, K, N) with any strides.\n"
                  "    pid_m = tl.program_id(0)\n"
                  "    pid_n = tl.program_id(1)\n"
                  "    pid_b = tl.program_id(2)\n")
        launch = ("    bm = min(64, max(16, triton.next_power_of_2(M)))\n"
                  "    bn = min(64, max(16, triton.next_power_of_2(N)))\n"
                  "    bk = min(32, max(16, triton.next_power_of_2(K)))\n"
                  "    grid = (triton.cdiv(M, bm), triton.cdiv(N, bn), batch)\n"
                  f"    {name}[grid](a, b, bias, r, out, M, N, K,\n"
                  "                 a.stride(0), a.stride(1), a.stride(2), b.stride(0), b.stride(1), b.stride(2),\n"
                  "                 out.stride(0), out.stride(1), out.stride(2), BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk)\n")
    return ("\n@triton.jit\n"
            f"def {name}(a_ptr, b_ptr, bias_ptr, r_ptr, c_ptr, M, N, K,\n"
            "           stride_ab, stride_am, stride_ak, stride_bb, stride_bk, stride_bn, stride_cb, stride_cm, stride_cn,\n"
            f"           {header}"
            "    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)\n"
            "    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)\n"
            "    offs_k = tl.arange(0, BLOCK_K)\n"
            "    mask_m = offs_m < M\n"
            "    mask_n = offs_n < N\n"
            "    a_ptrs = a_ptr + pid_b * stride_ab + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak\n"
            "    b_ptrs = b_ptr + pid_b * stride_bb + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn\n"
            "    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)\n"
            f"{loop}"
            "        k_ok = offs_k + k0 < K  # the last K tile is partial unless K % BLOCK_K == 0\n"
            "        a = tl.load(a_ptrs, mask=mask_m[:, None] & k_ok[None, :], other=0.0)\n"
            "        b = tl.load(b_ptrs, mask=k_ok[:, None] & mask_n[None, :], other=0.0)\n"
            "        acc = tl.dot(a, b, acc)\n"
            "        a_ptrs += BLOCK_K * stride_ak\n"
            "        b_ptrs += BLOCK_K * stride_bk\n"
            "    h = acc\n"
            f"{_indent(_epilogue_lines(epilogue))}\n"
            "    c_ptrs = c_ptr + pid_b * stride_cb + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn\n"
            "    tl.store(c_ptrs, h.to(c_ptr.dtype.element_ty), mask=mask_m[:, None] & mask_n[None, :])\n"
            "\n\n"
            f"def launch_{name}(a, b, bias, r, out):\n"
            "    # a: (batch, M, K), b: (batch, K, N), out: (batch, M, N) views; bias/r may be any tensor when unused.\n"
            "    batch, M, K = a.shape\n"
            "    N = b.shape[2]\n"
            f"{launch}")


_MATMUL_WHY = """Tiling: each program computes a BLOCK_M x BLOCK_N tile of the output (up to 64 x 64) and walks K in BLOCK_K (up to 32) slices, multiplying tiles with tl.dot on tensor cores and accumulating in float32. Block sizes are powers of two of at least 16, because tl.dot needs tile dims >= 16; on small problems they shrink to the next power of two of the size.
Masks: rows past M, columns past N and the partial last K slice are loaded as 0, which adds nothing to the dot product, and the store is masked."""

_MATMUL_GROUPED_WHY = """Tiling: each program computes a BLOCK_M x BLOCK_N tile of the output (up to 128 x 128, with 8 warps at that size and 3 pipeline stages so that the next K slice loads while this one multiplies) and walks K in BLOCK_K (up to 32) slices with tl.dot, accumulating in float32; dims are powers of two of at least 16, as tl.dot needs.
Tile order: the grid is one axis of tiles numbered in bands of GROUP_M = 8 tile rows. Consecutive programs then share A row blocks and B column blocks, which stay in L2, instead of sweeping a whole row of C and evicting B before it is reused.
Masks: rows past M, columns past N and the partial last K slice are loaded as 0, which adds nothing to the dot product, and the store is masked."""


_MATMUL_FORM_NOTES = {
    "mm3d": "A contiguous (B, S, K) tensor is a (B*S, K) matrix in memory, so the product is one tall 2-D matmul "
            "on a view: no batch loop, and every tile row is reused across all of B*S. ",
    "tril": "torch.tril keeps row >= column, so the epilogue zeroes the rest with tl.where on the tile's row and "
            "column indices; a tile whose first column is right of its last row is entirely zero, so its K loop "
            "is skipped (k_end = 0): about half the tiles do no multiply work. ",
    "triu": "torch.triu keeps row <= column, so the epilogue zeroes the rest with tl.where on the tile's row and "
            "column indices; a tile whose first row is below its last column is entirely zero, so its K loop is "
            "skipped (k_end = 0): about half the tiles do no multiply work. ",
}
_MATMUL_SHAPE_NOTES = {
    "large_k": "Shape: M and N are small and K is very large, so there are few output tiles, each with a long K "
               "loop; the float32 accumulator keeps the long sum accurate. (Splitting K over programs would add "
               "parallelism at the cost of a second reduction pass.)",
    "small_k": "Shape: K is tiny, so each tile needs one or two K slices and the cost is writing the large (M, N) "
               "output; the masked partial K slice is loaded as 0.",
    "tall_skinny": "Shape: M is large and N small, so the grid is long in M and a single BLOCK_N column of tiles "
                   "(N padded to 16 for tl.dot) covers N.",
}


def _matvec(spec: dict) -> Solution:
    kernel = """
@triton.jit
def matvec_kernel(a_ptr, x_ptr, out_ptr, M, K, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    # out[m] = sum_k a[m, k] * x[k]: each program owns BLOCK_M rows and walks K in BLOCK_K slices
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    mask_m = offs_m < M
    rows = offs_m.to(tl.int64) * K  # int64: M * K passes 2^31 for large matrices
    acc = tl.zeros([BLOCK_M, BLOCK_K], dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)
        mask_k = offs_k < K
        a = tl.load(a_ptr + rows[:, None] + offs_k[None, :], mask=mask_m[:, None] & mask_k[None, :], other=0.0)
        v = tl.load(x_ptr + offs_k, mask=mask_k, other=0.0)
        acc += a.to(tl.float32) * v.to(tl.float32)[None, :]
    tl.store(out_ptr + offs_m, tl.sum(acc, axis=1).to(out_ptr.dtype.element_ty), mask=mask_m)
"""
    module = _plain_module("a, x", "BLOCK_M = 16\nBLOCK_K = min(512, triton.next_power_of_2(a.shape[1]))\n"
                           "matvec_kernel[(triton.cdiv(a.shape[0], BLOCK_M),)](a, x, out, a.shape[0], a.shape[1], "
                           "BLOCK_M=BLOCK_M, BLOCK_K=BLOCK_K)",
                           "out = torch.empty((a.shape[0], 1), device=a.device, dtype=a.dtype)")
    steps = ["A matrix times a (K, 1) vector does 2 flops per element of A: it is bound by reading A once, not by "
             "math, so tensor cores do not help and tl.dot would pad N = 1 to 16 columns of wasted work.",
             "Each program owns BLOCK_M = 16 rows and walks K in slices of up to 512: it multiplies the [16, "
             "BLOCK_K] tile of A by the broadcast slice of x and accumulates a float32 tile, reduced across K once "
             "after the loop. Rows of A are read contiguously; x is small and stays in cache.",
             "Rows past M and the partial last K slice load 0; row offsets are int64."]
    return Solution(_numbered("The module is a matrix-vector product A @ x with x of shape (K, 1).", steps),
                    HEADER + kernel + module)


def _diag_mm(spec: dict) -> Solution:
    kernel = """
@triton.jit
def row_scale_kernel(d_ptr, b_ptr, out_ptr, N, M, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    # (diag(d) @ B)[i, j] = d[i] * B[i, j]: a row scaling, never a matmul
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)
    mask = (rows[:, None] < N) & (cols[None, :] < M)
    offs = rows[:, None].to(tl.int64) * M + cols[None, :]
    d = tl.load(d_ptr + rows, mask=rows < N, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    tl.store(out_ptr + offs, (d[:, None] * b).to(out_ptr.dtype.element_ty), mask=mask)
"""
    module = _plain_module("d, b", "N, M = b.shape\nBLOCK_C = min(256, triton.next_power_of_2(M))\n"
                           "BLOCK_R = max(1, 4096 // BLOCK_C)\n"
                           "row_scale_kernel[(triton.cdiv(N, BLOCK_R), triton.cdiv(M, BLOCK_C))](d, b, out, N, M, "
                           "BLOCK_R=BLOCK_R, BLOCK_C=BLOCK_C)",
                           "out = torch.empty_like(b)")
    steps = ["torch.diag(d) @ B builds an N x N matrix that is zero off the diagonal and multiplies it in O(N^2 M). "
             "Row i of the product is d[i] * B[i, :], so the whole op is an elementwise row scaling: O(N M), one "
             "read of B and one write.",
             "2-D tiles of BLOCK_R rows x BLOCK_C columns (BLOCK_C up to 256, about 4096 elements per tile); d is "
             "loaded once per tile as a column and broadcast across it.",
             "Both tile edges can overhang, so the mask is the outer AND of row and column masks; offsets are int64. "
             "The product is exact in float32, with no accumulation error."]
    return Solution(_numbered("The module computes diag(d) @ B for a vector d and an (N, M) matrix B.", steps),
                    HEADER + kernel + module)


def _matmul(spec: dict, style: str = "plain") -> Solution:
    form, epi = spec["form"], spec["epilogue"]
    if form == "matvec":
        return _matvec(spec)
    if form == "diag_mm":
        return _diag_mm(spec)
    residual = any(s["op"] == "residual" for s in epi)
    skip = ""
    if form in ("tril", "triu"):
        # (tril) a tile whose first column lies right of its last row is all zeros; triu mirrors it
        skip = ("pid_n * BLOCK_N > pid_m * BLOCK_M + BLOCK_M - 1" if form == "tril"
                else "pid_m * BLOCK_M > pid_n * BLOCK_N + BLOCK_N - 1")
        epi = epi + [{"op": form}]
    if form == "linear":
        has_bias = any(s["op"] == "bias" for s in epi)
        init = f"\n        self.fc = nn.Linear(in_features, out_features, bias={has_bias})"
        init_args, args = ", in_features: int, out_features: int", ["x"]
        views = ["a = x.unsqueeze(0)", "w = self.fc.weight.t().unsqueeze(0)  # (1, K, N) view of the (N, K) weight",
                 "out = torch.empty((x.shape[0], w.shape[2]), device=x.device, dtype=x.dtype)"]
        b, bias = "w", "self.fc.bias" if has_bias else "out"
    else:
        init, init_args, args, bias = "", "", ["a", "b"], "out"
        if form == "bmm":
            views = ["out = torch.empty((a.shape[0], a.shape[1], b.shape[2]), device=a.device, dtype=a.dtype)"]
            b = "b"
        elif form == "mm3d":
            views = ["out = torch.empty((a.shape[0], a.shape[1], b.shape[1]), device=a.device, dtype=a.dtype)",
                     "a2 = a.contiguous().view(1, a.shape[0] * a.shape[1], a.shape[2])  # (1, B*S, K): one tall matmul",
                     "out2 = out.view(1, a.shape[0] * a.shape[1], b.shape[1])"]
            b = "b.unsqueeze(0)"
        else:
            bt = "b.t()" if form == "matmul_bt" else "b"
            views = [f"bk = {bt}.unsqueeze(0)" + ("  # (1, K, N) view of the (N, K) input: strides swap, no copy" if form == "matmul_bt" else ""),
                     "out = torch.empty((a.shape[0], bk.shape[2]), device=a.device, dtype=a.dtype)",
                     "a = a.unsqueeze(0)"]
            b = "bk"
    if residual:
        args.append("r")
    out3 = {"bmm": "out", "mm3d": "out2"}.get(form, "out.unsqueeze(0)")
    a3 = "a2" if form == "mm3d" else "a"
    views.append(f"launch_matmul_epilogue_kernel({a3}, {b}, {bias}, {'r.contiguous()' if residual else 'out'}, {out3})")
    module = f'''
class ModelNew(nn.Module):
    def __init__(self{init_args}):
        super().__init__(){init}

    def forward(self, {", ".join(args)}):
{_indent(views, 8)}
        return out
'''
    what = {"linear": "a linear layer x @ W^T", "matmul": "a matmul A @ B", "matmul_bt": "A @ B^T",
            "bmm": "a batched matmul", "mm3d": "a (B, S, K) tensor times a (K, N) matrix",
            "tril": "the lower triangle of A @ B", "triu": "the upper triangle of A @ B"}[form]
    epi = [s for s in epi if s["op"] not in ("tril", "triu")]
    epi_txt = ", ".join(_op_words(s) for s in epi)
    reasoning = f"""The module is {what}{f", followed by {epi_txt}" if epi else ""}.
1. {_MATMUL_GROUPED_WHY if style == "grouped" else _MATMUL_WHY}
2. {"The transposed operand is passed as a strided view, so the kernel reads it in place with swapped strides instead of copying it. " if form in ("linear", "matmul_bt") else ""}{"The batch index is the third grid axis; each batch's matrices are addressed through their batch stride. " if form == "bmm" else ""}{_MATMUL_FORM_NOTES.get(form, "")}{_MATMUL_SHAPE_NOTES.get(spec.get("shape"), "")}
3. {"Epilogue fusion: " + epi_txt + " are applied to the float32 accumulator tile in registers right before the single store, so the (M, N) result never makes an extra round trip to memory." if epi else "No epilogue: the accumulator is cast to the output dtype and stored." if not skip else "The triangle mask is the epilogue: applied to the accumulator in registers, so zeros are stored directly and A @ B is never written whole."}"""
    kernel = _matmul_kernel("matmul_epilogue_kernel", epi + [{"op": form}] if skip else epi, style == "grouped", skip)
    return Solution(reasoning, HEADER + kernel + module)


def _mlp(spec: dict) -> Solution:
    act, residual = spec["act"], spec["residual"]
    kernels = _matmul_kernel("fc1_kernel", [{"op": "bias"}, act]) + \
        _matmul_kernel("fc2_kernel", [{"op": "bias"}] + ([{"op": "residual"}] if residual else []))
    module = f'''
class ModelNew(nn.Module):
    def __init__(self, dim: int, hidden: int):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        x = x.contiguous()
        M = x.shape[0]
        h = torch.empty((M, self.fc1.weight.shape[0]), device=x.device, dtype=x.dtype)
        launch_fc1_kernel(x.unsqueeze(0), self.fc1.weight.t().unsqueeze(0), self.fc1.bias, h, h.unsqueeze(0))
        out = torch.empty((M, self.fc2.weight.shape[0]), device=x.device, dtype=x.dtype)
        launch_fc2_kernel(h.unsqueeze(0), self.fc2.weight.t().unsqueeze(0), self.fc2.bias, x, out.unsqueeze(0))
        return out
'''
    reasoning = f"""The module is an MLP: Linear(D, H), {_op_words(act)}, Linear(H, D){", plus the input as a residual" if residual else ""}.
1. Two matmuls cannot share one tile loop (the second needs whole rows of the first's output), so this takes two kernels; everything else fuses into their epilogues.
2. Kernel 1 computes x @ W1^T, adds b1 and applies {act["op"]} on the accumulator, writing the hidden activations once. Kernel 2 computes h @ W2^T and adds b2{" and the residual x" if residual else ""} before its store.
3. {_MATMUL_WHY}
4. The (H, D) nn.Linear weights are read in place as transposed strided views, no copies."""
    return Solution(reasoning, HEADER + kernels + module)


def _linear_norm(spec: dict) -> Solution:
    kind, act = spec["kind"], spec["act"]
    kernels = _matmul_kernel("linear_bias_kernel", [{"op": "bias"}]) + _norm_kernel(kind, False, act)
    bias_param = kind == "layernorm"
    module = f'''
class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.weight = nn.Parameter(torch.randn(out_features)){chr(10) + "        self.bias = nn.Parameter(torch.randn(out_features))" if bias_param else ""}

    def forward(self, x):
        x = x.contiguous()
        h = torch.empty((x.shape[0], self.fc.weight.shape[0]), device=x.device, dtype=x.dtype)
        launch_linear_bias_kernel(x.unsqueeze(0), self.fc.weight.t().unsqueeze(0), self.fc.bias, h, h.unsqueeze(0))
        out = torch.empty_like(h)
{_norm_launch(kind, "h", "h", "self.bias" if bias_param else "self.weight", "out", spec["eps"])}
        return out
'''
    reasoning = f"""The module is a linear layer, then {kind} over the features, then {_op_words(act)}.
1. The norm needs complete output rows, and a matmul tile holds only BLOCK_N of the N columns, so the work splits into two kernels: a tiled matmul with the bias fused into its epilogue, then a row kernel.
2. {_MATMUL_WHY}
3. The row kernel gives each of the M rows one program with BLOCK = next_power_of_2(N) lanes, computes the statistics in float32, normalises, applies the affine parameters and {act["op"]}, and stores once; lanes past N are masked out of the statistics."""
    return Solution(reasoning, HEADER + kernels + module)


# --------------------------------------------------------------- data movement, pooling, loss, attention

def _layout(spec: dict) -> Solution:
    p = spec["perm"]
    kernel = '''
@triton.jit
def permute3d_kernel(x_ptr, out_ptr, n, D1, D2, s0, s1, s2, BLOCK: tl.constexpr):
    # out is contiguous (D0, D1, D2); s0..s2 are the input strides of the dims that land there.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i2 = offs % D2
    i1 = (offs // D2) % D1
    i0 = offs // (D1 * D2)
    v = tl.load(x_ptr + i0 * s0 + i1 * s1 + i2 * s2, mask=mask)
    tl.store(out_ptr + offs, v, mask=mask)
'''
    module = f'''
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        view = x.permute({p[0]}, {p[1]}, {p[2]})  # a strided view: no data moves yet
        out = torch.empty(view.shape, device=x.device, dtype=x.dtype)
        n = out.numel()
        BLOCK = 1024
        permute3d_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, out.shape[1], out.shape[2],
                                                  view.stride(0), view.stride(1), view.stride(2), BLOCK=BLOCK)
        return out
'''
    reasoning = f"""The module permutes the dims of a 3-D tensor to order {tuple(p)} and makes the result contiguous: pure data movement, no arithmetic.
1. x.permute only changes strides, so the kernel takes the permuted view's strides and gathers: each program writes BLOCK = 1024 consecutive output elements, so the stores are fully coalesced.
2. For flat output index o, the coordinates are (o // (D1 * D2), (o // D2) % D1, o % D2), and the source address is their dot product with the view's strides.
3. The last block is masked with o < n. Values are copied in their own dtype, so the result is bit-exact."""
    return Solution(reasoning, HEADER + kernel + module)


def _embedding(spec: dict) -> Solution:
    kernel = '''
@triton.jit
def embedding_kernel(idx_ptr, w_ptr, out_ptr, dim, BLOCK_D: tl.constexpr):
    tok = tl.program_id(0)
    row = tl.load(idx_ptr + tok)  # int64 row id of this token
    offs = tl.program_id(1) * BLOCK_D + tl.arange(0, BLOCK_D)
    mask = offs < dim
    v = tl.load(w_ptr + row * dim + offs, mask=mask)
    tl.store(out_ptr + tok * dim + offs, v, mask=mask)
'''
    module = '''
class ModelNew(nn.Module):
    def __init__(self, vocab: int, dim: int):
        super().__init__()
        self.embedding = nn.Embedding(vocab, dim)

    def forward(self, idx):
        idx = idx.contiguous()
        w = self.embedding.weight
        dim = w.shape[1]
        out = torch.empty((*idx.shape, dim), device=w.device, dtype=w.dtype)
        BLOCK_D = min(1024, triton.next_power_of_2(dim))
        grid = (idx.numel(), triton.cdiv(dim, BLOCK_D))
        embedding_kernel[grid](idx, w, out, dim, BLOCK_D=BLOCK_D)
        return out
'''
    reasoning = """The module is an embedding lookup: each index selects one row of the (VOCAB, DIM) table.
1. It is a gather: one program per token (and per block of up to 1024 features) loads the token's index, then copies that table row to the token's output row.
2. Row addresses use the int64 index times DIM, so large tables do not overflow 32-bit offsets.
3. Feature lanes past DIM are masked. Values are copied unchanged, so the output is exact."""
    return Solution(reasoning, HEADER + kernel + module)


def _maxpool(spec: dict) -> Solution:
    k, s = spec["kernel"], spec["stride"]
    kernel = f'''
@triton.jit
def maxpool2d_kernel(x_ptr, out_ptr, n, H, W, OH, OW, BLOCK: tl.constexpr):
    # One lane per output element of the contiguous (B, C, OH, OW) result.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    ow = offs % OW
    oh = (offs // OW) % OH
    plane = offs // (OW * OH)  # the (b, c) image this output belongs to
    base = x_ptr + plane * H * W + (oh * {s}) * W + ow * {s}
    acc = tl.full([BLOCK], -float("inf"), tl.float32)
    for kh in tl.static_range({k}):
        for kw in tl.static_range({k}):
            v = tl.load(base + kh * W + kw, mask=mask, other=-float("inf")).to(tl.float32)
            acc = tl.maximum(acc, v)
    tl.store(out_ptr + offs, acc.to(out_ptr.dtype.element_ty), mask=mask)
'''
    module = f'''
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        B, C, H, W = x.shape
        OH = (H - {k}) // {s} + 1
        OW = (W - {k}) // {s} + 1
        out = torch.empty((B, C, OH, OW), device=x.device, dtype=x.dtype)
        n = out.numel()
        BLOCK = 256
        maxpool2d_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, H, W, OH, OW, BLOCK=BLOCK)
        return out
'''
    reasoning = f"""The module is a 2-D max pool with a {k}x{k} window and stride {s}, no padding.
1. Output size: OH = (H - {k}) // {s} + 1 and likewise OW; windows never leave the image, so the only mask needed is for the last block of outputs.
2. Each lane computes one output: it decodes (image, oh, ow) from its flat index, then takes the max over the {k * k} window with loops unrolled by tl.static_range, since the window size is a compile-time constant.
3. The running max starts at -inf, so any real value wins; the result is exact because max involves no rounding."""
    return Solution(reasoning, HEADER + kernel + module)


# The second stage of the scalar losses: one program adds the partials in a fixed order (no atomics).
_MEAN_KERNEL = '''
@triton.jit
def mean_kernel(partial_ptr, out_ptr, n_partials, n, BLOCK: tl.constexpr):
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_partials, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(partial_ptr + offs, mask=offs < n_partials, other=0.0)
    tl.store(out_ptr, (tl.sum(acc, axis=0) / n).to(out_ptr.dtype.element_ty))
'''


def _mse(spec: dict) -> Solution:
    kernel = '''
@triton.jit
def sq_err_partial_kernel(x_ptr, y_ptr, partial_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    d = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32) - tl.load(y_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    tl.store(partial_ptr + tl.program_id(0), tl.sum(d * d, axis=0))

''' + _MEAN_KERNEL
    if spec["reduction"] == "sum":
        kernel = kernel.replace("def mean_kernel", "def total_kernel").replace("(tl.sum(acc, axis=0) / n)", "tl.sum(acc, axis=0)")
    module = '''
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        x = x.contiguous()
        y = y.contiguous()
        n = x.numel()
        BLOCK = 1024
        n_partials = triton.cdiv(n, BLOCK)
        partial = torch.empty(n_partials, device=x.device, dtype=torch.float32)
        sq_err_partial_kernel[(n_partials,)](x, y, partial, n, BLOCK=BLOCK)
        out = torch.empty((), device=x.device, dtype=x.dtype)
        mean_kernel[(1,)](partial, out, n_partials, n, BLOCK=1024)
        return out
'''
    if spec["reduction"] == "sum":
        module = module.replace("mean_kernel[", "total_kernel[")
    mean = spec["reduction"] == "mean"
    reasoning = f"""The module is the {"mean" if mean else "sum"} of squared errors, a full reduction of (x - y)^2 to one scalar.
1. One program cannot usefully hold millions of elements, so the reduction runs in two stages: each program squares and sums a block of 1024 differences into one float32 partial; a second, single-program kernel sums the partials{" and divides by n" if mean else ""}.
2. Two stages instead of atomic adds keep the result deterministic, run to run.
3. Masked lanes load 0 for both x and y, so their difference adds nothing{"; the division uses the true element count n" if mean else ""}."""
    return Solution(reasoning, HEADER + kernel + module)


def _attention(spec: dict) -> Solution:
    kernel = '''
@triton.jit
def attention_kernel(q_ptr, k_ptr, v_ptr, o_ptr, S, D, scale,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    # One program per (block of BLOCK_M queries, batch*head); keys/values stream through in BLOCK_N tiles.
    pid_m = tl.program_id(0)
    base = tl.program_id(1) * S * D
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, BLOCK_D)
    mask_m = offs_m < S
    mask_d = offs_d < D
    q = tl.load(q_ptr + base + offs_m[:, None] * D + offs_d[None, :], mask=mask_m[:, None] & mask_d[None, :], other=0.0)
    m_i = tl.full([BLOCK_M], -float("inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, BLOCK_D], dtype=tl.float32)
    for n0 in range(0, S, BLOCK_N):
        offs_n = n0 + tl.arange(0, BLOCK_N)
        mask_n = offs_n < S
        kv_mask = mask_n[:, None] & mask_d[None, :]
        k = tl.load(k_ptr + base + offs_n[:, None] * D + offs_d[None, :], mask=kv_mask, other=0.0)
        s = tl.dot(q, tl.trans(k)) * scale
        s = tl.where(mask_n[None, :], s, -float("inf"))  # keys past S get zero weight
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)  # rescales what was accumulated under the old max
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_ptr + base + offs_n[:, None] * D + offs_d[None, :], mask=kv_mask, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p, v)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * D + offs_d[None, :], out.to(o_ptr.dtype.element_ty),
             mask=mask_m[:, None] & mask_d[None, :])
'''
    module = '''
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v):
        q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
        B, H, S, D = q.shape
        out = torch.empty_like(q)
        BLOCK_M = min(64, max(16, triton.next_power_of_2(S)))
        BLOCK_N = BLOCK_M
        BLOCK_D = max(16, triton.next_power_of_2(D))
        grid = (triton.cdiv(S, BLOCK_M), B * H)
        attention_kernel[grid](q, k, v, out, S, D, 1.0 / math.sqrt(D),
                               BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_D=BLOCK_D)
        return out
'''
    reasoning = """The module is scaled dot-product attention, softmax(q k^T / sqrt(D)) v, per batch and head.
1. Materialising the (S, S) score matrix costs S^2 memory traffic; instead each program keeps a block of up to 64 queries and streams keys and values in tiles (the flash-attention scheme), so scores live only in registers.
2. Online softmax: keep the running row max m and row sum l; when a new tile raises the max, rescale the previous sum and accumulator by exp(m_old - m_new). The final division by l gives exactly the softmax weights.
3. Both products use tl.dot with float32 accumulation; tiles are at least 16 wide, as tl.dot needs, and D is padded to a power of two with masked loads.
4. Keys past S get a score of -inf, so they add exp(-inf) = 0; query rows and feature columns past the ends are masked at the store."""
    return Solution(reasoning, HEADER + kernel + module)


# --------------------------------------------------------------- normalisation by a norm

def _normalize(spec: dict, style: str = "one_tile") -> Solution:
    """l1 / l2: one program per row (`one_tile`: the row in registers; `looped`: a norm pass, then a
    scaling pass, over BLOCK-column chunks). frobenius: a global sum of squares in partials, then a
    scaling pass (`one_tile`: each scaling program re-adds the <= 1024 partials; `looped`: a
    one-program kernel computes 1 / norm once)."""
    if spec["kind"] == "frobenius":
        return _normalize_global(style)
    l1 = spec["kind"] == "l1"
    norm = "tl.sum(tl.abs(h), axis=0)" if l1 else "tl.sqrt(tl.sum(h * h, axis=0))"
    if style == "looped":
        kernel = ("\n@triton.jit\n"
                  "def row_normalize_looped_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):\n"
                  "    base = tl.program_id(0).to(tl.int64) * n_cols\n"
                  "    acc = tl.zeros([BLOCK], dtype=tl.float32)\n"
                  "    for start in range(0, n_cols, BLOCK):\n"
                  "        cols = start + tl.arange(0, BLOCK)\n"
                  "        h = tl.load(x_ptr + base + cols, mask=cols < n_cols, other=0.0).to(tl.float32)\n"
                  f"        acc += {'tl.abs(h)' if l1 else 'h * h'}  # padding loads 0 and adds nothing\n"
                  f"    inv = 1.0 / {'tl.sum(acc, axis=0)' if l1 else 'tl.sqrt(tl.sum(acc, axis=0))'}\n"
                  "    for start in range(0, n_cols, BLOCK):\n"
                  "        cols = start + tl.arange(0, BLOCK)\n"
                  "        mask = cols < n_cols\n"
                  "        h = tl.load(x_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)\n"
                  "        tl.store(out_ptr + base + cols, (h * inv).to(out_ptr.dtype.element_ty), mask=mask)\n")
        launch = ("BLOCK = min(triton.next_power_of_2(x.shape[1]), 1024)\n"
                  "row_normalize_looped_kernel[(x.shape[0],)](x, out, x.shape[1], BLOCK=BLOCK, num_warps=4)")
    else:
        kernel = ("\n@triton.jit\n"
                  "def row_normalize_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):\n"
                  "    # one program per row; BLOCK >= n_cols, so the row is read once\n"
                  "    base = tl.program_id(0).to(tl.int64) * n_cols\n"
                  "    cols = tl.arange(0, BLOCK)\n"
                  "    mask = cols < n_cols\n"
                  "    h = tl.load(x_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)\n"
                  f"    norm = {norm}  # padding loads 0 and adds nothing\n"
                  "    tl.store(out_ptr + base + cols, (h / norm).to(out_ptr.dtype.element_ty), mask=mask)\n")
        launch = ("BLOCK = triton.next_power_of_2(x.shape[1])\n"
                  "warps = 8 if BLOCK >= 2048 else 4\n"
                  "row_normalize_kernel[(x.shape[0],)](x, out, x.shape[1], BLOCK=BLOCK, num_warps=warps)")
    which = "sum of |x|" if l1 else "square root of the sum of squares"
    steps = [f"Each row is divided by its {'L1' if l1 else 'L2'} norm, the {which} over dim 1: a row reduction "
             "followed by an elementwise scale, so one program per row does both; the grid is (ROWS,)."]
    if style == "looped":
        steps.append("Rows can be long (thousands of columns), so the program walks its row in chunks of up to "
                     "1024 columns twice: a first pass accumulates the norm per lane in float32, a second reads the "
                     "chunks again and multiplies by 1 / norm. Two reads per element, any row length.")
    else:
        steps.append("BLOCK = next_power_of_2(COLS) lanes hold the whole row (8 warps from 2048 lanes), so x is "
                     "read once: load, reduce, divide, store.")
    steps.append("Padding lanes load 0, which adds nothing to either norm; stores are masked. Offsets are int64, "
                 "as ROWS * COLS can pass 2^31 at large sizes.")
    return Solution(_numbered(f"The module normalises each row by its {'L1' if l1 else 'L2'} norm.", steps),
                    HEADER + kernel + _plain_module("x", launch, "out = torch.empty_like(x)"))


def _plain_module(args: str, launch: str, alloc: str) -> str:
    """A ModelNew with no parameters: contiguous inputs, `alloc`, `launch`, return out."""
    conts = "".join(f"        {a} = {a}.contiguous()\n" for a in args.split(", "))
    return ("\n\nclass ModelNew(nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n\n"
            f"    def forward(self, {args}):\n{conts}"
            f"{_indent(alloc.splitlines(), 8)}\n"
            f"{_indent(launch.splitlines(), 8)}\n"
            "        return out\n")


def _normalize_global(style: str) -> Solution:
    kernels = ("\n@triton.jit\n"
               "def sum_squares_partial_kernel(x_ptr, part_ptr, n, n_programs, BLOCK: tl.constexpr):\n"
               "    # a fixed number of programs, each striding over the tensor: at most 1024 partials\n"
               "    pid = tl.program_id(0)\n"
               "    acc = tl.zeros([BLOCK], dtype=tl.float32)\n"
               "    for start in range(pid * BLOCK, n, n_programs * BLOCK):\n"
               "        offs = start + tl.arange(0, BLOCK).to(tl.int64)\n"
               "        v = tl.load(x_ptr + offs, mask=offs < n, other=0.0).to(tl.float32)\n"
               "        acc += v * v\n"
               "    tl.store(part_ptr + pid, tl.sum(acc, axis=0))\n")
    sum_parts = ["acc = tl.zeros([BLOCK_P], dtype=tl.float32)",
                 "offs_p = tl.arange(0, BLOCK_P)",
                 "acc += tl.load(part_ptr + offs_p, mask=offs_p < n_parts, other=0.0)",
                 "inv = 1.0 / tl.sqrt(tl.sum(acc, axis=0))"]
    scale = ["offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)",
             "mask = offs < n",
             "v = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)",
             "tl.store(out_ptr + offs, (v * inv).to(out_ptr.dtype.element_ty), mask=mask)"]
    if style == "looped":
        kernels += ("\n\n@triton.jit\n"
                    "def inv_norm_kernel(part_ptr, inv_ptr, n_parts, BLOCK_P: tl.constexpr):\n"
                    f"{_indent(sum_parts)}\n"
                    "    tl.store(inv_ptr, inv)\n"
                    "\n\n@triton.jit\n"
                    "def scale_kernel(x_ptr, inv_ptr, out_ptr, n, BLOCK: tl.constexpr):\n"
                    "    inv = tl.load(inv_ptr)\n"
                    f"{_indent(scale)}\n")
        finish = ("inv = torch.empty(1, device=x.device, dtype=torch.float32)\n"
                  "inv_norm_kernel[(1,)](part, inv, P, BLOCK_P=triton.next_power_of_2(P))\n"
                  "scale_kernel[(triton.cdiv(n, BLOCK),)](x, inv, out, n, BLOCK=BLOCK)")
    else:
        kernels += ("\n\n@triton.jit\n"
                    "def scale_by_norm_kernel(x_ptr, part_ptr, out_ptr, n, n_parts, BLOCK: tl.constexpr, "
                    "BLOCK_P: tl.constexpr):\n"
                    "    # every program adds the same partials in the same order: the same norm everywhere\n"
                    f"{_indent(sum_parts + scale)}\n")
        finish = ("scale_by_norm_kernel[(triton.cdiv(n, BLOCK),)](x, part, out, n, P, BLOCK=BLOCK, "
                  "BLOCK_P=triton.next_power_of_2(P))")
    launch = ("n = x.numel()\n"
              "BLOCK = 1024\n"
              "P = max(1, min(1024, triton.cdiv(n, BLOCK)))  # partials of the sum of squares\n"
              "part = torch.empty(P, device=x.device, dtype=torch.float32)\n"
              "sum_squares_partial_kernel[(P,)](x, part, n, P, BLOCK=BLOCK)\n" + finish)
    steps = ["x / torch.norm(x) divides every element by one number, the Frobenius norm sqrt(sum of x^2) over the "
             "whole tensor. A global reduction has to finish before any output can be written, so it takes "
             "separate launches: a reduction, then a scaling pass.",
             "Reduction: P = min(1024, cdiv(n, 1024)) programs each stride over the flat tensor in blocks of 1024 "
             "and write one float32 partial sum of squares. Partials instead of atomic adds keep the result "
             "deterministic, and capping P at 1024 keeps the combine small.",
             ("Combine and scale: each program of the scaling pass adds the P partials itself (at most 4 KB, read "
              "from cache), takes 1 / sqrt, and scales its block of 1024 elements. All programs add in the same "
              "order, so they agree on the norm, and there is no third launch."
              if style != "looped" else
              "Combine: one program adds the P partials and writes 1 / sqrt(total) to a one-element buffer; the "
              "scaling pass loads that scalar and multiplies its block of 1024 elements. Three short launches, "
              "and the norm is computed exactly once."),
             "Offsets are int64 (the flat tensor can pass 2^31 elements); padding loads 0, which adds nothing."]
    return Solution(_numbered("The module divides the tensor by its Frobenius norm.", steps),
                    HEADER + kernels + _plain_module("x", launch, "out = torch.empty_like(x)"))


# --------------------------------------------------------------- losses

def _loss_pointwise(spec: dict) -> list[str]:
    """fp32 statements from (p, t) to the pointwise loss `l` of the elementwise losses."""
    kind = spec["kind"]
    if kind == "hinge":
        return ["l = tl.maximum(1.0 - p * t, 0.0)"]
    d = ["d = tl.abs(p - t)"]
    if kind == "smooth_l1":
        b = spec["beta"]
        return d + [f"l = tl.where(d < {b}, 0.5 * d * d / {b}, d - {0.5 * b})"]
    dl = spec["delta"]
    return d + [f"l = tl.where(d < {dl}, 0.5 * d * d, {dl} * (d - {0.5 * dl}))"]


def _loss_rows(kind: str) -> str:
    """The per-row kernel of cross-entropy, KL divergence and cosine loss: one float32 value per row."""
    online = ("    m = tl.full([BLOCK], -float(\"inf\"), tl.float32)  # running max per lane\n"
              "    s = tl.zeros([BLOCK], dtype=tl.float32)  # running sum of exp(x - m) per lane\n")
    step = ("        m_new = tl.maximum(m, h)\n"
            "        seen = m_new > -float(\"inf\")  # lanes that saw only padding keep s = 0, not NaN\n"
            "        s = tl.where(seen, s * tl.exp(m - m_new) + tl.exp(h - m_new), 0.0)\n"
            "        m = m_new\n")
    lse = ("    {o} = tl.max(m, axis=0)\n"
           "    {o} = {o} + tl.log(tl.sum(tl.where(m > -float(\"inf\"), s * tl.exp(m - {o}), 0.0), axis=0))\n")
    loop = ("    for start in range(0, C, BLOCK):\n"
            "        cols = start + tl.arange(0, BLOCK)\n"
            "        mask = cols < C\n")
    if kind == "cross_entropy":
        return ("\n@triton.jit\n"
                "def cross_entropy_row_kernel(x_ptr, t_ptr, loss_ptr, C, BLOCK: tl.constexpr):\n"
                "    row = tl.program_id(0)\n"
                "    base = row.to(tl.int64) * C\n" + online + loop +
                "        h = tl.load(x_ptr + base + cols, mask=mask, other=-float(\"inf\")).to(tl.float32)\n" + step
                + lse.format(o="lse") +
                "    target = tl.load(t_ptr + row)  # int64 class index\n"
                "    picked = tl.load(x_ptr + base + target).to(tl.float32)\n"
                "    tl.store(loss_ptr + row, lse - picked)  # -log softmax(x)[target]\n")
    if kind == "kl_div":
        return ("\n@triton.jit\n"
                "def kl_div_row_kernel(x_ptr, y_ptr, loss_ptr, C, BLOCK: tl.constexpr):\n"
                "    # pass 1: logsumexp of the prediction x and of the target scores y, both online\n"
                "    base = tl.program_id(0).to(tl.int64) * C\n" + online +
                online.replace("m = ", "my = ").replace("s = ", "sy = ").replace("x - m", "y - my") + loop +
                "        h = tl.load(x_ptr + base + cols, mask=mask, other=-float(\"inf\")).to(tl.float32)\n" + step +
                "        h = tl.load(y_ptr + base + cols, mask=mask, other=-float(\"inf\")).to(tl.float32)\n" +
                step.replace("m_new", "my_new").replace("(m, h)", "(my, h)").replace("s * tl.exp(m - ", "sy * tl.exp(my - ")
                .replace("s = ", "sy = ").replace("m = my_new", "my = my_new").replace("keep s = 0", "keep sy = 0")
                + lse.format(o="lse_x") + lse.format(o="lse_y").replace("(m, axis", "(my, axis")
                .replace("where(m >", "where(my >").replace("s * tl.exp(m -", "sy * tl.exp(my -") +
                "    # pass 2: sum of q * (log q - log p), log q = y - lse_y, log p = x - lse_x\n"
                "    acc = tl.zeros([BLOCK], dtype=tl.float32)\n" + loop +
                "        x = tl.load(x_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)\n"
                "        y = tl.load(y_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)\n"
                "        log_q = y - lse_y\n"
                "        acc += tl.where(mask, tl.exp(log_q) * (log_q - (x - lse_x)), 0.0)\n"
                "    tl.store(loss_ptr + tl.program_id(0), tl.sum(acc, axis=0))\n")
    return ("\n@triton.jit\n"
            "def cosine_row_kernel(a_ptr, b_ptr, loss_ptr, C, BLOCK: tl.constexpr):\n"
            "    base = tl.program_id(0).to(tl.int64) * C\n"
            "    dot = tl.zeros([BLOCK], dtype=tl.float32)\n"
            "    na = tl.zeros([BLOCK], dtype=tl.float32)\n"
            "    nb = tl.zeros([BLOCK], dtype=tl.float32)\n" + loop +
            "        a = tl.load(a_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)\n"
            "        b = tl.load(b_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)\n"
            "        dot += a * b\n"
            "        na += a * a\n"
            "        nb += b * b\n"
            "    # torch clamps each norm at eps = 1e-8 before dividing\n"
            "    norm_a = tl.maximum(tl.sqrt(tl.sum(na, axis=0)), 1e-8)\n"
            "    norm_b = tl.maximum(tl.sqrt(tl.sum(nb, axis=0)), 1e-8)\n"
            "    tl.store(loss_ptr + tl.program_id(0), 1.0 - tl.sum(dot, axis=0) / (norm_a * norm_b))\n")


def _loss(spec: dict) -> Solution:
    kind = spec["kind"]
    args = "logits, targets" if kind == "cross_entropy" else "pred, target"
    first, second = args.split(", ")
    alloc = f"out = torch.empty((), device={first}.device, dtype={first}.dtype)"
    if kind in ("cross_entropy", "kl_div", "cosine"):
        name = {"cross_entropy": "cross_entropy_row_kernel", "kl_div": "kl_div_row_kernel",
                "cosine": "cosine_row_kernel"}[kind]
        kernels = _loss_rows(kind) + "\n" + _MEAN_KERNEL
        launch = (f"C = {first}.shape[-1]\n"
                  f"N = {first}.numel() // C  # rows: (N, C), or (B, S, C) logits of a sequence\n"
                  "rows = torch.empty(N, device=out.device, dtype=torch.float32)  # one loss per row\n"
                  "BLOCK = min(triton.next_power_of_2(C), 1024)\n"
                  f"{name}[(N,)]({first}, {second}, rows, C, BLOCK=BLOCK)\n"
                  "mean_kernel[(1,)](rows, out, N, N, BLOCK=1024)  # mean over rows (batchmean for KL)")
    else:
        kernels = ("\n@triton.jit\n"
                   f"def {kind}_partial_kernel(p_ptr, t_ptr, part_ptr, n, BLOCK: tl.constexpr):\n"
                   "    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)\n"
                   "    mask = offs < n\n"
                   "    p = tl.load(p_ptr + offs, mask=mask, other=0.0).to(tl.float32)\n"
                   "    t = tl.load(t_ptr + offs, mask=mask, other=0.0).to(tl.float32)\n"
                   f"{_indent(_loss_pointwise(spec))}\n"
                   "    l = tl.where(mask, l, 0.0)  # a padded lane's loss is not 0 for every loss (hinge: 1)\n"
                   "    tl.store(part_ptr + tl.program_id(0), tl.sum(l, axis=0))\n"
                   "\n" + _MEAN_KERNEL)
        launch = (f"n = {first}.numel()\n"
                  "BLOCK = 1024\n"
                  "n_parts = triton.cdiv(n, BLOCK)\n"
                  "part = torch.empty(n_parts, device=out.device, dtype=torch.float32)\n"
                  f"{kind}_partial_kernel[(n_parts,)]({first}, {second}, part, n, BLOCK=BLOCK)\n"
                  "mean_kernel[(1,)](part, out, n_parts, n, BLOCK=1024)")
    return Solution(_loss_reasoning(spec), HEADER + kernels + _plain_module(args, launch, alloc))


def _loss_reasoning(spec: dict) -> str:
    kind = spec["kind"]
    what = {"cross_entropy": "the mean cross-entropy of (N, C) logits against int64 class indices",
            "kl_div": "KL(q || p) with 'batchmean' reduction, where log p = log_softmax(pred) and q = softmax(target)",
            "smooth_l1": f"the mean smooth L1 loss with beta = {spec.get('beta')}",
            "huber": f"the mean Huber loss with delta = {spec.get('delta')}",
            "hinge": "the mean hinge loss, mean(max(0, 1 - pred * target)) for labels of +-1",
            "cosine": "the mean over rows of 1 - cosine_similarity(pred, target) along dim 1"}[kind]
    if kind in ("smooth_l1", "huber", "hinge"):
        steps = ["The loss is pointwise, then a mean over every element: a full reduction to one scalar.",
                 "Stage 1: each program computes the pointwise loss of a block of 1024 elements in float32 and "
                 "writes its sum as one partial; int64 offsets, since N * C can pass 2^31.",
                 "Stage 2: one program adds the partials in a fixed order and divides by the element count. No "
                 "atomics, so the result is the same run to run.",
                 "Padded lanes are zeroed after the pointwise loss, because the loss of a (0, 0) pair is not 0 "
                 "for every loss (the hinge gives 1)."]
        if kind != "hinge":
            steps.insert(1, "With d = |pred - target|, the quadratic branch applies below the threshold and the "
                            "linear one above; both are written with tl.where on d, so no lane diverges.")
    else:
        row = {"cross_entropy": "loss = logsumexp(row) - row[target]. The logsumexp runs online over chunks of "
                                "up to 1024 classes (a running max and a rescaled sum per lane), so C can be any "
                                "size and the row is read once; the target logit is one extra load at the int64 "
                                "index.",
               "kl_div": "pass 1 computes the logsumexp of pred and of target online, in one read of each row; pass "
                         "2 adds q * (log q - log p) with log q = target - lse_t and log p = pred - lse_p, so "
                         "neither the softmax nor the log-softmax is ever written out.",
               "cosine": "dot(a, b), |a|^2 and |b|^2 are accumulated per lane in one read of both rows; the row "
                         "loss is 1 - dot / (max(|a|, eps) * max(|b|, eps)) with torch's eps = 1e-8."}[kind]
        steps = [f"The loss needs a whole-row quantity first, so stage 1 is one program per row: {row}",
                 "Each row writes one float32 value; stage 2 is one program that adds the N row values in a fixed "
                 "order and divides by N" + (" (that is what 'batchmean' means)" if kind == "kl_div" else "") +
                 ". Two launches and no atomics, so the result is deterministic.",
                 "Masks: padded columns load -inf for the running max (exp(-inf) = 0 adds nothing) or 0 for sums."]
    return _numbered(f"The module computes {what}, a scalar.", steps)


# --------------------------------------------------------------- pooling (avg 2-D, max/avg 1-D)

def _pool(spec: dict) -> Solution:
    """One lane per output element; the window is unrolled with tl.static_range (k is a constant)."""
    kind, k, st, pad = spec["kind"], spec["kernel"], spec["stride"], spec["padding"]
    is_max, two_d = kind == "max1d", kind == "avg2d"
    init = '-float("inf")' if is_max else "0.0"
    fold = "acc = tl.maximum(acc, v)" if is_max else "acc += v"
    other = '-float("inf")' if is_max else "0.0"
    if two_d:
        decode = ["ow = offs % OW", "oh = (offs // OW) % OH", "plane = offs // (OW * OH)  # the (b, c) image",
                  f"h0 = oh * {st} - {pad}", f"w0 = ow * {st} - {pad}"]
        window = ("    for kh in tl.static_range({k}):\n"
                  "        for kw in tl.static_range({k}):\n"
                  "            hh = h0 + kh\n"
                  "            ww = w0 + kw\n"
                  "            ok = mask & (hh >= 0) & (hh < H) & (ww >= 0) & (ww < W)  # padding reads nothing\n"
                  "            v = tl.load(x_ptr + plane * H * W + hh * W + ww, mask=ok, other={o}).to(tl.float32)\n"
                  "            {f}\n").format(k=k, o=other, f=fold)
        sig, area = "H, W, OH, OW", k * k
    else:
        decode = ["ol = offs % OL", "plane = offs // OL  # the (b, c) row", f"l0 = ol * {st} - {pad}"]
        window = ("    for kk in tl.static_range({k}):\n"
                  "        ll = l0 + kk\n"
                  "        ok = mask & (ll >= 0) & (ll < L)  # padding reads nothing\n"
                  "        v = tl.load(x_ptr + plane * L + ll, mask=ok, other={o}).to(tl.float32)\n"
                  "        {f}\n").format(k=k, o=other, f=fold)
        sig, area = "L, OL", k
    name = {"avg2d": "avg_pool2d_kernel", "max1d": "max_pool1d_kernel", "avg1d": "avg_pool1d_kernel"}[kind]
    res = "" if is_max else f"    acc = acc / {area}.0  # count_include_pad: padded taps count in the divisor\n"
    kernel = ("\n@triton.jit\n"
              f"def {name}(x_ptr, out_ptr, n, {sig}, BLOCK: tl.constexpr):\n"
              "    # one lane per output element of the contiguous result; int64, as B * C * H * W can pass 2^31\n"
              "    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)\n"
              "    mask = offs < n\n"
              f"{_indent(decode)}\n"
              f"    acc = tl.full([BLOCK], {init}, tl.float32)\n"
              f"{window}{res}"
              "    tl.store(out_ptr + offs, acc.to(out_ptr.dtype.element_ty), mask=mask)\n")
    if two_d:
        shape = ("B, C, H, W = x.shape\n"
                 f"OH = (H + {2 * pad} - {k}) // {st} + 1\n"
                 f"OW = (W + {2 * pad} - {k}) // {st} + 1\n"
                 "out = torch.empty((B, C, OH, OW), device=x.device, dtype=x.dtype)")
        args = "H, W, OH, OW"
    else:
        shape = ("B, C, L = x.shape\n"
                 f"OL = (L + {2 * pad} - {k}) // {st} + 1\n"
                 "out = torch.empty((B, C, OL), device=x.device, dtype=x.dtype)")
        args = "L, OL"
    launch = ("n = out.numel()\n"
              "BLOCK = 256\n"
              f"{name}[(triton.cdiv(n, BLOCK),)](x, out, n, {args}, BLOCK=BLOCK)")
    module = _plain_module("x", launch, shape)
    what = {"avg2d": "2-D average pool", "max1d": "1-D max pool", "avg1d": "1-D average pool"}[kind]
    win = f"{k}x{k}" if two_d else f"{k}"
    ext = "OH = (H + 2p - k) // s + 1 and likewise OW" if two_d else "OL = (L + 2p - k) // s + 1"
    steps = [f"Output size with window k = {k}, stride s = {st} and padding p = {pad}: {ext}.",
             "One lane per output element: a lane decodes its (image or row, output position) from the flat index, "
             f"and the {win} window is unrolled with tl.static_range because k is a compile-time constant. "
             "BLOCK = 256 outputs per program, so stores are contiguous.",
             ("Padding: taps outside the input are masked; they load -inf, which never wins the max."
              if is_max else
              f"Padding: taps outside the input are masked and load 0; torch's default count_include_pad=True "
              f"still divides by the full window, {area}, so the divisor is a constant.")
             if pad else "No padding: every window lies inside the input, and only the last block of outputs "
                         "needs its mask.",
             "Window values are accumulated in float32 and cast at the store; a max is exact."]
    return Solution(_numbered(f"The module is a {what}, kernel {k}, stride {st}, padding {pad}.", steps),
                    HEADER + kernel + module)


# --------------------------------------------------------------- scans

def _scan_body(spec: dict, reverse: bool) -> list[str]:
    """Statements turning the loaded tile `v` (BLOCK_L x BLOCK_I) into the output tile `y`, given the
    running `carry` of the rows before it (after it, for a reverse scan)."""
    kind, prod = spec["kind"], spec["kind"] == "cumprod"
    lines = tl_unary(spec["pre"], "v") if spec["pre"] else []
    lines.append(f"v = tl.where(mask, v, {'1.0' if prod else '0.0'})  # padding must not enter the scan")
    if kind == "masked_cumsum":
        lines.append("v = tl.where(tl.load(m_ptr + offs, mask=mask, other=0) != 0, v, 0.0)  # x * mask")
    if prod:
        return lines + ["y = tl.cumprod(v, axis=0) * carry[None, :]"]
    lines.append(f"y = tl.cumsum(v, axis=0{', reverse=True' if reverse else ''}) + carry[None, :]")
    if kind == "exclusive_cumsum":
        lines.append("y = y - v  # exclusive: the sum of the rows strictly before")
    return lines


def _scan(spec: dict, style: str = "looped") -> Solution:
    """`looped`: chunks of BLOCK_L rows with a carried running total (any length); `one_tile`: the whole
    scanned dim in one tile, one tl.cumsum."""
    kind = spec["kind"]
    prod, reverse, masked = kind == "cumprod", kind == "reverse_cumsum", kind == "masked_cumsum"
    ident = "1.0" if prod else "0.0"
    body = _scan_body(spec, reverse)
    load = ["offs_l = start + tl.arange(0, BLOCK_L)",
            "mask = (offs_l[:, None] < L) & mask_i[None, :]",
            "offs = base + offs_l[:, None] * INNER + offs_i[None, :]",
            "v = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)"]
    store = ["tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)"]
    head = ("    outer = tl.program_id(0)\n"
            "    offs_i = tl.program_id(1) * BLOCK_I + tl.arange(0, BLOCK_I)\n"
            "    mask_i = offs_i < INNER\n"
            "    base = outer.to(tl.int64) * L * INNER  # int64: B * L * D passes 2^31 at large sizes\n"
            f"    carry = tl.full([BLOCK_I], {ident}, tl.float32)\n")
    if style == "one_tile":
        kernel = ("\n@triton.jit\n"
                  "def scan_tile_kernel(x_ptr, m_ptr, out_ptr, L, INNER, BLOCK_L: tl.constexpr, BLOCK_I: tl.constexpr):\n"
                  "    # x viewed as (OUTER, L, INNER); BLOCK_L >= L, so one tile holds a whole scanned column.\n"
                  + head + "    start = 0\n" + _indent(load + body + store) + "\n\n")
        blocks = ("BLOCK_L = triton.next_power_of_2(L)\n"
                  "BLOCK_I = 1 if INNER == 1 else max(1, min(triton.next_power_of_2(INNER), 4096 // BLOCK_L))")
        name = "scan_tile_kernel"
    else:
        start = "(n_chunks - 1 - c) * BLOCK_L  # a reverse scan walks the chunks from the end" if reverse \
            else "c * BLOCK_L"
        fold = ["carry = carry * tl.reduce(v, 0, mul_combine)" if prod else "carry = carry + tl.sum(v, axis=0)"]
        kernel = ((_MUL_COMBINE if prod else "") + "\n@triton.jit\n"
                  "def scan_looped_kernel(x_ptr, m_ptr, out_ptr, L, INNER, BLOCK_L: tl.constexpr, BLOCK_I: tl.constexpr):\n"
                  "    # x viewed as (OUTER, L, INNER); one program per (outer index, block of INNER columns) walks\n"
                  "    # its L rows in chunks of BLOCK_L, carrying the running total from chunk to chunk.\n"
                  + head + "    n_chunks = tl.cdiv(L, BLOCK_L)\n"
                  "    for c in range(0, n_chunks):\n"
                  f"        start = {start}\n" + _indent(load + body + store + fold, 8) + "\n\n")
        blocks = ("BLOCK_I = 1 if INNER == 1 else min(32, triton.next_power_of_2(INNER))\n"
                  "BLOCK_L = min(1024 if INNER == 1 else 64, triton.next_power_of_2(L))")
        name = "scan_looped_kernel"
    module = ("\nclass ModelNew(nn.Module):\n"
              "    def __init__(self):\n"
              "        super().__init__()\n\n"
              f"    def forward(self, x{', mask' if masked else ''}):\n"
              "        x = x.contiguous()\n"
              + ("        mask = mask.contiguous()\n" if masked else "") +
              "        OUTER, L = x.shape[0], x.shape[1]\n"
              "        INNER = x.numel() // max(1, OUTER * L)  # 1 for (ROWS, L); D for (B, L, D)\n"
              "        out = torch.empty_like(x)\n"
              f"{_indent(blocks.splitlines(), 8)}\n"
              "        grid = (OUTER, triton.cdiv(INNER, BLOCK_I))\n"
              f"        {name}[grid](x, {'mask' if masked else 'x'}, out, L, INNER, BLOCK_L=BLOCK_L, BLOCK_I=BLOCK_I)\n"
              "        return out\n")
    return Solution(_scan_reasoning(spec, style), HEADER + kernel + module)


def _scan_reasoning(spec: dict, style: str) -> str:
    kind = spec["kind"]
    what = {"cumsum": "an inclusive prefix sum", "cumprod": "a prefix product",
            "reverse_cumsum": "a reverse prefix sum (each element plus everything after it)",
            "exclusive_cumsum": "an exclusive prefix sum (cumsum minus the element itself)",
            "masked_cumsum": "a prefix sum of x where the bool mask is set (x * mask)"}[kind]
    pre = f"{_op_words(spec['pre'])} applied first, then " if spec["pre"] else ""
    op = "tl.cumprod" if kind == "cumprod" else "tl.cumsum" + ("(reverse=True)" if kind == "reverse_cumsum" else "")
    steps = ["View x as (OUTER, L, INNER) with the scanned dim 1 as L: INNER = 1 for a (ROWS, L) input, D for "
             "(B, L, D). Each program owns one outer index and a block of BLOCK_I columns, which are independent "
             "scans; the grid is (OUTER, cdiv(INNER, BLOCK_I))."]
    if style == "one_tile":
        steps.append(f"BLOCK_L = next_power_of_2(L) rows sit in one tile, so a single {op} along axis 0 gives the "
                     "whole result: one read and one write per element. Register use grows with L, so BLOCK_I "
                     "shrinks to keep the tile near 4096 elements; for rows of many thousands the looped form "
                     "is the one that scales.")
    else:
        carry = "product" if kind == "cumprod" else "sum"
        steps.append(f"Rows can be thousands long, so L is walked in chunks of BLOCK_L (1024 for contiguous rows, "
                     f"64 when the scanned dim is strided and BLOCK_I columns share a chunk). {op} scans one chunk; "
                     f"the running {carry} of the chunks already done (the carry, one per column) is "
                     f"{'multiplied into' if kind == 'cumprod' else 'added to'} it, then the chunk's own {carry} is "
                     "folded into the carry: any L works with bounded registers.")
        if kind == "reverse_cumsum":
            steps.append("A reverse scan walks the chunks from the last to the first and scans each chunk with "
                         "reverse=True, so the carry holds the sum of everything after the chunk. No flipped copy "
                         "of x is ever written.")
    if kind == "exclusive_cumsum":
        steps.append("Exclusive = inclusive - x: subtract the element from its inclusive prefix in registers.")
    if kind == "masked_cumsum":
        steps.append("The bool mask is loaded next to x and masked-out elements become 0 before the scan, which "
                     "is x * mask without a product tensor.")
    steps.append(f"Padding rows and columns are set to the scan's identity ({'1' if kind == 'cumprod' else '0'}) "
                 "so they change nothing, and stores are masked. The running value stays in float32.")
    return _numbered(f"The module computes {pre}{what} along dim 1.", steps)


FAMILY_WRITERS = {
    "unary": _elementwise, "chain": _elementwise, "reduce": _reduce, "norm": _norm, "softmax": _softmax,
    "matmul": _matmul, "mlp": _mlp, "linear_norm": _linear_norm, "layout": _layout,
    "embedding": _embedding, "maxpool": _maxpool, "mse": _mse, "attention": _attention, "scan": _scan,
    "normalize": _normalize, "loss": _loss,
    "pool": _pool,
}


# Distinct, equally correct ways the teacher writes a family (issue 13: one kernel shape per
# family taught the model a single template); the first is the default.
STYLES = {"unary": ("flat", "rows2d", "autotune"), "chain": ("flat", "rows2d", "autotune"),
          "softmax": ("single_block", "online"), "matmul": ("plain", "grouped"),
          "norm": ("one_tile", "looped"), "reduce": ("tiled", "split"), "scan": ("looped", "one_tile"),
          "normalize": ("one_tile", "looped")}


def styles(spec: dict) -> tuple[str, ...]:
    """The kernel styles the teacher can write for this grammar point (at least one)."""
    if spec["family"] == "matmul" and spec["form"] in ("matvec", "diag_mm"):
        return ("plain",)  # not tiled products: no tile order to vary
    return STYLES.get(spec["family"], ("default",))


def teach(spec: dict, style: str | None = None) -> Solution:
    """The template solution for one compose grammar point (its COMPOSE_SPEC), in `style`
    (one of `styles(spec)`; the first by default)."""
    known = styles(spec)
    if style is not None and style not in known:
        raise ValueError(f"family {spec['family']!r} has styles {known}, not {style!r}")
    writer = FAMILY_WRITERS[spec["family"]]
    return writer(spec, style or known[0]) if spec["family"] in STYLES else writer(spec)
