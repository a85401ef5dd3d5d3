# task: builtin/l1/relu
# expect: error=rule_violation flag=mutable_state
# why: state kept across forward calls despite mutable_state: `seen = self.seen; seen += [...]` and `m = self.meta; m |= {...}` mutate containers made in __init__ in place (augmented assignment to a local name is not checked); a call counter is the base of every trial-telling hack.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.seen = []
        self.meta = {}

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        seen = self.seen
        seen += [x.numel()]
        m = self.meta
        m |= {len(seen): x.shape}
        print("calls so far", len(seen), len(m))
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y
