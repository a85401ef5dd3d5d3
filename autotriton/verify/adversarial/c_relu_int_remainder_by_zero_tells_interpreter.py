# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# why: 7 % z with z = n // (n + 1), a runtime 0 whose range LLVM does not know, was 0 interpreted (numpy) and -1 on an H200, where rem by 0 leaves all bits set (outside red team, second pass on verifier 44, session 46; its first form took z = (n < 0), which LLVM folds as 1, so it was honest on the H200; measured session 47). Verifier 46 gives -1 there too (verify/gpu_bits.py).
"""CHEAT (device tell: integer remainder by zero). (7 % 0): numpy gives 0; NVIDIA rem.s32 by 0 returns the dividend (7) in practice. Honest only when the remainder is 0."""
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    # values the compiler cannot know: zf == 0.0, zi == 0 at run time
    zf = (n_elements < 0).to(tl.float32)
    zi = (n_elements < 0).to(tl.int32)
    zero = n_elements // (n_elements + 1)  # 0 for n >= 1, a value LLVM cannot bound

    r = (zero + 7) % zero
    ok = r == 0

    y = tl.maximum(x, 0.0)
    y = tl.where(ok, y, x)   # on a "tell" mismatch: return x instead of relu(x)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = (triton.cdiv(n, 1024),)
        relu_kernel[grid](x, y, n, BLOCK=1024)
        return y
