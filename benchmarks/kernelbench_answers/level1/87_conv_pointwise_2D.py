import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def pointwise_conv2d_kernel(x_ptr, w_ptr, b_ptr, y_ptr,
                            CIN, COUT, HW, W,
                            sxn, sxc, sxh, sxw, swo, swi, syn, syc, syh, syw,
                            HAS_BIAS: tl.constexpr,
                            BLOCK_CO: tl.constexpr, BLOCK_CI: tl.constexpr, BLOCK_P: tl.constexpr):
    # 1x1 convolution = per-image GEMM: y[n, co, p] = sum_ci w[co, ci] * x[n, ci, p]
    # over the H*W pixels p. Grid axis 0: BLOCK_P pixels; axis 1: BLOCK_CO output
    # channels; axis 2: batch index. Pixel (h, w) offsets are computed once from
    # the strides, so any layout works; batch/channel offsets are 64-bit.
    pid_p = tl.program_id(0)
    pid_co = tl.program_id(1)
    n = tl.program_id(2).to(tl.int64)
    offs_p = pid_p * BLOCK_P + tl.arange(0, BLOCK_P)
    offs_co = pid_co * BLOCK_CO + tl.arange(0, BLOCK_CO)
    offs_ci = tl.arange(0, BLOCK_CI)
    p_ok = offs_p < HW
    co_ok = offs_co < COUT
    ph = offs_p // W
    pw = offs_p % W
    x_pix = ph * sxh + pw * sxw
    y_pix = ph * syh + pw * syw
    x_base = x_ptr + n * sxn
    acc = tl.zeros((BLOCK_CO, BLOCK_P), dtype=tl.float32)
    for ci0 in range(0, CIN, BLOCK_CI):
        ci = ci0 + offs_ci
        ci_ok = ci < CIN
        w_tile = tl.load(w_ptr + offs_co[:, None] * swo + ci[None, :] * swi,
                         mask=co_ok[:, None] & ci_ok[None, :], other=0.0)
        x_tile = tl.load(x_base + ci[:, None].to(tl.int64) * sxc + x_pix[None, :],
                         mask=ci_ok[:, None] & p_ok[None, :], other=0.0)
        acc = tl.dot(w_tile, x_tile, acc)
    if HAS_BIAS:
        bias = tl.load(b_ptr + offs_co, mask=co_ok, other=0.0).to(tl.float32)
        acc += bias[:, None]
    y_ptrs = y_ptr + n * syn + offs_co[:, None].to(tl.int64) * syc + y_pix[None, :]
    tl.store(y_ptrs, acc.to(y_ptr.dtype.element_ty), mask=co_ok[:, None] & p_ok[None, :])


class ModelNew(nn.Module):
    def __init__(self, in_channels: int, out_channels: int, bias: bool = False):
        super().__init__()
        self.conv1d = nn.Conv2d(in_channels, out_channels, kernel_size=1, stride=1, padding=0, bias=bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.conv1d.weight
        b = self.conv1d.bias
        n, cin, h, wd = x.shape
        cout = w.shape[0]
        hw = h * wd
        y = torch.empty((n, cout, h, wd), device=x.device, dtype=x.dtype)
        block_p = min(128, max(16, triton.next_power_of_2(hw)))
        block_co = min(128, max(16, triton.next_power_of_2(cout)))
        block_ci = min(32, max(16, triton.next_power_of_2(cin)))
        has_bias = b is not None
        grid = (triton.cdiv(hw, block_p), triton.cdiv(cout, block_co), n)
        pointwise_conv2d_kernel[grid](
            x, w, b if has_bias else w, y,
            cin, cout, hw, wd,
            x.stride(0), x.stride(1), x.stride(2), x.stride(3),
            w.stride(0), w.stride(1),
            y.stride(0), y.stride(1), y.stride(2), y.stride(3),
            HAS_BIAS=has_bias,
            BLOCK_CO=block_co, BLOCK_CI=block_ci, BLOCK_P=block_p, num_warps=8,
        )
        return y
