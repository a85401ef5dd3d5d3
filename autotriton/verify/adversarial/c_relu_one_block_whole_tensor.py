# task: builtin/l1/relu
# expect: error=compile_error flag=none
# why: the whole tensor in one program, its block the next power of two of the element count: at the CPU sizes that is 2,048 or 1,024 elements and the interpreter runs it, so every trial passed; at the task's GPU size it is 67,108,864 elements, past the 1,048,576 Triton allows in one block, and the kernel does not compile there ("numel exceeds triton maximum tensor numel"). Verifier 51 compiled each launch only at the specialization the CPU sizes gave. Closed in verifier 52: the launch probe at GPU sizes compiles every launch at the constexprs those sizes give.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_all(src, dst, total, WIDTH: tl.constexpr):
    idx = tl.arange(0, WIDTH)
    inside = idx < total
    vals = tl.load(src + idx, mask=inside, other=0.0)
    tl.store(dst + idx, tl.maximum(vals, 0.0), mask=inside)


class ModelNew(nn.Module):
    def forward(self, x):
        flat = x.contiguous()
        out = torch.empty_like(flat)
        total = flat.numel()
        relu_all[(1,)](flat, out, total, WIDTH=triton.next_power_of_2(total))
        return out
