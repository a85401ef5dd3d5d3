"""Data movement (families layout, embedding): strided gathers, no arithmetic."""

from __future__ import annotations

from autotriton.data.families import EmbeddingSpec, LayoutSpec
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER


def write_layout(spec: LayoutSpec) -> Solution:
    p = spec["perm"]
    kernel = '''
@triton.jit
def permute3d_kernel(x_ptr, out_ptr, n, D1, D2, s0, s1, s2, BLOCK: tl.constexpr):
    # out is contiguous (D0, D1, D2); s0..s2 are the input strides of the dims that land there.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i2 = offs % D2
    i1 = (offs // D2) % D1
    i0 = offs // (D1 * D2)
    v = tl.load(x_ptr + i0 * s0 + i1 * s1 + i2 * s2, mask=mask)
    tl.store(out_ptr + offs, v, mask=mask)
'''
    module = f'''
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        view = x.permute({p[0]}, {p[1]}, {p[2]})  # a strided view: no data moves yet
        out = torch.empty(view.shape, device=x.device, dtype=x.dtype)
        n = out.numel()
        BLOCK = 1024
        permute3d_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, out.shape[1], out.shape[2],
                                                  view.stride(0), view.stride(1), view.stride(2), BLOCK=BLOCK)
        return out
'''
    reasoning = f"""The module permutes the dims of a 3-D tensor to order {tuple(p)} and makes the result contiguous: pure data movement, no arithmetic.
1. x.permute only changes strides, so the kernel takes the permuted view's strides and gathers: each program writes BLOCK = 1024 consecutive output elements, so the stores are fully coalesced.
2. For flat output index o, the coordinates are (o // (D1 * D2), (o // D2) % D1, o % D2), and the source address is their dot product with the view's strides.
3. The last block is masked with o < n. Values are copied in their own dtype, so the result is bit-exact."""
    return Solution(reasoning, HEADER + kernel + module)


def write_embedding(spec: EmbeddingSpec) -> Solution:
    kernel = '''
@triton.jit
def embedding_kernel(idx_ptr, w_ptr, out_ptr, dim, BLOCK_D: tl.constexpr):
    tok = tl.program_id(0)
    row = tl.load(idx_ptr + tok)  # int64 row id of this token
    offs = tl.program_id(1) * BLOCK_D + tl.arange(0, BLOCK_D)
    mask = offs < dim
    v = tl.load(w_ptr + row * dim + offs, mask=mask)
    tl.store(out_ptr + tok * dim + offs, v, mask=mask)
'''
    module = '''
class ModelNew(nn.Module):
    def __init__(self, vocab: int, dim: int):
        super().__init__()
        self.embedding = nn.Embedding(vocab, dim)

    def forward(self, idx):
        idx = idx.contiguous()
        w = self.embedding.weight
        dim = w.shape[1]
        out = torch.empty((*idx.shape, dim), device=w.device, dtype=w.dtype)
        BLOCK_D = min(1024, triton.next_power_of_2(dim))
        grid = (idx.numel(), triton.cdiv(dim, BLOCK_D))
        embedding_kernel[grid](idx, w, out, dim, BLOCK_D=BLOCK_D)
        return out
'''
    reasoning = """The module is an embedding lookup: each index selects one row of the (VOCAB, DIM) table.
1. It is a gather: one program per token (and per block of up to 1024 features) loads the token's index, then copies that table row to the token's output row.
2. Row addresses use the int64 index times DIM, so large tables do not overflow 32-bit offsets.
3. Feature lanes past DIM are masked. Values are copied unchanged, so the output is exact."""
    return Solution(reasoning, HEADER + kernel + module)
