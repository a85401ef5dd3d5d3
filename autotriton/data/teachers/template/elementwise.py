"""Elementwise chains (families unary, chain): flat blocks, 2-D row tiles, or autotuned blocks."""

from __future__ import annotations

from autotriton.data.families import INIT_ARGS, ElementwiseSpec
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER, indent, numbered, op_words, tl_unary


def _elementwise_parts(spec: ElementwiseSpec) -> tuple[list[str], list[str], list[str]]:
    """(extra inputs, parameter vectors, fp32 statements on `h`) of an elementwise chain. A
    constant the module takes in its constructor (`init`) is a runtime scalar of the kernel."""
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
            body += tl_unary({**s, "a": s["init"]} if s.get("init") else s)
    return inputs, params, body


# Configs of the autotuned elementwise style (KernelBench L1 elementwise inputs reach 1.6e9
# elements: bigger blocks with 8 warps keep more bytes in flight per program).
_EW_CONFIGS = ("[triton.Config({'BLOCK': 1024}, num_warps=4), triton.Config({'BLOCK': 2048}, num_warps=8),\n"
               "                          triton.Config({'BLOCK': 4096}, num_warps=8)]")


def write_elementwise(spec: ElementwiseSpec, style: str = "flat") -> Solution:
    """Three ways to write an elementwise chain: `flat` 1-D blocks of a fixed size, `rows2d` 2-D
    tiles of rows x columns (the parameter vector loaded once per tile), `autotune` flat blocks
    whose size and warps @triton.autotune picks."""
    inputs, params, body = _elementwise_parts(spec)
    inits = [s for s in spec["steps"] if s.get("init")]
    scalars = [s["init"] for s in inits]
    ptrs = ["x_ptr"] + [f"{y}_ptr" for y in inputs] + [f"{p}_ptr" for p in params] + scalars
    if style == "rows2d":
        kernel, launch = ew_rows2d(inputs, params, body, ptrs)
    else:
        kernel, launch = ew_flat(inputs, params, body, ptrs, style == "autotune")
    init_args = ", cols: int" if params else ""
    init = "".join(f"\n        self.{p} = nn.Parameter(torch.randn(cols))" for p in params)
    for s in inits:  # with the reference signature's default (compose writes every one with it)
        init_args += f", {s['init']}: float = {INIT_ARGS[s['op']][1]}"
        init += f"\n        self.{s['init']} = {s['init']}"
    launch_args = ", ".join(["x"] + inputs + [f"self.{p}" for p in params] + [f"self.{n}" for n in scalars])
    module = elementwise_module(init_args, init, inputs, launch.replace("ARGS", launch_args))
    return Solution(_ew_reasoning(spec, params, style), HEADER + kernel + module)


def elementwise_module(init_args: str, init: str, extra: list[str], launch: str) -> str:
    """The ModelNew of an elementwise kernel: `x` and the `extra` inputs made contiguous, an
    output like `x`, then `launch` (its own lines)."""
    conts = "".join(f"\n        {y} = {y}.contiguous()" for y in extra)
    return (f"\nclass ModelNew(nn.Module):\n"
            f"    def __init__(self{init_args}):\n"
            f"        super().__init__(){init}\n\n"
            f"    def forward(self, {', '.join(['x'] + extra)}):\n"
            f"        x = x.contiguous(){conts}\n"
            f"        out = torch.empty_like(x)\n"
            f"{indent(launch.splitlines(), 8)}\n"
            f"        return out\n")


def ew_flat(inputs, params, body, ptrs, autotune: bool, first: str = "h", result: str = "h",
            name: str = "fused_elementwise_kernel", lead: str = "x") -> tuple[str, str]:
    """A flat-block kernel named `name` over `body` and its launch on forward's tensor `lead`: the
    first input loaded as `first`, the others and the per-column `params` under their own names,
    `result` stored."""
    loads = [f"{y} = tl.load({y}_ptr + offs, mask=mask, other=0.0).to(tl.float32)" for y in inputs]
    if params:
        loads.append("col = offs % n_cols  # the parameter vector broadcasts over rows")
        loads += [f"{p} = tl.load({p}_ptr + col, mask=mask, other=0.0).to(tl.float32)" for p in params]
    deco = f"@triton.autotune(configs={_EW_CONFIGS}, key=['n_elements'])\n" if autotune else ""
    kernel = (f"\n{deco}@triton.jit\n"
              f"def {name}({', '.join(ptrs)}, out_ptr, n_elements, n_cols, BLOCK: tl.constexpr):\n"
              "    pid = tl.program_id(0)\n"
              "    offs = pid * BLOCK + tl.arange(0, BLOCK)\n"
              "    mask = offs < n_elements  # the last block runs past the end unless n is a multiple of BLOCK\n"
              f"    {first} = tl.load({ptrs[0]} + offs, mask=mask, other=0.0).to(tl.float32)\n"
              f"{indent(loads)}\n{indent(body)}\n"
              f"    tl.store(out_ptr + offs, {result}.to(out_ptr.dtype.element_ty), mask=mask)\n")
    if autotune:
        launch = (f"n = {lead}.numel()\n"
                  "grid = lambda meta: (triton.cdiv(n, meta['BLOCK']),)  # BLOCK is the autotuner's pick\n"
                  f"{name}[grid](ARGS, out, n, {lead}.shape[-1])")
    else:
        launch = (f"n = {lead}.numel()\n"
                  "BLOCK = 1024\n"
                  "grid = (triton.cdiv(n, BLOCK),)\n"
                  f"{name}[grid](ARGS, out, n, {lead}.shape[-1], BLOCK=BLOCK)")
    return kernel, launch


def ew_rows2d(inputs, params, body, ptrs, first: str = "h", result: str = "h",
              name: str = "fused_rows_kernel", lead: str = "x") -> tuple[str, str]:
    """ew_flat's kernel over 2-D tiles of rows x columns."""
    loads = [f"{y} = tl.load({y}_ptr + offs, mask=mask, other=0.0).to(tl.float32)" for y in inputs]
    loads += [f"{p} = tl.load({p}_ptr + cols, mask=cols < n_cols, other=0.0).to(tl.float32)[None, :]"
              for p in params]
    kernel = ("\n@triton.jit\n"
              f"def {name}({', '.join(ptrs)}, out_ptr, n_rows, n_cols,\n"
              f"{' ' * (len(name) + 5)}BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):\n"
              "    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)\n"
              "    cols = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)\n"
              "    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)  # both edges of a tile can overhang\n"
              "    offs = rows[:, None].to(tl.int64) * n_cols + cols[None, :]\n"
              f"    {first} = tl.load({ptrs[0]} + offs, mask=mask, other=0.0).to(tl.float32)\n"
              f"{indent(loads)}\n{indent(body)}\n"
              f"    tl.store(out_ptr + offs, {result}.to(out_ptr.dtype.element_ty), mask=mask)\n")
    launch = (f"n_cols = {lead}.shape[-1]\n"
              f"n_rows = {lead}.numel() // max(n_cols, 1)\n"
              "BLOCK_C = min(triton.next_power_of_2(n_cols), 256)\n"
              "BLOCK_R = max(1, 2048 // BLOCK_C)  # about 2048 elements per program\n"
              "grid = (triton.cdiv(n_rows, BLOCK_R), triton.cdiv(n_cols, BLOCK_C))\n"
              f"{name}[grid](ARGS, out, n_rows, n_cols, BLOCK_R=BLOCK_R, BLOCK_C=BLOCK_C)")
    return kernel, launch


def tiling_steps(style: str, params: bool) -> list[str]:
    """The reasoning's steps on how an elementwise kernel of `style` tiles and masks its tensor
    (`params`: a per-column vector rides along)."""
    if style == "rows2d":
        steps = ["Tiling: view the tensor as rows x columns (the last dim) and give each program a 2-D tile of "
                 "BLOCK_R rows by BLOCK_C columns, BLOCK_C = min(next_power_of_2(cols), 256) and "
                 "BLOCK_R = 2048 // BLOCK_C; the grid is (cdiv(rows, BLOCK_R), cdiv(cols, BLOCK_C)).",
                 "Both edges of a tile can overhang, so the mask is the outer AND of a row mask and a column "
                 "mask; offsets are row * cols + col in int64, so that large tensors cannot overflow."]
        if params:
            steps.append("Parameters: the per-column vector is loaded once per tile as a [1, BLOCK_C] row and "
                         "broadcast down the tile, instead of being gathered per element.")
        return steps
    if style == "autotune":
        steps = ["Tiling: a flat array of n elements in BLOCKs of contiguous elements, with BLOCK and "
                 "num_warps left to @triton.autotune (1024 with 4 warps, 2048 or 4096 with 8), keyed on "
                 "n, so that large inputs get more bytes in flight per program; the grid is a lambda of "
                 "the chosen BLOCK."]
    else:
        steps = ["Tiling: treat the tensor as a flat array of n elements and give each program a BLOCK "
                 "of 1024 contiguous elements (a power of two, as tl.arange needs); the grid is "
                 "cdiv(n, 1024). Loads are contiguous and coalesced."]
    steps.append("The last block usually overhangs the end (n is not a multiple of BLOCK), so every load "
                 "and store uses the mask offs < n.")
    if params:
        steps.append("Parameters: the per-column vector is indexed with offs % n_cols, since the flat index "
                     "of element (row, col) is row * n_cols + col.")
    return steps


def _ew_reasoning(spec: ElementwiseSpec, params: list[str], style: str) -> str:
    chain = " -> ".join(op_words(s) for s in spec["steps"])
    steps = ["Every output element depends only on the elements at the same position"
             f"{' (plus one value per column of the parameter vector)' if params else ''}, so the whole chain "
             "fuses into one kernel: each input is read once and the output written once, instead of one round "
             "trip to memory per PyTorch op."]
    steps += tiling_steps(style, bool(params))
    for step in spec["steps"]:
        if step.get("init"):
            steps.append(f"{step['init']} is a constructor argument: ModelNew keeps it as self.{step['init']} "
                         "and passes it to the kernel as a runtime scalar, so one compiled kernel serves any value.")
    steps.append("Arithmetic is done in float32 registers and cast to the output dtype only at the store, which "
                 "is more accurate than rounding after every op.")
    return numbered(f"The module is a pure elementwise chain: {chain}.", steps)
