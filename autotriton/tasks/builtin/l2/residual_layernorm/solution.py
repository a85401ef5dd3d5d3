import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def residual_layernorm_kernel(
    x_ptr, r_ptr, w_ptr, b_ptr, y_ptr, N, stride_x, stride_r, stride_y, eps,
    BLOCK: tl.constexpr, ONE_PASS: tl.constexpr,
):
    # One program per row; the residual add is fused into every load of the row.
    row = tl.program_id(0).to(tl.int64)
    x_row = x_ptr + row * stride_x
    r_row = r_ptr + row * stride_r
    y_row = y_ptr + row * stride_y
    cols = tl.arange(0, BLOCK)
    if ONE_PASS:
        mask = cols < N
        h = tl.load(x_row + cols, mask=mask, other=0.0) + tl.load(r_row + cols, mask=mask, other=0.0)
        mean = tl.sum(h, axis=0) / N
        d = tl.where(mask, h - mean, 0.0)
        rstd = 1.0 / tl.sqrt(tl.sum(d * d, axis=0) / N + eps)
        w = tl.load(w_ptr + cols, mask=mask, other=0.0)
        b = tl.load(b_ptr + cols, mask=mask, other=0.0)
        tl.store(y_row + cols, d * rstd * w + b, mask=mask)
    else:
        # Long rows: mean, then variance (two-pass), then write; x + residual is recomputed.
        acc = tl.zeros((BLOCK,), dtype=tl.float32)
        for start in range(0, N, BLOCK):
            c = start + cols
            m = c < N
            acc += tl.load(x_row + c, mask=m, other=0.0) + tl.load(r_row + c, mask=m, other=0.0)
        mean = tl.sum(acc, axis=0) / N
        acc = tl.zeros((BLOCK,), dtype=tl.float32)
        for start in range(0, N, BLOCK):
            c = start + cols
            m = c < N
            h = tl.load(x_row + c, mask=m, other=0.0) + tl.load(r_row + c, mask=m, other=0.0)
            d = tl.where(m, h - mean, 0.0)
            acc += d * d
        rstd = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / N + eps)
        for start in range(0, N, BLOCK):
            c = start + cols
            m = c < N
            h = tl.load(x_row + c, mask=m, other=0.0) + tl.load(r_row + c, mask=m, other=0.0)
            w = tl.load(w_ptr + c, mask=m, other=0.0)
            b = tl.load(b_ptr + c, mask=m, other=0.0)
            tl.store(y_row + c, (h - mean) * rstd * w + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        n = x.shape[-1]
        x2 = x.reshape(-1, n)
        r2 = residual.reshape(-1, n)
        if x2.stride(-1) != 1:
            x2 = x2.contiguous()
        if r2.stride(-1) != 1:
            r2 = r2.contiguous()
        rows = x2.shape[0]
        y = torch.empty((rows, n), device=x.device, dtype=x.dtype)
        block = min(8192, triton.next_power_of_2(n))
        warps = min(16, max(4, block // 512))
        residual_layernorm_kernel[(rows,)](
            x2, r2, self.norm.weight, self.norm.bias, y, n,
            x2.stride(0), r2.stride(0), y.stride(0), self.norm.eps,
            BLOCK=block, ONE_PASS=block >= n, num_warps=warps,
        )
        return y.view(x.shape)
