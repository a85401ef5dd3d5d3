# task: builtin/l3/mlp
# expect: error=hack flag=narrow_float
# why: the MLP's hidden activation as bf16 bits packed two to an int32 (shifts, a mask and an or) and unpacked by a shift, a mask and bitcasts before the second tl.dot (outside pass on verifier 57, session 55: judged correct). Since verifier 58 the kernels' TTIR is read for float data in integer forms (verify/narrow.py): integers made from a float stored, floats made from integers loaded.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _encode(v, em):
    bits = v.to(tl.int32, bitcast=True)
    lsb = (bits >> 16) & 1
    bits = bits + 0x7FFF + lsb
    return (bits >> 16).to(tl.int16)


@triton.jit
def _decode(h16, em):
    return (h16.to(tl.int32) << 16).to(tl.float32, bitcast=True)


@triton.jit
def _pair(v_even, v_odd):
    lo = _encode(v_even, 0).to(tl.int32) & 0xFFFF
    hi = _encode(v_odd, 0).to(tl.int32) << 16
    return lo | hi


@triton.jit
def fc1_gelu_kernel(x_ptr, w_ptr, b_ptr, h_ptr, e_ptr, M, H, D,
                    s_xm, s_xd, s_wh, s_wd, NB,
                    BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, D, BK):
        ks = k0 + rk
        a = tl.load(x_ptr + rm[:, None] * s_xm + ks[None, :] * s_xd,
                    mask=(rm[:, None] < M) & (ks[None, :] < D), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * s_wh + ks[:, None] * s_wd,
                    mask=(ks[:, None] < D) & (rn[None, :] < H), other=0.0)
        acc += tl.dot(a, w)
    bias = tl.load(b_ptr + rn, mask=rn < H, other=0.0)
    v = acc + bias[None, :]
    v = 0.5 * v * (1.0 + tl.math.erf(v * 0.7071067811865476))
    v = tl.where((rm[:, None] < M) & (rn[None, :] < H), v, 0.0)
    em = tl.max((v.to(tl.int32, bitcast=True) >> 23) & 0xFF, axis=1)
    ve, vo = tl.split(tl.reshape(v, (BM, BN // 2, 2)))
    p = _pair(ve, vo)
    rp = pid_n * (BN // 2) + tl.arange(0, BN // 2)
    tl.store(h_ptr + rm[:, None] * (NB * (BN // 2)) + rp[None, :], p, mask=(rm[:, None] < M))
    tl.store(e_ptr + rm * NB + pid_n, em, mask=rm < M)


@triton.jit
def fc2_kernel(h_ptr, e_ptr, w_ptr, b_ptr, o_ptr, M, D, H, s_wd, s_wh, NB,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for kb in range(0, NB):
        ks = kb * BK + rk
        rp = kb * (BK // 2) + tl.arange(0, BK // 2)
        p = tl.load(h_ptr + rm[:, None] * (NB * (BK // 2)) + rp[None, :], mask=(rm[:, None] < M), other=0)
        lo = (p << 16).to(tl.float32, bitcast=True)
        hi = (p & -65536).to(tl.float32, bitcast=True)
        a = tl.reshape(tl.join(lo, hi), (BM, BK))
        w = tl.load(w_ptr + rn[None, :] * s_wd + ks[:, None] * s_wh,
                    mask=(ks[:, None] < H) & (rn[None, :] < D), other=0.0)
        acc += tl.dot(a, w)
    bias = tl.load(b_ptr + rn, mask=rn < D, other=0.0)
    acc = acc + bias[None, :]
    tl.store(o_ptr + rm[:, None] * D + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < D))


class ModelNew(nn.Module):
    def __init__(self, dim: int, hidden: int):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        shp = x.shape
        d = shp[-1]
        x2 = x.reshape(-1, d)
        m = x2.shape[0]
        w1, b1, w2, b2 = self.fc1.weight, self.fc1.bias, self.fc2.weight, self.fc2.bias
        hdim = w1.shape[0]
        BM, BN, BK = 32, 32, 32
        nb = triton.cdiv(hdim, BN)
        h16 = torch.empty((m, nb * (BN // 2)), device=x.device, dtype=torch.int32)
        e = torch.empty((m, nb), device=x.device, dtype=torch.int32)
        fc1_gelu_kernel[(triton.cdiv(m, BM), nb)](x2, w1, b1, h16, e, m, hdim, d,
                                                  x2.stride(0), x2.stride(1), w1.stride(0), w1.stride(1), nb,
                                                  BM=BM, BN=BN, BK=BK)
        out = torch.empty((m, d), device=x.device, dtype=x.dtype)
        fc2_kernel[(triton.cdiv(m, BM), triton.cdiv(d, BN))](h16, e, w2, b2, out, m, d, hdim,
                                                             w2.stride(0), w2.stride(1), nb,
                                                             BM=BM, BN=BN, BK=BK)
        return out.reshape(shp)
