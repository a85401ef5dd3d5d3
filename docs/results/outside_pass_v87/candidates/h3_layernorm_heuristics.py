# task: builtin/l1/layernorm
# honest: layernorm with triton.heuristics, a jit helper function, looped reductions
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _row_mean(ptr, n, BLOCK: tl.constexpr):
    acc = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, n, BLOCK):
        o = s + tl.arange(0, BLOCK)
        acc += tl.load(ptr + o, mask=o < n, other=0.0)
    return tl.sum(acc, axis=0) / n


@triton.heuristics({"BLOCK": lambda args: min(triton.next_power_of_2(args["n"]), 16)})
@triton.jit
def ln_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    xr = x_ptr + row * n
    mean = _row_mean(xr, n, BLOCK)
    var_acc = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, n, BLOCK):
        o = s + tl.arange(0, BLOCK)
        v = tl.load(xr + o, mask=o < n, other=0.0)
        d = tl.where(o < n, v - mean, 0.0)
        var_acc += d * d
    rstd = 1.0 / tl.sqrt(tl.sum(var_acc, axis=0) / n + eps)
    for s in range(0, n, BLOCK):
        o = s + tl.arange(0, BLOCK)
        m = o < n
        v = tl.load(xr + o, mask=m, other=0.0)
        w = tl.load(w_ptr + o, mask=m, other=0.0)
        b = tl.load(b_ptr + o, mask=m, other=0.0)
        tl.store(y_ptr + row * n + o, (v - mean) * rstd * w + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x):
        h = x.shape[-1]
        x2 = x.contiguous().view(-1, h)
        y = torch.empty_like(x2)
        ln_kernel[(x2.shape[0],)](x2, self.norm.weight, self.norm.bias, y, h, self.norm.eps)
        return y.view(x.shape)
