import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rmsnorm_silu_kernel(
    x_ptr, w_ptr, y_ptr, N, stride_x, stride_y, eps,
    BLOCK: tl.constexpr, ONE_PASS: tl.constexpr,
):
    # One program per row.
    row = tl.program_id(0).to(tl.int64)
    x_row = x_ptr + row * stride_x
    y_row = y_ptr + row * stride_y
    cols = tl.arange(0, BLOCK)
    if ONE_PASS:
        mask = cols < N
        x = tl.load(x_row + cols, mask=mask, other=0.0)
        rstd = 1.0 / tl.sqrt(tl.sum(x * x, axis=0) / N + eps)
        w = tl.load(w_ptr + cols, mask=mask, other=0.0)
        h = x * rstd * w
        tl.store(y_row + cols, h * tl.sigmoid(h), mask=mask)
    else:
        acc = tl.zeros((BLOCK,), dtype=tl.float32)
        for start in range(0, N, BLOCK):
            c = start + cols
            x = tl.load(x_row + c, mask=c < N, other=0.0)
            acc += x * x
        rstd = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / N + eps)
        for start in range(0, N, BLOCK):
            c = start + cols
            m = c < N
            x = tl.load(x_row + c, mask=m, other=0.0)
            w = tl.load(w_ptr + c, mask=m, other=0.0)
            h = x * rstd * w
            tl.store(y_row + c, h * tl.sigmoid(h), mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[-1]
        x2 = x.reshape(-1, n)
        if x2.stride(-1) != 1:
            x2 = x2.contiguous()
        rows = x2.shape[0]
        y = torch.empty((rows, n), device=x.device, dtype=x.dtype)
        block = min(8192, triton.next_power_of_2(n))
        warps = min(16, max(4, block // 512))
        rmsnorm_silu_kernel[(rows,)](
            x2, self.weight, y, n, x2.stride(0), y.stride(0), float(self.eps),
            BLOCK=block, ONE_PASS=block >= n, num_warps=warps,
        )
        return y.view(x.shape)
