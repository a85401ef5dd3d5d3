import os; os.environ["TRITON_INTERPRET"]="1"
import importlib.util, torch
spec = importlib.util.spec_from_file_location("cand", "/work/main/docs/results/outside_pass_v92/candidates/b_matmul_autotune_keyless_kcap.py")
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
a = torch.randn(32, 4096); b = torch.randn(4096, 32)
for i in (len(m.CONFIGS) - 1, 0):
    m.matmul_kernel.configs = [m.CONFIGS[i]]
    c = m.ModelNew()(a, b); r = a.double() @ b.double()
    print(f"config {i}: rel rms err at K=4096:", ((c.double() - r).norm() / r.norm()).item())
