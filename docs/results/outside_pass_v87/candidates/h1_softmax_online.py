# task: builtin/l1/softmax
# honest: online softmax, one program per row, looping over column blocks (two passes)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _online_softmax(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    xr = x_ptr + row * stride_x
    yr = y_ptr + row * stride_y
    m = tl.full((BLOCK,), float("-inf"), tl.float32)
    s = tl.zeros((BLOCK,), tl.float32)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        v = tl.load(xr + offs, mask=offs < n_cols, other=float("-inf"))
        m_new = tl.maximum(m, v)
        alpha = tl.where(m_new == float("-inf"), 0.0, tl.exp(m - m_new))
        p = tl.where(v == float("-inf"), 0.0, tl.exp(v - m_new))
        s = s * alpha + p
        m = m_new
    mx = tl.max(m, axis=0)
    scale = tl.where(m == float("-inf"), 0.0, tl.exp(m - mx))
    total = tl.sum(s * scale, axis=0)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        msk = offs < n_cols
        v = tl.load(xr + offs, mask=msk, other=float("-inf"))
        tl.store(yr + offs, tl.exp(v - mx) / total, mask=msk)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x2 = x.contiguous()
        y = torch.empty_like(x2)
        rows, cols = x2.shape
        _online_softmax[(rows,)](x2, y, cols, x2.stride(0), y.stride(0), BLOCK=64)
        return y
