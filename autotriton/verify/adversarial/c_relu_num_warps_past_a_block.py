# task: builtin/l1/relu
# expect: error=compile_error|runtime_error flag=none
# why: launched with num_warps=64, 2,048 threads a block where CUDA allows 1,024; Triton compiles it to a cubin and only the launch fails on a GPU, while the interpreter ignores num_warps, so the CPU judge passed it (outside pass on verifier 49, session 48; closed: gpu_compile.py refuses more than 1,024 threads a block). On a GPU the launch itself fails (runtime_error, H200 session 49).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_wide(src, dst, total, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < total
    tl.store(dst + idx, tl.maximum(tl.load(src + idx, mask=keep, other=0.0), 0.0), mask=keep)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        total = x.numel()
        relu_wide[(triton.cdiv(total, 2048),)](x, out, total, BLOCK=2048, num_warps=64)
        return out
