# task: builtin/l2/masked_mean
# expect: error=wrong_output flag=none
# why: a masked mean dividing by the mask's count without the task's clamp(min=1): NaN on a row with no kept position (an empty sequence in a batch), which no trial drew: random masks are almost never empty and the padding masks kept 1..width (outside red team, eighteenth pass, 2026-11-30, 2 of 2). Closed in verifier 23: the structured kind's masks have one row False whole, first.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def masked_mean_kernel(x_ptr, m_ptr, y_ptr, L, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    cnt = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, L, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        inb = offs < L
        m = tl.load(m_ptr + row * L + offs, mask=inb, other=0).to(tl.float32)
        x = tl.load(x_ptr + row * L + offs, mask=inb, other=0.0)
        acc += x * m
        cnt += m
    # no clamp(min=1): a row with no kept position gives 0/0
    tl.store(y_ptr + row, tl.sum(acc, axis=0) / tl.sum(cnt, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, mask):
        x = x.contiguous()
        mask = mask.contiguous()
        b, l = x.shape
        y = torch.empty((b,), device=x.device, dtype=x.dtype)
        masked_mean_kernel[(b,)](x, mask, y, l, BLOCK=128)
        return y
