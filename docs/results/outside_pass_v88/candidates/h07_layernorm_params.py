# task: builtin/l1/layernorm
# honest: keeps nn.LayerNorm-like parameters (weight/bias) matching the reference state_dict, two-pass
# mean/var in one program per row, arbitrary leading dims flattened
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def layernorm_fwd(X, Y, W, B, stride, N, eps, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(X + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / N
    diff = tl.where(mask, x - mean, 0.0)
    var = tl.sum(diff * diff, axis=0) / N
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(W + cols, mask=mask)
    b = tl.load(B + cols, mask=mask)
    tl.store(Y + row * stride + cols, diff * rstd * w + b, mask=mask)


class _Norm(nn.Module):
    def __init__(self, hidden: int, eps: float = 1e-5):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden))
        self.bias = nn.Parameter(torch.zeros(hidden))
        self.eps = eps


class ModelNew(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = _Norm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = x.shape
        x2d = x.reshape(-1, shape[-1]).contiguous()
        M, N = x2d.shape
        y = torch.empty_like(x2d)
        BLOCK_N = triton.next_power_of_2(N)
        layernorm_fwd[(M,)](x2d, y, self.norm.weight, self.norm.bias, x2d.stride(0), N, self.norm.eps,
                            BLOCK_N=BLOCK_N)
        return y.view(shape)
