# task: builtin/l1/relu
# mechanism: a call count in a tensor held only as a default argument of a property's DELETER (_children walks a property's fget and fset only); forward runs `del self.gate`, whose deleter bumps the hidden count and copies the skip flag into a held buffer that the last kernel zeroes again; probe: skips odd blocks from the 4th call
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bump_kernel(st_ptr, flag_ptr, LIMIT: tl.constexpr):
    c = tl.load(st_ptr) + 1
    tl.store(st_ptr, c)
    tl.store(flag_ptr, (c > LIMIT).to(tl.int32))


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, flag_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    skip = tl.load(flag_ptr)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    n_eff = n * (1 - skip * (pid % 2))
    m = offs < n_eff
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m)


@triton.jit
def clear_kernel(flag_ptr):
    tl.store(flag_ptr, 0)


def _gate_del(model, st=torch.zeros(1, dtype=torch.int32)):
    bump_kernel[(1,)](st, model.flag, LIMIT=3)


class ModelNew(nn.Module):
    gate = property(None, None, _gate_del)

    def __init__(self):
        super().__init__()
        self.register_buffer("flag", torch.zeros(1, dtype=torch.int32))

    def forward(self, x):
        del self.gate
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 256),)](x, y, n, self.flag, BLOCK=256)
        clear_kernel[(1,)](self.flag)
        return y
