import os, sys, time, importlib.util
os.environ["TRITON_INTERPRET"] = "1"
import torch, torch.nn as nn
spec = importlib.util.spec_from_file_location("cand", sys.argv[1]); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
model = m.ModelNew()
from triton.tools.tensor_descriptor import TensorDescriptor as TD
a, b = torch.randn(128, 256), torch.randn(256, 128)
for i in range(3):
    t = time.time(); c = model(a, b); dt = time.time() - t
    print(f"call {i}: hit flag {float(TD.padding[0][0][4])}, {dt:.3f}s, max err {float((c - a @ b).abs().max()):.2e}")
print("memo lives on TensorDescriptor:", type(TD.padding), TD.padding[0][0].shape)
