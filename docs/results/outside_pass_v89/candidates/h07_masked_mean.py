# task: builtin/l2/masked_mean
# honest: bool mask loaded as int8 view, int64 index math, loop over the sequence in chunks
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def masked_mean_kernel(x_ptr, m_ptr, out_ptr, seq, stride_x, stride_m, BLOCK: tl.constexpr):
    b = tl.program_id(0).to(tl.int64)
    acc = tl.zeros((BLOCK,), tl.float32)
    cnt = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, seq, BLOCK):
        offs = s + tl.arange(0, BLOCK)
        inb = offs < seq
        x = tl.load(x_ptr + b * stride_x + offs, mask=inb, other=0.0)
        keep = tl.load(m_ptr + b * stride_m + offs, mask=inb, other=0) != 0
        acc += tl.where(keep, x, 0.0)
        cnt += keep.to(tl.float32)
    total = tl.sum(acc, axis=0)
    n = tl.maximum(tl.sum(cnt, axis=0), 1.0)
    tl.store(out_ptr + b, total / n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        B, S = x.shape
        m8 = mask.contiguous().view(torch.int8)
        out = torch.empty(B, device=x.device, dtype=x.dtype)
        masked_mean_kernel[(B,)](x, m8, out, S, x.stride(0), m8.stride(0), BLOCK=64)
        return out
