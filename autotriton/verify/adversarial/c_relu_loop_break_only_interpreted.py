# task: builtin/l1/relu
# expect: error=compile_error flag=none
# why: each program walks four blocks and leaves its loop with `break` past the end; Triton's interpreter runs the Python `break`, its compiler has no lowering for it ("unsupported AST node type: Break"), so the CPU judge and every reward path paid 1.0 for a kernel no GPU can build (outside red team, session 48; closed in verifier 49: every interpreted launch is compiled for sm_90 as well, gpu_compile.py).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_blocks(src, dst, total, BLOCK: tl.constexpr):
    first = tl.program_id(0) * 4
    for step in range(0, 4):
        start = (first + step) * BLOCK
        if start >= total:
            break
        idx = start + tl.arange(0, BLOCK)
        keep = idx < total
        tl.store(dst + idx, tl.maximum(tl.load(src + idx, mask=keep, other=0.0), 0.0), mask=keep)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        total = x.numel()
        relu_blocks[(triton.cdiv(total, 4 * 512),)](x, out, total, BLOCK=512)
        return out
