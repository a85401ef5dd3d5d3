# task: /tmp/op89/tasks/softmax_dim1.py
# honest: softmax over a non-last dim via strides, 2D tile (C x L block), several kwargs
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_dim1_kernel(x_ptr, y_ptr, C, L, stride_b, stride_c, stride_l,
                        BLOCK_C: tl.constexpr, BLOCK_L: tl.constexpr):
    b = tl.program_id(0)
    pl = tl.program_id(1)
    c = tl.arange(0, BLOCK_C)
    l = pl * BLOCK_L + tl.arange(0, BLOCK_L)
    m = (c[:, None] < C) & (l[None, :] < L)
    off = b.to(tl.int64) * stride_b + c[:, None] * stride_c + l[None, :] * stride_l
    x = tl.load(x_ptr + off, mask=m, other=-float("inf"))
    x = x - tl.max(x, axis=0)[None, :]
    e = tl.where(m, tl.exp(x), 0.0)
    tl.store(y_ptr + off, e / tl.sum(e, axis=0)[None, :], mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, C, L = x.shape
        y = torch.empty_like(x)
        BLOCK_L = 8
        softmax_dim1_kernel[(B, triton.cdiv(L, BLOCK_L))](
            x, y, C, L, x.stride(0), x.stride(1), x.stride(2),
            BLOCK_C=triton.next_power_of_2(C), BLOCK_L=BLOCK_L)
        return y
