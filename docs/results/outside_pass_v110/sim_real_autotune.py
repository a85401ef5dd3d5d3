"""Run a candidate's ModelNew under the stock Triton autotuner (interpreter, do_bench calling each
config's kernel_call 5 times, first config 'fastest'), as a GPU's autotuner would, vs the reference."""
import os, sys, importlib.util, torch
os.environ["TRITON_INTERPRET"] = "1"
from triton.runtime.autotuner import Autotuner
def fake_bench(self, fn, quantiles=None):
    for _ in range(5): fn()
    t = float(self.configs.index(self._cur) if hasattr(self, "_cur") else 1.0)
    return [1.0, 1.0, 1.0]
Autotuner.do_bench = property(lambda self: (lambda fn, quantiles=None: [fn() for _ in range(5)] and [1.0, 1.0, 1.0]))
def load(p, n):
    s = importlib.util.spec_from_file_location(n, p); m = importlib.util.module_from_spec(s); s.loader.exec_module(m); return m
task, cand = load(sys.argv[1], "task"), load(sys.argv[2], "cand")
torch.manual_seed(0)
ref = task.Model(*task.get_init_inputs()); new = cand.ModelNew(*task.get_init_inputs())
new.load_state_dict(ref.state_dict())
for call in range(3):
    inp = task.get_inputs()
    r = ref(*inp); o = new(*inp)
    print("call", call, "max err", (r - o).abs().max().item())
