# task: builtin/l1/cumsum
# expect: error=wrong_output flag=none
# why: a scan whose blocks take tickets with atomic_add and read the previous ticket's running total with an atomic read, without waiting for it to be published: a GPU can run the read first and see 0, while the interpreter always finishes ticket t-1 before ticket t starts (outside red team, 2026-11-28).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def atomic_chain_scan_kernel(x_ptr, y_ptr, ticket_ptr, carry_ptr, n_cols, n_blocks, BLOCK: tl.constexpr):
    # Dynamic block index from an atomic ticket; the running total is handed from ticket t-1
    # to ticket t through atomics only (atomic read of carry[t-1], atomic publish of carry[t]).
    # Nothing waits for the predecessor to publish: on a GPU the read can happen first and see
    # 0 (a race). A sequential interpreter always runs ticket t-1 to completion first.
    t = tl.atomic_add(ticket_ptr, 1)
    row = t // n_blocks
    j = t % n_blocks
    cols = j * BLOCK + tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
    s = tl.cumsum(x, axis=0)
    total = tl.sum(x, axis=0)
    prev = tl.atomic_add(carry_ptr + t - 1, 0.0, mask=j > 0)
    prev = tl.where(j > 0, prev, 0.0)
    tl.atomic_add(carry_ptr + t, prev + total)
    tl.store(y_ptr + row * n_cols + cols, s + prev, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty_like(x)
        block = 64
        nb = triton.cdiv(cols, block)
        ticket = torch.zeros(1, device=x.device, dtype=torch.int32)
        carry = torch.zeros(rows * nb, device=x.device, dtype=torch.float32)
        atomic_chain_scan_kernel[(rows * nb,)](x, y, ticket, carry, cols, nb, BLOCK=block)
        return y
