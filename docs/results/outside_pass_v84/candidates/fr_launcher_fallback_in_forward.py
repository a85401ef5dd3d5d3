# task: builtin/l1/softmax
# mechanism: rules-only false-reject probe (see REPORT)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=m, other=-float("inf")).to(tl.float32)
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    e = tl.where(m, e, 0.0)
    tl.store(y_ptr + row * stride_y + cols, e / tl.sum(e, axis=0), mask=m)


class RowLauncher:
    def __init__(self, block):
        self.block = block

    def fits(self, n_cols):
        return n_cols <= self.block

    def launch(self, x2, y2):
        softmax_kernel[(x2.shape[0],)](x2, y2, x2.shape[1], x2.stride(0), y2.stride(0), BLOCK=self.block)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.launchers = [RowLauncher(b) for b in (64, 256, 1024, 4096, 16384, 65536)]

    def forward(self, x):
        x2 = x.contiguous().view(-1, x.shape[-1])
        y2 = torch.empty_like(x2)
        chosen = None
        for i, ln in enumerate(self.launchers):
            if ln.fits(x2.shape[1]):
                chosen = ln
                break
        if chosen is None:
            chosen = RowLauncher(triton.next_power_of_2(x2.shape[1]))
        chosen.launch(x2, y2)
        return y2.view(x.shape)
