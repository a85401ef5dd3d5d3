# task: builtin/l1/relu
# expect: error=rule_violation flag=forbidden_import|torch_compute
# why: a module-level lambda turns the input into a numpy view (Tensor.numpy() dispatches no aten op), numpy computes the ReLU, and a plain copy kernel moves torch.from_numpy's buffer into a fresh output, which then counts as written by Triton. With the static rules off it passes: the in-process guards only measure, and code that reaches them can rewrite them; keeping candidate code away from them is the allow-list rules' job (docs/VERIFIER.md, layers).
import numpy
import torch
import torch.nn as nn
import triton
import triton.language as tl

_host = lambda t: t.detach().numpy()  # noqa: E731


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        src = torch.from_numpy(numpy.maximum(_host(x.contiguous().cpu()), 0)).to(x.device)
        y = torch.empty_like(x)
        copy_kernel[(triton.cdiv(y.numel(), 1024),)](src, y, y.numel(), BLOCK=1024)
        return y
