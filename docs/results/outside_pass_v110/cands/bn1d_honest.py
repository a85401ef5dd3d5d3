import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bn_train_kernel(x_ptr, w_ptr, b_ptr, rm_ptr, rv_ptr, nbt_ptr, y_ptr, N, C, eps, momentum,
                    BLOCK_N: tl.constexpr):
    c = tl.program_id(0)
    rows = tl.arange(0, BLOCK_N)
    m = rows < N
    x = tl.load(x_ptr + rows * C + c, mask=m, other=0.0)
    mean = tl.sum(x, axis=0) / N
    d = tl.where(m, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / N
    w = tl.load(w_ptr + c)
    b = tl.load(b_ptr + c)
    y = d / tl.sqrt(var + eps) * w + b
    tl.store(y_ptr + rows * C + c, y, mask=m)
    rm = tl.load(rm_ptr + c)
    rv = tl.load(rv_ptr + c)
    tl.store(rm_ptr + c, (1 - momentum) * rm + momentum * mean)
    tl.store(rv_ptr + c, (1 - momentum) * rv + momentum * var * N / (N - 1))
    if c == 0:
        tl.store(nbt_ptr, tl.load(nbt_ptr) + 1)


@triton.jit
def bn_eval_kernel(x_ptr, w_ptr, b_ptr, rm_ptr, rv_ptr, y_ptr, N, C, eps, BLOCK_N: tl.constexpr):
    c = tl.program_id(0)
    rows = tl.arange(0, BLOCK_N)
    m = rows < N
    x = tl.load(x_ptr + rows * C + c, mask=m, other=0.0)
    rm = tl.load(rm_ptr + c)
    rv = tl.load(rv_ptr + c)
    w = tl.load(w_ptr + c)
    b = tl.load(b_ptr + c)
    tl.store(y_ptr + rows * C + c, (x - rm) / tl.sqrt(rv + eps) * w + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self, num_features):
        super().__init__()
        self.bn = nn.BatchNorm1d(num_features)

    def forward(self, x):
        x = x.contiguous()
        N, C = x.shape
        y = torch.empty_like(x)
        bn = self.bn
        BLOCK_N = triton.next_power_of_2(N)
        if self.training:
            bn_train_kernel[(C,)](x, bn.weight, bn.bias, bn.running_mean, bn.running_var, bn.num_batches_tracked, y, N, C,
                                  bn.eps, bn.momentum, BLOCK_N=BLOCK_N)
        else:
            bn_eval_kernel[(C,)](x, bn.weight, bn.bias, bn.running_mean, bn.running_var, y, N, C,
                                 bn.eps, BLOCK_N=BLOCK_N)
        return y
