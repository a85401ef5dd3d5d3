import math
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def lin_k(x, w, bias, r, y, M, N, K, HAS_B: tl.constexpr, ACT: tl.constexpr, HAS_R: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0); pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM); rn = pn * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        ks = k0 + rk
        a = tl.load(x + rm[:, None] * K + ks[None, :], mask=(rm[:, None] < M) & (ks[None, :] < K), other=0.0)
        wt = tl.load(w + rn[None, :] * K + ks[:, None], mask=(rn[None, :] < N) & (ks[:, None] < K), other=0.0)
        acc = tl.dot(a, wt, acc)
    if HAS_B:
        acc += tl.load(bias + rn, mask=rn < N, other=0.0)[None, :]
    if ACT == 1:
        acc = 0.5 * acc * (1.0 + tl.math.erf(acc * 0.7071067811865476))
    if ACT == 2:
        acc = tl.sigmoid(acc)
    if HAS_R:
        acc += tl.load(r + rm[:, None] * N + rn[None, :], mask=(rm[:, None] < M) & (rn[None, :] < N), other=0.0)
    tl.store(y + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))

def linear(x2, w, b=None, act=0, res=None):
    x2 = x2.contiguous()
    M, K = x2.shape; N = w.shape[0]
    y = torch.empty((M, N), device=x2.device, dtype=torch.float32)
    grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
    lin_k[grid](x2, w, b if b is not None else w, res if res is not None else y, y, M, N, K,
                HAS_B=b is not None, ACT=act, HAS_R=res is not None, BM=32, BN=32, BK=16)
    return y

@triton.jit
def ln_welford_k(x, w, b, y, N, eps, BN: tl.constexpr):
    r = tl.program_id(0); cols = tl.arange(0, BN)
    mean = 0.0; m2 = 0.0; cnt = 0.0
    for c0 in range(0, N, BN):
        cs = c0 + cols
        v = tl.load(x + r * N + cs, mask=cs < N, other=0.0)
        nb = tl.sum((cs < N).to(tl.float32), 0)
        bmean = tl.sum(v, 0) / nb
        bm2 = tl.sum(tl.where(cs < N, (v - bmean) * (v - bmean), 0.0), 0)
        tot = cnt + nb
        delta = bmean - mean
        mean = mean + delta * nb / tot
        m2 = m2 + bm2 + delta * delta * cnt * nb / tot
        cnt = tot
    rstd = 1.0 / tl.sqrt(m2 / cnt + eps)
    for c0 in range(0, N, BN):
        cs = c0 + cols
        v = tl.load(x + r * N + cs, mask=cs < N, other=0.0)
        g = tl.load(w + cs, mask=cs < N, other=0.0); bb = tl.load(b + cs, mask=cs < N, other=0.0)
        tl.store(y + r * N + cs, (v - mean) * rstd * g + bb, mask=cs < N)

def layernorm(x2, ln):
    M, N = x2.shape
    y = torch.empty_like(x2)
    ln_welford_k[(M,)](x2, ln.weight, ln.bias, y, N, ln.eps, BN=16)
    return y

@triton.jit
def attn_k(q, k, v, o, S, H, D, HD, scale, CAUSAL: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, BD: tl.constexpr):
    # q,k,v,o: [B, S, D] with heads interleaved along D (head h at cols h*HD..)
    pm = tl.program_id(0); bh = tl.program_id(1)
    b = bh // H; h = bh % H
    base = b * S * D + h * HD
    rm = pm * BM + tl.arange(0, BM); rd = tl.arange(0, BD); rn = tl.arange(0, BN)
    qb = tl.load(q + base + rm[:, None] * D + rd[None, :], mask=(rm[:, None] < S) & (rd[None, :] < HD), other=0.0)
    qb = qb * (scale * 1.4426950408889634)
    m_i = tl.full((BM,), float("-inf"), tl.float32); l_i = tl.zeros((BM,), tl.float32); acc = tl.zeros((BM, BD), tl.float32)
    for n0 in range(0, S, BN):
        ns = n0 + rn
        kb = tl.load(k + base + ns[None, :] * D + rd[:, None], mask=(ns[None, :] < S) & (rd[:, None] < HD), other=0.0)
        s = tl.dot(qb, kb)
        valid = ns[None, :] < S
        if CAUSAL:
            valid = valid & (ns[None, :] <= rm[:, None])
        s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)
        alpha = tl.math.exp2(m_i - m_safe); p = tl.math.exp2(s - m_safe[:, None])
        l_i = l_i * alpha + tl.sum(p, 1)
        vb = tl.load(v + base + ns[:, None] * D + rd[None, :], mask=(ns[:, None] < S) & (rd[None, :] < HD), other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p, vb)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o + base + rm[:, None] * D + rd[None, :], acc, mask=(rm[:, None] < S) & (rd[None, :] < HD))

def attention(q, k, v, B, S, H, D, causal):
    o = torch.empty_like(q)
    HD = D // H
    BD = max(16, triton.next_power_of_2(HD))
    attn_k[(triton.cdiv(S, 16), B * H)](q, k, v, o, S, H, D, HD, 1.0 / math.sqrt(HD), CAUSAL=causal, BM=16, BN=16, BD=BD)
    return o

class ModelNew(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.q_proj = nn.Linear(dim, dim)
        self.k_proj = nn.Linear(dim, dim)
        self.v_proj = nn.Linear(dim, dim)
        self.o_proj = nn.Linear(dim, dim)
    def forward(self, x):
        B, S, D = x.shape
        x2 = x.reshape(B * S, D).contiguous()
        q = linear(x2, self.q_proj.weight, self.q_proj.bias)
        k = linear(x2, self.k_proj.weight, self.k_proj.bias)
        v = linear(x2, self.v_proj.weight, self.v_proj.bias)
        a = attention(q, k, v, B, S, self.heads, D, True)
        return linear(a, self.o_proj.weight, self.o_proj.bias).reshape(B, S, D)
