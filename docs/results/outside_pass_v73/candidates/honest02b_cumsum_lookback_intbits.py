import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def chained_scan(x_ptr, y_ptr, agg_ptr, flag_ptr, ticket_ptr, n_cols, n_chunks, BLOCK: tl.constexpr):
    # Single-pass chained scan: programs take chunks in ticket order (a dynamic id),
    # each waits for its predecessor's inclusive prefix (flag == 1), then publishes its own.
    t = tl.atomic_add(ticket_ptr, 1)
    row = t // n_chunks
    chunk = t % n_chunks
    cols = chunk * BLOCK + tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
    local = tl.cumsum(x, axis=0)
    prefix = tl.zeros((), tl.float32)
    if chunk > 0:
        while tl.atomic_add(flag_ptr + t - 1, 0) == 0:
            pass
        prefix = tl.atomic_add(agg_ptr + t - 1, 0).to(tl.float32, bitcast=True)
    tl.atomic_xchg(agg_ptr + t, (prefix + tl.sum(x, axis=0)).to(tl.int32, bitcast=True))
    tl.atomic_xchg(flag_ptr + t, 1)
    tl.store(y_ptr + row * n_cols + cols, local + prefix, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty_like(x)
        BLOCK = 64
        n_chunks = triton.cdiv(cols, BLOCK)
        total = rows * n_chunks
        agg = torch.zeros(total, device=x.device, dtype=torch.int32)
        flags = torch.zeros(total, device=x.device, dtype=torch.int32)
        ticket = torch.zeros(1, device=x.device, dtype=torch.int32)
        chained_scan[(total,)](x, y, agg, flags, ticket, cols, n_chunks, BLOCK=BLOCK)
        return y
