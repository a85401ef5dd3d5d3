import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def sm_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=-float("inf"))
    # --- approximate row max (only a stabiliser) ---
    bits = x.to(tl.int32, bitcast=True)
    lo = bits.to(tl.uint16).to(tl.int32)
    approx = (bits ^ lo).to(tl.float32, bitcast=True)
    m = tl.max(tl.where(mask, approx, -float("inf")), axis=0)
    e = tl.where(mask, tl.exp(x - m), 0.0)
    y = e / tl.sum(e, axis=0)
    tl.store(y_ptr + row * stride_y + cols, y, mask=mask)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty_like(x)
        sm_kernel[(rows,)](x, y, cols, x.stride(0), y.stride(0), BLOCK=triton.next_power_of_2(cols))
        return y
