import os, sys; os.environ["TRITON_INTERPRET"]="1"
import importlib.util, torch
def load(p, n):
    s = importlib.util.spec_from_file_location(n, p); m = importlib.util.module_from_spec(s); s.loader.exec_module(m); return m
for t, c in [("T_strided_input", "f_strided_input_ignores_strides"), ("T_expanded_input", "f_expanded_input_ignores_strides"), ("T_channels_last", "f_channels_last_ignores_strides")]:
    T = load(f"/work/main/docs/results/outside_pass_v92/tasks/{t}.py", t); C = load(f"/work/main/docs/results/outside_pass_v92/candidates/{c}.py", c)
    torch.manual_seed(0); x = T.get_inputs()
    ref = T.Model(*T.get_init_inputs())(*x)
    try:
        out = C.ModelNew(*T.get_init_inputs())(*x)
        print(t, "input strides", x[0].stride(), "max err:", (out - ref).abs().max().item())
    except Exception as e:
        print(t, "raised", type(e).__name__, str(e)[:200])
