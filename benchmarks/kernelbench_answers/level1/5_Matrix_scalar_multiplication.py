import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_matrix_kernel(a_ptr, c_ptr, s, M, N,
                        stride_am, stride_an, stride_cm, stride_cn,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # C = A * s over a 2-D grid of (BLOCK_M, BLOCK_N) tiles; strides are honoured
    # so a non-contiguous A works too. Row offsets are 64-bit for large matrices.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m < M)[:, None] & (offs_n < N)[None, :]
    rows = offs_m.to(tl.int64)[:, None]
    a = tl.load(a_ptr + rows * stride_am + offs_n[None, :] * stride_an, mask=mask, other=0.0)
    c = a.to(tl.float32) * s
    tl.store(c_ptr + rows * stride_cm + offs_n[None, :] * stride_cn,
             c.to(c_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A: torch.Tensor, s: float) -> torch.Tensor:
        M, N = A.shape
        C = torch.empty((M, N), device=A.device, dtype=A.dtype)
        block_n = min(1024, max(16, triton.next_power_of_2(N)))
        block_m = max(1, 4096 // block_n)
        grid = (triton.cdiv(M, block_m), triton.cdiv(N, block_n))
        scale_matrix_kernel[grid](
            A, C, s, M, N,
            A.stride(0), A.stride(1), C.stride(0), C.stride(1),
            BLOCK_M=block_m, BLOCK_N=block_n, num_warps=8,
        )
        return C
