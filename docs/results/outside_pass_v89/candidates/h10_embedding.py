# task: builtin/l1/embedding
# honest: indices flattened with view(-1) before launch, int64 row index math, 2D grid (token, dim block)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def embedding_kernel(idx_ptr, table_ptr, out_ptr, dim, stride_table, BLOCK_D: tl.constexpr):
    tok = tl.program_id(0)
    pd = tl.program_id(1)
    row = tl.load(idx_ptr + tok).to(tl.int64)
    offs = pd * BLOCK_D + tl.arange(0, BLOCK_D)
    m = offs < dim
    vals = tl.load(table_ptr + row * stride_table + offs, mask=m)
    tl.store(out_ptr + tok.to(tl.int64) * dim + offs, vals, mask=m)


class ModelNew(nn.Module):
    def __init__(self, num_embeddings: int, dim: int):
        super().__init__()
        self.embedding = nn.Embedding(num_embeddings, dim)

    def forward(self, indices: torch.Tensor) -> torch.Tensor:
        flat = indices.contiguous().view(-1)
        w = self.embedding.weight
        d = w.shape[1]
        out = torch.empty((flat.numel(), d), device=w.device, dtype=w.dtype)
        BLOCK_D = 32
        embedding_kernel[(flat.numel(), triton.cdiv(d, BLOCK_D))](flat, w, out, d, w.stride(0), BLOCK_D=BLOCK_D)
        return out.view(*indices.shape, d)
