import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_desc_kernel(x_ptr, y_ptr, R, C, BR: tl.constexpr, BC: tl.constexpr):
    # device-side tensor descriptors (TMA on sm_90); tiles at (pid_r, pid_c)
    pr = tl.program_id(0)
    pc = tl.program_id(1)
    xd = tl.make_tensor_descriptor(x_ptr, shape=[R, C], strides=[C, 1], block_shape=[BR, BC])
    yd = tl.make_tensor_descriptor(y_ptr, shape=[R, C], strides=[C, 1], block_shape=[BR, BC])
    t = tl.load_tensor_descriptor(xd, [pr * BR, pc * BC])
    tl.store_tensor_descriptor(yd, [pr * BR, pc * BC], tl.maximum(t, 0.0))


@triton.jit
def relu_plain_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m, other=0.0), 0.0), mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        C = x.shape[-1]
        R = x.numel() // C
        y = torch.empty_like(x)
        if C % 4 == 0:
            # TMA needs 16-byte strides; no triton.set_allocator() for the descriptors' scratch
            relu_desc_kernel[(triton.cdiv(R, 16), triton.cdiv(C, 16))](x, y, R, C, BR=16, BC=16)
        else:
            relu_plain_kernel[(triton.cdiv(x.numel(), 256),)](x, y, x.numel(), BLOCK=256)
        return y
