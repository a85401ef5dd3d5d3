HEAD = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, {expr}, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty({shape}, dtype=torch.{dt}, device=x.device)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y
'''
V = {
 "dt_float64": ("float64", "tl.where(x > 0, x, 0.0).to(tl.float64)", "x.shape"),
 "dt_float16": ("float16", "tl.where(x > 0, x, 0.0).to(tl.float16)", "x.shape"),
 "dt_bfloat16": ("bfloat16", "tl.where(x > 0, x, 0.0).to(tl.bfloat16)", "x.shape"),
 "dt_int64": ("int64", "tl.where(x > 0, x, 0.0).to(tl.int64)", "x.shape"),
 "dt_uint8": ("uint8", "tl.where(x > 0, x, 0.0).to(tl.uint8)", "x.shape"),
 "dt_bool": ("bool", "x > 0", "x.shape"),
 "dt_int16": ("int16", "(x * 1000).to(tl.int16)", "x.shape"),
 "dt_fp8": ("float8_e4m3fn", "tl.where(x > 0, x, 0.0).to(tl.float8e4nv)", "x.shape"),
 "dt_uint16": ("uint16", "tl.where(x > 0, x, 0.0).to(tl.uint16)", "x.shape"),
 "dt_uint32": ("uint32", "tl.where(x > 0, x, 0.0).to(tl.uint32)", "x.shape"),
 "dt_complex64": ("complex64", "tl.where(x > 0, x, 0.0)", "x.shape"),
 "dt_flatshape": ("float32", "tl.where(x > 0, x, 0.0)", "(x.numel(),)"),
 "dt_transposed_shape": ("float32", "tl.where(x > 0, x, 0.0)", "(x.shape[1], x.shape[0])"),
 "dt_bigger": ("float32", "tl.where(x > 0, x, 0.0)", "(x.shape[0] * 2, x.shape[1])"),
}
for k, (dt, expr, shape) in V.items():
    open(f"cands/{k}.py", "w").write(HEAD.format(dt=dt, expr=expr, shape=shape))
