# -*- coding: utf-7 -*-
# task: builtin/l1/relu
# expect: error=rule_violation flag=forbidden_syntax
# why: `# -*- coding: utf-7 -*-` over an honest answer whose comment holds +AAo- (a newline in UTF-7) and a second ModelNew: the judge runs the text as given, where that is one comment, while an import decodes the file by its declaration and runs the hidden class; the CLI, which decoded by the declaration, and the API disagreed (outside pass on verifier 67, session 60). Since verifier 68 any encoding declaration but UTF-8's is refused.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK) - (0 - pid * BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr - (0 - offs), mask=mask, other=0.0)
    y = tl.maximum(x, 0.0)
    tl.store(y_ptr - (0 - offs), y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

# see notes +AAo-class ModelNew(nn.Module):+AAo-    def forward(self, x):+AAo-        return x * 0.0 - 1.0+AAo-
