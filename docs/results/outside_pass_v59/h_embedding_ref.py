import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def embedding_kernel(idx_ptr, w_ptr, y_ptr, dim, stride_w, stride_y,
                     BLOCK_D: tl.constexpr):
    # Grid axis 0: one token; axis 1: BLOCK_D columns of its embedding row.
    tok = tl.program_id(0)
    pid_d = tl.program_id(1)
    row = tl.load(idx_ptr + tok)
    cols = pid_d * BLOCK_D + tl.arange(0, BLOCK_D)
    mask = cols < dim
    vals = tl.load(w_ptr + row * stride_w + cols, mask=mask, other=0.0)
    tl.store(y_ptr + tok * stride_y + cols, vals, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_embeddings: int, dim: int):
        super().__init__()
        self.embedding = nn.Embedding(num_embeddings, dim)

    def forward(self, indices: torch.Tensor) -> torch.Tensor:
        weight = self.embedding.weight.contiguous()
        dim = weight.shape[1]
        idx = indices.contiguous().view(-1)
        n_tok = idx.numel()
        y = torch.empty((n_tok, dim), device=weight.device, dtype=weight.dtype)
        block_d = min(1024, max(16, triton.next_power_of_2(dim)))
        grid = (n_tok, triton.cdiv(dim, block_d))
        embedding_kernel[grid](idx, weight, y, dim, weight.stride(0), y.stride(0),
                               BLOCK_D=block_d, num_warps=4)
        return y.view(*indices.shape, dim)
