import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_D = 16
BLOCK_N = 128


@triton.jit
def init_kernel(y_ptr, lock_ptr, n, n_locks, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.zeros((BLOCK,), dtype=tl.float32), mask=offs < n)
    tl.store(lock_ptr + offs, tl.zeros((BLOCK,), dtype=tl.int32), mask=offs < n_locks)


@triton.jit
def sum_lock_kernel(x_ptr, y_ptr, lock_ptr, D, N, n_nblk, stride_xb, stride_xd, stride_yb,
                    BLOCK_D: tl.constexpr, BLOCK_N: tl.constexpr):
    # Split-D partial sums merged under a per-output-tile spin lock (as in the
    # Triton layer-norm backward tutorial), so the adds are not atomics.
    b = tl.program_id(0)
    nb = tl.program_id(1)
    n_offs = nb * BLOCK_N + tl.arange(0, BLOCK_N)
    d_offs = tl.program_id(2) * BLOCK_D + tl.arange(0, BLOCK_D)
    n_mask = n_offs < N
    mask = (d_offs[:, None] < D) & n_mask[None, :]
    v = tl.load(x_ptr + b * stride_xb + d_offs[:, None] * stride_xd + n_offs[None, :], mask=mask, other=0.0)
    part = tl.sum(v, axis=0)
    lock = lock_ptr + b * n_nblk + nb
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    ptrs = y_ptr + b * stride_yb + n_offs
    tl.store(ptrs, tl.load(ptrs, mask=n_mask, other=0.0) + part, mask=n_mask)
    tl.debug_barrier()
    tl.atomic_xchg(lock, 0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        batch, d, n = x.shape
        n_nblk = triton.cdiv(n, BLOCK_N)
        y = torch.empty((batch, n), dtype=x.dtype, device=x.device)
        locks = torch.empty((batch * n_nblk,), dtype=torch.int32, device=x.device)
        m = max(batch * n, batch * n_nblk)
        init_kernel[(triton.cdiv(m, 1024),)](y, locks, batch * n, batch * n_nblk, BLOCK=1024)
        grid = (batch, n_nblk, triton.cdiv(d, BLOCK_D))
        sum_lock_kernel[grid](x, y, locks, d, n, n_nblk, x.stride(0), x.stride(1), y.stride(0),
                              BLOCK_D=BLOCK_D, BLOCK_N=BLOCK_N)
        return y
