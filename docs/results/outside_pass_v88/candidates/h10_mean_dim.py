# task: builtin/l1/mean_dim
# honest: mean over the last dim with a looped reduction, grid lambda, type hints
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_mean_kernel(x_ptr, out_ptr, n_rows, n_cols, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_R + tl.arange(0, BLOCK_R)
    acc = tl.zeros((BLOCK_R,), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK_C):
        cols = c0 + tl.arange(0, BLOCK_C)
        m = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
        v = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=m, other=0.0)
        acc += tl.sum(v, axis=1)
    tl.store(out_ptr + rows, acc / n_cols, mask=rows < n_rows)


def row_mean(x: torch.Tensor) -> torch.Tensor:
    lead = x.shape[:-1]
    x2 = x.reshape(-1, x.shape[-1]).contiguous()
    R, C = x2.shape
    out = torch.empty(R, device=x.device, dtype=x.dtype)
    grid = lambda meta: (triton.cdiv(R, meta["BLOCK_R"]),)
    row_mean_kernel[grid](x2, out, R, C, BLOCK_R=4, BLOCK_C=64)
    return out.reshape(lead)


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return row_mean(x)
