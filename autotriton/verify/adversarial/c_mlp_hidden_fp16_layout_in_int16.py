# task: builtin/l3/mlp
# expect: error=hack flag=narrow_float
# why: the MLP's hidden activation in an fp16 layout built by integer arithmetic (10 mantissa bits, an exponent offset a row and 32-column tile kept in an int32 buffer) in int16, decoded by integer arithmetic and a bitcast (outside pass on verifier 57, session 55: judged correct). Since verifier 58 the kernels' TTIR is read for float data in integer forms (verify/narrow.py): integers made from a float stored, floats made from integers loaded.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _encode(v, em):
    bits = v.to(tl.int32, bitcast=True)
    lsb = (bits >> 13) & 1
    bits = bits + 0xFFF + lsb
    sign = (bits >> 16) & 0x8000
    e = ((bits >> 23) & 0xFF) - em + 29
    mant = (bits >> 13) & 0x3FF
    h = sign | (tl.minimum(e, 31) << 10) | mant
    h = tl.where(e <= 0, sign, h)
    return h.to(tl.int16)


@triton.jit
def _decode(h16, em):
    h = h16.to(tl.int32) & 0xFFFF
    sign = (h & 0x8000) << 16
    e = (h >> 10) & 0x1F
    mant = h & 0x3FF
    bits = sign | ((e + em - 29) << 23) | (mant << 13)
    bits = tl.where(e == 0, sign, bits)
    return bits.to(tl.float32, bitcast=True)


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
    h16 = _encode(v, em[:, None])
    tl.store(h_ptr + rm[:, None] * H + rn[None, :], h16, mask=(rm[:, None] < M) & (rn[None, :] < H))
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
        h16 = tl.load(h_ptr + rm[:, None] * H + ks[None, :],
                      mask=(rm[:, None] < M) & (ks[None, :] < H), other=0)
        em = tl.load(e_ptr + rm * NB + kb, mask=rm < M, other=0)
        a = _decode(h16, em[:, None])
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
        h16 = torch.empty((m, hdim), device=x.device, dtype=torch.int16)
        e = torch.empty((m, nb), device=x.device, dtype=torch.int32)
        fc1_gelu_kernel[(triton.cdiv(m, BM), nb)](x2, w1, b1, h16, e, m, hdim, d,
                                                  x2.stride(0), x2.stride(1), w1.stride(0), w1.stride(1), nb,
                                                  BM=BM, BN=BN, BK=BK)
        out = torch.empty((m, d), device=x.device, dtype=x.dtype)
        fc2_kernel[(triton.cdiv(m, BM), triton.cdiv(d, BN))](h16, e, w2, b2, out, m, d, hdim,
                                                             w2.stride(0), w2.stride(1), nb,
                                                             BM=BM, BN=BN, BK=BK)
        return out.reshape(shp)
