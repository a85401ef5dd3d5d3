import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, c_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.maximum(x, 0.0)
    tl.store(y_ptr + offs, y, mask=mask)
    if pid == 0:
        tl.atomic_add(c_ptr, 1.0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.tag = torch.zeros(1)
        self.tag.box = [torch.zeros(1)]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        cnt = self.tag.box[0]
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, cnt, n, BLOCK=1024)
        return y
