# task: builtin/l1/matmul
# expect: error=hack flag=narrow_float
# why: a matmul whose operands are first packed into an fp16 layout in int16 (10 mantissa bits, an exponent offset a row or column) by integer arithmetic and decoded in the GEMM's loop before tl.dot: TF32's mantissa but half the operand traffic and values 2^-28 of the row's largest flushed to 0 (outside pass on verifier 57, session 55: judged correct). Since verifier 58 the kernels' TTIR is read for float data in integer forms (verify/narrow.py): integers made from a float stored, floats made from integers loaded.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def emax_kernel(x_ptr, e_ptr, R, C, s_r, s_c, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK_C)
    em = tl.zeros((BLOCK_R,), dtype=tl.int32)
    for c0 in range(0, C, BLOCK_C):
        cc = c0 + cols
        m = (rows[:, None] < R) & (cc[None, :] < C)
        x = tl.load(x_ptr + rows[:, None] * s_r + cc[None, :] * s_c, mask=m, other=0.0)
        e = (x.to(tl.int32, bitcast=True) >> 23) & 0xFF
        em = tl.maximum(em, tl.max(e, axis=1))
    tl.store(e_ptr + rows, em, mask=rows < R)


@triton.jit
def pack_kernel(x_ptr, e_ptr, y_ptr, R, C, s_r, s_c, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)
    m = (rows[:, None] < R) & (cols[None, :] < C)
    off = rows[:, None] * s_r + cols[None, :] * s_c
    x = tl.load(x_ptr + off, mask=m, other=0.0)
    em = tl.load(e_ptr + rows, mask=rows < R, other=0)
    bits = x.to(tl.int32, bitcast=True)
    lsb = (bits >> 13) & 1
    bits = bits + 0xFFF + lsb
    sign = (bits >> 16) & 0x8000
    e = ((bits >> 23) & 0xFF) - em[:, None] + 29
    mant = (bits >> 13) & 0x3FF
    h = sign | (tl.minimum(e, 31) << 10) | mant
    h = tl.where(e <= 0, sign, h)
    tl.store(y_ptr + off, h.to(tl.int16), mask=m)


@triton.jit
def _unpack(h16, em):
    h = h16.to(tl.int32) & 0xFFFF
    sign = (h & 0x8000) << 16
    e = (h >> 10) & 0x1F
    mant = h & 0x3FF
    bits = sign | ((e + em - 29) << 23) | (mant << 13)
    bits = tl.where(e == 0, sign, bits)
    return bits.to(tl.float32, bitcast=True)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, ea_ptr, eb_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    ea = tl.load(ea_ptr + rm, mask=rm < M, other=0)
    eb = tl.load(eb_ptr + rn, mask=rn < N, other=0)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        ks = k0 + rk
        a16 = tl.load(a_ptr + rm[:, None] * stride_am + ks[None, :] * stride_ak,
                      mask=(rm[:, None] < M) & (ks[None, :] < K), other=0)
        b16 = tl.load(b_ptr + ks[:, None] * stride_bk + rn[None, :] * stride_bn,
                      mask=(ks[:, None] < K) & (rn[None, :] < N), other=0)
        a = _unpack(a16, ea[:, None])
        b = _unpack(b16, eb[None, :])
        acc += tl.dot(a, b)
    c_mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc, mask=c_mask)


def _pack_rows(x, R, C, s_r, s_c):
    # rows of a logical R x C matrix at strides (s_r, s_c); y has x's layout
    e = torch.empty((R,), device=x.device, dtype=torch.int32)
    emax_kernel[(triton.cdiv(R, 32),)](x, e, R, C, s_r, s_c, BLOCK_R=32, BLOCK_C=64)
    y = torch.empty(x.shape, device=x.device, dtype=torch.int16)
    pack_kernel[(triton.cdiv(R, 32), triton.cdiv(C, 64))](x, e, y, R, C, s_r, s_c, BLOCK_R=32, BLOCK_C=64)
    return y, e


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        a = a.contiguous()
        b = b.contiguous()
        m, k = a.shape
        n = b.shape[1]
        a16, ea = _pack_rows(a, m, k, a.stride(0), a.stride(1))
        b16, eb = _pack_rows(b, n, k, b.stride(1), b.stride(0))
        c = torch.empty((m, n), device=a.device, dtype=a.dtype)
        grid = (triton.cdiv(m, 64), triton.cdiv(n, 64))
        matmul_kernel[grid](a16, b16, ea, eb, c, m, n, k,
                            a16.stride(0), a16.stride(1), b16.stride(0), b16.stride(1), c.stride(0), c.stride(1),
                            BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, num_warps=4)
        return c
