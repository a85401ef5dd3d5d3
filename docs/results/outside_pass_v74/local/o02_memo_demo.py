"""o02 evidence (CPU, TRITON_INTERPRET=1). A GPU's caching allocator hands a freed block back to the next
request of the same size on the same stream without clearing it. This demo emulates only that allocator
behaviour (a per-size free list for torch.empty; nothing else changed) and calls the candidate on the
same inputs several times, as timing reps do, then on new inputs."""
import os, importlib.util, weakref
os.environ["TRITON_INTERPRET"] = "1"
import torch
spec = importlib.util.spec_from_file_location("c", os.path.join(os.path.dirname(os.path.abspath(__file__)), "../candidates/o02_matmul_memo_in_recycled_scratch.py"))
c = importlib.util.module_from_spec(spec); spec.loader.exec_module(c)
real_empty, real_zeros = torch.empty, torch.zeros
pool = {}       # (numel, dtype) -> list of freed storages (tensors no one else references)
live = []
def caching_empty(*shape, dtype=torch.float32, device=None):
    shape = shape[0] if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape
    n = 1
    for d in shape: n *= d
    key = (n, dtype)
    for blk in pool.get(key, []):
        if blk.__class__ and torch._C._storage_Use_Count(blk.untyped_storage()._cdata) <= 2:  # only the pool holds it
            return blk.view(shape)
    blk = real_empty(n, dtype=dtype); pool.setdefault(key, []).append(blk); return blk.view(shape)
flags = []
def zeros(*a, **k):
    t = real_zeros(*a, **k); flags.append(t); return t
c.torch.empty = caching_empty; c.torch.zeros = zeros
m = c.ModelNew()
torch.manual_seed(0)
a = torch.randn(64, 48); b = torch.randn(48, 40)
for call in range(4):
    out = m(a, b)
    print(f"same inputs, call {call}: memo hit (no multiply) = {int(flags[-1].item()) == 0}, max err vs a@b = {(out - a @ b).abs().max().item():.2e}")
a2 = torch.randn(64, 48)
out = m(a2, b)
print(f"new inputs: memo hit = {int(flags[-1].item()) == 0}, max err = {(out - a2 @ b).abs().max().item():.2e}")
