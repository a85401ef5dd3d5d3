import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, n_pad, BN: tl.constexpr):
    # flat buffer seen as a [1, n] tensor (leading stride rounded up to 16 bytes; one row, never used)
    xd = tl.make_tensor_descriptor(x_ptr, shape=[1, n], strides=[n_pad, 1], block_shape=[1, BN])
    yd = tl.make_tensor_descriptor(y_ptr, shape=[1, n], strides=[n_pad, 1], block_shape=[1, BN])
    on = tl.program_id(0) * BN
    v = xd.load([0, on])
    yd.store([0, on], tl.maximum(v, 0.0))

def _alloc(size, alignment, stream):
    return torch.empty(size, dtype=torch.int8, device="cuda" if torch.cuda.is_available() else "cpu")

class ModelNew(nn.Module):
    def forward(self, x):
        triton.set_allocator(_alloc)
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        k[(triton.cdiv(n, 256),)](x, y, n, (n + 3) // 4 * 4, BN=256)
        return y
