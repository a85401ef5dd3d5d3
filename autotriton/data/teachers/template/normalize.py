"""Division by a norm (family normalize): L1/L2 per row, Frobenius over the whole tensor."""

from __future__ import annotations

from autotriton.data.families import NormalizeSpec
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER, indent, numbered, plain_module


def write_normalize(spec: NormalizeSpec, style: str = "one_tile") -> Solution:
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
    return Solution(numbered(f"The module normalises each row by its {'L1' if l1 else 'L2'} norm.", steps),
                    HEADER + kernel + plain_module("x", launch, "out = torch.empty_like(x)"))


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
                    f"{indent(sum_parts)}\n"
                    "    tl.store(inv_ptr, inv)\n"
                    "\n\n@triton.jit\n"
                    "def scale_kernel(x_ptr, inv_ptr, out_ptr, n, BLOCK: tl.constexpr):\n"
                    "    inv = tl.load(inv_ptr)\n"
                    f"{indent(scale)}\n")
        finish = ("inv = torch.empty(1, device=x.device, dtype=torch.float32)\n"
                  "inv_norm_kernel[(1,)](part, inv, P, BLOCK_P=triton.next_power_of_2(P))\n"
                  "scale_kernel[(triton.cdiv(n, BLOCK),)](x, inv, out, n, BLOCK=BLOCK)")
    else:
        kernels += ("\n\n@triton.jit\n"
                    "def scale_by_norm_kernel(x_ptr, part_ptr, out_ptr, n, n_parts, BLOCK: tl.constexpr, "
                    "BLOCK_P: tl.constexpr):\n"
                    "    # every program adds the same partials in the same order: the same norm everywhere\n"
                    f"{indent(sum_parts + scale)}\n")
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
    return Solution(numbered("The module divides the tensor by its Frobenius norm.", steps),
                    HEADER + kernels + plain_module("x", launch, "out = torch.empty_like(x)"))
