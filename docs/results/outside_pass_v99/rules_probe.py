import sys
from autotriton.verify.rules import check_rules
HEAD = open("cands/h_relu.py").read().split("class ModelNew")[0]
probes = {
"nobase": "class ModelNew:\n    def __init__(self):\n        pass\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        relu_kernel[(1,)](x, y, x.numel(), BLOCK=4096)\n        return y\n",
"rebind": "class ModelNew(nn.Module):\n    def forward(self, x):\n        return x\n\n\nModelNew = 3\n",
"forward_prop": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    @property\n    def forward(self):\n        return 3\n",
"forward_attr": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.forward = 3\n\n    def forward(self, x):\n        return x\n",
"print_sep": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        relu_kernel[(1,)](x, y, x.numel(), BLOCK=4096)\n        print(y, sep=y, end=y)\n        return y\n",
"raise_class": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        raise ModelNew\n",
"raise_self": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        raise self\n",
"init_super_twice": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        relu_kernel[(1,)](x, y, x.numel(), BLOCK=4096)\n        return y\n",
"torch_first": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        relu_kernel[(1,)](x, y, 0, BLOCK=16)\n        return torch.relu(x)\n",
"max_tensor": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        relu_kernel[(1,)](x, y, 0, BLOCK=16)\n        return max(x, y)\n",
"abs_tensor": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        relu_kernel[(1,)](x, y, 0, BLOCK=16)\n        return (abs(x) + x) / 2\n",
"sum_tensor": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        relu_kernel[(1,)](x, y, 0, BLOCK=16)\n        return sum([x, y])\n",
"round_tensor": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        relu_kernel[(1,)](x, y, 0, BLOCK=16)\n        return round(x)\n",
"bool_tensor_branch": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        n = x.numel()\n        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n if bool(x.sum() > 0) else 0, BLOCK=1024)\n        return y\n",
"any_tensor": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        n = x.numel()\n        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)\n        return y if any(x.flatten()) else x\n",
"max_iter": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        n = x.numel()\n        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)\n        m = max(x.flatten())\n        return y\n",
"float_tensor": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        n = x.numel()\n        f = float(x[0, 0])\n        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)\n        return y\n",
"int_tensor_len": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        n = int(x.numel())\n        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)\n        return y\n",
"divmod_tensor": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        n = x.numel()\n        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)\n        q, r = divmod(y, 1.0)\n        return q + r\n",
"sorted_list": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        n = x.numel()\n        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)\n        return list(x)\n",
"zip_rows": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        n = x.numel()\n        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)\n        return tuple(zip(x, y))\n",
"set_rows": "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        n = x.numel()\n        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)\n        s = set(x.flatten())\n        return y\n",
}
for k, body in probes.items():
    v = check_rules(HEAD + body)
    print(k, "OK" if not v else [str(x)[:140] for x in v][:2])
    open(f"cands/r_{k}.py", "w").write(HEAD + body)
