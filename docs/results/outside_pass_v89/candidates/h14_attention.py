# task: builtin/l3/attention
# honest: flash-style online softmax, one program per (batch, query block), tl.dot with ieee precision, sm scale from math
import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def attn_fwd(q_ptr, k_ptr, v_ptr, o_ptr, S, D, sm_scale,
             stride_b, stride_s, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    pid_m = tl.program_id(0)
    b = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, BLOCK_D)
    base = b.to(tl.int64) * stride_b
    q = tl.load(q_ptr + base + offs_m[:, None] * stride_s + offs_d[None, :],
                mask=(offs_m[:, None] < S) & (offs_d[None, :] < D), other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), tl.float32)
    l_i = tl.zeros((BLOCK_M,), tl.float32)
    acc = tl.zeros((BLOCK_M, BLOCK_D), tl.float32)
    for start in range(0, S, BLOCK_N):
        offs_n = start + tl.arange(0, BLOCK_N)
        kv_mask = (offs_n[:, None] < S) & (offs_d[None, :] < D)
        k = tl.load(k_ptr + base + offs_n[:, None] * stride_s + offs_d[None, :], mask=kv_mask, other=0.0)
        v = tl.load(v_ptr + base + offs_n[:, None] * stride_s + offs_d[None, :], mask=kv_mask, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * sm_scale
        s = tl.where(offs_n[None, :] < S, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p, v, input_precision="ieee")
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * stride_s + offs_d[None, :], acc,
             mask=(offs_m[:, None] < S) & (offs_d[None, :] < D))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
        B, S, D = q.shape
        o = torch.empty_like(q)
        BLOCK_D = max(16, triton.next_power_of_2(D))
        grid = (triton.cdiv(S, 16), B)
        attn_fwd[grid](q, k, v, o, S, D, 1.0 / math.sqrt(D), q.stride(0), q.stride(1),
                       BLOCK_M=16, BLOCK_N=16, BLOCK_D=BLOCK_D)
        return o
