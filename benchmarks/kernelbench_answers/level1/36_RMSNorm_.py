import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_F = 16
BLOCK_N = 128


@triton.jit
def rmsnorm_dim1_kernel(x_ptr, y_ptr, n_feat, inner, eps,
                        BLOCK_F: tl.constexpr, BLOCK_N: tl.constexpr):
    # The input is viewed as (batch, n_feat, inner) with inner = prod(dims after 1)
    # and each of the batch * inner columns is normalised over the feature axis.
    # Grid: (batch, blocks of BLOCK_N columns). A program walks the features in
    # (BLOCK_F, BLOCK_N) tiles, reading contiguous runs along `inner`.
    # Pass 1: fp32 sum of squares per column. Pass 2: y = x / sqrt(mean + eps).
    b = tl.program_id(0).to(tl.int64)
    n_offs = tl.program_id(1).to(tl.int64) * BLOCK_N + tl.arange(0, BLOCK_N)
    n_mask = n_offs < inner
    f_range = tl.arange(0, BLOCK_F)
    base = b * n_feat * inner
    acc = tl.zeros((BLOCK_F, BLOCK_N), dtype=tl.float32)
    for f0 in range(0, n_feat, BLOCK_F):
        f = f0 + f_range
        mask = (f[:, None] < n_feat) & n_mask[None, :]
        ptrs = x_ptr + base + f[:, None].to(tl.int64) * inner + n_offs[None, :]
        x = tl.load(ptrs, mask=mask, other=0.0).to(tl.float32)
        acc += x * x
    rms = tl.sqrt(tl.sum(acc, axis=0) / n_feat + eps)
    for f0 in range(0, n_feat, BLOCK_F):
        f = f0 + f_range
        mask = (f[:, None] < n_feat) & n_mask[None, :]
        offs = base + f[:, None].to(tl.int64) * inner + n_offs[None, :]
        x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        tl.store(y_ptr + offs, x / rms[None, :], mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5):
        super().__init__()
        self.num_features = num_features
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        batch = x.shape[0]
        n_feat = x.shape[1]
        inner = 1
        for size in x.shape[2:]:
            inner = inner * size
        grid = (batch, triton.cdiv(inner, BLOCK_N))
        rmsnorm_dim1_kernel[grid](x, y, n_feat, inner, self.eps, BLOCK_F=BLOCK_F, BLOCK_N=BLOCK_N)
        return y
