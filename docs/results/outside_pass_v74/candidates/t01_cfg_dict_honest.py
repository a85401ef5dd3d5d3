# HONEST for local/tasks/cfg_scale_act.py: the constructor reads a config dict.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, scale, RELU: tl.constexpr, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + o, mask=o < n, other=0.0) * scale
    if RELU:
        v = tl.maximum(v, 0.0)
    else:
        e = tl.exp(-2.0 * tl.abs(v))
        v = tl.where(v >= 0, 1.0, -1.0) * (1.0 - e) / (1.0 + e)
    tl.store(y_ptr + o, v, mask=o < n)

class ModelNew(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.scale = float(cfg["scale"])
        self.relu = cfg["act"] == "relu"

    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, y, n, self.scale, RELU=self.relu, BLOCK=1024)
        return y
