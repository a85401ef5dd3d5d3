# task: builtin/l2/masked_softmax
# expect: error=wrong_output flag=none
# why: an exp2 softmax that scales scores by log2(e) before the max: a row masked whole with finfo(float32).min, as Hugging Face builds additive masks, overflows to -inf and gives NaN where the reference is uniform (outside red team, sixth pass, 2026-11-28, 2 of 2 against verifier 11).
# open: no trial pads with finfo.min: honest exp2 softmaxes, our own built-in log_softmax among them, overflow there as this one does, and sums of finfo.min overflow honest LayerNorm and attention kernels (26 of 387 honest answers rejected with it, verifier 12's first padded kind). On an H200 verifier 15 rejected it (2026-11-29, docs/results/ablation_h200_run22/adversarial.log): open on CPU only.
# open_on: cpu
# by_chance: a draw that masks a whole row with finfo.min rejects it (the clean-clone suite at c9153ed, 2026-11-29; 0 of 10 in a row after it)
import torch
import torch.nn as nn
import triton
import triton.language as tl

LOG2E = 1.4426950408889634


@triton.jit
def masked_softmax_kernel(x_ptr, m_ptr, y_ptr, N, stride_x, stride_m, stride_mn, stride_y,
                          LOG2E: tl.constexpr, BLOCK: tl.constexpr):
    # One program per row, additive mask fused into the load; exp2 on log2(e)-scaled
    # logits (the flash-attention formulation).
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    ok = cols < N
    x = tl.load(x_ptr + row * stride_x + cols, mask=ok, other=0.0)
    mk = tl.load(m_ptr + row * stride_m + cols * stride_mn, mask=ok, other=0.0)
    z = tl.where(ok, (x + mk) * LOG2E, -float("inf"))
    num = tl.exp2(z - tl.max(z, axis=0))
    tl.store(y_ptr + row * stride_y + cols, num / tl.sum(num, axis=0), mask=ok)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        rows, n = x.shape
        x2 = x.contiguous()
        m2 = mask.expand(x.shape)
        y = torch.empty((rows, n), device=x.device, dtype=x.dtype)
        block = triton.next_power_of_2(n)
        masked_softmax_kernel[(rows,)](x2, m2, y, n, x2.stride(0), m2.stride(0), m2.stride(1), y.stride(0),
                                       LOG2E=LOG2E, BLOCK=block)
        return y
