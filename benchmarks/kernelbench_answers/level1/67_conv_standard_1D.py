import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def conv1d_kernel(x_ptr, w_ptr, b_ptr, y_ptr,
                  L, L_OUT, CIN_G, COUT_G, CO_TILES,
                  sxn, sxc, sxl, swo, swi, swk, syn, syc, syl,
                  stride, padding, dilation,
                  KSIZE: tl.constexpr, HAS_BIAS: tl.constexpr,
                  BLOCK_CO: tl.constexpr, BLOCK_CI: tl.constexpr, BLOCK_L: tl.constexpr):
    # Direct convolution as an implicit GEMM. Grid axis 0: BLOCK_L output
    # positions; axis 1: (group, tile of BLOCK_CO output channels of that group);
    # axis 2: batch index. For every tap k the (BLOCK_CO, BLOCK_CI) weight slice
    # is multiplied with the (BLOCK_CI, BLOCK_L) input slice at positions
    # l*stride - padding + k*dilation (zero outside [0, L)), accumulating in fp32.
    pid_l = tl.program_id(0)
    pid_gc = tl.program_id(1)
    n = tl.program_id(2).to(tl.int64)
    g = pid_gc // CO_TILES
    co_tile = pid_gc % CO_TILES
    offs_l = pid_l * BLOCK_L + tl.arange(0, BLOCK_L)
    co_in_g = co_tile * BLOCK_CO + tl.arange(0, BLOCK_CO)
    offs_ci = tl.arange(0, BLOCK_CI)
    l_ok = offs_l < L_OUT
    co_ok = co_in_g < COUT_G
    co = g * COUT_G + co_in_g
    x_base = x_ptr + n * sxn + (g * CIN_G).to(tl.int64) * sxc
    w_rows = w_ptr + co[:, None] * swo
    acc = tl.zeros((BLOCK_CO, BLOCK_L), dtype=tl.float32)
    for k in tl.static_range(KSIZE):
        pos = offs_l * stride - padding + k * dilation
        pos_ok = l_ok & (pos >= 0) & (pos < L)
        for ci0 in range(0, CIN_G, BLOCK_CI):
            ci = ci0 + offs_ci
            ci_ok = ci < CIN_G
            w_tile = tl.load(w_rows + ci[None, :] * swi + k * swk,
                             mask=co_ok[:, None] & ci_ok[None, :], other=0.0)
            x_tile = tl.load(x_base + ci[:, None] * sxc + pos[None, :] * sxl,
                             mask=ci_ok[:, None] & pos_ok[None, :], other=0.0)
            acc = tl.dot(w_tile, x_tile, acc)
    if HAS_BIAS:
        bias = tl.load(b_ptr + co, mask=co_ok, other=0.0).to(tl.float32)
        acc += bias[:, None]
    y_ptrs = y_ptr + n * syn + co[:, None].to(tl.int64) * syc + offs_l[None, :] * syl
    tl.store(y_ptrs, acc.to(y_ptr.dtype.element_ty), mask=co_ok[:, None] & l_ok[None, :])


class ModelNew(nn.Module):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1,
                 padding: int = 0, dilation: int = 1, groups: int = 1, bias: bool = False):
        super().__init__()
        self.conv1d = nn.Conv1d(in_channels, out_channels, kernel_size, stride=stride, padding=padding,
                                dilation=dilation, groups=groups, bias=bias)
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.groups = groups

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.conv1d.weight
        b = self.conv1d.bias
        n, cin, length = x.shape
        cout = w.shape[0]
        k, s, p, d, groups = self.kernel_size, self.stride, self.padding, self.dilation, self.groups
        cin_g = cin // groups
        cout_g = cout // groups
        l_out = (length + 2 * p - d * (k - 1) - 1) // s + 1
        y = torch.empty((n, cout, l_out), device=x.device, dtype=x.dtype)
        block_l = min(128, max(16, triton.next_power_of_2(l_out)))
        block_co = min(64, max(16, triton.next_power_of_2(cout_g)))
        block_ci = min(32, max(16, triton.next_power_of_2(cin_g)))
        co_tiles = triton.cdiv(cout_g, block_co)
        has_bias = b is not None
        grid = (triton.cdiv(l_out, block_l), groups * co_tiles, n)
        conv1d_kernel[grid](
            x, w, b if has_bias else w, y,
            length, l_out, cin_g, cout_g, co_tiles,
            x.stride(0), x.stride(1), x.stride(2),
            w.stride(0), w.stride(1), w.stride(2),
            y.stride(0), y.stride(1), y.stride(2),
            s, p, d,
            KSIZE=k, HAS_BIAS=has_bias,
            BLOCK_CO=block_co, BLOCK_CI=block_ci, BLOCK_L=block_l, num_warps=4,
        )
        return y
