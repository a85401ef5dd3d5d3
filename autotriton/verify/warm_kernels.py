"""Kernels the fork-server's trusted child compiles once on a GPU, so Triton's driver
helpers (cuda_utils.so, launchers for common signatures) are built by gcc in a
trusted process and copied to each candidate instead of rebuilt by each one."""

from __future__ import annotations

import torch

import triton
import triton.language as tl


@triton.jit
def _copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


@triton.jit
def _rows(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols)
    tl.store(y_ptr + row * stride_y + cols, x, mask=cols < n_cols)


def run() -> None:
    for dtype in (torch.float32, torch.float16, torch.bfloat16):
        x = torch.ones(4096, device="cuda", dtype=dtype)
        y = torch.empty_like(x)
        _copy[(4,)](x, y, x.numel(), BLOCK=1024)
        m = x.view(64, 64)
        _rows[(64,)](m, y.view(64, 64), 64, m.stride(0), 64, BLOCK=64)
    torch.cuda.synchronize()
