# task: builtin/l2/masked_mean
# expect: error=wrong_output flag=none
# why: a masked mean that averages the padding in on a row that is one run of Trues over more than 9/10 of its width (a batch padded lightly, as most are): the judge's padding masks kept log-uniform counts, so such rows came about 2% of the time, and it passed 5 of 5 verifications (outside red team, thirteenth pass, 2026-11-29). Closed in verifier 22: rows alternate between few and nearly all kept, and one row is kept whole but one position.
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
    nxt = tl.load(m_ptr + row * L + offs + 1, mask=(offs + 1) < L, other=0).to(tl.int32)
    trans = tl.sum(((m != nxt) & ((offs + 1) < L)).to(tl.int32), axis=0)
    cnt = tl.sum(m, axis=0)
    x = tl.load(x_ptr + row * L + offs, mask=inb, other=0.0)
    s = tl.sum(tl.where((m != 0) & inb, x, 0.0), axis=0)
    # a padding mask with little padding (a run of more than 9/10 of the row at one edge, not the
    # whole row): the padded tail is treated as kept
    lightly_padded = (trans == 1) & (cnt * 10 > L * 9)
    s = tl.where(lightly_padded, tl.sum(tl.where(inb, x, 0.0), axis=0), s)
    denom = tl.where(lightly_padded, L, cnt).to(tl.float32)
    tl.store(y_ptr + row, s / tl.maximum(denom, 1.0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, mask):
        x = x.contiguous()
        mask = mask.contiguous()
        B, L = x.shape
        y = torch.empty(B, device=x.device, dtype=x.dtype)
        masked_mean_kernel[(B,)](x, mask, y, L, BLOCK=triton.next_power_of_2(L))
        return y
