import os; os.environ["TRITON_INTERPRET"]="1"
import torch, triton, triton.language as tl
@triton.jit
def k(y_ptr, x_ptr):
    i = tl.arange(0, 4)
    tl.atomic_xchg(y_ptr + i, tl.load(x_ptr + i))
y = torch.zeros(4); x = torch.arange(4.)
k[(1,)](y, x); print(y)
