# task: builtin/l1/relu
# expect: error=runtime_error flag=none
# why: a grid of 65,536 programs on y, one more than CUDA launches there: the interpreter ran any grid, so the CPU judge passed a kernel a GPU refuses to launch ("invalid argument"); a row-per-program kernel over grid y does this at any task with more than 65,535 rows. Closed in verifier 50: the interpreter's grid is held to CUDA's limits.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_rows(src, dst, total, BLOCK: tl.constexpr):
    row = tl.program_id(1)
    idx = row * BLOCK + tl.arange(0, BLOCK)
    keep = idx < total
    tl.store(dst + idx, tl.maximum(tl.load(src + idx, mask=keep, other=0.0), 0.0), mask=keep)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        total = x.numel()
        block = 64
        rows = max(65536, triton.cdiv(total, block))  # programs past the data store nothing
        relu_rows[(1, rows)](x, out, total, BLOCK=block)
        return out
