# task: builtin/l2/masked_softmax
# honest: h05 with the fix: exp(v - new_max) guarded where new_max is -inf (all -inf prefix)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_single(x_ptr, m_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    msk = cols < n_cols
    v = tl.load(x_ptr + row * n_cols + cols, mask=msk, other=float("-inf")) + \
        tl.load(m_ptr + row * n_cols + cols, mask=msk, other=0.0)
    v = v - tl.max(v, axis=0)
    e = tl.exp(v)
    tl.store(y_ptr + row * n_cols + cols, e / tl.sum(e, axis=0), mask=msk)


@triton.jit
def softmax_looped(x_ptr, m_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    run_max = tl.full((BLOCK,), float("-inf"), tl.float32)
    run_sum = tl.zeros((BLOCK,), tl.float32)
    for c in range(0, n_cols, BLOCK):
        cols = c + tl.arange(0, BLOCK)
        msk = cols < n_cols
        v = tl.load(x_ptr + row * n_cols + cols, mask=msk, other=float("-inf")) + \
            tl.load(m_ptr + row * n_cols + cols, mask=msk, other=0.0)
        new_max = tl.maximum(run_max, v)
        scale = tl.where(new_max == float("-inf"), 0.0, tl.exp(run_max - new_max))
        run_sum = run_sum * scale + tl.where(msk & (new_max > float("-inf")), tl.exp(v - new_max), 0.0)
        run_max = new_max
    gmax = tl.max(run_max, axis=0)
    total = tl.sum(run_sum * tl.exp(run_max - gmax), axis=0)
    for c in range(0, n_cols, BLOCK):
        cols = c + tl.arange(0, BLOCK)
        msk = cols < n_cols
        v = tl.load(x_ptr + row * n_cols + cols, mask=msk, other=float("-inf")) + \
            tl.load(m_ptr + row * n_cols + cols, mask=msk, other=0.0)
        tl.store(y_ptr + row * n_cols + cols, tl.exp(v - gmax) / total, mask=msk)


KERNELS = {True: softmax_single, False: softmax_looped}


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        mask = mask.contiguous()
        rows, cols = x.shape
        y = torch.empty_like(x)
        fits = cols <= 128
        block = triton.next_power_of_2(cols) if fits else 128
        KERNELS[fits][(rows,)](x, mask, y, cols, BLOCK=block)
        return y
