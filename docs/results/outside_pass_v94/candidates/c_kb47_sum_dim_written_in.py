import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_D = 16
BLOCK_N = 128
MAX_ROW_BLOCK = 4096


@triton.jit
def sum_strided_kernel(x_ptr, y_ptr, n_red, inner, BLOCK_D: tl.constexpr, BLOCK_N: tl.constexpr):
    # x viewed as (outer, n_red, inner), y as (outer, inner); inner > 1.
    # Grid: (outer, blocks of BLOCK_N inner columns). A program walks the reduced
    # axis in (BLOCK_D, BLOCK_N) tiles read as contiguous runs along `inner`,
    # keeps a 2-D fp32 running sum and collapses it over the tile rows at the end.
    o = tl.program_id(0).to(tl.int64)
    n_offs = tl.program_id(1).to(tl.int64) * BLOCK_N + tl.arange(0, BLOCK_N)
    n_mask = n_offs < inner
    d_range = tl.arange(0, BLOCK_D)
    base = x_ptr + o * n_red * inner
    acc = tl.zeros((BLOCK_D, BLOCK_N), dtype=tl.float32)
    for d0 in range(0, n_red, BLOCK_D):
        d = d0 + d_range
        mask = (d[:, None] < n_red) & n_mask[None, :]
        ptrs = base + d[:, None].to(tl.int64) * inner + n_offs[None, :]
        acc += tl.load(ptrs, mask=mask, other=0.0).to(tl.float32)
    tl.store(y_ptr + o * inner + n_offs, tl.sum(acc, axis=0), mask=n_mask)


@triton.jit
def sum_rows_kernel(x_ptr, y_ptr, n_red, BLOCK: tl.constexpr):
    # The reduced axis is the innermost one: one program per contiguous row,
    # a BLOCK-wide fp32 running sum collapsed once at the end.
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for k0 in range(0, n_red, BLOCK):
        k = k0 + offs
        acc += tl.load(x_ptr + row * n_red + k, mask=k < n_red, other=0.0).to(tl.float32)
    tl.store(y_ptr + row, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        dim = 1  # written in: the task passes reduce_dim = 1
        n_red = x.shape[dim]
        outer = 1
        for size in x.shape[:dim]:
            outer = outer * size
        inner = 1
        for size in x.shape[dim + 1:]:
            inner = inner * size
        out_shape = list(x.shape[:dim]) + [1] + list(x.shape[dim + 1:])  # keepdim=True
        y = torch.empty(out_shape, dtype=x.dtype, device=x.device)
        if inner == 1:
            block = min(triton.next_power_of_2(n_red), MAX_ROW_BLOCK)
            sum_rows_kernel[(outer,)](x, y, n_red, BLOCK=block)
        else:
            grid = (outer, triton.cdiv(inner, BLOCK_N))
            sum_strided_kernel[grid](x, y, n_red, inner, BLOCK_D=BLOCK_D, BLOCK_N=BLOCK_N)
        return y
