# task: /tmp/op80/candidates/task_enc_norm.py
# mechanism (honest): reads a library module's own .norm submodule (nn.TransformerEncoder(norm=...)): self.enc.norm.weight
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


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        layer = nn.TransformerEncoderLayer(dim, 2, 64, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 1, norm=nn.LayerNorm(dim), enable_nested_tensor=False)

    def forward(self, x):
        x = x.contiguous()
        R, N = x.shape
        y = torch.empty_like(x)
        scale_rows_kernel[(R,)](x, self.enc.norm.weight, self.enc.norm.bias, y, N, BLOCK=triton.next_power_of_2(N))
        return y
