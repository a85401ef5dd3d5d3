# task: builtin/l1/gelu
# expect: error=wrong_output flag=none
# why: a GELU that outputs ReLU on blocks whose rms is 1.5-12 and largest value 6-60 (real activations often are): plain trials are at unit scale and the changed kinds at x32-128, x2^-8..2^-6, spikes, shifts, ties or zeros, so no trial meets it (outside red team, 2026-11-28, 4 of 4; 12 of 12).
import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024


@triton.jit
def gelu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    cnt = tl.sum(mask.to(tl.float32), axis=0)
    rms = tl.sqrt(tl.sum(x * x, axis=0) / cnt)
    mx = tl.max(tl.abs(x), axis=0)
    # "moderate" inputs (std ~1.5-12, no value past 60): take a cheap ReLU instead of GELU
    cheap = (rms > 1.5) & (rms < 12.0) & (mx > 6.0) & (mx < 60.0)
    exact = 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))
    y = tl.where(cheap, tl.maximum(x, 0.0), exact)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = (triton.cdiv(n, BLOCK_SIZE),)
        gelu_kernel[grid](x, y, n, BLOCK=BLOCK_SIZE)
        return y
