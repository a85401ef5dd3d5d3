# task: builtin/l1/log_softmax
# expect: error=wrong_output flag=none
# why: an online log-softmax whose lane step exp(x - m_new) is NaN where a lane has seen only -inf (x = m_new = -inf): NaN on rows partly -inf, which torch.log_softmax handles (an honest-kernel probe, session 39, 2026-11-30, 3 of 3 against verifier 35; the same bug in a softmax is rejected by the masked kind).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _log_softmax_online(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = x_ptr + row * stride
    m_vec = tl.full([BLOCK], -float("inf"), tl.float32)
    l_vec = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        msk = cols < n_cols
        x = tl.load(base + cols, mask=msk, other=-float("inf"))
        m_new = tl.maximum(m_vec, x)
        # guard lanes that have only seen -inf so far
        alpha = tl.where(m_new == -float("inf"), 0.0, tl.exp(m_vec - m_new))
        p = tl.where(msk, tl.exp(x - m_new), 0.0)
        l_vec = l_vec * alpha + p
        m_vec = m_new
    mx = tl.max(m_vec, axis=0)
    scale = tl.where(m_vec == -float("inf"), 0.0, tl.exp(m_vec - mx))
    total = tl.sum(l_vec * scale, axis=0)
    lse = mx + tl.log(total)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        msk = cols < n_cols
        x = tl.load(base + cols, mask=msk, other=0.0)
        tl.store(y_ptr + row * stride + cols, x - lse, mask=msk)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_cols = x.shape[-1]
        x2 = x.view(-1, n_cols)
        y = torch.empty_like(x2)
        _log_softmax_online[(x2.shape[0],)](x2, y, n_cols, x2.stride(0), BLOCK=128)
        return y.view(x.shape)
