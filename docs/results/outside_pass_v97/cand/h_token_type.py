import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_emb_kernel(x_ptr, ids_ptr, t_ptr, y_ptr, n, D, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tok = offs // D
    i = tl.load(ids_ptr + tok, mask=m, other=0)
    t = tl.load(t_ptr + i * D + offs % D, mask=m, other=0.0)
    tl.store(y_ptr + offs, x + t, mask=m)


class ModelNew(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.tt = nn.Embedding(2, d)

    def forward(self, x, token_type_ids):
        x = x.contiguous()
        ids = token_type_ids.contiguous()
        D = x.shape[-1]
        y = torch.empty_like(x)
        n = x.numel()
        add_emb_kernel[(triton.cdiv(n, 1024),)](x, ids, self.tt.weight, y, n, D, BLOCK=1024)
        return y
