"""Convolutions (family conv2d, which also holds the 1-D kind). groups=1, 2-D or 1-D: an implicit
GEMM, output pixels x output channels tiles, K = C_in*k*k (or C_in*k) walked in slices, the input
patch gathered with masked loads, tl.dot in fp32.
Depthwise (groups = channels): one lane per output, the k x k window unrolled, since each output
reads only its own channel's k*k taps, too few for tl.dot's 16."""

from __future__ import annotations

from autotriton.data.families import Conv2dSpec
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER, indent, numbered, op_words, tl_unary


def write_conv2d(spec: Conv2dSpec) -> Solution:
    if spec.get("depthwise"):
        return write_depthwise(spec)
    if spec.get("dims") == 1:
        return write_conv1d(spec)
    k, s, p, bias, act = spec["kernel"], spec["stride"], spec["padding"], spec["bias"], spec["act"]
    epilogue = ([BIAS_EPILOGUE.strip()] if bias else [])
    epilogue += tl_unary(act, "acc") if act else []
    h = f"oh * {s}" if s > 1 else "oh"  # the input row and column of tap (0, 0)
    w = f"ow * {s}" if s > 1 else "ow"
    h2, w2 = (f"({h}{f' - {p}' if p else ''})[:, None]" if " " in h + str(p) or p else f"{h}[:, None]"
              for h in (h, w))
    gather = (f"        ci = offs_k // {k * k}\n"
              f"        kh = (offs_k // {k}) % {k}\n"
              f"        kw = offs_k % {k}\n"
              f"        ih = {h2} + kh[None, :]\n"
              f"        iw = {w2} + kw[None, :]\n"
              "        ok = m_ok[:, None] & k_ok[None, :] & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)\n"
              "        src = ((b[:, None] * C_IN + ci[None, :]) * H + ih) * W + iw\n"
              if k > 1 else
              f"        ih = {h}\n"
              f"        iw = {w}\n"
              "        ok = m_ok[:, None] & k_ok[None, :]\n"
              "        src = ((b[:, None] * C_IN + offs_k[None, :]) * H + ih[:, None]) * W + iw[:, None]\n")
    gather += "        a = tl.load(x_ptr + src, mask=ok, other=0.0)  # (BLOCK_M, BLOCK_K) patch; padding reads 0\n"
    kernel = gemm_kernel("conv2d_kernel", bias, "B, C_IN, H, W, C_OUT, OH, OW", "m = (b, oh, ow), k = (ci, kh, kw)",
                         "B * OH * OW", f"C_IN * {k * k}",
                         "    ow = offs_m % OW\n"
                         "    oh = (offs_m // OW) % OH\n"
                         "    b = (offs_m // (OW * OH)).to(tl.int64)\n",
                         gather, f"{indent(epilogue)}\n",
                         "(b[:, None] * C_OUT + offs_n[None, :]) * (OH * OW) + (oh * OW + ow)[:, None]")
    module = ("\n\nclass ModelNew(nn.Module):\n"
              "    def __init__(self, in_channels: int, out_channels: int):\n"
              "        super().__init__()\n"
              f"        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size={k}, stride={s}, padding={p}, "
              f"bias={bias})\n\n"
              "    def forward(self, x):\n"
              "        x = x.contiguous()\n"
              "        B, C_IN, H, W = x.shape\n"
              "        C_OUT = self.conv.weight.shape[0]\n"
              f"        OH = (H + {2 * p} - {k}) // {s} + 1\n"
              f"        OW = (W + {2 * p} - {k}) // {s} + 1\n"
              "        out = torch.empty((B, C_OUT, OH, OW), device=x.device, dtype=x.dtype)\n"
              + gemm_launch("conv2d_kernel", bias, "B * OH * OW", "B, C_IN, H, W, C_OUT, OH, OW"))
    steps = ["A convolution is a matrix product in disguise (implicit GEMM): rows m are output pixels "
             "(b, oh, ow), M = B*OH*OW; columns n are output channels; the reduction runs over "
             f"K = C_IN*{k}*{k} taps (ci, kh, kw). The contiguous weight (C_OUT, C_IN, {k}, {k}) already is the "
             "(C_OUT, K) matrix; the patch matrix is never materialised.",
             "Each program owns a 64-pixel x BLOCK_N-channel output tile (BLOCK_N = next power of two of C_OUT, "
             "16 to 64, as tl.dot needs 16); the grid is (cdiv(M, 64), cdiv(C_OUT, BLOCK_N)). It walks K in "
             "slices of 32 and adds tl.dot(patch, weight) into a float32 accumulator.",
             (f"The patch is gathered from k: ci = k // {k * k}, kh = (k // {k}) % {k}, kw = k % {k}; the input row "
              f"is ih = oh*{s} - {p} + kh, and likewise iw. "
              + ("Taps with ih or iw outside the image are the zero padding: the load is masked and reads 0, so "
                 "no padded copy of x is made." if p else "Without padding every tap is inside the image; "
                 "only the tile edges (m >= M, k >= K) are masked.")
              if k > 1 else
              f"With a 1x1 kernel k is just the input channel and the pixel is (oh*{s}, ow*{s}): the conv is a "
              "plain GEMM over channels with a strided gather. Tile edges (m >= M, k >= K) are masked."),
             ("Epilogue, on the accumulator before the single store: " +
              ", ".join((["bias per output channel"] if bias else []) + ([op_words(act)] if act else []))
              + ". The output (B, C_OUT, OH, OW) is written at ((b*C_OUT + n)*OH + oh)*OW + ow."
              if bias or act else
              "No bias: the accumulator is stored as is, at ((b*C_OUT + n)*OH + oh)*OW + ow of the "
              "(B, C_OUT, OH, OW) output."),
             "The batch index is int64, as B*C*H*W can pass 2^31; tl.dot on float32 is TF32 on GPU, within the "
             "task's dot tolerance."]
    return Solution(numbered(f"The module is a 2-D convolution, {k}x{k} kernel, stride {s}, padding {p}"
                             + (", then " + op_words(act) if act else "") + ".", steps),
                    HEADER + kernel + module)


def write_depthwise(spec: Conv2dSpec) -> Solution:
    k, s, p, bias = spec["kernel"], spec["stride"], spec["padding"], spec["bias"]
    row = f"oh * {s}" if s > 1 else "oh"
    col = f"ow * {s}" if s > 1 else "ow"
    if p:
        row, col = f"{row} - {p}", f"{col} - {p}"
    inside = "mask & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)" if p else "mask"
    kernel = f"""
@triton.jit
def depthwise_conv2d_kernel(x_ptr, w_ptr, {'b_ptr, ' if bias else ''}out_ptr, n, C, H, W, OH, OW, BLOCK: tl.constexpr):
    # One lane per output element of the contiguous (B, C, OH, OW) result.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    ow = offs % OW
    oh = (offs // OW) % OH
    plane = (offs // (OW * OH)).to(tl.int64)  # the (b, c) image; it reads only input plane (b, c)
    c = plane % C
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for kh in tl.static_range({k}):
        for kw in tl.static_range({k}):
            ih = {row} + kh
            iw = {col} + kw
            ok = {inside}
            v = tl.load(x_ptr + (plane * H + ih) * W + iw, mask=ok, other=0.0).to(tl.float32)
            w = tl.load(w_ptr + c * {k * k} + kh * {k} + kw, mask=mask, other=0.0).to(tl.float32)
            acc += v * w
"""
    kernel += ("    acc += tl.load(b_ptr + c, mask=mask, other=0.0).to(tl.float32)\n" if bias else "")
    kernel += "    tl.store(out_ptr + offs, acc.to(out_ptr.dtype.element_ty), mask=mask)\n"
    module = f"""

class ModelNew(nn.Module):
    def __init__(self, in_channels: int):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, in_channels, kernel_size={k}, stride={s}, padding={p}, groups=in_channels, bias={bias})

    def forward(self, x):
        x = x.contiguous()
        B, C, H, W = x.shape
        OH = (H + {2 * p} - {k}) // {s} + 1
        OW = (W + {2 * p} - {k}) // {s} + 1
        out = torch.empty((B, C, OH, OW), device=x.device, dtype=x.dtype)
        n = out.numel()
        BLOCK = 256
        grid = (triton.cdiv(n, BLOCK),)
        depthwise_conv2d_kernel[grid](x, self.conv.weight, {'self.conv.bias, ' if bias else ''}out, n, C, H, W, OH, OW, BLOCK=BLOCK)
        return out
"""
    steps = [f"Depthwise means groups = channels: output channel c is input channel c convolved with its own "
             f"{k}x{k} filter, weight (C, 1, {k}, {k}). There is no sum over channels, so each output needs only "
             f"{k * k} multiply-adds: too few for tl.dot (it needs 16), so no GEMM view.",
             "One lane per output element of the contiguous (B, C, OH, OW) result, BLOCK = 256 lanes per "
             "program, grid cdiv(n, 256). A lane decodes ow, oh and its (b, c) plane from its flat index, which "
             "is also where it stores.",
             f"The {k}x{k} window is unrolled with tl.static_range (k is a constant); the tap (kh, kw) reads input "
             f"row ih = oh*{s} - {p} + kh and column iw = ow*{s} - {p} + kw of the same plane, and weight "
             f"c*{k * k} + kh*{k} + kw. "
             + ("Taps outside the image are the zero padding: the load is masked and reads 0."
                if p else "Without padding every tap is inside the image; only the last block is masked."),
             "Products are summed in float32 " + ("and the channel's bias is added " if bias else "")
             + "before the single store, cast to the output dtype; the plane index is int64, since "
             "B*C*H*W can pass 2^31."]
    what = f"The module is a depthwise 2-D convolution, {k}x{k} kernel, stride {s}, padding {p}" + \
        ("" if bias else ", no bias") + "."
    return Solution(numbered(what, steps), HEADER + kernel + module)


def write_conv1d(spec: Conv2dSpec) -> Solution:
    k, s, p, d, bias = spec["kernel"], spec["stride"], spec["padding"], spec["dilation"], spec["bias"]
    start = f"ol * {s}" if s > 1 else "ol"
    start = f"({start} - {p})" if p else f"({start})" if s > 1 else start  # indexed by [:, None] next
    tap = f"kw * {d}" if d > 1 else "kw"
    gather = (f"        ci = offs_k // {k}\n"
              f"        kw = offs_k % {k}\n"
              f"        il = {start}[:, None] + ({tap})[None, :]\n"
              "        ok = m_ok[:, None] & k_ok[None, :] & (il >= 0) & (il < L)\n"
              "        a = tl.load(x_ptr + (b[:, None] * C_IN + ci[None, :]) * L + il, mask=ok, other=0.0)"
              "  # (BLOCK_M, BLOCK_K)\n")
    kernel = gemm_kernel("conv1d_kernel", bias, "B, C_IN, L, C_OUT, OL", "m = (b, ol), k = (ci, kw)",
                         "B * OL", f"C_IN * {k}",
                         "    ol = offs_m % OL\n"
                         "    b = (offs_m // OL).to(tl.int64)\n",
                         gather, BIAS_EPILOGUE if bias else "",
                         "(b[:, None] * C_OUT + offs_n[None, :]) * OL + ol[:, None]")
    module = f"""

class ModelNew(nn.Module):
    def __init__(self, in_channels: int, out_channels: int):
        super().__init__()
        self.conv = nn.Conv1d(in_channels, out_channels, kernel_size={k}, stride={s}, padding={p}, dilation={d}, bias={bias})

    def forward(self, x):
        x = x.contiguous()
        B, C_IN, L = x.shape
        C_OUT = self.conv.weight.shape[0]
        OL = (L + {2 * p} - {d * (k - 1) + 1}) // {s} + 1
        out = torch.empty((B, C_OUT, OL), device=x.device, dtype=x.dtype)
"""
    module += gemm_launch("conv1d_kernel", bias, "B * OL", "B, C_IN, L, C_OUT, OL")
    span = d * (k - 1) + 1
    steps = ["A 1-D convolution is a matrix product in disguise (implicit GEMM): rows m are output positions "
             f"(b, ol), M = B*OL; columns n are output channels; the reduction runs over K = C_IN*{k} taps "
             f"(ci, kw). The contiguous weight (C_OUT, C_IN, {k}) already is the (C_OUT, K) matrix.",
             f"Output length: the window spans dilation*(k-1)+1 = {span} inputs, so OL = (L + 2*{p} - {span}) "
             f"// {s} + 1.",
             "Each program owns a 64-position x BLOCK_N-channel output tile (BLOCK_N = next power of two of "
             "C_OUT, 16 to 64, as tl.dot needs 16); it walks K in slices of 32 and adds tl.dot(patch, weight) "
             "into a float32 accumulator.",
             f"The patch is gathered from k: ci = k // {k}, kw = k % {k}, input position il = ol*{s} - {p} + "
             f"kw*{d}. " + ("Positions outside [0, L) are the zero padding: the load is masked and reads 0."
                            if p else "Only tile edges and the end of the row are masked."),
             ("The bias is added per output channel before the single store; " if bias else "No bias; ")
             + "the output (B, C_OUT, OL) is written at (b*C_OUT + n)*OL + ol. The batch index is int64, and "
             "tl.dot on float32 is TF32 on GPU, within the task's dot tolerance."]
    what = f"The module is a 1-D convolution, kernel {k}, stride {s}, padding {p}, dilation {d}" + \
        ("" if bias else ", no bias") + "."
    return Solution(numbered(what, steps), HEADER + kernel + module)


# The bias, per output channel, added to the (BLOCK_M, BLOCK_N) accumulator before the store.
BIAS_EPILOGUE = "    acc += tl.load(b_ptr + offs_n, mask=n_ok, other=0.0).to(tl.float32)[None, :]\n"


def gemm_kernel(name: str, bias: bool, sizes: str, view: str, m_size: str, k_size: str, decode: str,
                gather: str, epilogue: str, dst: str) -> str:
    """An implicit-GEMM convolution kernel: BLOCK_M output positions x BLOCK_N output channels per
    program, K walked in BLOCK_K slices with tl.dot into fp32. The caller writes what depends on the
    conv's shape: `decode` (output index from offs_m, `b` last), `gather` (the patch, ending in
    `a = tl.load(...)`), `epilogue` and the store address `dst`."""
    return ("\n@triton.jit\n"
            f"def {name}(x_ptr, w_ptr, {'b_ptr, ' if bias else ''}out_ptr, {sizes},\n"
            "                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):\n"
            f"    # GEMM view: out[m, n] = sum_k patch[m, k] * weight[n, k], {view}\n"
            f"    M = {m_size}\n"
            f"    K = {k_size}\n"
            "    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)\n"
            "    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)\n"
            "    m_ok = offs_m < M\n"
            "    n_ok = offs_n < C_OUT\n"
            + decode +
            "    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)\n"
            "    for k0 in range(0, K, BLOCK_K):\n"
            "        offs_k = k0 + tl.arange(0, BLOCK_K)\n"
            "        k_ok = offs_k < K\n"
            + gather +
            "        wt = tl.load(w_ptr + offs_n[None, :] * K + offs_k[:, None],\n"
            "                     mask=k_ok[:, None] & n_ok[None, :], other=0.0)  # (BLOCK_K, BLOCK_N)\n"
            "        acc += tl.dot(a, wt)\n"
            + epilogue +
            f"    dst = {dst}\n"
            "    tl.store(out_ptr + dst, acc.to(out_ptr.dtype.element_ty), mask=m_ok[:, None] & n_ok[None, :])\n")


def gemm_launch(name: str, bias: bool, m_size: str, sizes: str) -> str:
    """The end of ModelNew.forward for `gemm_kernel`: tile sizes, grid, launch, return."""
    return ("        BLOCK_M, BLOCK_K = 64, 32\n"
            "        BLOCK_N = min(64, max(16, triton.next_power_of_2(C_OUT)))\n"
            f"        grid = (triton.cdiv({m_size}, BLOCK_M), triton.cdiv(C_OUT, BLOCK_N))\n"
            f"        {name}[grid](x, self.conv.weight, {'self.conv.bias, ' if bias else ''}out, {sizes},\n"
            "                            BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K, num_warps=4)\n"
            "        return out\n")
