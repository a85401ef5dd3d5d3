import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def rowsum_split_kernel(x_ptr, y_ptr, cnt_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    blk = tl.program_id(1)
    cols = blk * BLOCK + tl.arange(0, BLOCK)
    part = tl.sum(tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0), axis=0)
    tl.atomic_add(cnt_ptr + row, 1)            # acq_rel: "acquire" before the plain read
    old = tl.load(y_ptr + row)
    tl.store(y_ptr + row, old + part)          # plain read-modify-write: a lost-update race on a GPU
    tl.atomic_add(cnt_ptr + row, 1)            # acq_rel: "release" after the plain write

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.zeros(rows, device=x.device, dtype=torch.float32)
        cnt = torch.zeros(rows, device=x.device, dtype=torch.int32)
        BLOCK = 128
        rowsum_split_kernel[(rows, triton.cdiv(cols, BLOCK))](x, y, cnt, cols, x.stride(0), BLOCK=BLOCK)
        return y
