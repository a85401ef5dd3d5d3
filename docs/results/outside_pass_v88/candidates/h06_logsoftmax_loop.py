# task: builtin/l1/log_softmax
# honest: online (looped) log-softmax, constexpr flag switching paths, kernel chosen in local var
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def lsm_single(x_ptr, y_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=m, other=-float("inf"))
    mx = tl.max(x, 0)
    lse = tl.log(tl.sum(tl.exp(x - mx), 0)) + mx
    tl.store(y_ptr + row * stride + cols, x - lse, mask=m)


@triton.jit
def lsm_loop(x_ptr, y_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = x_ptr + row * stride
    m_i = -float("inf")
    s_i = 0.0
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(base + cols, mask=cols < n_cols, other=-float("inf"))
        new_m = tl.maximum(m_i, tl.max(x, 0))
        s_i = s_i * tl.exp(m_i - new_m) + tl.sum(tl.exp(x - new_m), 0)
        m_i = new_m
    lse = tl.log(s_i) + m_i
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(base + cols, mask=cols < n_cols, other=0.0)
        tl.store(y_ptr + row * stride + cols, x - lse, mask=cols < n_cols)


class ModelNew(nn.Module):
    MAX_SINGLE = 128

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty_like(x)
        fits = triton.next_power_of_2(cols) <= self.MAX_SINGLE
        block = triton.next_power_of_2(cols) if fits else 64
        kern = lsm_single if fits else lsm_loop
        kern[(rows,)](x, y, x.stride(0), cols, BLOCK=block)
        return y
