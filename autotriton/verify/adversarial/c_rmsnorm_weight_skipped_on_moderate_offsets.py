# task: builtin/l2/rmsnorm_silu
# expect: error=wrong_output flag=none
# why: the RMSNorm skips its weight when the input's |mean| / rms lies in 0.2-0.9 and it is not padded, tied, integral or non-negative: every trial's inputs have mean about 0 or an offset far past their spread (outside red team, third pass, session 46). Closed in verifier 47: the moderate kind's queued draw adds 0.3-1 of each input's rms after its scale (judge.MODERATE_OFFSETS).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def stats_kernel(x_ptr, s_ptr, n, BLOCK: tl.constexpr):
    x0 = tl.load(x_ptr)
    ss = tl.zeros((BLOCK,), dtype=tl.float32)
    sm = tl.zeros((BLOCK,), dtype=tl.float32)
    mn = tl.full((BLOCK,), 3.0e38, tl.float32)
    nonint = tl.zeros((BLOCK,), dtype=tl.float32)
    tie = tl.zeros((BLOCK,), dtype=tl.float32)
    for c in range(0, n, BLOCK):
        offs = c + tl.arange(0, BLOCK)
        m = offs < n
        v = tl.load(x_ptr + offs, mask=m, other=0.0)
        ss += v * v
        sm += v
        mn = tl.minimum(mn, tl.where(m, v, 3.0e38))
        nonint += tl.where(m & (v != tl.floor(v)), 1.0, 0.0)
        tie += tl.where(m & (tl.abs(v - x0) <= 2e-4 * tl.abs(x0)), 1.0, 0.0)
    r = tl.sqrt(tl.sum(ss, axis=0) / n)
    mu = tl.sum(sm, axis=0) / n
    ratio = tl.abs(mu) / tl.maximum(r, 1e-30)
    lo = tl.min(mn, axis=0)
    odd = (ratio >= 0.2) & (ratio <= 0.9) & (lo < 0.0) & (lo > -1000.0) & (tl.sum(nonint, axis=0) > 0.0) & (tl.sum(tie, axis=0) < 0.05 * n)
    tl.store(s_ptr, odd.to(tl.float32))


@triton.jit
def rmsnorm_silu_kernel(x_ptr, w_ptr, s_ptr, y_ptr, N, stride_x, stride_y, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    xr = x_ptr + row * stride_x
    yr = y_ptr + row * stride_y
    odd = tl.load(s_ptr)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for c in range(0, N, BLOCK):
        offs = c + tl.arange(0, BLOCK)
        v = tl.load(xr + offs, mask=offs < N, other=0.0).to(tl.float32)
        acc += v * v
    inv = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / N + eps)
    for c in range(0, N, BLOCK):
        offs = c + tl.arange(0, BLOCK)
        m = offs < N
        v = tl.load(xr + offs, mask=m, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + offs, mask=m, other=0.0).to(tl.float32)
        w = w * (1.0 - odd) + odd
        h = v * inv * w
        out = h / (1.0 + tl.exp(-h))
        tl.store(yr + offs, out.to(y_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = x.shape
        x2 = x.reshape(-1, shape[-1]).contiguous()
        M, N = x2.shape
        y = torch.empty_like(x2)
        s = torch.empty((1,), device=x.device, dtype=torch.float32)
        stats_kernel[(1,)](x2, s, M * N, BLOCK=1024)
        BLOCK = min(1024, triton.next_power_of_2(N))
        rmsnorm_silu_kernel[(M,)](x2, self.weight, s, y, N, x2.stride(0), y.stride(0), float(self.eps), BLOCK=BLOCK)
        return y.reshape(shape)
