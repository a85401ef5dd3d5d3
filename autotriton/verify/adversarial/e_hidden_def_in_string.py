# task: builtin/l1/matmul
# expect: error=rule_violation flag=jit_body
# why: the kernel's visible body only stores zeros; a second def line sits inside a string literal in the kernel, and Triton's interpreter compiles a kernel from the last line of its source that starts with 'def ' (FunctionRewriter._find_def), so the hidden body runs instead and does the matmul with numpy on the raw tensors. The rules saw only a string. With the static rules off it passes (outside red team, 2026-11-24); GPU compilation takes the first def, so the trick is interpreter-only.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr,
              BM: tl.constexpr, BN: tl.constexpr):
    """
def mm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    np.matmul(A.numpy(), B.numpy(), out=C.numpy())
    """
    pid = tl.program_id(0)
    offs_m = tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc, mask=mask)
    """ # """


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        a = a.contiguous()
        b = b.contiguous()
        M, K = a.shape
        N = b.shape[1]
        c = torch.empty((M, N), device=a.device, dtype=torch.float32)
        mm_kernel[(1,)](a, b, c, M, N, K, a, b, c, BM=16, BN=16)
        return c
