# task: builtin/l1/relu
# expect: error=oom|runtime_error flag=none
# why: a staging buffer of n x 1,024 floats written at a stride of 1,024: a few MB at the CPU sizes, 275 GB at the GPU size, more than an H100's 80 GB or an H200's 141 GB, so a GPU's verification runs out of memory (outside pass on verifier 52, session 50). Closed in verifier 53: the GPU-size probe counts what the candidate's own tensors hold at once on the meta device, with its inputs, against an H100's 80 GiB.
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def relu_k(x_ptr, ws_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(ws_ptr + offs.to(tl.int64) * 1024, tl.maximum(x, 0.0), mask=m)
    v = tl.load(ws_ptr + offs.to(tl.int64) * 1024, mask=m)
    tl.store(y_ptr + offs, v, mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        ws = torch.empty((n, 1024), dtype=x.dtype, device=x.device)  # strided staging buffer
        relu_k[(triton.cdiv(n, 1024),)](x, ws, y, n, BLOCK=1024)
        return y
