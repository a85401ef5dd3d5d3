import torch
import torch.nn as nn
import triton
import triton.language as tl

MAX_BLOCK = 1024
MAX_CHUNK = 16384  # elements of one row handled by one program (a multiple of MAX_BLOCK)
BLOCK_P = 256      # partial statistics combined per step


@triton.jit
def ln_partial_stats_kernel(x_ptr, mean_ptr, m2_ptr, n_cols, chunk, n_chunks,
                            BLOCK: tl.constexpr):
    # Grid: (rows, chunks of a row). Each program reads its chunk twice (the
    # second read hits cache): first the chunk mean, then M2 = sum (x - mean)^2
    # around that mean, which stays accurate where E[x^2] - mean^2 would cancel.
    row = tl.program_id(0).to(tl.int64)
    c = tl.program_id(1)
    start = c * chunk
    count = tl.minimum(n_cols - start, chunk)
    base = x_ptr + row * n_cols + start
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for k0 in range(0, chunk, BLOCK):
        k = k0 + offs
        acc += tl.load(base + k, mask=k < count, other=0.0).to(tl.float32)
    mean = tl.sum(acc, axis=0) / count
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for k0 in range(0, chunk, BLOCK):
        k = k0 + offs
        mask = k < count
        x = tl.load(base + k, mask=mask, other=0.0).to(tl.float32)
        d = tl.where(mask, x - mean, 0.0)
        acc += d * d
    tl.store(mean_ptr + row * n_chunks + c, mean)
    tl.store(m2_ptr + row * n_chunks + c, tl.sum(acc, axis=0))


@triton.jit
def ln_normalize_kernel(x_ptr, w_ptr, b_ptr, y_ptr, mean_ptr, m2_ptr, n_cols, chunk, n_chunks,
                        eps, BLOCK: tl.constexpr, BLOCK_P: tl.constexpr):
    # Grid: (rows, chunks of a row). Each program first merges its row's chunk
    # statistics (Chan et al.): mean = sum(n_i * mean_i) / N and
    # M2 = sum(M2_i + n_i * (mean_i - mean)^2), var = M2 / N (biased, as LayerNorm),
    # then writes y = (x - mean) * rstd * w + b over its own chunk.
    row = tl.program_id(0).to(tl.int64)
    c = tl.program_id(1)
    p_offs = tl.arange(0, BLOCK_P)
    acc = tl.zeros((BLOCK_P,), dtype=tl.float32)
    for p0 in range(0, n_chunks, BLOCK_P):
        p = p0 + p_offs
        pm = p < n_chunks
        cnt = tl.minimum(n_cols - p * chunk, chunk).to(tl.float32)
        mu = tl.load(mean_ptr + row * n_chunks + p, mask=pm, other=0.0)
        acc += tl.where(pm, cnt * mu, 0.0)
    mean = tl.sum(acc, axis=0) / n_cols
    acc = tl.zeros((BLOCK_P,), dtype=tl.float32)
    for p0 in range(0, n_chunks, BLOCK_P):
        p = p0 + p_offs
        pm = p < n_chunks
        cnt = tl.minimum(n_cols - p * chunk, chunk).to(tl.float32)
        mu = tl.load(mean_ptr + row * n_chunks + p, mask=pm, other=0.0)
        m2 = tl.load(m2_ptr + row * n_chunks + p, mask=pm, other=0.0)
        d = mu - mean
        acc += tl.where(pm, m2 + cnt * d * d, 0.0)
    rstd = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / n_cols + eps)
    start = c * chunk
    count = tl.minimum(n_cols - start, chunk)
    x_base = x_ptr + row * n_cols + start
    y_base = y_ptr + row * n_cols + start
    offs = tl.arange(0, BLOCK)
    for k0 in range(0, chunk, BLOCK):
        k = k0 + offs
        mask = k < count
        x = tl.load(x_base + k, mask=mask, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + start + k, mask=mask, other=0.0).to(tl.float32)
        b = tl.load(b_ptr + start + k, mask=mask, other=0.0).to(tl.float32)
        tl.store(y_base + k, (x - mean) * rstd * w + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, normalized_shape: tuple):
        super().__init__()
        self.ln = nn.LayerNorm(normalized_shape=normalized_shape)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n_cols = self.ln.weight.numel()  # prod(normalized_shape): the trailing dims
        rows = x.numel() // n_cols
        block = min(triton.next_power_of_2(n_cols), MAX_BLOCK)
        chunk = min(triton.cdiv(n_cols, block) * block, MAX_CHUNK)
        n_chunks = triton.cdiv(n_cols, chunk)
        means = torch.empty((rows, n_chunks), dtype=torch.float32, device=x.device)
        m2s = torch.empty((rows, n_chunks), dtype=torch.float32, device=x.device)
        grid = (rows, n_chunks)
        ln_partial_stats_kernel[grid](x, means, m2s, n_cols, chunk, n_chunks, BLOCK=block)
        ln_normalize_kernel[grid](x, self.ln.weight.contiguous(), self.ln.bias.contiguous(), y,
                                  means, m2s, n_cols, chunk, n_chunks, self.ln.eps,
                                  BLOCK=block, BLOCK_P=BLOCK_P)
        return y
