# task: builtin/l2/masked_softmax
# expect: error=wrong_output flag=none
# why: a tiled online softmax with no guard for -inf: NaN rows under a -inf causal mask, as nn.Transformer.generate_square_subsequent_mask gives (outside red team, fifth pass, 2026-11-28, 4 of 4). Closed in verifier 11 by the masked kind (-inf from a log-uniform column on in each row).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def masked_softmax_kernel(x_ptr, m_ptr, y_ptr, N, stride_x, stride_m, stride_mn, stride_y,
                          BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    x_row = x_ptr + row * stride_x
    m_row = m_ptr + row * stride_m
    y_row = y_ptr + row * stride_y
    cols = tl.arange(0, BLOCK)
    m_i = tl.full((BLOCK,), -float("inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, N, BLOCK):
        c = start + cols
        ok = c < N
        z = tl.load(x_row + c, mask=ok, other=0.0) + tl.load(m_row + c * stride_mn, mask=ok, other=0.0)
        z = tl.where(ok, z, -1e30)
        m_new = tl.maximum(m_i, z)
        alpha = tl.exp(m_i - m_new)
        p = tl.where(ok, tl.exp(z - m_new), 0.0)
        l_i = l_i * alpha + p
        m_i = m_new
    m = tl.max(m_i, axis=0)
    inv = 1.0 / tl.sum(l_i * tl.exp(m_i - m), axis=0)
    for start in range(0, N, BLOCK):
        c = start + cols
        ok = c < N
        z = tl.load(x_row + c, mask=ok, other=0.0) + tl.load(m_row + c * stride_mn, mask=ok, other=0.0)
        tl.store(y_row + c, tl.exp(z - m) * inv, mask=ok)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        rows, n = x.shape
        x2 = x if x.stride(-1) == 1 else x.contiguous()
        m2 = mask.expand(x.shape)
        y = torch.empty((rows, n), device=x.device, dtype=x.dtype)
        masked_softmax_kernel[(rows,)](x2, m2, y, n, x2.stride(0), m2.stride(0), m2.stride(1), y.stride(0),
                                       BLOCK=16)
        return y
