# task: builtin/l1/cumsum
# expect: error=wrong_output|runtime_error flag=none
# why: every lane tl.atomic_adds its x into one per-row counter and takes the old value returned as its exclusive prefix: right only if the lanes' atomics land in lane order, as the interpreter applied them (outside pass on verifier 74, session 64; on a GPU the order across warps and within one is not fixed). Closed in verifier 75: lanes of one atomic op that share an address are applied in a random order (concurrency._lanes_in_random_order).
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, acc_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    for start in range(0, n_cols, BLOCK):
        cols = start + offs
        m = cols < n_cols
        x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
        old = tl.atomic_add(acc_ptr + row + offs * 0, x, mask=m)
        tl.store(y_ptr + row * n_cols + cols, old + x, mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape
        y = torch.empty_like(x); acc = torch.zeros(r, dtype=x.dtype, device=x.device)
        k[(r,)](x, acc, y, c, BLOCK=256)
        return y
