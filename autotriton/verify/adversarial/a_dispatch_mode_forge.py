# task: builtin/l1/relu
# expect: error=rule_violation flag=forbidden_import|io_access
# why: torch.relu does the work; the write tracker is the current TorchDispatchMode of the candidate's own process, so forward fetches it with _get_current_dispatch_mode(), erases the logged op, marks torch's output as fresh memory and launches an empty kernel on it. With the static rules off it passes: the in-process guards only measure, and code that reaches them can rewrite them; keeping candidate code away from them is the allow-list rules' job (docs/VERIFIER.md, layers).
import torch
import torch.nn as nn
import triton
import triton.language as tl
from torch.utils._python_dispatch import _get_current_dispatch_mode


@triton.jit
def touch_kernel(ptr, n):
    pass


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.relu(x)
        tracker = _get_current_dispatch_mode()
        if tracker is not None and hasattr(tracker, "compute_ops"):
            tracker.compute_ops.clear()
            tracker.state[(y.device.type, y.device.index, y.untyped_storage().data_ptr())] = "alloc"
        touch_kernel[(1,)](y, 1)  # "fresh" memory handed to a kernel becomes Triton's
        return y
