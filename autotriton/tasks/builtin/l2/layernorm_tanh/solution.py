import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def layernorm_tanh_kernel(
    x_ptr, w_ptr, b_ptr, y_ptr, N, stride_x, stride_y, eps,
    BLOCK: tl.constexpr, ONE_PASS: tl.constexpr,
):
    # One program per row.
    row = tl.program_id(0).to(tl.int64)
    x_row = x_ptr + row * stride_x
    y_row = y_ptr + row * stride_y
    cols = tl.arange(0, BLOCK)
    if ONE_PASS:
        # The row fits in one block: read it once, keep it in registers.
        mask = cols < N
        x = tl.load(x_row + cols, mask=mask, other=0.0)
        mean = tl.sum(x, axis=0) / N
        d = tl.where(mask, x - mean, 0.0)
        rstd = 1.0 / tl.sqrt(tl.sum(d * d, axis=0) / N + eps)
        w = tl.load(w_ptr + cols, mask=mask, other=0.0)
        b = tl.load(b_ptr + cols, mask=mask, other=0.0)
        y = d * rstd * w + b
        # tanh(y) = sign(y) * (1 - e^{-2|y|}) / (1 + e^{-2|y|}): no overflow for large |y|.
        t = tl.exp(-2.0 * tl.abs(y))
        th = (1.0 - t) / (1.0 + t)
        y = tl.where(y < 0, -th, th)
        tl.store(y_row + cols, y, mask=mask)
    else:
        # Long rows: mean, then variance (two-pass, numerically safe), then write.
        acc = tl.zeros((BLOCK,), dtype=tl.float32)
        for start in range(0, N, BLOCK):
            c = start + cols
            acc += tl.load(x_row + c, mask=c < N, other=0.0)
        mean = tl.sum(acc, axis=0) / N
        acc = tl.zeros((BLOCK,), dtype=tl.float32)
        for start in range(0, N, BLOCK):
            c = start + cols
            m = c < N
            d = tl.where(m, tl.load(x_row + c, mask=m, other=0.0) - mean, 0.0)
            acc += d * d
        rstd = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / N + eps)
        for start in range(0, N, BLOCK):
            c = start + cols
            m = c < N
            x = tl.load(x_row + c, mask=m, other=0.0)
            w = tl.load(w_ptr + c, mask=m, other=0.0)
            b = tl.load(b_ptr + c, mask=m, other=0.0)
            y = (x - mean) * rstd * w + b
            t = tl.exp(-2.0 * tl.abs(y))
            th = (1.0 - t) / (1.0 + t)
            y = tl.where(y < 0, -th, th)
            tl.store(y_row + c, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[-1]
        x2 = x.reshape(-1, n)
        if x2.stride(-1) != 1:
            x2 = x2.contiguous()
        rows = x2.shape[0]
        y = torch.empty((rows, n), device=x.device, dtype=x.dtype)
        block = min(8192, triton.next_power_of_2(n))
        warps = min(16, max(4, block // 512))
        layernorm_tanh_kernel[(rows,)](
            x2, self.norm.weight, self.norm.bias, y, n, x2.stride(0), y.stride(0), self.norm.eps,
            BLOCK=block, ONE_PASS=block >= n, num_warps=warps,
        )
        return y.view(x.shape)
