"""Scaled dot-product attention (family attention): flash-style, keys and values streamed in tiles."""

from __future__ import annotations

from autotriton.data.families import AttentionSpec
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER


def write_attention(spec: AttentionSpec) -> Solution:
    kernel = '''
@triton.jit
def attention_kernel(q_ptr, k_ptr, v_ptr, o_ptr, S, D, scale,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    # One program per (block of BLOCK_M queries, batch*head); keys/values stream through in BLOCK_N tiles.
    pid_m = tl.program_id(0)
    base = tl.program_id(1) * S * D
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, BLOCK_D)
    mask_m = offs_m < S
    mask_d = offs_d < D
    q = tl.load(q_ptr + base + offs_m[:, None] * D + offs_d[None, :], mask=mask_m[:, None] & mask_d[None, :], other=0.0)
    m_i = tl.full([BLOCK_M], -float("inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, BLOCK_D], dtype=tl.float32)
    for n0 in range(0, S, BLOCK_N):
        offs_n = n0 + tl.arange(0, BLOCK_N)
        mask_n = offs_n < S
        kv_mask = mask_n[:, None] & mask_d[None, :]
        k = tl.load(k_ptr + base + offs_n[:, None] * D + offs_d[None, :], mask=kv_mask, other=0.0)
        s = tl.dot(q, tl.trans(k)) * scale
        s = tl.where(mask_n[None, :], s, -float("inf"))  # keys past S get zero weight
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)  # rescales what was accumulated under the old max
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_ptr + base + offs_n[:, None] * D + offs_d[None, :], mask=kv_mask, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p, v)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * D + offs_d[None, :], out.to(o_ptr.dtype.element_ty),
             mask=mask_m[:, None] & mask_d[None, :])
'''
    module = '''
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v):
        q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
        B, H, S, D = q.shape
        out = torch.empty_like(q)
        BLOCK_M = min(64, max(16, triton.next_power_of_2(S)))
        BLOCK_N = BLOCK_M
        BLOCK_D = max(16, triton.next_power_of_2(D))
        grid = (triton.cdiv(S, BLOCK_M), B * H)
        attention_kernel[grid](q, k, v, out, S, D, 1.0 / math.sqrt(D),
                               BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_D=BLOCK_D)
        return out
'''
    reasoning = """The module is scaled dot-product attention, softmax(q k^T / sqrt(D)) v, per batch and head.
1. Materialising the (S, S) score matrix costs S^2 memory traffic; instead each program keeps a block of up to 64 queries and streams keys and values in tiles (the flash-attention scheme), so scores live only in registers.
2. Online softmax: keep the running row max m and row sum l; when a new tile raises the max, rescale the previous sum and accumulator by exp(m_old - m_new). The final division by l gives exactly the softmax weights.
3. Both products use tl.dot with float32 accumulation; tiles are at least 16 wide, as tl.dot needs, and D is padded to a power of two with masked loads.
4. Keys past S get a score of -inf, so they add exp(-inf) = 0; query rows and feature columns past the ends are masked at the store."""
    return Solution(reasoning, HEADER + kernel + module)
