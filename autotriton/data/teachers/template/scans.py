"""Prefix scans along one dim (family scan): chunks with a carry, or one tile. The input is viewed
as (OUTER, L, INNER) scans j = o * INNER + i, whose elements sit at o * L * INNER + l * INNER + i;
a program owns BLOCK_J neighbouring scans, rows or columns alike (reductions.py says why)."""

from __future__ import annotations

from autotriton.data.families import ScanSpec, scan_dim
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER, MUL_COMBINE, indent, numbered, op_words, tl_unary


def _scan_body(spec: ScanSpec, reverse: bool) -> list[str]:
    """Statements turning the loaded tile `v` (BLOCK_L x BLOCK_J) into the output tile `y`, given the
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


def write_scan(spec: ScanSpec, style: str = "looped") -> Solution:
    """`looped`: chunks of BLOCK_L rows with a carried running total (any length); `one_tile`: the whole
    scanned dim in one tile, one tl.cumsum."""
    kind = spec["kind"]
    prod, reverse, masked = kind == "cumprod", kind == "reverse_cumsum", kind == "masked_cumsum"
    ident = "1.0" if prod else "0.0"
    body = _scan_body(spec, reverse)
    load = ["offs_l = start + tl.arange(0, BLOCK_L)",
            "mask = (offs_l[:, None] < L) & mask_j[None, :]",
            "offs = base[None, :] + offs_l[:, None] * INNER",
            "v = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)"]
    store = ["tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)"]
    head = ("    j = tl.program_id(0) * BLOCK_J + tl.arange(0, BLOCK_J)  # this program's scans\n"
            "    mask_j = j < N_SCANS\n"
            "    # element l of scan j; int64: B * L * D passes 2^31 at large sizes\n"
            "    base = (j // INNER).to(tl.int64) * L * INNER + j % INNER\n"
            f"    carry = tl.full([BLOCK_J], {ident}, tl.float32)\n")
    args = "x_ptr, m_ptr, out_ptr, N_SCANS, L, INNER, BLOCK_L: tl.constexpr, BLOCK_J: tl.constexpr"
    if style == "one_tile":
        kernel = ("\n@triton.jit\n"
                  f"def scan_tile_kernel({args}):\n"
                  "    # x viewed as (OUTER, L, INNER); BLOCK_L >= L, so one tile holds whole scans.\n"
                  + head + "    start = 0\n" + indent(load + body + store) + "\n\n")
        blocks = ("BLOCK_L = triton.next_power_of_2(L)\n"
                  "BLOCK_J = max(1, min(triton.next_power_of_2(N_SCANS), 4096 // BLOCK_L, 64))")
        name = "scan_tile_kernel"
    else:
        start = "(n_chunks - 1 - c) * BLOCK_L  # a reverse scan walks the chunks from the end" if reverse \
            else "c * BLOCK_L"
        fold = ["carry = carry * tl.reduce(v, 0, mul_combine)" if prod else "carry = carry + tl.sum(v, axis=0)"]
        kernel = ((MUL_COMBINE if prod else "") + "\n@triton.jit\n"
                  f"def scan_looped_kernel({args}):\n"
                  "    # x viewed as (OUTER, L, INNER); each program walks the L elements of its BLOCK_J scans\n"
                  "    # in chunks of BLOCK_L, carrying the running total from chunk to chunk.\n"
                  + head + "    n_chunks = tl.cdiv(L, BLOCK_L)\n"
                  "    for c in range(0, n_chunks):\n"
                  f"        start = {start}\n" + indent(load + body + store + fold, 8) + "\n\n")
        blocks = ("BLOCK_J = min(16 if INNER == 1 else 32, triton.next_power_of_2(N_SCANS))\n"
                  "BLOCK_L = min(256 if INNER == 1 else 64, triton.next_power_of_2(L))")
        name = "scan_looped_kernel"
    d = scan_dim(spec)
    d_text = str(d) if d >= 0 else f"{d} % len(x.shape)"
    module = ("\nclass ModelNew(nn.Module):\n"
              "    def __init__(self):\n"
              "        super().__init__()\n\n"
              f"    def forward(self, x{', mask' if masked else ''}):\n"
              "        x = x.contiguous()\n"
              + ("        mask = mask.contiguous()\n" if masked else "") +
              f"        d = {d_text}\n"
              "        OUTER, L, INNER = math.prod(x.shape[:d]), x.shape[d], math.prod(x.shape[d + 1:])\n"
              "        N_SCANS = OUTER * INNER\n"
              "        out = torch.empty_like(x)\n"
              f"{indent(blocks.splitlines(), 8)}\n"
              "        grid = (triton.cdiv(N_SCANS, BLOCK_J),)\n"
              f"        {name}[grid](x, {'mask' if masked else 'x'}, out, N_SCANS, L, INNER, BLOCK_L=BLOCK_L, BLOCK_J=BLOCK_J)\n"
              "        return out\n")
    return Solution(_scan_reasoning(spec, style), HEADER + kernel + module)


def _scan_reasoning(spec: ScanSpec, style: str) -> str:
    kind = spec["kind"]
    what = {"cumsum": "an inclusive prefix sum", "cumprod": "a prefix product",
            "reverse_cumsum": "a reverse prefix sum (each element plus everything after it)",
            "exclusive_cumsum": "an exclusive prefix sum (cumsum minus the element itself)",
            "masked_cumsum": "a prefix sum of x where the bool mask is set (x * mask)"}[kind]
    pre = f"{op_words(spec['pre'])} applied first, then " if spec["pre"] else ""
    op = "tl.cumprod" if kind == "cumprod" else "tl.cumsum" + ("(reverse=True)" if kind == "reverse_cumsum" else "")
    d = scan_dim(spec)
    steps = [f"View x as (OUTER, L, INNER) with the scanned dim {d} as L: OUTER = the product of the sizes before "
             "it, INNER = the product of those after it (1 when it is the last dim). Scan j = o * INNER + i holds "
             "the elements o * L * INNER + l * INNER + i; scans are independent, and each program owns BLOCK_J "
             "neighbouring ones (rows when INNER = 1, columns otherwise); the grid is cdiv(OUTER * INNER, BLOCK_J)."]
    if style == "one_tile":
        steps.append(f"BLOCK_L = next_power_of_2(L) rows sit in one tile, so a single {op} along axis 0 gives the "
                     "whole result: one read and one write per element. Register use grows with L, so BLOCK_J "
                     "shrinks to keep the tile near 4096 elements; for rows of many thousands the looped form "
                     "is the one that scales.")
    else:
        carry = "product" if kind == "cumprod" else "sum"
        steps.append(f"Scans can be thousands long, so L is walked in chunks of BLOCK_L (256 for contiguous rows, "
                     f"64 when the scanned dim is strided and BLOCK_J columns share a chunk). {op} scans one chunk; "
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
    return numbered(f"The module computes {pre}{what} along dim {d}.", steps)
