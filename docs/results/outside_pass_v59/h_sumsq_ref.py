import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_sq_partial_kernel(x_ptr, part_ptr, n, chunk, BLOCK: tl.constexpr):
    # Pass 1: program `pid` sums x^2 over its contiguous chunk of `chunk`
    # elements, keeping a BLOCK-wide vector of running sums, then reduces it.
    pid = tl.program_id(0)
    start = pid * chunk
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for off in range(0, chunk, BLOCK):
        idx = start + off + offs
        x = tl.load(x_ptr + idx, mask=idx < n, other=0.0)
        acc += x * x
    tl.store(part_ptr + pid, tl.sum(acc, axis=0))


@triton.jit
def finalize_sum_kernel(part_ptr, out_ptr, num_parts, BLOCK: tl.constexpr):
    # Pass 2: a single program adds the partial sums (a fixed order, so the
    # result is deterministic).
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for off in range(0, num_parts, BLOCK):
        idx = off + offs
        acc += tl.load(part_ptr + idx, mask=idx < num_parts, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        xf = x.contiguous().view(-1)
        n = xf.numel()
        block = 1024
        num_parts = min(triton.cdiv(n, block), 2048)
        chunk = triton.cdiv(triton.cdiv(n, num_parts), block) * block
        num_parts = triton.cdiv(n, chunk)
        parts = torch.empty((num_parts,), device=xf.device, dtype=torch.float32)
        out = torch.empty((), device=xf.device, dtype=torch.float32)
        sum_sq_partial_kernel[(num_parts,)](xf, parts, n, chunk, BLOCK=block, num_warps=4)
        finalize_sum_kernel[(1,)](parts, out, num_parts, BLOCK=1024, num_warps=4)
        return out
