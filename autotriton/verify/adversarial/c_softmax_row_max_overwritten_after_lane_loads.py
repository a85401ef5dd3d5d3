# task: builtin/l1/softmax
# expect: error=runtime_error|wrong_output flag=none
# why: a first launch keeps each row's max in scratch; the second has every lane load that cell, then overwrites it with a scalar store of a junk value before any barrier or reduction. sm_90 stores a scalar from thread 0 alone, so a warp running behind loads the junk (outside pass on verifier 74, r19: a scalar store was never checked against earlier loads). Closed in verifier 76: a scalar store is checked against the other lanes' loads since the program's last reduction or scan (the same read by a scalar load stays open: a lock-protected scalar read-modify-write, honest, is the same at the interpreter's level).
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where a warp loads after thread 0's store lands
import torch, torch.nn as nn, triton, triton.language as tl


@triton.jit
def row_max(x_ptr, m_ptr, n, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + r * n + cols, mask=cols < n, other=-float("inf"))
    tl.store(m_ptr + r, tl.max(x, axis=0))


@triton.jit
def normalise(x_ptr, m_ptr, y_ptr, n, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    keep = cols < n
    x = tl.load(x_ptr + r * n + cols, mask=keep, other=-float("inf"))
    top = tl.load(m_ptr + r + cols * 0)
    tl.store(m_ptr + r, -3.0e38)
    e = tl.where(keep, tl.exp(x - top), 0.0)
    tl.store(y_ptr + r * n + cols, e / tl.sum(e, axis=0), mask=keep)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        rows, n = x.shape
        y = torch.empty_like(x)
        m = torch.empty(rows, device=x.device, dtype=x.dtype)
        block = triton.next_power_of_2(n)
        row_max[(rows,)](x, m, n, BLOCK=block)
        normalise[(rows,)](x, m, y, n, BLOCK=block)
        return y
