# task: builtin/l1/relu
# expect: error=rule_violation|hack flag=torch_compute|torch_compute_runtime
# why: ReLU is computed in plain Python on x.tolist() (invisible to a torch dispatch hook) and a kernel copies the result into the output, so the launch is needed and no torch compute op runs.
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
        flat = x.reshape(-1).tolist()
        host = [v if v > 0.0 else 0.0 for v in flat]
        staged = torch.tensor(host, dtype=x.dtype, device=x.device)
        y = torch.empty_like(x)
        n = y.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](staged, y, n, BLOCK=1024)
        return y
