"""Static probes: which forward-code forms the allow-list rules accept (check_rules only)."""
from autotriton.verify import check_rules
HEAD = """import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
"""
BODIES = {
 "to_channels_last": "        t = x.to(memory_format=torch.channels_last)\n",
 "contiguous_channels_last": "        t = x.contiguous(memory_format=torch.channels_last)\n",
 "empty_like_channels_last": "        t = torch.empty_like(x, memory_format=torch.channels_last)\n",
 "new_tensor": "        t = x.new_tensor(x)\n",
 "to_float64": "        t = x.to(torch.float64)\n",
 "double": "        t = x.double()\n",
 "view_dtype": "        t = x.view(torch.int32)\n",
 "unfold": "        t = x.unfold(0, 2, 1)\n",
 "mT": "        t = x.mT\n",
 "flip": "        t = x.flip(0)\n",
 "as_strided_input": "        t = x.as_strided((2, 2), (1, 1))\n",
 "reshape": "        t = x.reshape(-1)\n",
 "expand_as": "        t = x.expand_as(x)\n",
 "triton_reinterpret": "        t = triton.reinterpret(x, tl.float32)\n",
 "config_ir_override": "        t = triton.Config({}, ir_override='/tmp/k.ttgir')\n",
 "to_sparse": "        t = x.to_sparse()\n",
 "to_mkldnn": "        t = x.to_mkldnn()\n",
 "pin_memory": "        t = x.pin_memory()\n",
 "type_as": "        t = x.type_as(x)\n",
 "float_": "        t = x.float()\n",
 "to_other_tensor": "        t = x.to(x)\n",
 "new_full_from_shape": "        t = x.new_full(x.shape, 1.0)\n",
}
for k, body in BODIES.items():
    text = HEAD + body + "        y = torch.empty_like(x)\n        copy_kernel[(1,)](t, y, 1, BLOCK=16)\n        return y\n"
    v = check_rules(text)
    print(f"{k:28s}", "ACCEPTED" if not v else "refused: " + "; ".join(f"{r.rule}: {r.message}" for r in v)[:150])
