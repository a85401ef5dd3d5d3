import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def chunk_sum_kernel(x_ptr, part_ptr, n, stride, nchunks, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    ch = tl.program_id(1)
    c = ch * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + row * stride + c, mask=c < n, other=0.0)
    tl.store(part_ptr + row * nchunks + ch, tl.sum(v, axis=0))

@triton.jit
def scan_kernel(x_ptr, part_ptr, y_ptr, n, stride, nchunks, BLOCK: tl.constexpr, PB: tl.constexpr):
    row = tl.program_id(0)
    ch = tl.program_id(1)
    p = tl.arange(0, PB)
    parts = tl.load(part_ptr + row * nchunks + p, mask=p < ch, other=0.0)
    carry = tl.sum(parts, axis=0)
    c = ch * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + row * stride + c, mask=c < n, other=0.0)
    tl.store(y_ptr + row * stride + c, tl.cumsum(v, axis=0) + carry, mask=c < n)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        x = x.contiguous()
        rows, n = x.shape
        BLOCK = 128
        nch = triton.cdiv(n, BLOCK)
        part = torch.empty(rows, nch, device=x.device, dtype=torch.float32)
        y = torch.empty_like(x)
        chunk_sum_kernel[(rows, nch)](x, part, n, x.stride(0), nch, BLOCK=BLOCK)
        scan_kernel[(rows, nch)](x, part, y, n, x.stride(0), nch, BLOCK=BLOCK, PB=triton.next_power_of_2(nch))
        return y
