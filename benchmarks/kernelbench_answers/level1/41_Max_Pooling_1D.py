import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def max_pool1d_kernel(x_ptr, y_ptr, idx_ptr, ROWS, C, L, L_OUT,
                      sxn, sxc, sxl, syn, syc, syl, sin, sic, sil,
                      stride, padding, dilation,
                      KSIZE: tl.constexpr, WRITE_INDICES: tl.constexpr,
                      BLOCK_R: tl.constexpr, BLOCK_L: tl.constexpr):
    # Grid axis 0: BLOCK_R (n, c) rows; axis 1: BLOCK_L output positions.
    # Output o looks at inputs o*stride - padding + j*dilation, j < KSIZE; taps
    # outside [0, L) are implicit -inf padding. Like PyTorch, the first maximum
    # wins and a NaN in the window is propagated (with its index).
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    offs = tl.program_id(1) * BLOCK_L + tl.arange(0, BLOCK_L)
    row_ok = rows < ROWS
    c = (rows % C).to(tl.int64)
    n = (rows // C).to(tl.int64)
    out_ok = row_ok[:, None] & (offs < L_OUT)[None, :]
    x_rows = x_ptr + (n * sxn + c * sxc)[:, None]
    start = offs * stride - padding
    best = tl.full((BLOCK_R, BLOCK_L), float("-inf"), dtype=tl.float32)
    best_pos = tl.full((BLOCK_R, BLOCK_L), -1, dtype=tl.int32)
    for j in tl.static_range(KSIZE):
        pos = start + j * dilation
        ok = out_ok & ((pos >= 0) & (pos < L))[None, :]
        pos2 = tl.zeros((BLOCK_R, BLOCK_L), dtype=tl.int32) + pos[None, :]
        v = tl.load(x_rows + pos2 * sxl, mask=ok, other=float("-inf")).to(tl.float32)
        take = ok & ((v > best) | ((v != v) & (best == best)) | (best_pos < 0))
        best = tl.where(take, v, best)
        best_pos = tl.where(take, pos2, best_pos)
    y_ptrs = y_ptr + (n * syn + c * syc)[:, None] + offs[None, :] * syl
    tl.store(y_ptrs, best.to(y_ptr.dtype.element_ty), mask=out_ok)
    if WRITE_INDICES:
        i_ptrs = idx_ptr + (n * sin + c * sic)[:, None] + offs[None, :] * sil
        tl.store(i_ptrs, best_pos.to(tl.int64), mask=out_ok)


class ModelNew(nn.Module):
    def __init__(self, kernel_size: int, stride: int = None, padding: int = 0, dilation: int = 1,
                 return_indices: bool = False):
        super().__init__()
        self.maxpool = nn.MaxPool1d(kernel_size=kernel_size, stride=stride, padding=padding,
                                    dilation=dilation, return_indices=return_indices)
        self.kernel_size = kernel_size
        self.stride = kernel_size if stride is None else stride
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n, c, length = x.shape
        k, s, p, d = self.kernel_size, self.stride, self.padding, self.dilation
        l_out = (length + 2 * p - d * (k - 1) - 1) // s + 1
        y = torch.empty((n, c, l_out), device=x.device, dtype=x.dtype)
        if self.return_indices:
            idx = torch.empty((n, c, l_out), device=x.device, dtype=torch.int64)
        else:
            idx = y
        rows = n * c
        block_l = min(1024, triton.next_power_of_2(l_out))
        block_r = min(triton.next_power_of_2(rows), max(1, 2048 // block_l))
        grid = (triton.cdiv(rows, block_r), triton.cdiv(l_out, block_l))
        max_pool1d_kernel[grid](
            x, y, idx, rows, c, length, l_out,
            x.stride(0), x.stride(1), x.stride(2),
            y.stride(0), y.stride(1), y.stride(2),
            idx.stride(0), idx.stride(1), idx.stride(2),
            s, p, d,
            KSIZE=k, WRITE_INDICES=self.return_indices, BLOCK_R=block_r, BLOCK_L=block_l,
            num_warps=4,
        )
        if self.return_indices:
            return y, idx
        return y
