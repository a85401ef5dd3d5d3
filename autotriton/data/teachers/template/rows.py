"""Row kernels (families norm, softmax): one program per row, the row in one tile or in chunks."""

from __future__ import annotations

from autotriton.data.families import NormSpec, SoftmaxSpec, reduce_shape
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER, indent, numbered, op_words, tl_unary


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


def norm_kernel(kind: str, residual: bool, act: dict | None) -> str:
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
{indent(res)}
{indent(_norm_lines(kind, True))}
{indent(post)}
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
                 f"{indent(chunk, 8)}\n"
                 "        acc += h  # padded lanes were loaded as 0\n"
                 "    mean = tl.sum(acc, axis=0) / n_cols\n"
                 "    acc = tl.zeros([BLOCK], dtype=tl.float32)\n"
                 "    for start in range(0, n_cols, BLOCK):\n"
                 f"{indent(chunk, 8)}\n"
                 "        d = tl.where(mask, h - mean, 0.0)  # padded lanes must not add to the variance\n"
                 "        acc += d * d\n"
                 "    rstd = tl.rsqrt(tl.sum(acc, axis=0) / n_cols + eps)\n")
        norm = ["w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)",
                "b = tl.load(b_ptr + cols, mask=mask, other=0.0).to(tl.float32)",
                "h = (h - mean) * rstd * w + b"]
    else:
        stats = ("    acc = tl.zeros([BLOCK], dtype=tl.float32)\n"
                 "    for start in range(0, n_cols, BLOCK):\n"
                 f"{indent(chunk, 8)}\n"
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
            f"{indent(chunk + norm + post, 8)}\n"
            "        tl.store(out_ptr + base + cols, h.to(out_ptr.dtype.element_ty), mask=mask)\n")


def norm_launch(kind: str, x: str, r: str, b: str, out: str, eps: float, ind: str = "        ") -> str:
    return (f"{ind}BLOCK = triton.next_power_of_2({x}.shape[-1])\n"
            f"{ind}warps = 8 if BLOCK >= 2048 else 4  # wide rows: more warps keep registers per thread bounded\n"
            f"{ind}{kind}_row_kernel[({x}.shape[0],)]({x}, {r}, self.weight, {b}, {out}, {x}.shape[-1], {eps}, "
            f"BLOCK=BLOCK, num_warps=warps)")


def write_norm(spec: NormSpec, style: str = "one_tile") -> Solution:
    kind, residual, act = spec["kind"], spec["residual"], spec["act"]
    bias_param = kind == "layernorm"
    init = "\n        self.weight = nn.Parameter(torch.randn(cols))"
    init += "\n        self.bias = nn.Parameter(torch.randn(cols))" if bias_param else ""
    args = "x, r" if residual else "x"
    b = "self.bias" if bias_param else "self.weight"
    eps, signature = (("self.eps", f", eps: float = {spec['eps']}") if spec.get("init_eps") else (spec["eps"], ""))
    init = "\n        self.eps = eps" + init if spec.get("init_eps") else init
    if style == "looped":
        launch = ("        BLOCK = min(triton.next_power_of_2(x.shape[-1]), 1024)\n"
                  f"        {kind}_looped_kernel[(x.shape[0],)](x, r, self.weight, {b}, out, x.shape[-1], {eps}, "
                  "BLOCK=BLOCK, num_warps=4)")
    else:
        launch = norm_launch(kind, "x", "r", b, "out", eps)
    module = f'''
class ModelNew(nn.Module):
    def __init__(self, cols: int{signature}):
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
    reasoning = f"""The module is {"a residual add, then " if residual else ""}{kind} over the last dim{f", then {op_words(act)}" if act else ""}.
1. A norm needs statistics of a whole row before any output, so one program handles one row; the grid is (ROWS,).
2. BLOCK = next_power_of_2(COLS) lanes hold the whole row in registers (COLS is at most 4096 here), so x is read from memory exactly once: load, compute {stats}, normalise, scale{" and shift" if bias_param else ""}{", activate" if act else ""}, store.
3. Lanes past COLS are masked: loaded as 0 and excluded from the statistics, because the divisor is the true n_cols and centred padding is forced to 0.
4. {"The residual add is fused into the load, so the sum x + r is never written out. " if residual else ""}Statistics are in float32; rsqrt(var + eps) is computed once per row."""
    return Solution(reasoning, HEADER + norm_kernel(kind, residual, act) + module)


def _norm_looped_reasoning(kind: str, residual: bool, act: dict | None, bias_param: bool) -> str:
    what = (f"The module is {'a residual add, then ' if residual else ''}{kind} over the last dim"
            f"{f', then {op_words(act)}' if act else ''}.")
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
    return numbered(what, steps)


def write_softmax(spec: SoftmaxSpec, style: str = "single_block") -> Solution:
    """`single_block`: one program holds a whole row in registers; `online`: rows of any length
    in BLOCK-column chunks, with a running max and rescaled sum (one read pass for the
    statistics, one for the output); `strided`: any dim of any rank (_softmax_strided)."""
    if style == "strided":
        return _softmax_strided(spec)
    scale, bias, log = spec["scale"], spec["bias"], spec.get("log", False)
    # log_softmax: h - max - log(sum), never log(e / s), which is -inf once e underflows
    out = "h - m - tl.log(s)" if log else "e / s"
    pre = ([f"h = h * {scale}"] if scale != 1.0 else []) + \
        (["h = h + tl.load(b_ptr + cols, mask=mask, other=0.0).to(tl.float32)"] if bias else []) + \
        (["h = h / t  # the constructor's temperature"] if spec.get("temperature") else [])
    if style == "online":
        kernel, launch = _softmax_online(pre, log)
    else:
        kernel = ("\n@triton.jit\n"
                  "def softmax_row_kernel(x_ptr, b_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):\n"
                  "    row = tl.program_id(0)\n"
                  "    cols = tl.arange(0, BLOCK)\n"
                  "    mask = cols < n_cols\n"
                  "    h = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)\n"
                  f"{indent(pre)}\n"
                  "    h = tl.where(mask, h, -float(\"inf\"))  # padded lanes get exp(-inf) = 0\n"
                  "    m = tl.max(h, axis=0)\n"
                  "    e = tl.exp(h - m)\n"
                  "    s = tl.sum(e, axis=0)\n"
                  f"    tl.store(out_ptr + row * n_cols + cols, ({out}).to(out_ptr.dtype.element_ty), mask=mask)\n")
        launch = ("BLOCK = triton.next_power_of_2(x.shape[-1])\n"
                  "warps = 8 if BLOCK >= 2048 else 4\n"
                  "softmax_row_kernel[(x.shape[0],)](x, B, out, x.shape[-1], BLOCK=BLOCK, num_warps=warps)")
    if spec.get("temperature"):
        kernel = kernel.replace("n_cols, BLOCK: tl.constexpr)", "n_cols, t, BLOCK: tl.constexpr)")
        launch = launch.replace("x.shape[-1], BLOCK=BLOCK", "x.shape[-1], self.temperature, BLOCK=BLOCK")
    module = (f"\nclass ModelNew(nn.Module):\n"
              f"    def __init__(self{', cols: int' if bias else ''}{_temperature_arg(spec)}):\n"
              f"        super().__init__()"
              f"{chr(10) + '        self.bias = nn.Parameter(torch.randn(cols))' if bias else ''}"
              f"{chr(10) + '        self.temperature = temperature' if spec.get('temperature') else ''}\n\n"
              "    def forward(self, x):\n"
              "        x = x.contiguous()\n"
              "        out = torch.empty_like(x)\n"
              f"{indent(launch.replace('B, out', ('self.bias' if bias else 'x') + ', out').splitlines(), 8)}\n"
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
    return Solution(numbered(what, steps), HEADER + kernel + module)


def _temperature_arg(spec: SoftmaxSpec) -> str:
    """The constructor's temperature argument (compose._constructor_values), as the reference declares it."""
    return ", temperature: float = 1.0" if spec.get("temperature") else ""


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
              f"{indent(pre, 8)}\n"
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
              f"{indent(pre, 8)}\n"
              + ("        y = h - row_max - tl.log(total)\n" if log else "        y = tl.exp(h - row_max) / total\n") +
              "        tl.store(out_ptr + base + cols, y.to(out_ptr.dtype.element_ty), mask=mask)\n")
    launch = ("BLOCK = min(triton.next_power_of_2(x.shape[-1]), 1024)\n"
              "softmax_online_kernel[(x.shape[0],)](x, B, out, x.shape[-1], BLOCK=BLOCK, num_warps=4)")
    return kernel, launch


def _softmax_strided(spec: SoftmaxSpec) -> Solution:
    """Softmax or log_softmax over dim d of a rank-2 to rank-4 input, viewed as (OUTER, RED,
    INNER) slices: a program owns BLOCK_J neighbouring slices, keeps a running max and rescaled
    sum per lane of a [BLOCK_R, BLOCK_J] tile, and writes in a second pass. Several slices per
    program also when d is the last dim: one row per program ran 1,000 programs per launch,
    which took over a minute in the interpreter."""
    scale, log, dim = spec["scale"], spec.get("log", False), spec["dim"]
    names = reduce_shape(spec)
    rank = len(names)
    pre = ([f"h = h * {scale}"] if scale != 1.0 else []) + \
        (["h = h / t  # the constructor's temperature"] if spec.get("temperature") else [])
    out = "h - top[None, :] - tl.log(total)[None, :]" if log else "tl.exp(h - top[None, :]) / total[None, :]"
    tile = ("        offs_r = r0 + tl.arange(0, BLOCK_R)\n"
            "        mask = (offs_r[:, None] < RED) & mask_j[None, :]\n"
            "        offs = start[None, :] + offs_r[:, None] * INNER\n"
            "        h = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)\n"
            + (f"{indent(pre, 8)}\n" if pre else ""))
    kernel = ("\n@triton.jit\n"
              f"def softmax_dim_kernel(x_ptr, out_ptr, SLICES, RED, INNER, {'t, ' if spec.get('temperature') else ''}"
              "BLOCK_R: tl.constexpr, BLOCK_J: tl.constexpr):\n"
              "    # x viewed as (OUTER, RED, INNER); slice j = (o, i) holds the RED elements\n"
              "    # o * RED * INNER + r * INNER + i, and each program normalises BLOCK_J slices\n"
              "    j = tl.program_id(0) * BLOCK_J + tl.arange(0, BLOCK_J)\n"
              "    mask_j = j < SLICES\n"
              "    start = (j // INNER).to(tl.int64) * RED * INNER + j % INNER\n"
              "    m = tl.full([BLOCK_R, BLOCK_J], -float(\"inf\"), tl.float32)  # running max per lane\n"
              "    s = tl.zeros([BLOCK_R, BLOCK_J], dtype=tl.float32)  # running sum of exp(h - m) per lane\n"
              "    for r0 in range(0, RED, BLOCK_R):\n" + tile +
              "        h = tl.where(mask, h, -float(\"inf\"))\n"
              "        m_new = tl.maximum(m, h)\n"
              "        seen = m_new > -float(\"inf\")  # lanes that saw only padding stay at s = 0\n"
              "        s = tl.where(seen, s * tl.exp(m - m_new) + tl.exp(h - m_new), 0.0)\n"
              "        m = m_new\n"
              "    top = tl.max(m, axis=0)  # each slice's max\n"
              "    total = tl.sum(tl.where(m > -float(\"inf\"), s * tl.exp(m - top[None, :]), 0.0), axis=0)\n"
              "    for r0 in range(0, RED, BLOCK_R):\n" + tile +
              f"        y = {out}\n"
              "        tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)\n")
    d = str(dim) if dim >= 0 else f"{dim} % len(x.shape)"
    module = ("\nclass ModelNew(nn.Module):\n"
              f"    def __init__(self{_temperature_arg(spec)}):\n"
              "        super().__init__()\n"
              + ("        self.temperature = temperature\n" if spec.get("temperature") else "") + "\n"
              "    def forward(self, x):\n"
              "        x = x.contiguous()\n"
              "        out = torch.empty_like(x)\n"
              f"        d = {d}\n"
              "        OUTER, RED, INNER = math.prod(x.shape[:d]), x.shape[d], math.prod(x.shape[d + 1:])\n"
              "        SLICES = OUTER * INNER\n"
              "        BLOCK_R = min(64 if INNER > 1 else 256, triton.next_power_of_2(RED))\n"
              "        BLOCK_J = min(64 if INNER > 1 else 16, triton.next_power_of_2(SLICES))\n"
              "        grid = (triton.cdiv(SLICES, BLOCK_J),)\n"
              f"        softmax_dim_kernel[grid](x, out, SLICES, RED, INNER, {'self.temperature, ' if spec.get('temperature') else ''}"
              "BLOCK_R=BLOCK_R, BLOCK_J=BLOCK_J)\n"
              "        return out\n")
    fn = "log_softmax" if log else "softmax"
    last = dim % rank == rank - 1
    after = " x ".join(names[dim % rank + 1:])
    what = (f"The module is a {fn} over dim {dim} of a ({', '.join(names)}) tensor"
            f"{f' of x * {scale}' if scale != 1.0 else ''}: each slice along that dim is normalised on its "
            "own, and the other dims only say which slice.")
    steps = ["View the input as (OUTER, RED, INNER): OUTER = the product of the sizes before dim d, RED = the "
             "size of d, INNER = the product of the sizes after it. Slice j = (o, i) with o = j // INNER and "
             "i = j % INNER holds the RED elements o * RED * INNER + r * INNER + i, so one kernel serves every "
             "dim. " + ("Here d is the last dim: INNER = 1, each slice is a contiguous row and neighbouring "
             "slices are rows." if last else f"Here the {after} elements after d make INNER = {after}: a "
             "slice's elements are INNER apart, and neighbouring slices are neighbouring columns, so a tile "
             "of them reads contiguous memory."),
             "One program per BLOCK_J neighbouring slices (64, or 16 rows when d is last), walking RED in chunks "
             "of BLOCK_R, so any RED fits and no launch has one program per slice.",
             "Online statistics per lane of the [BLOCK_R, BLOCK_J] tile: a running max m and a running sum s of "
             "exp(h - m); when a chunk raises the max, the old sum is rescaled by exp(m_old - m_new). After the "
             "loop each slice's max is the max over axis 0 and its sum is sum(s * exp(m - max)). Lanes that saw "
             "only padding keep m = -inf and get 0 explicitly (exp(-inf - (-inf)) would be NaN).",
             f"A second pass reads the chunks again and writes {'h - max - log(sum)' if log else 'exp(h - max) / sum'}"
             f"{'; the scale is applied at each load' if pre else ''}. All math in float32, cast at the store."]
    if log:
        steps.append("log_softmax is h - max - log(sum), never the log of the softmax, which gives -inf wherever "
                     "exp underflows.")
    return Solution(numbered(what, steps), HEADER + kernel + module)
