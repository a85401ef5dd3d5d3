import os, sys, importlib.util, torch
os.environ["TRITON_INTERPRET"]="1"
spec=importlib.util.spec_from_file_location("m", "a_mm_memo_grow.py"); m=importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
mod=m.ModelNew()
a=torch.randn(70,45); b=torch.randn(45,37)
c1=mod(a,b); print("call1 err", (c1-a@b).abs().max().item())
q=mod._state(); q[-1].fill_(7.0)   # poison the cache
c2=mod(a.clone(),b.clone()); print("call2 (same contents, new objects) returns poisoned cache:", bool((c2==7.0).all()))
a2=a.clone(); a2[0,0]+=1
c3=mod(a2,b); print("call3 (changed input) err", (c3-a2@b).abs().max().item())
