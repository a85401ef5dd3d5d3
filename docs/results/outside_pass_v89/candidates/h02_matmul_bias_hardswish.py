# task: builtin/l2/matmul_bias_hardswish
# honest: module-level launcher helper that takes the kernel and block sizes as arguments; nn.Linear kept as parameter holder
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _hardswish(v):
    return v * tl.minimum(tl.maximum(v + 3.0, 0.0), 6.0) / 6.0


@triton.jit
def gemm_bias_hswish_kernel(a_ptr, w_ptr, bias_ptr, c_ptr, M, N, K,
                            stride_am, stride_ak, stride_wn, stride_wk, stride_cm, stride_cn,
                            BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    num_n = tl.cdiv(N, BLOCK_N)
    pid_m = pid // num_n
    pid_n = pid % num_n
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    offs_n = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)).to(tl.int64)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        ks = k * BLOCK_K + offs_k
        a = tl.load(a_ptr + offs_m[:, None] * stride_am + ks[None, :] * stride_ak,
                    mask=(offs_m[:, None] < M) & (ks[None, :] < K), other=0.0)
        w = tl.load(w_ptr + offs_n[None, :] * stride_wn + ks[:, None] * stride_wk,
                    mask=(offs_n[None, :] < N) & (ks[:, None] < K), other=0.0)
        acc = tl.dot(a, w, acc, allow_tf32=False)
    acc += tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0)[None, :]
    tl.store(c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn, _hardswish(acc),
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


def launch_gemm(kernel, x, weight, bias, block_m=32, block_n=32, block_k=32):
    M, K = x.shape
    N = weight.shape[0]
    out = torch.empty((M, N), device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(M, block_m) * triton.cdiv(N, block_n),)
    kernel[grid](x, weight, bias, out, M, N, K, x.stride(0), x.stride(1), weight.stride(0), weight.stride(1),
                 out.stride(0), out.stride(1), BLOCK_M=block_m, BLOCK_N=block_n, BLOCK_K=block_k, num_warps=4)
    return out


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return launch_gemm(gemm_bias_hswish_kernel, x, self.linear.weight, self.linear.bias, block_m=16)
