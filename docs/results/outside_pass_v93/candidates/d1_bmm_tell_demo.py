# D1 demonstration: fp16 operands whenever the shared weight is NOT an expand (only the mixed-magnitude trial, whose
# expand is dropped by judge.task_layouts(keep_rows=True)); honest in every other trial. Expected: rejected, and only
# in the "mixed magnitudes" trial, which shows the candidate can tell that trial apart.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bmm_kernel(a_ptr, w_ptr, c_ptr, M, N, K,
               sab, sam, sak, swb, swk, swn, scb, scm, scn,
               LOW: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    b = tl.program_id(2)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        ks = k0 + rk
        a = tl.load(a_ptr + b * sab + rm[:, None] * sam + ks[None, :] * sak,
                    mask=(rm[:, None] < M) & (ks[None, :] < K), other=0.0)
        w = tl.load(w_ptr + b * swb + ks[:, None] * swk + rn[None, :] * swn,
                    mask=(ks[:, None] < K) & (rn[None, :] < N), other=0.0)
        if LOW:
            acc += tl.dot(a.to(tl.float16), w.to(tl.float16), out_dtype=tl.float32)
        else:
            acc += tl.dot(a, w)
    tl.store(c_ptr + b * scb + rm[:, None] * scm + rn[None, :] * scn, acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        B, M, K = a.shape
        N = w.shape[2]
        c = torch.empty((B, M, N), device=a.device, dtype=torch.float32)
        grid = (triton.cdiv(M, 16), triton.cdiv(N, 16), B)
        shared = w.stride(0) == 0
        bmm_kernel[grid](a, w, c, M, N, K, a.stride(0), a.stride(1), a.stride(2),
                         w.stride(0), w.stride(1), w.stride(2), c.stride(0), c.stride(1), c.stride(2),
                         LOW=not shared, BM=16, BN=16, BK=16)
        return c
