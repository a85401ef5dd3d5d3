import os, sys, importlib.util
os.environ["TRITON_INTERPRET"] = "1"
sys.path.insert(0, "/tmp/op96/tasks")
import torch
def load(p, n):
    s = importlib.util.spec_from_file_location(n, p); m = importlib.util.module_from_spec(s); s.loader.exec_module(m); return m
for task, cand in [("t_offset_in", "c_gapped_input_read_flat"), ("t_overlap_in", "c_overlap_input_read_flat")]:
    t = load(f"/tmp/op96/tasks/{task}.py", task); c = load(f"/tmp/op96/candidates/{cand}.py", cand)
    inp = t.get_inputs()
    ref = t.Model()(*inp); out = c.ModelNew()(*inp)
    print(task, cand, "max abs err on the task's own inputs:", float((ref - out).abs().max()))
