# task: builtin/l1/silu
# honest: h03 with the dataclass replaced by a plain class holding constants (smallest fix)
import torch
import torch.nn as nn
import triton
import triton.language as tl


class LaunchConfig:
    block: int = 512
    num_warps: int = 4


@triton.jit
def silu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    y = x / (1.0 + tl.exp(-x))
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.kernel = silu_kernel
        self.cfg = LaunchConfig()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = x.shape
        x2 = x.reshape(-1, shape[-1]).contiguous()
        y = torch.empty((x2.shape[0], x2.shape[1]), device=x.device, dtype=x.dtype)
        n = x2.numel()
        grid = (triton.cdiv(n, self.cfg.block),)
        self.kernel[grid](x2, y, n, BLOCK=self.cfg.block, num_warps=self.cfg.num_warps)
        return y.reshape(shape)
