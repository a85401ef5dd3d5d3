# usage: ptx.py CANDIDATE KERNEL_NAME OUT.ptx 'signature-json' 'constexprs-json'
import sys, json, os, importlib.util
os.environ.pop("TRITON_INTERPRET", None)
import triton
from triton.backends.compiler import GPUTarget
path, name, out, sig, cex = sys.argv[1:6]
spec = importlib.util.spec_from_file_location("cand", path)
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
fn = getattr(m, name)
src = triton.compiler.ASTSource(fn=fn, signature=json.loads(sig), constexprs={k: v for k, v in json.loads(cex).items()})
k = triton.compile(src, target=GPUTarget("cuda", 90, 32))
open(out, "w").write(k.asm["ptx"]); open(out.replace(".ptx", ".ttgir"), "w").write(k.asm["ttgir"])
print("ok", out, len(k.asm["ptx"]))
