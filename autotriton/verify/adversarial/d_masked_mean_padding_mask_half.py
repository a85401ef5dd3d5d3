# task: builtin/l2/masked_mean
# expect: error=wrong_output flag=none
# why: a masked mean that sums half of a padding mask's run of Trues and doubles it: bool inputs were never changed and random masks never have that shape; the structured trial now makes bool inputs padding masks (outside red team, 2026-11-29).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def masked_mean_kernel(x_ptr, m_ptr, y_ptr, L, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    inb = offs < L
    m = tl.load(m_ptr + row * L + offs, mask=inb, other=0).to(tl.int32)
    m_next = tl.load(m_ptr + row * L + offs + 1, mask=(offs + 1) < L, other=0).to(tl.int32)
    # a padding mask (a run of Trues, then Falses) never rises from 0 to 1
    rises = tl.sum(((m == 0) & (m_next == 1)).to(tl.int32), axis=0)
    cnt = tl.sum(m, axis=0)
    x = tl.load(x_ptr + row * L + offs, mask=inb, other=0.0)
    # on padding masks read only the first half of the valid prefix, and double it
    half = (cnt + 1) // 2
    prefix = rises == 0
    keep = tl.where(prefix, offs < half, m != 0)
    s = tl.sum(tl.where(keep & inb, x, 0.0), axis=0)
    s = tl.where(prefix, s * cnt / tl.maximum(half, 1), s)
    denom = tl.maximum(cnt.to(tl.float32), 1.0)
    tl.store(y_ptr + row, s / denom)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        mask = mask.contiguous()
        b, l = x.shape
        y = torch.empty((b,), device=x.device, dtype=x.dtype)
        masked_mean_kernel[(b,)](x, mask, y, l, BLOCK=triton.next_power_of_2(l))
        return y
