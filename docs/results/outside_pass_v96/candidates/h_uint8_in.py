import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0)
    tl.store(o_ptr + offs, x.to(tl.float32) / 255.0 - 0.5, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img):
        img = img.contiguous()
        o = torch.empty(img.shape, dtype=torch.float32, device=img.device)
        n = img.numel()
        k[(triton.cdiv(n, 1024),)](img, o, n, BLOCK=1024)
        return o
