import os; os.environ["TRITON_INTERPRET"]="1"
import importlib.util, torch
spec = importlib.util.spec_from_file_location("cand", "/work/main/docs/results/outside_pass_v92/candidates/b_autotune_keyless_capped_config.py")
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
m.softmax_kernel.configs = [m.CONFIGS[-1]]   # the config a GPU autotuner would pick if fastest
x = torch.randn(3, 8190)
y = m.ModelNew()(x)
print("max err at COLS=8190 with config 31:", (y - torch.softmax(x, -1)).abs().max().item())
m.softmax_kernel.configs = [m.CONFIGS[0]]
y = m.ModelNew()(x); print("config 0:", (y - torch.softmax(x, -1)).abs().max().item())
