"""Tiled matmuls with fused epilogues (families matmul, mlp, linear_norm), and the matmul forms
that are not tiled products (matvec, diag(d) @ B)."""

from __future__ import annotations

from autotriton.data.families import LinearNormSpec, MatmulSpec, MlpSpec
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER, indent, numbered, op_words, plain_module, tl_unary
from autotriton.data.teachers.template.rows import norm_kernel, norm_launch


# A 1-D grid of output tiles numbered in bands of GROUP_M tile rows (pid_b: the batch on axis 1).
GROUPED_PIDS = ("    pid = tl.program_id(0)\n"
                "    pid_b = tl.program_id(1)\n"
                "    tiles_m = tl.cdiv(M, BLOCK_M)\n"
                "    tiles_n = tl.cdiv(N, BLOCK_N)\n"
                "    band = pid // (GROUP_M * tiles_n)\n"
                "    first_m = band * GROUP_M\n"
                "    rows_in_band = tl.minimum(tiles_m - first_m, GROUP_M)\n"
                "    pid_m = first_m + (pid % (GROUP_M * tiles_n)) % rows_in_band\n"
                "    pid_n = (pid % (GROUP_M * tiles_n)) // rows_in_band\n")


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


def matmul_kernel(name: str, epilogue: list[dict], grouped: bool = False, skip: str = "") -> str:
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
                  + GROUPED_PIDS)
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
            f"{indent(_epilogue_lines(epilogue))}\n"
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

MATMUL_GROUPED_WHY = """Tiling: each program computes a BLOCK_M x BLOCK_N tile of the output (up to 128 x 128, with 8 warps at that size and 3 pipeline stages so that the next K slice loads while this one multiplies) and walks K in BLOCK_K (up to 32) slices with tl.dot, accumulating in float32; dims are powers of two of at least 16, as tl.dot needs.
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


def _matvec(spec: MatmulSpec) -> Solution:
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
    module = plain_module("a, x", "BLOCK_M = 16\nBLOCK_K = min(512, triton.next_power_of_2(a.shape[1]))\n"
                          "matvec_kernel[(triton.cdiv(a.shape[0], BLOCK_M),)](a, x, out, a.shape[0], a.shape[1], "
                          "BLOCK_M=BLOCK_M, BLOCK_K=BLOCK_K)",
                          "out = torch.empty((a.shape[0], 1), device=a.device, dtype=a.dtype)")
    steps = ["A matrix times a (K, 1) vector does 2 flops per element of A: it is bound by reading A once, not by "
             "math, so tensor cores do not help and tl.dot would pad N = 1 to 16 columns of wasted work.",
             "Each program owns BLOCK_M = 16 rows and walks K in slices of up to 512: it multiplies the [16, "
             "BLOCK_K] tile of A by the broadcast slice of x and accumulates a float32 tile, reduced across K once "
             "after the loop. Rows of A are read contiguously; x is small and stays in cache.",
             "Rows past M and the partial last K slice load 0; row offsets are int64."]
    return Solution(numbered("The module is a matrix-vector product A @ x with x of shape (K, 1).", steps),
                    HEADER + kernel + module)


def _diag_mm(spec: MatmulSpec) -> Solution:
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
    module = plain_module("d, b", "N, M = b.shape\nBLOCK_C = min(256, triton.next_power_of_2(M))\n"
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
    return Solution(numbered("The module computes diag(d) @ B for a vector d and an (N, M) matrix B.", steps),
                    HEADER + kernel + module)


def write_matmul(spec: MatmulSpec, style: str = "plain") -> Solution:
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
{indent(views, 8)}
        return out
'''
    what = {"linear": "a linear layer x @ W^T", "matmul": "a matmul A @ B", "matmul_bt": "A @ B^T",
            "bmm": "a batched matmul", "mm3d": "a (B, S, K) tensor times a (K, N) matrix",
            "tril": "the lower triangle of A @ B", "triu": "the upper triangle of A @ B"}[form]
    epi = [s for s in epi if s["op"] not in ("tril", "triu")]
    epi_txt = ", ".join(op_words(s) for s in epi)
    reasoning = f"""The module is {what}{f", followed by {epi_txt}" if epi else ""}.
1. {MATMUL_GROUPED_WHY if style == "grouped" else _MATMUL_WHY}
2. {"The transposed operand is passed as a strided view, so the kernel reads it in place with swapped strides instead of copying it. " if form in ("linear", "matmul_bt") else ""}{"The batch index is the third grid axis; each batch's matrices are addressed through their batch stride. " if form == "bmm" else ""}{_MATMUL_FORM_NOTES.get(form, "")}{_MATMUL_SHAPE_NOTES.get(spec.get("shape"), "")}
3. {"Epilogue fusion: " + epi_txt + " are applied to the float32 accumulator tile in registers right before the single store, so the (M, N) result never makes an extra round trip to memory." if epi else "No epilogue: the accumulator is cast to the output dtype and stored." if not skip else "The triangle mask is the epilogue: applied to the accumulator in registers, so zeros are stored directly and A @ B is never written whole."}"""
    kernel = matmul_kernel("matmul_epilogue_kernel", epi + [{"op": form}] if skip else epi, style == "grouped", skip)
    return Solution(reasoning, HEADER + kernel + module)


def write_mlp(spec: MlpSpec) -> Solution:
    act, residual = spec["act"], spec["residual"]
    kernels = matmul_kernel("fc1_kernel", [{"op": "bias"}, act]) + \
        matmul_kernel("fc2_kernel", [{"op": "bias"}] + ([{"op": "residual"}] if residual else []))
    module = '''
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
    reasoning = f"""The module is an MLP: Linear(D, H), {op_words(act)}, Linear(H, D){", plus the input as a residual" if residual else ""}.
1. Two matmuls cannot share one tile loop (the second needs whole rows of the first's output), so this takes two kernels; everything else fuses into their epilogues.
2. Kernel 1 computes x @ W1^T, adds b1 and applies {act["op"]} on the accumulator, writing the hidden activations once. Kernel 2 computes h @ W2^T and adds b2{" and the residual x" if residual else ""} before its store.
3. {_MATMUL_WHY}
4. The (H, D) nn.Linear weights are read in place as transposed strided views, no copies."""
    return Solution(reasoning, HEADER + kernels + module)


def write_linear_norm(spec: LinearNormSpec) -> Solution:
    kind, act = spec["kind"], spec["act"]
    kernels = matmul_kernel("linear_bias_kernel", [{"op": "bias"}]) + norm_kernel(kind, False, act)
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
{norm_launch(kind, "h", "h", "self.bias" if bias_param else "self.weight", "out", spec["eps"])}
        return out
'''
    reasoning = f"""The module is a linear layer, then {kind} over the features, then {op_words(act)}.
1. The norm needs complete output rows, and a matmul tile holds only BLOCK_N of the N columns, so the work splits into two kernels: a tiled matmul with the bias fused into its epilogue, then a row kernel.
2. {_MATMUL_WHY}
3. The row kernel gives each of the M rows one program with BLOCK = next_power_of_2(N) lanes, computes the statistics in float32, normalises, applies the affine parameters and {act["op"]}, and stores once; lanes past N are masked out of the statistics."""
    return Solution(reasoning, HEADER + kernels + module)
