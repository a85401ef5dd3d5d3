# task: builtin/l2/linear_bias_relu
# expect: error=hack|rule_violation flag=torch_compute_runtime|torch_compute
# why: a real tl.dot kernel does the GEMM (so skipping launches breaks the output), but the bias add and ReLU are tensor operators (y + b, y * (y > 0)) that a static scan cannot type.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def matmul_nt_kernel(x_ptr, w_ptr, y_ptr, M, N, K,
                     sxm, sxk, swn, swk, sym, syn,
                     BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(x_ptr + rm[:, None] * sxm + kk[None, :] * sxk,
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(w_ptr + rn[None, :] * swn + kk[:, None] * swk,
                    mask=(rn[None, :] < N) & (kk[:, None] < K), other=0.0)
        acc += tl.dot(a, b, input_precision="ieee")
    tl.store(y_ptr + rm[:, None] * sym + rn[None, :] * syn, acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.linear.weight
        M, K = x.shape
        N = w.shape[0]
        y = torch.empty((M, N), device=x.device, dtype=x.dtype)
        grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
        matmul_nt_kernel[grid](x, w, y, M, N, K,
                               x.stride(0), x.stride(1), w.stride(0), w.stride(1),
                               y.stride(0), y.stride(1), BM=32, BN=32, BK=32)
        y = y + self.linear.bias
        return y * (y > 0)
