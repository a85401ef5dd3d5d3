import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, n_pad, BN: tl.constexpr):
    # flat buffer seen as a [1, n] tensor (leading stride rounded up to 16 bytes; one row, never used)
    xd = tl.make_tensor_descriptor(x_ptr, shape=[1, n], strides=[n_pad, 1], block_shape=[1, BN])
    yd = tl.make_tensor_descriptor(y_ptr, shape=[1, n], strides=[n_pad, 1], block_shape=[1, BN])
    on = tl.program_id(0) * BN
    v = tl.load_tensor_descriptor(xd, [0, on])
    tl.store_tensor_descriptor(yd, [0, on], tl.maximum(v, 0.0))

class ModelNew(nn.Module):
    def forward(self, x):
        dev = x.device
        triton.set_allocator(lambda size, alignment, stream: torch.empty(size, dtype=torch.int8, device=dev))
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        k[(triton.cdiv(n, 256),)](x, y, n, (n + 3) // 4 * 4, BN=256)
        return y
