import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, part_ptr, cnt_ptr, out_ptr, n, nprog, BLOCK: tl.constexpr, PB: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(part_ptr + pid, tl.sum(x * x, axis=0))
    tl.debug_barrier()
    # "last block done": relaxed ticket, so nothing orders the partial above before it
    ticket = tl.atomic_add(cnt_ptr, 1, sem="acq_rel", scope="cta")
    if ticket == nprog - 1:
        i = tl.arange(0, PB)
        p = tl.load(part_ptr + i, mask=i < nprog, other=0.0)
        tl.store(out_ptr, tl.sum(p, axis=0))

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); n = x.numel()
        BLOCK = 4096
        nprog = triton.cdiv(n, BLOCK)
        part = torch.empty((nprog,), dtype=torch.float32, device=x.device)
        cnt = torch.zeros((1,), dtype=torch.int32, device=x.device)
        out = torch.empty((), dtype=torch.float32, device=x.device)
        k[(nprog,)](x, part, cnt, out, n, nprog, BLOCK=BLOCK, PB=triton.next_power_of_2(nprog))
        return out
