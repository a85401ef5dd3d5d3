# task: builtin/l1/argmax_dim
# honest: chunked argmax with first-index tie break, int64 output
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def argmax_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    best_val = tl.full((BLOCK,), float("-inf"), tl.float32)
    best_idx = tl.zeros((BLOCK,), tl.int64)
    for c in range(0, n_cols, BLOCK):
        cols = c + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=float("-inf"))
        better = v > best_val
        best_idx = tl.where(better, cols.to(tl.int64), best_idx)
        best_val = tl.where(better, v, best_val)
    m = tl.max(best_val, axis=0)
    cand = tl.where(best_val == m, best_idx, n_cols)
    tl.store(out_ptr + row, tl.min(cand, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x2 = x.reshape(-1, x.shape[-1])
        out = torch.empty(x2.shape[0], device=x.device, dtype=torch.int64)
        argmax_kernel[(x2.shape[0],)](x2, out, x2.shape[1], x2.stride(0), BLOCK=64)
        return out.view(x.shape[:-1])
