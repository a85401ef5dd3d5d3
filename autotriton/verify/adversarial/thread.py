# task: builtin/l1/relu
# expect: error=rule_violation flag=forbidden_import
# why: the kernel is launched from a worker thread, a pattern used to move work off the timed stream/thread (and to escape a launch hook installed on the main thread).
import threading

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


def _work(x, y, n):
    relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        t = threading.Thread(target=_work, args=(x, y, x.numel()))
        t.start()
        t.join()
        return y
