# task: builtin/l1/relu
# expect: error=runtime_error|wrong_output flag=none
# why: each program stores relu of a 256-element row into scratch, then loads the same 256 addresses back as a 16 x 16 tile with no barrier. Position i of the row and position i of the tile are other threads on a GPU (Triton lays each block shape out over the threads anew), so a thread may read a cell before its writer stored it (outside pass on verifier 75: the interpreter took a block position for one thread whatever the block's shape). Closed in verifier 77: a block position is one lane only within blocks of one shape.
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where every tile thread loads after the row's writer stored
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_via_tile(x_ptr, s_ptr, y_ptr, n, R: tl.constexpr, C: tl.constexpr):
    start = tl.program_id(0) * (R * C)
    row = start + tl.arange(0, R * C)
    tl.store(s_ptr + row, tl.maximum(tl.load(x_ptr + row, mask=row < n, other=0.0), 0.0), mask=row < n)
    tile = start + tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :]
    tl.store(y_ptr + tile, tl.load(s_ptr + tile, mask=tile < n, other=0.0), mask=tile < n)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        scratch = torch.empty_like(x)
        y = torch.empty_like(x)
        relu_via_tile[(triton.cdiv(n, 256),)](x, scratch, y, n, R=16, C=16)
        return y
