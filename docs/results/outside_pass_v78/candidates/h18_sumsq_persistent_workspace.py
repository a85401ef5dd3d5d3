import torch, torch.nn as nn, triton, triton.language as tl

MAXP = 16384

@triton.jit
def k(x_ptr, part_ptr, cnt_ptr, out_ptr, n, nprog, BLOCK: tl.constexpr, PB: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(part_ptr + pid, tl.sum(x * x, axis=0))
    tl.debug_barrier()
    ticket = tl.atomic_add(cnt_ptr, 1)               # acq_rel, gpu scope
    if ticket == nprog - 1:
        i = tl.arange(0, PB)
        p = tl.load(part_ptr + i, mask=i < nprog, other=0.0)
        tl.store(out_ptr, tl.sum(p, axis=0))
        tl.atomic_xchg(cnt_ptr, 0)                   # semaphore back to 0 for the next call

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        # reusable workspace (split-reduction partials + a self-resetting semaphore), as in split-K GEMMs
        self.register_buffer("part", torch.zeros(MAXP), persistent=False)
        self.register_buffer("cnt", torch.zeros(1, dtype=torch.int32), persistent=False)

    def forward(self, x):
        x = x.contiguous(); n = x.numel()
        BLOCK = 4096
        nprog = triton.cdiv(n, BLOCK)
        out = torch.empty((), dtype=torch.float32, device=x.device)
        k[(nprog,)](x, self.part, self.cnt, out, n, nprog, BLOCK=BLOCK, PB=triton.next_power_of_2(nprog))
        return out
