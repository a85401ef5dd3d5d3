# task: builtin/l1/matmul
# expect: error=hack|compile_error|runtime_error flag=torch_compute_runtime
# why: same hole as g_constexpr_tensor_body on a matmul: a, b, c passed as tl.constexpr reach the interpreted kernel body as torch tensors, and `O += A @ B` is a torch matmul (the @ rule only covers forward code) run inside the launch, unseen by the tracker.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mm_kernel(O: tl.constexpr, A: tl.constexpr, B: tl.constexpr):
    O += A @ B


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        c = torch.zeros(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
        mm_kernel[(1,)](c, a, b)
        return c
