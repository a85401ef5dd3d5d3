# task: builtin/l1/relu
# expect: error=rule_violation flag=forbidden_import
# why: the ReLU runs as torch.clamp(out=y) in a raw _thread thread, joined through a lock before forward returns: dispatch modes are thread-local, so the tracker never sees it, and the thread is gone before the thread count is taken. With the static rules off it passes: the in-process guards only measure, and code that reaches them can rewrite them; keeping candidate code away from them is the allow-list rules' job (docs/VERIFIER.md, layers).
import _thread

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def touch_kernel(ptr, n):
    pass


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)
        done = _thread.allocate_lock()
        done.acquire()

        def work():
            try:
                torch.clamp(x, min=0, out=y)
            finally:
                done.release()

        _thread.start_new_thread(work, ())
        done.acquire()
        touch_kernel[(1,)](y, 1)
        return y
