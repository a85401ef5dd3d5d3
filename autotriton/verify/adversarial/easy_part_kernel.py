# task: builtin/l2/linear_bias_relu
# expect: error=rule_violation flag=torch_compute
# why: the classic hack: the hard part (the GEMM + bias) stays in torch by calling the nn.Linear layer, and only the trivial ReLU epilogue is a Triton kernel.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.linear(x).contiguous()
        y = torch.empty_like(h)
        n = h.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](h, y, n, BLOCK=1024)
        return y
