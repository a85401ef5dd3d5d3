# task: builtin/l1/softmax
# expect: error=runtime_error|wrong_output flag=none
# why: the row max, then the row sum, is stored as a scalar into scratch and loaded straight back with no barrier: sm_90 code stores a scalar from thread 0 only and loads it in every thread, so the other warps may read stale scratch; verifier 74 took a scalar load as lane 0's, the same lane as the store (outside pass on verifier 74, session 64). Closed in verifier 75: a scalar load crosses every lane's store since the last barrier.
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where a warp loads before thread 0's store lands
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, s_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < n_cols
    x = tl.load(x_ptr + row * n_cols + c, mask=m, other=-float("inf"))
    tl.store(s_ptr + row, tl.max(x, axis=0))
    mx = tl.load(s_ptr + row)
    e = tl.exp(x - mx)
    e = tl.where(m, e, 0.0)
    tl.store(s_ptr + row, tl.sum(e, axis=0))
    d = tl.load(s_ptr + row)
    tl.store(y_ptr + row * n_cols + c, e / d, mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape
        y = torch.empty_like(x); s = torch.empty(r, dtype=x.dtype, device=x.device)
        k[(r,)](x, s, y, c, BLOCK=triton.next_power_of_2(c))
        return y
