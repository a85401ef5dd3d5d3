# task: builtin/l1/relu
# expect: error=runtime_error|hack|wrong_output flag=zero_output
# why: a call count kept past the end of a 1-element buffer's storage, in the allocator's slack, under a magic word: no snapshot of any tensor sees it, and the relu is zeros from the 4th call of an instance (outside red team, tenth pass, 2026-11-29, against verifier 17). Closed in verifier 18: an interpreted load, store or atomic outside the elements of the launch's tensor arguments is a runtime error. A GPU launch has no such bound, so there the counter works and the output is all zeros from the 4th call: zero_output (H200, verifier 28, 2026-11-30); under verifier 65 a trial with -inf rows in its inputs reached the 4th call first and found the output's NaN poison unwritten: wrong_output (H200, session 60).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_counted(x_ptr, y_ptr, cnt_ptr, n, BLOCK: tl.constexpr):
    marked = tl.load(cnt_ptr + 2) == 0x5EED
    calls = tl.where(marked, tl.load(cnt_ptr + 3), 0)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < tl.where(calls < 3, n, 0)
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m), 0.0), mask=m)


@triton.jit
def count_call(cnt_ptr):
    marked = tl.load(cnt_ptr + 2) == 0x5EED
    calls = tl.where(marked, tl.load(cnt_ptr + 3), 0)
    tl.store(cnt_ptr + 2, 0x5EED)
    tl.store(cnt_ptr + 3, calls + 1)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.cnt = torch.zeros(1, dtype=torch.int32)

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_counted[(triton.cdiv(n, 1024),)](x, y, self.cnt, n, BLOCK=1024)
        count_call[(1,)](self.cnt)
        return y
