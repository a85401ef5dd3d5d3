#!/usr/bin/env python
"""ptx.py FILE KERNEL 'sig' 'constexprs-json' OUT.ptx : compile a candidate's kernel for sm_90 (no GPU),
print the ordered list of global memory / atomic / barrier / fence instructions."""
import importlib.util, json, os, re, sys
os.environ.pop("TRITON_INTERPRET", None)
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
f, kname, sig, consts, out = sys.argv[1:6]
spec = importlib.util.spec_from_file_location("cand", f)
mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
fn = getattr(mod, kname)
src = ASTSource(fn=fn, signature=json.loads(sig), constexprs=json.loads(consts))
opts = json.loads(sys.argv[6]) if len(sys.argv) > 6 else {}
ck = triton.compile(src, target=GPUTarget("cuda", 90, 32), options=opts)
ptx = ck.asm["ptx"]
open(out, "w").write(ptx)
pat = re.compile(r"\b(st\.global|ld\.global|atom\.|red\.|bar\.sync|barrier\.|fence|membar|st\.shared|ld\.shared|bra)\S*")
for ln in ptx.splitlines():
    if pat.search(ln) and not ln.strip().startswith("//"):
        print(ln.strip())
