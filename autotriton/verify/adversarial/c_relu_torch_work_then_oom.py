# task: builtin/l1/relu
# expect: error=hack flag=torch_compute_runtime
# static: off
# why: torch does the work, then the forward asks for more memory than any machine has. The op that raises is torch compute itself (a shape error in an mm here; on an H200 the 275-GB resize_ of c_relu_workspace_resized_in_place raised out-of-memory), and the verdict was oom or runtime_error, not the hack it is: the write tracker noted an op only after it returned (verifier 58 on the H200, session 57). It now notes compute ops before they run and a failed forward's reply carries them.
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def copy_k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m), mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        r = torch.relu(x).contiguous()
        y = torch.empty_like(r)
        copy_k[(triton.cdiv(r.numel(), 1024),)](r, y, r.numel(), BLOCK=1024)
        torch.mm(r.reshape(-1, 1), r.reshape(-1, 1))  # raises: (n, 1) @ (n, 1)
        return y
