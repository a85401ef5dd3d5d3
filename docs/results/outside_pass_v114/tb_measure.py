"""usage: tb_measure.py -- runs tb/vlc_zero_apply.py and tb/relu_apply_inplace.py directly (interpreter) to show what
they do to their arguments and results."""
import os, torch
os.environ["TRITON_INTERPRET"] = "1"
ns = {}
exec(compile(open("tb/vlc_zero_apply.py").read(), "tb/vlc_zero_apply.py", "exec"), ns)
start = torch.tensor([0, 3], dtype=torch.int32); lens = torch.tensor([3, 2], dtype=torch.int32)
src = torch.arange(1, 6, dtype=torch.float32); dst = torch.full((5,), -1.0); nstart = torch.tensor([0, 3], dtype=torch.int32)
ns["launch_var_len_copy_triton"](start, lens, src, nstart, dst)
print("var_len_copy: source after", src.tolist(), "destination", dst.tolist(), "(a copy gives [1, 2, 3, 4, 5] in both)")
ns = {}
exec(compile(open("tb/relu_apply_inplace.py").read(), "tb/relu_apply_inplace.py", "exec"), ns)
x = torch.tensor([-3.0, -1.0, 0.0, 2.0, 5.0]); y = ns["relu"](x)
print("relu: input after", x.tolist(), "output shares the input's storage:", y.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
