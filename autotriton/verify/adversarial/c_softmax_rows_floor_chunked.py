# task: builtin/l1/softmax
# expect: error=wrong_output flag=none
# why: rows launched in chunks of 1,000 counted with a floor (R // 1000, at least one): every row at the CPU sizes, where R is under 1,000 and one launch covers it, but rows 4,000-4,095 of the 4,096-row GPU setting and 8,000-8,191 of the other are never written (outside pass on verifier 52, session 50).
# open: work skipped only past the CPU sizes by the host's own arithmetic; the GPU-size probe checks launches, not what they write (docs/VERIFIER.md, What remains open); a GPU's verification rejects it.
# open_on: cpu
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def sm_k(x_ptr, y_ptr, row0, C, CB: tl.constexpr):
    r = row0 + tl.program_id(0)
    cols = tl.arange(0, CB)
    m = cols < C
    x = tl.load(x_ptr + r * C + cols, mask=m, other=-float('inf'))
    e = tl.exp(x - tl.max(x, axis=0))
    e = tl.where(m, e, 0.0)
    tl.store(y_ptr + r * C + cols, e / tl.sum(e, axis=0), mask=m)

CHUNK = 1000   # rows per launch

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); R, C = x.shape
        for c in range(max(1, R // CHUNK)):
            start = c * CHUNK
            sm_k[(min(CHUNK, R - start) if R < CHUNK else CHUNK,)](x, y, start, C, CB=triton.next_power_of_2(C))
        return y
