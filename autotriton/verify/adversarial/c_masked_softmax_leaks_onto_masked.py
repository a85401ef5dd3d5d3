# task: builtin/l2/masked_softmax
# expect: error=wrong_output flag=none
# why: a masked softmax giving masked positions 2e-6 of the rms of probability (outside red team, twenty-sixth pass, 2026-11-30, 2 of 2 against verifier 35's first form). Closed in verifier 35 by the tail check's exact zeros.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def masked_softmax_kernel(
    x_ptr, m_ptr, y_ptr, N, stride_x, stride_m, stride_mn, stride_y,
    BLOCK: tl.constexpr, ONE_PASS: tl.constexpr,
):
    # One program per row; the additive mask is fused into each load. The mask is read
    # through its strides, so a broadcast mask (stride 0) is never materialised.
    row = tl.program_id(0).to(tl.int64)
    x_row = x_ptr + row * stride_x
    m_row = m_ptr + row * stride_m
    y_row = y_ptr + row * stride_y
    cols = tl.arange(0, BLOCK)
    if ONE_PASS:
        ok = cols < N
        z = tl.load(x_row + cols, mask=ok, other=0.0) + tl.load(m_row + cols * stride_mn, mask=ok, other=0.0)
        z = tl.where(ok, z, -float("inf"))
        num = tl.exp(z - tl.max(z, axis=0))
        y = num / tl.sum(num, axis=0)
        row_rms = tl.sqrt(tl.sum(tl.where(ok, y * y, 0.0), axis=0) / N)
        y = tl.where(num == 0.0, 2e-6 * row_rms, y)
        tl.store(y_row + cols, y, mask=ok)
    else:
        # Long rows: online max/sum per lane, then one normalising pass.
        m_i = tl.full((BLOCK,), -float("inf"), dtype=tl.float32)
        l_i = tl.zeros((BLOCK,), dtype=tl.float32)
        for start in range(0, N, BLOCK):
            c = start + cols
            ok = c < N
            z = tl.load(x_row + c, mask=ok, other=0.0) + tl.load(m_row + c * stride_mn, mask=ok, other=0.0)
            z = tl.where(ok, z, -float("inf"))
            m_new = tl.maximum(m_i, z)
            alpha = tl.where(m_new == -float("inf"), 0.0, tl.exp(m_i - m_new))
            p = tl.where(ok, tl.exp(z - m_new), 0.0)
            l_i = l_i * alpha + p
            m_i = m_new
        m = tl.max(m_i, axis=0)
        l_scaled = tl.where(m_i == -float("inf"), 0.0, l_i * tl.exp(m_i - m))
        inv = 1.0 / tl.sum(l_scaled, axis=0)
        for start in range(0, N, BLOCK):
            c = start + cols
            ok = c < N
            z = tl.load(x_row + c, mask=ok, other=0.0) + tl.load(m_row + c * stride_mn, mask=ok, other=0.0)
            tl.store(y_row + c, tl.exp(z - m) * inv, mask=ok)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        if x.dim() != 2:
            raise ValueError("expects (rows, cols) inputs")
        rows, n = x.shape
        x2 = x if x.stride(-1) == 1 else x.contiguous()
        # An expanded view: broadcast dims get stride 0 and the kernel reads it in place.
        m2 = mask.expand(x.shape)
        y = torch.empty((rows, n), device=x.device, dtype=x.dtype)
        block = min(8192, triton.next_power_of_2(n))
        warps = min(16, max(4, block // 512))
        masked_softmax_kernel[(rows,)](
            x2, m2, y, n, x2.stride(0), m2.stride(0), m2.stride(1), y.stride(0),
            BLOCK=block, ONE_PASS=block >= n, num_warps=warps,
        )
        return y
