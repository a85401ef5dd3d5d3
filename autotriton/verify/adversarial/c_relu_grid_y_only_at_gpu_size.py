# task: builtin/l1/relu
# expect: error=runtime_error flag=none
# why: one program per 64 elements, laid out on grid y: at the CPU sizes (at most a few thousand elements) that is a few dozen programs, legal anywhere, and every interpreted trial passed; at the task's GPU size (16,384 x 4,096) it is 1,048,576 programs on y, which CUDA refuses to launch (at most 65,535). Verifier 51 held only the grids the interpreter ran to CUDA's limits (outside pass on verifier 50, session 49). Closed in verifier 52: the launch probe at GPU sizes runs the candidate on the meta device at each full setting and checks every grid there.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_chunks(src, dst, total, CHUNK: tl.constexpr):
    chunk = tl.program_id(1)
    idx = chunk * CHUNK + tl.arange(0, CHUNK)
    inside = idx < total
    vals = tl.load(src + idx, mask=inside, other=0.0)
    tl.store(dst + idx, tl.where(vals > 0.0, vals, 0.0), mask=inside)


class ModelNew(nn.Module):
    def forward(self, x):
        flat = x.contiguous()
        out = torch.empty_like(flat)
        total = flat.numel()
        relu_chunks[(1, triton.cdiv(total, 64))](flat, out, total, CHUNK=64)
        return out
