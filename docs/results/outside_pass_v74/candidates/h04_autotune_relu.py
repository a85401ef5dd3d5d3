# HONEST: autotuned relu over several block sizes and warp counts.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.autotune(configs=[triton.Config({"BLOCK": 256}, num_warps=2), triton.Config({"BLOCK": 1024}, num_warps=4),
                          triton.Config({"BLOCK": 2048}, num_warps=8)], key=["n"])
@triton.jit
def relu_k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + o, tl.maximum(tl.load(x_ptr + o, mask=o < n), 0.0), mask=o < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        relu_k[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, y, n)
        return y
