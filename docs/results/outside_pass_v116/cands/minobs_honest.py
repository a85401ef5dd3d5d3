import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def min_kernel(x_ptr, m_ptr, N, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    xv = tl.load(x_ptr + offs, mask=mask, other=float("inf"))
    tl.atomic_min(m_ptr, tl.min(xv, axis=0))


@triton.jit
def shift_kernel(x_ptr, m_ptr, s_ptr, out_ptr, N, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    new = tl.minimum(tl.load(s_ptr), tl.load(m_ptr))
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    xv = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, xv - new, mask=mask)


@triton.jit
def update_kernel(m_ptr, s_ptr):
    tl.store(s_ptr, tl.minimum(tl.load(s_ptr), tl.load(m_ptr)))


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("running_min", torch.zeros(1))

    def forward(self, x):
        x = x.contiguous()
        N = x.numel()
        m = torch.full((1,), float("inf"), device=x.device, dtype=torch.float32)
        out = torch.empty_like(x)
        BLOCK = 256
        grid = (triton.cdiv(N, BLOCK),)
        min_kernel[grid](x, m, N, BLOCK=BLOCK)
        shift_kernel[grid](x, m, self.running_min, out, N, BLOCK=BLOCK)
        update_kernel[(1,)](m, self.running_min)
        return out
