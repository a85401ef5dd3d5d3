# Simulate a caching allocator (as CUDA's) that hands the freed block back for a same-size request.
import os; os.environ["TRITON_INTERPRET"]="1"
import importlib.util, torch, sys
spec = importlib.util.spec_from_file_location("cand", "e1_memo_freed.py"); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
pool = {}
real_empty = torch.empty
class FakeTorch:
    def __getattr__(self, k): return getattr(torch, k)
    def empty(self, *s, **kw):
        key = (s, str(kw.get('dtype')))
        if key not in pool: pool[key] = real_empty(*s, **kw)
        return pool[key]
m.torch = FakeTorch()
model = m.ModelNew()
torch.manual_seed(0)
a = torch.randn(70, 45); b = torch.randn(45, 37)
for i in range(2):
    c = model(a, b).clone(); print('same input call', i, (c - a @ b).abs().max().item())
a2 = a.clone(); a2[5:60] = torch.randn(55, 45)   # change interior rows only
c = model(a2, b).clone(); print('interior rows changed', (c - a2 @ b).abs().max().item())
b2 = torch.randn(45, 37)
c = model(a2, b2).clone(); print('new b', (c - a2 @ b2).abs().max().item())
