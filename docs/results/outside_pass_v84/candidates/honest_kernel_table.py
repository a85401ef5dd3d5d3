# task: builtin/l1/sigmoid
# mechanism: honest; kernels kept in a module-level dict keyed by dtype kind, picked at run time and launched from a helper nn.Module's own method, the table held as self.table
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sigmoid_f32(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, 1.0 / (1.0 + tl.exp(-x)), mask=m)


@triton.jit
def sigmoid_lowp(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    tl.store(y_ptr + offs, (1.0 / (1.0 + tl.exp(-x))).to(y_ptr.dtype.element_ty), mask=m)


KERNELS = {"f32": sigmoid_f32, "lowp": sigmoid_lowp}


class Elementwise(nn.Module):
    def __init__(self, block):
        super().__init__()
        self.table = {"f32": sigmoid_f32, "lowp": sigmoid_lowp}
        self.block = block

    def launch(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        key = "f32" if x.dtype == torch.float32 else "lowp"
        self.table[key][(triton.cdiv(n, self.block),)](x, y, n, BLOCK=self.block)
        return y


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.op = Elementwise(512)

    def forward(self, x):
        return self.op.launch(x)
