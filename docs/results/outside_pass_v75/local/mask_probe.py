import os; os.environ["TRITON_INTERPRET"]="1"
import torch, triton, triton.language as tl
@triton.jit
def k(x_ptr, o_ptr, R, C, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + r * C + cols, mask=(cols < C) & (r < R), other=0.0)
    tl.store(o_ptr + r * C + cols, v, mask=cols < C)
x = torch.randn(4, 5); o = torch.zeros(4, 5)
try:
    k[(4,)](x, o, 3, 5, BLOCK=8); print("ok", o)
except Exception as e: print("interp error:", e)
