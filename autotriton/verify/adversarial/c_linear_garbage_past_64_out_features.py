# task: builtin/l2/linear_bias_relu
# expect: error=wrong_output flag=none
# why: an exact Linear + bias + ReLU while out_features is 64 or less, and every other K term dropped (the rest doubled) past that: the CPU random sizes grew only the sizes that reach an input (batch, in_features), never a Linear's out_features, which reaches only its weight, so every CPU trial had 29-32 output columns (outside red team, session 41, against verifier 37: judged correct, 90% of the signal wrong at 100 and 256 columns). Closed in verifier 38: a size that moves a parameter's element count grows too, with a long-dim trial at its full value.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _kern(x_ptr, w_ptr, b_ptr, y_ptr, M, N, K,
          sxm, sxk, swn, swk, sym, syn,
          BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, SLOPPY: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BM + tl.arange(0, BM)
    offs_n = pid_n * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    mm = offs_m < M
    mn = offs_n < N
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        kk = offs_k + k0
        kok = kk < K
        a = tl.load(x_ptr + offs_m[:, None] * sxm + kk[None, :] * sxk, mask=mm[:, None] & kok[None, :], other=0.0)
        b = tl.load(w_ptr + offs_n[None, :] * swn + kk[:, None] * swk, mask=kok[:, None] & mn[None, :], other=0.0)
        if SLOPPY:
            a = tl.where((kk % 2 == 0)[None, :], a * 2.0, 0.0)
        acc = tl.dot(a, b, acc)
    bias = tl.load(b_ptr + offs_n, mask=mn, other=0.0)
    acc = tl.maximum(acc + bias[None, :], 0.0)
    tl.store(y_ptr + offs_m[:, None] * sym + offs_n[None, :] * syn, acc, mask=mm[:, None] & mn[None, :])


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        w = self.linear.weight
        M, K = x.shape
        N = w.shape[0]
        y = torch.empty((M, N), device=x.device, dtype=x.dtype)
        BM, BN, BK = 16, 32, 16
        grid = (triton.cdiv(M, BM), triton.cdiv(N, BN))
        _kern[grid](x, w, self.linear.bias, y, M, N, K,
                    x.stride(0), x.stride(1), w.stride(0), w.stride(1), y.stride(0), y.stride(1),
                    BM=BM, BN=BN, BK=BK, SLOPPY=(N > 64))
        return y
