# task: builtin/l1/cumsum
# expect: error=wrong_output flag=none
# why: a Hillis-Steele scan through global memory: each step stores the block to y and loads y[i - d], written by other lanes of the same program, with no tl.debug_barrier. The interpreter runs a program's block operations in order, so it is exact there; on a GPU the lanes race (outside red team, twenty-fifth pass, 2026-11-30, against verifiers 31 and 32). Not yet run on a GPU: if a GPU's verification passes it too, this header is wrong, not the judge.
# open: the interpreter runs a program's block operations one after another; concurrency.py models a launch's programs racing, not the lanes of one program (docs/VERIFIER.md, What remains open)
# open_on: cpu
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scan_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr, LOG: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    carry = tl.zeros((), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + offs
        mask = cols < n_cols
        v = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
        d = 1
        for _ in tl.static_range(LOG):
            tl.store(y_ptr + row * stride_y + cols, v, mask=mask)
            src = cols - d
            ok = (offs >= d) & mask
            w = tl.load(y_ptr + row * stride_y + src, mask=ok, other=0.0)
            v = v + w
            d = d * 2
        tl.store(y_ptr + row * stride_y + cols, v + carry, mask=mask)
        carry += tl.sum(tl.where(mask, tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0), 0.0), axis=0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_rows, n_cols = x.shape
        y = torch.empty_like(x)
        B = 256
        scan_kernel[(n_rows,)](x, y, n_cols, x.stride(0), y.stride(0), BLOCK=B, LOG=8)
        return y
