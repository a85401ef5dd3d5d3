"""Inductor's library matrix products as Triton: `extern_kernels.mm`, `addmm` and `bmm` in its
wrapper are cuBLAS calls, which a ModelNew may not make, so each becomes a launch of the template
teacher's tiled matmul (`template/matmul.py`, one home for that kernel), with the bias of `addmm`
fused into its epilogue. `extern_kernels.convolution` (cuDNN), a matrix product over input patches,
becomes an implicit-GEMM Triton kernel that reads and writes any strides (Inductor hands it
channels-last copies and asks for a channels-last output): grouped, depthwise and transposed ones
too, 1-D and 2-D.

On an H200 (session 49) 313 of 960 Inductor candidates on composed tasks failed only on these three
calls (mm 183, bmm 82, addmm 27, mm with addmm 21): the rest of those modules was already
rewritten Triton (docs/results/data_inductor_h200_s49/).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from autotriton.data.teachers.inductor.wrapper import Unsupported, dotted
from autotriton.data.teachers.template.matmul import MATMUL_GROUPED_WHY, matmul_kernel

GEMMS = ("mm", "addmm", "bmm", "convolution")  # the extern calls rewritten here; any other keeps the module out
KERNELS = {"mm": "gemm_kernel", "bmm": "gemm_kernel", "addmm": "gemm_bias_kernel", "convolution": "conv_kernel"}


@dataclass
class Gemm:
    """One library product of the wrapper, as forward expressions."""

    op: str  # mm, addmm or bmm
    a: str
    b: str
    out: str
    bias: str = ""  # addmm's (N,) bias

    conv: tuple = ()  # convolution: ((size, stride) of the output as forward expressions, stride, padding, dilation,
                      # groups, transposed)

    @property
    def kernel(self) -> str:
        return "conv_transpose_kernel" if self.conv and self.conv[5] else KERNELS[self.op]

    def lines(self) -> list[str]:
        if self.op == "convolution":
            (size, strides), stride, padding, dilation, groups, _ = self.conv
            return [f"{self.out} = torch.empty_strided({size}, {strides}, device=device, dtype={self.a}.dtype)",
                    "# convolution: Inductor calls the library here (extern_kernels.convolution); an implicit-GEMM "
                    "Triton kernel instead",
                    f"launch_{self.kernel}({self.a}, {self.b}, {self.bias or 'None'}, {self.out}, {stride}, {padding}, "
                    f"{dilation}, {groups})"]
        return self._product_lines()

    def _product_lines(self) -> list[str]:
        """Forward lines: the launcher takes (batch, M, K) @ (batch, K, N) -> (batch, M, N) views, so
        mm's and addmm's 2-D operands go as batches of one."""
        batch = "" if self.op == "bmm" else "[None]"
        bias = self.bias or self.out  # unread without the bias epilogue
        what = {"mm": "matmul", "addmm": "matmul plus bias", "bmm": "torch.bmm"}[self.op]
        return [f"# {what}: Inductor calls cuBLAS here (extern_kernels.{self.op}); a tiled Triton matmul instead",
                f"launch_{self.kernel}({self.a}{batch}, {self.b}{batch}, {bias}, {self.out}, {self.out}{batch})"]


def is_gemm(stmt: ast.stmt) -> bool:
    return (isinstance(stmt, (ast.Expr, ast.Assign)) and isinstance(stmt.value, ast.Call)
            and dotted(stmt.value.func) in {f"extern_kernels.{g}" for g in GEMMS})


def gemm(stmt: ast.Expr | ast.Assign, render, call_body: ast.FunctionDef) -> Gemm:
    """`extern_kernels.mm(a, b, out=buf)` and kin -> a Gemm; `render(node)` gives an argument's
    forward expression. Scaled products (alpha or beta other than 1) are not rewritten."""
    call = stmt.value
    op = dotted(call.func).split(".", 1)[1]
    kwargs = {k.arg: k.value for k in call.keywords}
    if op == "convolution":
        return _convolution(stmt, kwargs, render, call_body)
    if "out" not in kwargs:
        raise Unsupported(f"extern_kernels.{op} without out=")
    for scale in ("alpha", "beta"):
        if scale in kwargs and not (isinstance(kwargs[scale], ast.Constant) and kwargs[scale].value == 1):
            raise Unsupported(f"extern_kernels.{op} with {scale}={ast.unparse(kwargs[scale])}")
    args = [render(a) for a in call.args]
    out = render(kwargs["out"])
    if op == "addmm":
        if len(args) != 3:
            raise Unsupported("extern_kernels.addmm without (bias, a, b)")
        return Gemm(op, args[1], args[2], out, bias=args[0])
    if len(args) != 2:
        raise Unsupported(f"extern_kernels.{op} without (a, b)")
    return Gemm(op, args[0], args[1], out)


def _convolution(stmt: ast.stmt, kwargs: dict, render, call_body: ast.FunctionDef) -> Gemm:
    """`bufN = extern_kernels.convolution(x, w[, bias], stride=..., padding=..., dilation=...,
    transposed=False, output_padding=..., groups=G[, bias=...])`, 1-D or 2-D; bufN is allocated
    at the size and strides the wrapper asserts for it. Grouped and depthwise convolutions (a Mamba
    block's causal conv1d, a ConvNeXt block's 7x7) are one implicit GEMM per group."""
    if not (isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name)):
        raise Unsupported("extern_kernels.convolution not assigned to a buffer")
    consts = {}
    for key in ("stride", "padding", "dilation", "transposed", "groups"):
        try:
            consts[key] = ast.literal_eval(kwargs[key])
        except (KeyError, ValueError):
            raise Unsupported(f"extern_kernels.convolution without a literal {key}") from None
    if len(consts["stride"]) not in (1, 2):
        raise Unsupported("extern_kernels.convolution: only 1-D and 2-D convolutions")
    args = [render(a) for a in stmt.value.args]
    bias = args[2] if len(args) > 2 else (render(kwargs["bias"]) if "bias" in kwargs
                                          and not (isinstance(kwargs["bias"], ast.Constant)
                                                   and kwargs["bias"].value is None) else "")
    target = stmt.targets[0].id
    layout = next(((render(n.args[1]), render(n.args[2])) for n in ast.walk(call_body)
                   if isinstance(n, ast.Call) and dotted(n.func) == "assert_size_stride"
                   and isinstance(n.args[0], ast.Name) and n.args[0].id == target), None)
    if layout is None:
        raise Unsupported(f"no asserted size and stride for the convolution's output {target}")
    return Gemm("convolution", args[0], args[1], target, bias=bias,
                conv=(layout, tuple(consts["stride"]), tuple(consts["padding"]), tuple(consts["dilation"]),
                      int(consts["groups"]), bool(consts["transposed"])))


def kernel_sources(gemms: list[Gemm]) -> list[str]:
    """The kernels and launchers the module's products use, once each."""
    used = dict.fromkeys(g.kernel for g in gemms)
    return [conv_source(name) if name in _CONV_PARTS else
            matmul_kernel(name, [{"op": "bias"}] if name == "gemm_bias_kernel" else [], grouped=True).strip()
            for name in used]


# An implicit GEMM: rows m are output positions (b, oh, ow), columns n output channels, the
# reduction k runs over the taps (ci, kh, kw); each operand and the output by its own strides,
# since Inductor's layouts around a convolution are channels-last. A grouped convolution is one
# such GEMM per group: the grid's second axis runs over (group, column tile), and a tile's columns
# stay inside one group, so all of them read the same input channels. A transposed convolution is
# the same product read the other way: output row oh takes input row ih where
# ih * STRIDE - PAD + kh * DIL == oh, so a tap counts only where oh + PAD - kh * DIL divides by the
# stride, and its weight is (C_IN, C_OUT / groups, KH, KW). Written for this teacher; the two
# kernels differ only in the marked lines.
_CONV_TEMPLATE = """
@triton.jit
def NAME(
        x_ptr, w_ptr, bias_ptr, out_ptr, B, C_IN_G, H, W, C_OUT_G, N_TILES, OH, OW,
        sxb, sxc, sxh, sxw, swo, swi, swh, sww, sob, soc, soh, sow,
        STRIDE_H: tl.constexpr, STRIDE_W: tl.constexpr, PAD_H: tl.constexpr, PAD_W: tl.constexpr,
        DIL_H: tl.constexpr, DIL_W: tl.constexpr, KH: tl.constexpr, KW: tl.constexpr,
        HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    M = B * OH * OW
    K = C_IN_G * KH * KW  # one group's input channels
    group = tl.program_id(1) // N_TILES
    cols = (tl.program_id(1) % N_TILES) * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = group * C_OUT_G + cols
    m_ok = offs_m < M
    n_ok = cols < C_OUT_G
    ow = offs_m % OW
    oh = (offs_m // OW) % OH
    b = (offs_m // (OW * OH)).to(tl.int64)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)
        k_ok = offs_k < K
        ci = offs_k // (KH * KW)
        kh = (offs_k // KW) % KH
        kw = offs_k % KW
TAPS
        a = tl.load(x_ptr + b[:, None] * sxb + (group * C_IN_G + ci)[None, :] * sxc + ih * sxh + iw * sxw,
                    mask=ok, other=0.0)
        wt = tl.load(w_ptr + WEIGHT,
                     mask=k_ok[:, None] & n_ok[None, :], other=0.0)
        acc += tl.dot(a, wt)
    if HAS_BIAS:
        acc += tl.load(bias_ptr + offs_n, mask=n_ok, other=0.0).to(tl.float32)[None, :]
    dst = b[:, None] * sob + offs_n[None, :] * soc + (oh * soh + ow * sow)[:, None]
    tl.store(out_ptr + dst, acc.to(out_ptr.dtype.element_ty), mask=m_ok[:, None] & n_ok[None, :])


def launch_NAME(x, w, bias, out, stride, padding, dilation, groups):
    if x.dim() == 3:  # a 1-D convolution is a 2-D one of height 1
        x, w, out = x.unsqueeze(2), w.unsqueeze(2), out.unsqueeze(2)
        stride, padding, dilation = (1, stride[0]), (0, padding[0]), (1, dilation[0])
    B, H, W = x.shape[0], x.shape[2], x.shape[3]
CHANNELS
    KH, KW = w.shape[2], w.shape[3]
    OH, OW = out.shape[2], out.shape[3]
    BLOCK_N = min(64, max(16, triton.next_power_of_2(C_OUT_G)))
    N_TILES = triton.cdiv(C_OUT_G, BLOCK_N)
    grid = (triton.cdiv(B * OH * OW, 64), groups * N_TILES)
    NAME[grid](
        x, w, out if bias is None else bias, out, B, C_IN_G, H, W, C_OUT_G, N_TILES, OH, OW,
        x.stride(0), x.stride(1), x.stride(2), x.stride(3),
        WEIGHT_STRIDES, w.stride(2), w.stride(3),
        out.stride(0), out.stride(1), out.stride(2), out.stride(3),
        STRIDE_H=stride[0], STRIDE_W=stride[1], PAD_H=padding[0], PAD_W=padding[1],
        DIL_H=dilation[0], DIL_W=dilation[1], KH=KH, KW=KW, HAS_BIAS=bias is not None,
        BLOCK_M=64, BLOCK_N=BLOCK_N, BLOCK_K=32, num_warps=4)
"""
_CONV_PARTS = {
    "conv_kernel": {
        "TAPS": """        ih = (oh * STRIDE_H - PAD_H)[:, None] + (kh * DIL_H)[None, :]
        iw = (ow * STRIDE_W - PAD_W)[:, None] + (kw * DIL_W)[None, :]
        ok = m_ok[:, None] & k_ok[None, :] & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)""",
        "WEIGHT": "offs_n[None, :] * swo + (ci * swi + kh * swh + kw * sww)[:, None]",
        "CHANNELS": """    C_IN_G = w.shape[1]  # the weight (C_OUT, C_IN / groups, KH, KW) holds one group's input channels
    C_OUT_G = w.shape[0] // groups""",
        "WEIGHT_STRIDES": "w.stride(0), w.stride(1)"},
    "conv_transpose_kernel": {
        "TAPS": """        th = oh[:, None] + PAD_H - (kh * DIL_H)[None, :]  # = ih * STRIDE_H where a tap lands
        tw = ow[:, None] + PAD_W - (kw * DIL_W)[None, :]
        ih = th // STRIDE_H
        iw = tw // STRIDE_W
        ok = (m_ok[:, None] & k_ok[None, :] & (th >= 0) & (tw >= 0) & (th % STRIDE_H == 0) & (tw % STRIDE_W == 0)
              & (ih < H) & (iw < W))""",
        "WEIGHT": "cols[None, :] * swo + ((group * C_IN_G + ci) * swi + kh * swh + kw * sww)[:, None]",
        "CHANNELS": """    C_IN_G = w.shape[0] // groups  # the weight is (C_IN, C_OUT / groups, KH, KW)
    C_OUT_G = w.shape[1]""",
        "WEIGHT_STRIDES": "w.stride(1), w.stride(0)"},
}


def conv_source(name: str) -> str:
    """conv_kernel or conv_transpose_kernel with its launcher."""
    text = _CONV_TEMPLATE
    for marker in ("WEIGHT_STRIDES", "TAPS", "WEIGHT", "CHANNELS"):  # WEIGHT_STRIDES before WEIGHT
        text = text.replace(marker, _CONV_PARTS[name][marker])
    return text.replace("NAME", name).strip()


def reasoning(step: int, g: Gemm) -> list[str]:
    if g.op == "convolution":
        (size, strides), stride, padding, dilation, groups, transposed = g.conv
        grouped = (f" Its {groups} groups are one such product each: the grid's second axis runs over (group, "
                   "column tile), so a tile's output channels all read their own group's input channels."
                   if groups > 1 else "")
        gather = ("the input patch is gathered with masked loads (the padding reads 0)" if not transposed else
                  f"output row oh takes input row ih where ih * stride - padding + kh * dilation == oh, so a tap "
                  f"is loaded only where oh + padding - kh * dilation divides by the stride (the weight is laid "
                  f"out (in, out / groups, kh, kw) for a transposed convolution)")
        return ["", f"Step {step}: `{g.kernel}` computes the {'transposed ' if transposed else ''}convolution of "
                f"{g.a} by the weight {g.b}" + (f" plus the bias {g.bias}" if g.bias else "")
                + f" (torch.compile calls the library for it: extern_kernels.convolution; stride {stride}, padding "
                f"{padding}, dilation {dilation}) as an implicit GEMM: rows are output positions (b, oh, ow), columns "
                f"output channels, the reduction runs over the taps (ci, kh, kw), and {gather}. It reads both "
                f"operands and writes {g.out} (size {size}, strides {strides}, as Inductor lays it out) by their "
                "strides, so its channels-last layouts need no copy." + grouped]
    form = {"mm": "A @ B", "bmm": "a batched A[b] @ B[b]", "addmm": "A @ B + bias"}[g.op]
    return ["", f"Step {step}: `{g.kernel}` computes {form} (torch.compile calls cuBLAS for it: "
            f"extern_kernels.{g.op}), as a tiled Triton matmul over the same operands, views included: "
            f"A = {g.a}, B = {g.b}" + (f", bias = {g.bias}" if g.bias else "") + f", written into {g.out}.",
            "  " + MATMUL_GROUPED_WHY.replace("\n", "\n  ")
            + ("\n  The bias is added to each output tile in the epilogue, before the store: no second pass."
               if g.op == "addmm" else "")]
