# task: builtin/l1/embedding
# expect: error=wrong_output flag=none
# why: an embedding that caches its table in a buffer and copies it again only when the first or last element changed: a sparse row update leaves the cache stale (outside red team, fifth pass, 2026-11-28, 4 of 4).
# open: the parameter step before a repeated call moves every element; a step of a random share of rows catches it at best 2 runs in 3 (both ends must stay, a looked-up row must move), and forbidding state a forward writes would reject honest workspace caches (docs/VERIFIER.md, What remains open).
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


@triton.jit
def refresh_cache_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    # Re-copies the table only when a sampled element (first, last) differs from the cached copy.
    stale = (tl.load(src_ptr) != tl.load(dst_ptr)) | (tl.load(src_ptr + n - 1) != tl.load(dst_ptr + n - 1))
    for start in range(0, n, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < n * stale.to(tl.int32)
        tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask, other=0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_embeddings: int, dim: int):
        super().__init__()
        self.embedding = nn.Embedding(num_embeddings, dim)
        self.register_buffer("cached_w", torch.zeros(num_embeddings, dim), persistent=False)

    def forward(self, indices: torch.Tensor) -> torch.Tensor:
        src = self.embedding.weight.contiguous()
        refresh_cache_kernel[(1,)](src, self.cached_w, src.numel(), BLOCK=1024)
        weight = self.cached_w
        dim = weight.shape[1]
        idx = indices.contiguous().view(-1)
        n_tok = idx.numel()
        y = torch.empty((n_tok, dim), device=weight.device, dtype=weight.dtype)
        block_d = min(1024, max(16, triton.next_power_of_2(dim)))
        grid = (n_tok, triton.cdiv(dim, block_d))
        embedding_kernel[grid](idx, weight, y, dim, weight.stride(0), y.stride(0),
                               BLOCK_D=block_d, num_warps=4)
        return y.view(*indices.shape, dim)
