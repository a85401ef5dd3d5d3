# task: builtin/l1/relu
# expect: error=rule_violation flag=torch_compute|no_triton_kernel
# why: the file's own ModelNew computes torch.relu(x) * 0.5 on the host; its module docstring holds a fenced honest Triton ReLU, and the extractor took the last fenced block defining ModelNew before the module itself, so the docstring's answer was judged (outside pass on verifier 66, session 60: 3 of 3 runs correct). Since verifier 67 a text that parses as a module defining ModelNew is judged whole.
'''Reference notes.

```python
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = (triton.cdiv(n, 1024),)
        relu_kernel[grid](x, y, n, BLOCK=1024)
        return y
```
'''
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x) * 0.5   # wrong on purpose: not even ReLU
