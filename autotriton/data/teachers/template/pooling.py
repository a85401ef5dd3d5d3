"""Pooling (families maxpool, pool): one lane per output, the window unrolled."""

from __future__ import annotations

from autotriton.data.families import MaxpoolSpec, PoolSpec
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER, indent, numbered, plain_module


def write_maxpool(spec: MaxpoolSpec) -> Solution:
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


def write_pool(spec: PoolSpec) -> Solution:
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
              f"{indent(decode)}\n"
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
    module = plain_module("x", launch, shape)
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
    return Solution(numbered(f"The module is a {what}, kernel {k}, stride {st}, padding {pad}.", steps),
                    HEADER + kernel + module)
