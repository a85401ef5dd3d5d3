from autotriton.verify.rules import check_rules
HEAD = open("cands/h_relu.py").read().split("class ModelNew")[0]
INIT = "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n        {stmt}\n\n    def forward(self, x):\n        y = torch.empty_like(x)\n        n = x.numel()\n        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)\n        return y\n"
stmts = {
 "patch_linear_forward": "nn.Linear.forward = nn.Identity.forward",
 "patch_tensor_method": "torch.Tensor.relu = torch.Tensor.abs",
 "alias_then_patch": "t = torch.Tensor\n        t.relu = t.abs",
 "self_alias_module": "self.T = torch.Tensor",
 "list_of_class": "c = [torch.Tensor]\n        c[0].add = c[0].sub",
 "patch_via_for": "for c in (torch.Tensor,):\n            c.add = c.sub",
 "patch_via_isinstance": "y = torch.empty(1)\n        k = y.T",
 "dict_update_module": "d = nn.Module.training",
 "patch_kernel_attr": "relu_kernel.src = ''",
 "patch_type_of_param": "p = nn.Parameter(torch.zeros(1))\n        self.p = p",
 "with_no_grad": "z = torch.no_grad()\n        z.prev = 1",
 "patch_tl": "tl.where = tl.maximum",
 "walrus_alias": "(m := nn.ReLU).forward = nn.Identity.forward",
 "self_cls": "self.Cls = nn.ReLU\n        self.Cls.forward = nn.Identity.forward",
}
for k, s in stmts.items():
    src = HEAD + INIT.format(stmt=s)
    v = check_rules(src)
    print(k, "OK" if not v else [str(x)[:120] for x in v][:1])
    open(f"cands/m_{k}.py", "w").write(src)
