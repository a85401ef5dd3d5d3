import sys, json
sys.path.insert(0, "/tmp/v102")
from autotriton.verify.rules import check_rules
from autotriton.verify.extract import extract_code

HEAD = '''import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m), mask=m)

'''
def model(body, init="", extra_cls=""):
    return HEAD + extra_cls + f'''
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
{init}
    def forward(self, x):
{body}
'''
LAUNCH = "        y = torch.empty_like(x)\n        copy_kernel[(triton.cdiv(x.numel(), 1024),)](t, y, x.numel(), BLOCK=1024)\n        return y\n"
cases = {
 "walrus_in_comprehension": model("        t = [(z := x) for _ in range(1)][0]\n" + LAUNCH.replace("(t,", "(z,")),
 "lambda_default_torch": model("        f = lambda a, g=torch.relu: g(a)\n        t = f(x)\n" + LAUNCH),
 "default_arg_module_fn": HEAD + "def helper(a, g=torch.relu):\n    return g(a)\n\n" + model("        t = helper(x)\n" + LAUNCH),
 "class_attr_torch_fn": model("        t = self.op(x)\n" + LAUNCH, extra_cls="class Holder(nn.Module):\n    op = torch.relu\n\n").replace("class ModelNew(nn.Module)", "class ModelNew(Holder)"),
 "staticmethod_torch": model("        t = self.f(x)\n" + LAUNCH).replace("    def forward(self, x):", "    f = staticmethod(torch.relu)\n    def forward(self, x):"),
 "property_returns_torch": model("        t = self.op(x)\n" + LAUNCH).replace("    def forward(self, x):", "    @property\n    def op(self):\n        return torch.relu\n    def forward(self, x):"),
 "init_store_torch_fn": model("        t = self.op(x)\n" + LAUNCH, init="        self.op = torch.relu"),
 "init_store_nnfunc": model("        t = self.op(x)\n" + LAUNCH, init="        self.op = nn.functional.relu"),
 "init_layer_used_in_forward": model("        t = self.act(x)\n" + LAUNCH, init="        self.act = nn.ReLU()"),
 "init_sequential_index": model("        t = self.s[0](x)\n" + LAUNCH, init="        self.s = nn.Sequential(nn.ReLU())"),
 "modulelist_loop": model("        t = x\n        for m in self.s:\n            t = m(t)\n" + LAUNCH, init="        self.s = nn.ModuleList([nn.ReLU()])"),
 "children_call": model("        t = x\n        for m in self.children():\n            t = m(t)\n" + LAUNCH, init="        self.r = nn.ReLU()"),
 "modules_call": model("        t = x\n        for m in list(self.modules())[1:]:\n            t = m(t)\n" + LAUNCH, init="        self.r = nn.ReLU()"),
 "apply_fn": model("        t = x\n        self.apply(print)\n" + LAUNCH),
 "dict_of_fns": model("        t = {'a': torch.relu}['a'](x)\n" + LAUNCH),
 "tuple_of_fns": model("        t = (torch.relu,)[0](x)\n" + LAUNCH),
 "max_builtin_tensor": model("        t = max(x, x * 0)\n" + LAUNCH),
 "abs_builtin": model("        t = abs(x)\n" + LAUNCH),
 "sum_builtin_generator": model("        t = sum([x, x])\n" + LAUNCH),
 "round_builtin": model("        t = round(x)\n" + LAUNCH),
 "divmod_builtin": model("        t = divmod(x, 2.0)[1]\n" + LAUNCH),
 "operators": model("        t = x * (x > 0)\n" + LAUNCH),
 "matmul_rmatmul": model("        t = x.__matmul__(x)\n" + LAUNCH),
 "tensor_dunder_via_op": model("        t = x ** 2\n" + LAUNCH),
 "index_with_tensor": model("        t = x[x > 0]\n" + LAUNCH),
 "sorted_builtin": model("        t = sorted(x)\n" + LAUNCH),
 "enumerate_tensor": model("        t = x\n        for i, r in enumerate(x):\n            pass\n" + LAUNCH),
 "float_of_tensor": model("        t = x\n        s = float(x.sum())\n" + LAUNCH),
 "int_of_tensor_elem": model("        t = x\n        s = int(x[0])\n" + LAUNCH),
 "bool_of_tensor": model("        t = x\n        if bool(x[0] > 0):\n            t = x\n" + LAUNCH),
 "if_tensor": model("        t = x\n        if x[0] > 0:\n            t = x\n" + LAUNCH),
 "fstring_format_spec": model("        t = x\n        s = f'{x:>10}'\n" + LAUNCH),
 "new_tensor_from": model("        t = x.new_tensor([1.0])\n" + LAUNCH),
 "to_other_dtype": model("        t = x.to(torch.float16).to(torch.float32)\n" + LAUNCH),
 "view_as_complex": model("        t = x.view(torch.int32)\n" + LAUNCH),
 "expand_contig": model("        t = x[:1].expand_as(x).contiguous()\n" + LAUNCH),
 "as_strided_input": model("        t = x.as_strided((1,), (1,))\n" + LAUNCH),
 "unbind_stack": model("        t = x\n        rows = x.unbind(0)\n" + LAUNCH),
 "split_list_reverse": model("        parts = list(x.split(1))\n        parts.reverse()\n        t = x\n" + LAUNCH),
 "narrow_neg": model("        t = x.narrow(0, 0, 1)\n" + LAUNCH),
 "typing_cast": HEAD.replace("import torch\n", "import torch\nfrom typing import Any\n") + model("        t: Any = x\n" + LAUNCH)[len(HEAD):],
 "math_fsum": model("        t = x\n        s = math.fsum([1.0])\n" + LAUNCH).replace("import torch\n", "import torch\nimport math\n", 1),
 "math_prod_tensor": model("        t = math.prod([x, x])\n" + LAUNCH).replace("import torch\n", "import torch\nimport math\n", 1),
 "libdevice_on_tensor": model("        t = libdevice.exp(x)\n" + LAUNCH).replace("import torch\n", "import torch\nfrom triton.language.extra import libdevice\n", 1),
 "tl_on_host_tensor": model("        t = tl.exp(x)\n" + LAUNCH),
 "triton_cdiv_tensor": model("        t = triton.cdiv(x, 2)\n" + LAUNCH),
 "next_pow2_tensor": model("        t = x\n        n = triton.next_power_of_2(x)\n" + LAUNCH),
 "nfkc_identifier": model("        t = ｘ\n" + LAUNCH),
 "nfkc_torch": model("        t = ｔｏｒｃｈ.relu(x)\n" + LAUNCH),
 "nfkc_getattr": model("        t = ｇｅｔａｔｔｒ(torch, 'relu')(x)\n" + LAUNCH),
 "form_feed": model("        t = x\n\x0c" + LAUNCH),
 "cr_only": model("        t = x\r" + LAUNCH),
 "unicode_ls": model("        t = x # \u2028 t = torch.relu(x)\n" + LAUNCH),
 "nonascii_def_string": model("        t = x\n        s = '\u2028def copy_kernel(x_ptr, y_ptr, n, BLOCK):'\n" + LAUNCH),
 "match_stmt": model("        t = x\n        match 1:\n            case 1:\n                pass\n" + LAUNCH),
 "global_stmt": model("        global G\n        t = x\n" + LAUNCH),
 "kernel_reads_global_tensor": HEAD.replace("tl.load(x_ptr + offs, mask=m)", "tl.load(x_ptr + offs, mask=m) * SCALE") + "SCALE = tl.constexpr(2.0)\n" + model("        t = x\n" + LAUNCH)[len(HEAD):],
 "class_body_call": model("        t = x\n" + LAUNCH).replace("class ModelNew(nn.Module):", "class ModelNew(nn.Module):\n    r = torch.relu"),
 "init_subclass": model("        t = x\n" + LAUNCH, extra_cls="class Base(nn.Module):\n    def __init_subclass__(cls):\n        pass\n\n").replace("class ModelNew(nn.Module)", "class ModelNew(Base)"),
 "own_class_call_op": model("        t = Helper()(x)\n" + LAUNCH, extra_cls="class Helper(nn.Module):\n    def forward(self, a):\n        return torch.relu(a)\n\n"),
 "own_class_layer": model("        t = self.h(x)\n" + LAUNCH, init="        self.h = Helper()", extra_cls="class Helper(nn.ReLU):\n    pass\n\n"),
 "nn_module_call_method": model("        t = self.r.forward(x)\n" + LAUNCH, init="        self.r = nn.ReLU()"),
 "torch_nn_functional_alias": model("        t = F.relu(x)\n" + LAUNCH).replace("import torch.nn as nn\n", "import torch.nn as nn\nimport torch.nn.functional as F\n"),
 "decorator_no_grad_fn": model("        t = x\n" + LAUNCH).replace("    def forward(self, x):", "    @torch.no_grad()\n    def forward(self, x):"),
 "assert_walrus": model("        assert (t := torch.relu(x)) is not None\n" + LAUNCH),
 "star_args_unpack": model("        t = x\n        a, *rest = x\n" + LAUNCH),
 "param_data": model("        t = self.w.data\n" + LAUNCH, init="        self.w = nn.Parameter(torch.ones(4))"),
 "nn_param_in_forward": model("        t = nn.Parameter(x)\n" + LAUNCH),
 "empty_like_out_assign": model("        t = torch.empty_like(x)\n        t[:] = x\n" + LAUNCH),
 "fill_with_tensor": model("        t = torch.empty_like(x)\n        t.fill_(x[0, 0])\n" + LAUNCH),
 "full_with_tensor": model("        t = torch.full_like(x, x[0, 0])\n" + LAUNCH),
 "zeros_size_tensor": model("        t = x\n        z = torch.zeros(x.shape[0])\n" + LAUNCH),
 "new_full_from_tensor": model("        t = x.new_full(x.shape, x.max())\n" + LAUNCH),
 "grid_lambda_torch": model("        t = x\n        y = torch.empty_like(x)\n        copy_kernel[lambda meta: (x.relu_().numel(),)](t, y, x.numel(), BLOCK=1024)\n        return y\n"),
 "list_index_tensor": model("        t = [x, x][int(x.numel() > 0)]\n" + LAUNCH),
 "comprehension_over_tensor": model("        t = torch.empty_like(x)\n        vals = [v for v in x.flatten()]\n" + LAUNCH),
 "dict_items_self": model("        t = x\n        for k2, v in self.state_dict().items():\n            pass\n" + LAUNCH),
 "named_params": model("        t = x\n        ps = [p for p in self.parameters()]\n" + LAUNCH),
 "register_hook": model("        t = x\n" + LAUNCH, init="        self.register_forward_hook(print)"),
 "register_forward_pre_hook_lambda": model("        t = x\n" + LAUNCH, init="        self.register_forward_pre_hook(lambda m, a: None)"),
 "hook_layer_fn": model("        t = x\n" + LAUNCH, init="        self.r = nn.ReLU()\n        self.register_forward_hook(self.r)"),
}
out = {}
for name, src in cases.items():
    v = check_rules(src)
    out[name] = [f"{r.rule}" for r in v] if hasattr(v[0] if v else None, "rule") or not v else [str(x)[:80] for x in v]
    open(f"s_{name}.py", "w").write(src)
    print(f"{name:35s} {'PASS RULES' if not v else ''} {[getattr(r,'rule',r) for r in v][:4]} {[getattr(r,'message',getattr(r,'detail',''))[:90] for r in v][:1]}")
