# task: /tmp/op80/candidates/task_two_norms.py
# mechanism (honest): nested loop: for stage in self.stages: for blk in stage.blocks: blk.norm.weight
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_rows_kernel(x_ptr, w_ptr, b_ptr, y_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=m, other=0.0)
    mean = tl.sum(x, axis=0) / N
    d = tl.where(m, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / N
    w = tl.load(w_ptr + cols, mask=m, other=0.0)
    b = tl.load(b_ptr + cols, mask=m, other=0.0)
    tl.store(y_ptr + row * N + cols, d / tl.sqrt(var + 1e-5) * w + b, mask=m)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)


class Stage(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim)])


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.stages = nn.ModuleList([Stage(dim), Stage(dim)])

    def forward(self, x):
        x = x.contiguous()
        R, N = x.shape
        for stage in self.stages:
            for blk in stage.blocks:
                y = torch.empty_like(x)
                scale_rows_kernel[(R,)](x, blk.norm.weight, blk.norm.bias, y, N, BLOCK=triton.next_power_of_2(N))
                x = y
        return x
