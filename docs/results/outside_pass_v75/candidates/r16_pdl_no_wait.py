import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import cuda as tlc


@triton.jit
def sum_sq_partial_kernel(x_ptr, part_ptr, n, BLOCK: tl.constexpr):
    # primary: allows the dependent launch right away (its prologue may overlap this kernel)
    tlc.gdc_launch_dependents()
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(part_ptr + pid, tl.sum(x * x, axis=0))


@triton.jit
def finalize_kernel(part_ptr, out_ptr, num_parts, BLOCK: tl.constexpr):
    # dependent, launched with programmatic dependent launch; reads the partials with no gdc_wait()
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for s in range(0, num_parts, BLOCK):
        idx = s + offs
        acc += tl.load(part_ptr + idx, mask=idx < num_parts, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        xf = x.contiguous().view(-1)
        n = xf.numel()
        nparts = triton.cdiv(n, 1024)
        parts = torch.empty((nparts,), device=x.device, dtype=torch.float32)
        out = torch.empty((), device=x.device, dtype=torch.float32)
        sum_sq_partial_kernel[(nparts,)](xf, parts, n, BLOCK=1024)
        finalize_kernel[(1,)](parts, out, nparts, BLOCK=256, launch_pdl=True)
        return out
