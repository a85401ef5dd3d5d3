# task: builtin/l1/argmax_dim
# honest: per-row argmax with running (value, index) across blocks, int64 output
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def argmax_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    best_val = tl.full((BLOCK,), -float("inf"), tl.float32)
    best_idx = tl.zeros((BLOCK,), dtype=tl.int32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=-float("inf"))
        take = v > best_val
        best_val = tl.where(take, v, best_val)
        best_idx = tl.where(take, cols, best_idx)
    m = tl.max(best_val, axis=0)
    cand = tl.where(best_val == m, best_idx, n_cols)
    tl.store(out_ptr + row, tl.min(cand, axis=0).to(tl.int64))


class ModelNew(nn.Module):
    def __init__(self) -> None:
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        R, C = x.shape
        out = torch.empty(R, device=x.device, dtype=torch.int64)
        argmax_kernel[(R,)](x, out, C, x.stride(0), BLOCK=64)
        return out
