import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cos_kernel(a_ptr, b_ptr, out_ptr, D, stride_a, stride_b, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    acc_ab = tl.zeros([BLOCK], dtype=tl.float32)
    acc_aa = tl.zeros([BLOCK], dtype=tl.float32)
    acc_bb = tl.zeros([BLOCK], dtype=tl.float32)
    for k in range(0, D, BLOCK):
        offs = k + tl.arange(0, BLOCK)
        m = offs < D
        a = tl.load(a_ptr + r * stride_a + offs, mask=m, other=0.0)
        b = tl.load(b_ptr + r * stride_b + offs, mask=m, other=0.0)
        acc_ab += a * b
        acc_aa += a * a
        acc_bb += b * b
    ab = tl.sum(acc_ab, axis=0)
    na = tl.sqrt(tl.sum(acc_aa, axis=0))
    nb = tl.sqrt(tl.sum(acc_bb, axis=0))
    tl.store(out_ptr + r, ab / tl.maximum(na * nb, 1e-8))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        a = a.contiguous()
        b = b.contiguous()
        R, D = a.shape
        out = torch.empty(R, device=a.device, dtype=torch.float32)
        cos_kernel[(R,)](a, b, out, D, a.stride(0), b.stride(0), BLOCK=512)
        return out
