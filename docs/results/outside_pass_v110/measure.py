"""measure a candidate's error vs float64 reference under the verifier's interpreter patches."""
import os, sys, importlib.util, torch
os.environ["TRITON_INTERPRET"] = "1"
sys.path.insert(0, "/tmp/v110")
from autotriton.verify import worker
worker.interpreted()
def load(p, n):
    s = importlib.util.spec_from_file_location(n, p); m = importlib.util.module_from_spec(s); s.loader.exec_module(m); return m
task = load(sys.argv[1], "task")
for p in sys.argv[2:]:
    m = load(p, "c" + str(abs(hash(p))))
    for sc in [1.0, 2**-8]:
        torch.manual_seed(1)
        inp = [x * sc for x in task.get_inputs()]
        ref = task.Model().double()(*[x.double() for x in inp])
        o = m.ModelNew()(*inp).double()
        print(p, sc, "maxerr %.3g ref_rms %.3g" % ((o - ref).abs().max().item(), ref.pow(2).mean().sqrt().item()))
