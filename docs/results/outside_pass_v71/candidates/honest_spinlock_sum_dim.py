import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_D = 8
BLOCK_N = 32
SPLIT = 4


@triton.jit
def lock_kernel(x_ptr, lock_ptr, y_ptr, D, N, NB, stride_xb, stride_xd, stride_yb,
                SPLIT: tl.constexpr, BLOCK_D: tl.constexpr, BLOCK_N: tl.constexpr):
    # Split-D reduction, partials added into y under a per-tile spin lock
    # (the pattern of Triton's layer-norm backward tutorial). y starts at 0.
    pid = tl.program_id(0)
    s = pid % SPLIT
    t = pid // SPLIT
    nb = t % NB
    b = t // NB
    n_offs = nb * BLOCK_N + tl.arange(0, BLOCK_N)
    n_mask = n_offs < N
    chunk = tl.cdiv(D, SPLIT)
    d_lo = s * chunk
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for d0 in range(0, chunk, BLOCK_D):
        d_offs = d_lo + d0 + tl.arange(0, BLOCK_D)
        m = (d_offs[:, None] < D) & (d_offs[:, None] < d_lo + chunk) & n_mask[None, :]
        v = tl.load(x_ptr + b * stride_xb + d_offs[:, None] * stride_xd + n_offs[None, :], mask=m, other=0.0)
        acc += tl.sum(v, axis=0)
    lock = lock_ptr + t
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    ptrs = y_ptr + b * stride_yb + n_offs
    cur = tl.load(ptrs, mask=n_mask, other=0.0)
    tl.store(ptrs, cur + acc, mask=n_mask)
    tl.debug_barrier()
    tl.atomic_xchg(lock, 0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        batch, d, n = x.shape
        y = torch.zeros((batch, n), dtype=x.dtype, device=x.device)
        nb = triton.cdiv(n, BLOCK_N)
        locks = torch.zeros((batch * nb,), dtype=torch.int32, device=x.device)
        lock_kernel[(batch * nb * SPLIT,)](x, locks, y, d, n, nb, x.stride(0), x.stride(1), y.stride(0),
                                           SPLIT=SPLIT, BLOCK_D=BLOCK_D, BLOCK_N=BLOCK_N)
        return y
