# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# why: a*a + c with a = 1 + 2^-12 and c = -(1 + 2^-11) is 2^-24 on a GPU (fp fusion makes it one fma) and was 0 interpreted: the ReLU does half its work where it sees 2^-24 (outside red team, session 45); since verifier 42 the interpreter contracts float32 multiply-adds too, so CPU sees the GPU's half.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    z = n_elements.to(tl.float32) * 0.0
    a = z + 1.000244140625          # 1 + 2^-12
    c = z - 1.00048828125           # -(1 + 2^-11)
    r = a * a + c                    # fused: 2^-24, unfused: 0
    lim = tl.where(r != 0.0, n_elements // 2, n_elements)
    mask = offs < lim
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y
