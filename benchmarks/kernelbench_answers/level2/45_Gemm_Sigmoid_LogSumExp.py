import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def tile_coords(M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, GROUP_M: tl.constexpr):
    # Grouped tile order: GROUP_M row-tiles walk the column-tiles together (W stays in L2).
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * tiles_n
    first_m = (pid // per_group) * GROUP_M
    rows_here = tl.minimum(tiles_m - first_m, GROUP_M)
    tile_m = first_m + (pid % per_group) % rows_here
    tile_n = (pid % per_group) // rows_here
    return tile_m, tile_n


@triton.jit
def linear_tile(x_ptr, w_ptr, offs_m, offs_n, m_ok, n_ok, K, stride_xm, stride_xk, stride_wn, stride_wk,
                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # (BLOCK_M, BLOCK_N) tile of x @ W^T, fp32 accumulation; W is (N, K).
    offs_k = tl.arange(0, BLOCK_K)
    x_ptrs = x_ptr + offs_m[:, None] * stride_xm + offs_k[None, :] * stride_xk
    w_ptrs = w_ptr + offs_k[:, None] * stride_wk + offs_n[None, :] * stride_wn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        k_ok = (k0 + offs_k) < K
        a = tl.load(x_ptrs, mask=m_ok[:, None] & k_ok[None, :], other=0.0)
        b = tl.load(w_ptrs, mask=k_ok[:, None] & n_ok[None, :], other=0.0)
        acc = tl.dot(a, b, acc)
        x_ptrs += BLOCK_K * stride_xk
        w_ptrs += BLOCK_K * stride_wk
    return acc


@triton.jit
def linear_sigmoid_kernel(x_ptr, w_ptr, b_ptr, h_ptr, M, N, K,
                          stride_xm, stride_xk, stride_wn, stride_wk, stride_hm, stride_hn,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                          GROUP_M: tl.constexpr):
    # h = sigmoid(x @ W1^T + b1)
    tile_m, tile_n = tile_coords(M, N, BLOCK_M, BLOCK_N, GROUP_M)
    offs_m = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    m_ok = offs_m < M
    n_ok = offs_n < N
    acc = linear_tile(x_ptr, w_ptr, offs_m, offs_n, m_ok, n_ok, K, stride_xm, stride_xk,
                      stride_wn, stride_wk, BLOCK_M, BLOCK_N, BLOCK_K)
    bias = tl.load(b_ptr + offs_n, mask=n_ok, other=0.0).to(tl.float32)
    h = tl.sigmoid(acc + bias[None, :])
    tl.store(h_ptr + offs_m[:, None] * stride_hm + offs_n[None, :] * stride_hn,
             h.to(h_ptr.dtype.element_ty), mask=m_ok[:, None] & n_ok[None, :])


@triton.jit
def linear_partial_lse_kernel(h_ptr, w_ptr, b_ptr, pmax_ptr, psum_ptr, M, N, K,
                              stride_hm, stride_hk, stride_wn, stride_wk, stride_pp,
                              BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                              GROUP_M: tl.constexpr):
    # For its BLOCK_N columns of z = h @ W2^T + b2, each tile writes the row max and
    # sum(exp(z - max)) to pmax/psum[tile_n, row]; the GEMM output never reaches memory.
    tile_m, tile_n = tile_coords(M, N, BLOCK_M, BLOCK_N, GROUP_M)
    offs_m = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    m_ok = offs_m < M
    n_ok = offs_n < N
    acc = linear_tile(h_ptr, w_ptr, offs_m, offs_n, m_ok, n_ok, K, stride_hm, stride_hk,
                      stride_wn, stride_wk, BLOCK_M, BLOCK_N, BLOCK_K)
    bias = tl.load(b_ptr + offs_n, mask=n_ok, other=0.0).to(tl.float32)
    z = tl.where(n_ok[None, :], acc + bias[None, :], float("-inf"))
    row_max = tl.max(z, axis=1)  # every tile holds >= 1 real column: finite
    row_sum = tl.sum(tl.exp(z - row_max[:, None]), axis=1)
    tl.store(pmax_ptr + tile_n * stride_pp + offs_m, row_max, mask=m_ok)
    tl.store(psum_ptr + tile_n * stride_pp + offs_m, row_sum, mask=m_ok)


@triton.jit
def combine_lse_kernel(pmax_ptr, psum_ptr, y_ptr, M, n_parts, stride_pp, stride_ym, BLOCK: tl.constexpr):
    # y[m] = max + log(sum_p psum[p, m] * exp(pmax[p, m] - max))
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    ok = offs < M
    mx = tl.full((BLOCK,), float("-inf"), tl.float32)
    for p in range(0, n_parts):
        mx = tl.maximum(mx, tl.load(pmax_ptr + p * stride_pp + offs, mask=ok, other=0.0))
    total = tl.zeros((BLOCK,), dtype=tl.float32)
    for p in range(0, n_parts):
        pm = tl.load(pmax_ptr + p * stride_pp + offs, mask=ok, other=0.0)
        ps = tl.load(psum_ptr + p * stride_pp + offs, mask=ok, other=0.0)
        total += ps * tl.exp(pm - mx)
    out = mx + tl.log(total)
    tl.store(y_ptr + offs * stride_ym, out.to(y_ptr.dtype.element_ty), mask=ok)


def blocks(M, N, K):
    bm = min(128, max(16, triton.next_power_of_2(M)))
    bn = min(128, max(16, triton.next_power_of_2(N)))
    bk = min(32, max(16, triton.next_power_of_2(K)))
    warps = 8 if bm * bn >= 128 * 128 else 4
    return bm, bn, bk, warps


class ModelNew(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super().__init__()
        self.linear1 = nn.Linear(input_size, hidden_size)
        self.linear2 = nn.Linear(hidden_size, output_size)

    def forward(self, x):
        w1 = self.linear1.weight
        w2 = self.linear2.weight
        M, K = x.shape
        H = w1.shape[0]
        N = w2.shape[0]

        h = torch.empty((M, H), device=x.device, dtype=torch.float32)
        bm, bn, bk, warps = blocks(M, H, K)
        linear_sigmoid_kernel[(triton.cdiv(M, bm) * triton.cdiv(H, bn),)](
            x, w1, self.linear1.bias, h, M, H, K,
            x.stride(0), x.stride(1), w1.stride(0), w1.stride(1), h.stride(0), h.stride(1),
            BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8, num_warps=warps, num_stages=3,
        )

        bm, bn, bk, warps = blocks(M, N, H)
        n_parts = triton.cdiv(N, bn)
        pmax = torch.empty((n_parts, M), device=x.device, dtype=torch.float32)
        psum = torch.empty((n_parts, M), device=x.device, dtype=torch.float32)
        linear_partial_lse_kernel[(triton.cdiv(M, bm) * n_parts,)](
            h, w2, self.linear2.bias, pmax, psum, M, N, H,
            h.stride(0), h.stride(1), w2.stride(0), w2.stride(1), pmax.stride(0),
            BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8, num_warps=warps, num_stages=3,
        )

        y = torch.empty((M,), device=x.device, dtype=x.dtype)
        block = min(1024, max(16, triton.next_power_of_2(M)))
        combine_lse_kernel[(triton.cdiv(M, block),)](
            pmax, psum, y, M, n_parts, pmax.stride(0), y.stride(0), BLOCK=block)
        return y
