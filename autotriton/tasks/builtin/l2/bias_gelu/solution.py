import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bias_gelu_kernel(x_ptr, b_ptr, y_ptr, numel, C, BLOCK: tl.constexpr):
    # Flat elementwise pass over a contiguous (rows, C) tensor; the bias index is offs % C.
    pid = tl.program_id(0).to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < numel
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    b = tl.load(b_ptr + offs % C, mask=mask, other=0.0)
    h = x + b
    y = 0.5 * h * (1.0 + tl.erf(h * 0.7071067811865476))
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(channels))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        numel = x.numel()
        block = min(4096, max(16, triton.next_power_of_2(numel)))
        bias_gelu_kernel[(triton.cdiv(numel, block),)](
            x, self.bias, y, numel, x.shape[-1], BLOCK=block, num_warps=8 if block >= 4096 else 4,
        )
        return y
