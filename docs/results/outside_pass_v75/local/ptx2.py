# ptx.py with pointer/int divisibility attributes as Triton's launcher specialises them on a GPU
import sys, json, os, importlib.util
os.environ.pop("TRITON_INTERPRET", None)
import triton
from triton.backends.compiler import GPUTarget
path, name, out, sig, cex, div = sys.argv[1:7]
spec = importlib.util.spec_from_file_location("cand", path)
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
fn = getattr(m, name)
attrs = {(i,): [["tt.divisibility", 16]] for i in json.loads(div)}
src = triton.compiler.ASTSource(fn=fn, signature=json.loads(sig), constexprs=json.loads(cex), attrs=attrs)
nw = int(os.environ.get("NW", "4"))
k = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": nw, "num_ctas": int(os.environ.get("NCTA", "1"))})
open(out, "w").write(k.asm["ptx"]); open(out.replace(".ptx", ".ttgir"), "w").write(k.asm["ttgir"])
print("ok", out)
