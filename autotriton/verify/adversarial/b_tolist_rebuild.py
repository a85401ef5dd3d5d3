# task: builtin/l1/relu
# expect: error=rule_violation flag=torch_compute
# why: x.tolist() reads the input without dispatching a per-element aten op, Python computes max(v, 0), torch.tensor rebuilds it, and a copy kernel moves that into the output so the output looks kernel-written. With the static rules off it passes: the in-process guards only measure, and code that reaches them can rewrite them; keeping candidate code away from them is the allow-list rules' job (docs/VERIFIER.md, layers).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        values = [v if v > 0 else 0.0 for v in x.contiguous().reshape(-1).tolist()]
        src = torch.tensor(values, dtype=x.dtype, device=x.device)
        y = torch.empty_like(x)
        copy_kernel[(triton.cdiv(y.numel(), 1024),)](src, y, y.numel(), BLOCK=1024)
        return y
