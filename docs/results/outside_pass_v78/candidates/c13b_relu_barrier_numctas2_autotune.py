import torch, torch.nn as nn, triton, triton.language as tl

@triton.autotune(configs=[triton.Config({"BLOCK": 1024}, num_warps=4, num_ctas=2)], key=["n"])
@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    i = tl.arange(0, BLOCK)
    offs = base + i
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m, other=0.0), mask=m)   # stage x in y
    tl.debug_barrier()
    ro = base + (BLOCK - 1 - i)                    # read the mirrored lane's staged value
    rm = ro < n
    v = tl.load(y_ptr + ro, mask=rm, other=0.0)
    tl.debug_barrier()
    tl.store(y_ptr + ro, tl.maximum(v, 0.0), mask=rm)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        k[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, y, n)
        return y
