HEAD = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.where(x > 0, x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
{pre}        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(1,)](x, y, n, BLOCK=triton.next_power_of_2(n))
        return y
'''
V = {"p_oneblock": "", "p_oneblock_to_cpu": "        x = x.to(\"cpu\")\n", "p_oneblock_to_cpu_dev": "        x = x.to(torch.device(\"cpu\"))\n"}
for k, pre in V.items():
    open(f"cands/{k}.py", "w").write(HEAD.replace("{pre}", pre))
