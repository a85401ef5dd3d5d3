"""The static rule table: each allow-list boundary rejects with the right rule id, and
honest code (built-in solutions, template and Inductor teacher output) is never rejected."""

from __future__ import annotations

import textwrap

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from autotriton.data.compose import compose_one
from autotriton.data.teachers.template import teach
from autotriton.tasks import builtin_tasks
from autotriton.verify.rules import (ESCAPE_ATTRS, FORWARD_ATTRS, INIT_ATTRS, RULES, TENSOR_ATTRS, check_rules,
                                     dotted_name)

HEADER = """
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
"""


def module(forward_body: str, extra: str = "", init: str = "pass") -> str:
    """A candidate whose forward launches `k` into y, then runs `forward_body`."""
    return HEADER + extra + textwrap.dedent(f"""
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        {init}

    def forward(self, x):
        y = torch.empty_like(x)
        k[(1,)](x, y, x.numel(), BLOCK=1024)
        {forward_body}
""")


def rules_of(src: str) -> set[str]:
    return {v.rule for v in check_rules(src)}


JIT = "\n@triton.jit\ndef k2(x_ptr, n, T: tl.constexpr):\n    {}\n"
LAYER = "self.lin = nn.Linear(4, 4)"

# (forward body, module-level extra, __init__ body, expected rule). One row per allow-list
# boundary; most are escapes or fakes seen from RL-trained models.
CASES = [
    # imports: a short list, nothing carrying sys/os as an attribute
    ("return y", "\nimport dataclasses\nS = dataclasses.sys\n", "pass", "forbidden_import"),
    ("return y", "\nimport typing\nH = typing.get_type_hints\n", "pass", "module_attribute"),
    ("return y", "\nfrom typing import cast\n", "pass", "module_attribute"),
    ("return y", "\nimport enum\n", "pass", "forbidden_import"),
    ("return y", "\nimport operator\nG = operator.attrgetter('relu')\n", "pass", "forbidden_import"),
    ("return y", "\nimport _thread\n", "pass", "forbidden_import"),
    ("return y", "\nimport threading\n", "pass", "forbidden_import"),
    ("return y", "\nimport numpy as np\n", "pass", "forbidden_import"),
    ("y = F.relu(y)\n        return y", "\nimport torch.nn.functional as F\n", "pass", "torch_compute"),
    ("g = F\n        return y", "\nimport torch.nn.functional as F\n", "pass", "module_value"),
    ("return y", "\nfrom torch import *\n", "pass", "forbidden_import"),
    ("import os\n        return y", "", "pass", "forbidden_import"),
    # module chains: every link and the final member on an allow-list
    ("return torch.os.getpid()", "", "pass", "torch_compute"),
    ("return torch.relu(x)", "", "pass", "torch_compute"),
    ("return torch.cuda.synchronize()", "", "pass", "torch_compute"),
    ("return torch.randn(3)", "", "pass", "torch_compute"),
    ("return nn.init.zeros_(y)", "", "pass", "torch_compute"),
    ("return nn.Linear(4, 4)", "", "pass", "torch_compute"),
    ("return torch._C._DisableTorchDispatch()", "", "pass", "io_access"),
    ("return tl.core.builtins", "", "pass", "module_attribute"),
    ("return tl.extra.pkgutil", "", "pass", "module_attribute"),
    ("return tl.extra.module_from_spec", "", "pass", "module_attribute"),
    ("return triton.testing.do_bench(lambda: 0)", "", "pass", "module_attribute"),
    ("return y", "\nfrom torch import relu\n", "pass", "torch_compute"),
    ("m = torch.nn\n        return m.functional.relu(x)", "", "pass", "module_value"),
    ("return helper(torch)", "\ndef helper(m):\n    return m\n", "pass", "module_value"),
    ("return y", "\ndef f(tl):\n    return tl\n", "pass", "module_value"),
    ("return torch.compile(lambda t: t)(y)", "", "pass", "torch_compile"),
    ("return torch.ops.aten.relu(y)", "", "pass", "torch_compile"),
    ("self.compile()\n        return y", "", "pass", "torch_compile"),
    # names: builtins from an allow-list, never re-bound, no dunders
    ("return getattr(torch, 'relu')(x)", "", "pass", "io_access"),
    ("if False:\n            getattr = 1\n        return getattr(torch, 'relu')(x)", "", "pass", "io_access"),
    ("return vars(torch)", "", "pass", "io_access"),
    ("return type(x)", "", "pass", "io_access"),
    ("return eval('x')", "", "pass", "io_access"),
    ("return open('/etc/passwd')", "", "pass", "io_access"),
    ("return __builtins__", "", "pass", "io_access"),
    ("len = self.lin\n        return len(x)", "", LAYER, "io_access"),
    ("return F.relu(x)", "", "pass", "undefined_name"),
    # attributes: nothing private, nothing that leads to frames, code or Triton internals
    ("return y.__class__", "", "pass", "io_access"),
    ("return f'{x.__class__}'", "", "pass", "io_access"),
    ("return '{0.__class__}'.format(x)", "", "pass", "io_access"),
    ("g = (i for i in [1])\n        return g.gi_frame.f_back", "", "pass", "io_access"),
    ("return k.fn(x, y, 1, 1)", "", "pass", "io_access"),
    ("return k.run(x, y, grid=(1,), warmup=False)", "", "pass", "io_access"),
    ("return k[(1,)](x, _semantic=None)", "", "pass", "io_access"),
    ("return k[(1,)](**{'_semantic': None})", "", "pass", "io_access"),
    # tensor methods: queries, views, casts and allocation only
    ("return y.sum()", "", "pass", "torch_compute"),
    ("return x.clone()", "", "pass", "torch_compute"),
    ("return x.cpu()", "", "pass", "torch_compute"),
    ("return x.data_ptr()", "", "pass", "torch_compute"),
    ("return y.copy_(x)", "", "pass", "torch_compute"),
    ("return act(y)", "\nact = lambda t: t.numpy()\n", "pass", "torch_compute"),
    ("return helper(y)", "\ndef helper(t):\n    return t.exp()\n", "pass", "torch_compute"),
    ("return x.t()", "", "pass", "torch_compute"),
    ("return x.permute(1, 0).contiguous()", "", "pass", "torch_compute"),
    ("v = x.transpose(0, 1)\n        w = v.unsqueeze(0)\n        return w.reshape(-1)", "", "pass", "torch_compute"),
    ("return x.to(memory_format=torch.channels_last)", "", "pass", "torch_compute"),
    ("return torch.zeros(3, out=y)", "", "pass", "torch_compute"),
    ("return self.register_buffer('c', y)", "", "pass", "torch_compute"),
    # calls: never an nn layer, a parameter or a stored callable
    ("return self.lin(x)", "", LAYER, "torch_compute"),
    ("return self.norm(x)", "", "self.norm = nn.LayerNorm(4)", "torch_compute"),
    ("f = self.lin\n        return f(x)", "", LAYER, "torch_compute"),
    ("return apply(self.lin, x)", "\ndef apply(f, t):\n    return f(t)\n", LAYER, "torch_compute"),
    ("return [self.lin][0](x)", "", LAYER, "torch_compute"),
    ("return max([x], key=self.lin)", "", LAYER, "torch_compute"),
    ("return y.relu_()", "", "pass", "torch_compute"),
    ("return y", "", "self.x = torch.tensor([1.0]).sum()", "torch_compute"),
    ("return y", "", "self.x = torch.randn(4).clamp_(min=0)", "torch_compute"),
    # __init__ is lenient only for code that cannot run later: a grid callable runs at launch
    ("k[self.g](x, y, x.numel(), BLOCK=4)\n        return y", "",
     "self.g = lambda meta: (meta['y_ptr'].copy_(meta['x_ptr']),)", "torch_compute"),
    ("k[self.g](x, y, x.numel(), BLOCK=4)\n        return y",
     "\ndef grid_fn(meta):\n    meta['y_ptr'].copy_(meta['x_ptr'])\n    return (1,)\n", "self.g = grid_fn",
     "torch_compute"),
    ("for v in self.gen:\n            pass\n        return y", "",
     "self.gen = (t.normal_() for t in [torch.zeros(2)])", "torch_compute"),
    ("return y @ y", "", "pass", "matmul_operator"),
    ("y @= y\n        return y", "", "pass", "matmul_operator"),
    # kernel bodies: tl/libdevice, locals, other kernels, numeric constants
    ("return y", JIT.format("v = torch.relu(x_ptr)"), "pass", "jit_body"),
    ("return y", "\nimport numpy as np" + JIT.format("v = np.exp(x_ptr)"), "pass", "jit_body"),
    ("return y", JIT.format("v = math.exp(1.0)").replace("import", "import math\nimport", 1), "pass", "jit_body"),
    ("return y", JIT.format("v = T.sum()"), "pass", "jit_body"),
    ("return y", JIT.format("v = T.to(tl.float32)"), "pass", "jit_body"),
    ("return y", JIT.format("v = x_ptr.handle"), "pass", "jit_body"),
    ("return y", JIT.format("v = helper(x_ptr)") + "\ndef helper(t):\n    return t\n", "pass", "jit_body"),
    ("return y", "\nBUF = [1]" + JIT.format("v = BUF"), "pass", "jit_body"),
    ("return y", JIT.format("f = lambda t: t"), "pass", "jit_body"),
    ("return y", JIT.format("v = tl.load(x_ptr, **{'mask': None})"), "pass", "jit_body"),
    # state: nothing written outside __init__ but what the function allocated itself
    ("for i in range(x.numel()):\n            y[i] = max(x[i].item(), 0.0)\n        return y", "", "pass",
     "mutable_state"),
    ("self.cache = y\n        return y", "", "pass", "mutable_state"),
    ("CACHE.append(y)\n        return y", "\nCACHE = []\n", "pass", "mutable_state"),
    ("CACHE.update({0: y})\n        return y", "\nCACHE = {}\n", "pass", "mutable_state"),
    ("self.flag.fill_(1)\n        return y", "", "self.flag = torch.zeros(1)", "mutable_state"),
    ("y[y < 0] = 0\n        return y", "", "pass", "mutable_state"),
    ("global G\n        return y", "", "pass", "mutable_state"),
    ("h = H()\n        return y", "\nclass H(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
     "        self.a = 1\n", "pass", "mutable_state"),
    # module and class bodies
    ("return y", "\nBUF = torch.zeros(10)\n", "pass", "module_statement"),
    ("return y", "\nprint('import time')\n", "pass", "module_statement"),
    ("return y", "\nclass Evil(nn.Module):\n    def __ne__(self, o):\n        return False\n", "pass",
     "class_definition"),
    ("return y", "\nclass Evil(nn.Module):\n    def __getattr__(self, name):\n        return 1\n", "pass",
     "class_definition"),
    ("return y", "\nclass M(nn.Module, metaclass=Meta):\n    pass\n", "pass", "class_definition"),
    ("return y", "\nimport abc\nclass A(abc.ABC):\n    pass\n", "pass", "class_definition"),
    # a base class whose module was never imported is named as such, not as a refused base
    ("return y", "\nclass A(fn.Module):\n    pass\n", "pass", "undefined_name"),
    ("return y", "\nclass H(nn.Module):\n    def sum(self):\n        return 1\n", "pass", "class_definition"),
    ("return ModelNew.helper(x)", "", "pass", "class_definition"),
    ("return y", "\ndef helper(self):\n    return self.sum()\n", "pass", "class_definition"),
    ("return (lambda self: self.sum())(x)", "", "pass", "class_definition"),
    ("def inner():\n            class C:\n                pass\n        return y", "", "pass", "class_definition"),
    ("return y", "\nclass T(torch.Tensor):\n    pass\n", "pass", "tensor_subclass"),
    ("return y", "\nclass T(nn.Parameter):\n    pass\n", "pass", "tensor_subclass"),
    ("return y", "\nclass T(nn.Module):\n    def __torch_function__(self):\n        return 1\n", "pass",
     "tensor_subclass"),
    # decorators and their arguments
    ("return y", "\n@triton.autotune(configs=[], key=[], do_bench=lambda f: 1)\n@triton.jit\ndef k3(x):\n"
     "    pass\n", "pass", "decorator"),
    ("return y", "\n@triton.autotune(configs=[triton.Config({}, pre_hook=print)], key=[])\n@triton.jit\n"
     "def k3(x):\n    pass\n", "pass", "decorator"),
    ("return y", "\n@triton.jit(launch_metadata=print)\ndef k3(x):\n    pass\n", "pass", "decorator"),
    ("return y", "\n@triton.jit\n@triton.autotune(configs=[], key=[])\ndef k3(x):\n    pass\n", "pass",
     "decorator"),
    ("return y", "\ndef deco(f):\n    return f\n@deco\ndef g():\n    pass\n", "pass", "decorator"),
    # the remaining rules
    ("monkey = 1\n        return y", "\ntorch.cuda.synchronize = lambda: None\n", "pass", "monkey_patch"),
    ("return y", "\ntriton.jit.x = 1\n", "pass", "monkey_patch"),
    ("try:\n            return y\n        except Exception:\n            return x", "", "pass", "try_except"),
    ("return Model()(x)", "", "pass", "references_model"),
    ("return y", "", "self.m = Model()", "references_model"),
    ("return y", "\nasync def f():\n    pass\n", "pass", "forbidden_syntax"),
    ("match x:\n            case _:\n                return y", "", "pass", "forbidden_syntax"),
    # the device the judge runs on, asked outside an assert: a CPU judge runs one side only
    ("return y if x.is_cuda else x", "", "pass", "device_query"),
    ("return y if x.device.type == 'cpu' else x", "", "pass", "device_query"),
    ("d = x.device\n        return y if d.type == 'cpu' else x", "", "pass", "device_query"),
    ("return y if x.device == torch.device('cpu') else x", "", "pass", "device_query"),
    ("return y if f'{x.device}' == 'cpu' else x", "", "pass", "device_query"),
    ("return {torch.device('cpu'): y}.get(x.device, x)", "", "pass", "device_query"),
    ("return y if torch.cuda.is_available() else x", "", "pass", "device_query"),
    ("return y", "", "self.half = torch.cuda.device_count() > 0", "device_query"),
    # a device handed to the candidate's own function (or lambda) and asked there
    ("return y if tag(x.device) == 'c' else x", "\ndef tag(d):\n    return f'{d}'[0]\n", "pass", "device_query"),
    ("return y if tag(d=x.device) == 'c' else x", "\ndef tag(d):\n    return f'{d}'[0]\n", "pass", "device_query"),
    ("t = lambda d: f'{d}'\n        return y if t(x.device)[0] == 'c' else x", "", "pass", "device_query"),
    ("return y if tag(1, x.device) else x", "\ndef tag(*a):\n    return a[1] == a[1]\n", "pass", "device_query"),
    ("return y if tag(**dict(d=x.device)) else x", "\ndef tag(**kw):\n    return kw['d'] == kw['d']\n", "pass",
     "device_query"),
    # a tensor's text names its device (`tensor([])` on CPU, `device='cuda:0'` on a GPU)
    ("return y if 'cu' + 'da' in f'{x.new_empty(0)}' else x", "", "pass", "device_query"),
    ("return y if len('%s' % x.new_empty(0)) < 12 else x", "", "pass", "device_query"),
    ("return y if '{}'.format(x.new_empty(0)).find('dev') < 0 else x", "", "pass", "device_query"),
    # a copy on a named device is x itself on a CPU only (outside red team, session 46)
    ("return y if same(x.to('cpu'), x) else x", "\ndef same(a, b):\n    return a is b\n", "pass", "device_query"),
    ("h = x.to('cp' + 'u')\n        return y", "", "pass", "device_query"),
    ("h = x.to(device=torch.device('cuda', 0))\n        return y", "", "pass", "device_query"),
    ("h = x.to(0)\n        return y", "", "pass", "device_query"),
    ("return y if x is not self.kept else x", "", "pass", "device_query"),
    ("return y if outer(x.device) else x", "\ndef outer(d):\n    return tag(d)\ndef tag(e):\n    s = e\n"
     "    return {s: 1}\n", "pass", "device_query"),
]


@pytest.mark.parametrize("body, extra, init, rule", CASES, ids=[f"{c[3]}-{i}" for i, c in enumerate(CASES)])
def test_rule_fires(body, extra, init, rule):
    assert rule in rules_of(module(body, extra, init))


def test_every_rule_is_exercised_and_explained():
    exercised = {c[3] for c in CASES} | {"missing_modelnew", "no_triton_kernel", "too_complex"}
    assert exercised == set(RULES)
    assert all(reason.strip() for reason in RULES.values())


# Honest code that sits right next to a boundary: each must stay clean.
HONEST = [
    ("return y", "\nimport torch.nn.functional as F\n", "pass"),  # imported by habit, unused
    ("b: Optional[torch.Tensor] = None\n        return y", "\nfrom typing import Optional\n", "pass"),
    ("return y", "", "pass\n        super(ModelNew, self).__init__()"),
    ("return y.view(x.shape).to(torch.float32)", "", "pass"),
    ("b = None\n        if b is None and x.dtype is torch.float32 and y is not None:\n            return y.to(x.device).to(x)\n"
     "        return y", "", "pass"),  # identity beside None and a torch member, .to a device held
    ("f = torch.finfo(x.dtype).max\n        return y", "", "pass"),
    # the device placing tensors, and asserted: not asked (device_query)
    ("assert x.is_cuda and x.device.type == 'cuda', 'cuda only'\n        dev = x.device\n"
     "        acc = torch.zeros(4, device=dev, dtype=x.dtype).to(x.device)\n"
     "        return y", "", "pass"),
    ("n = torch.cuda.get_device_properties(x.device).multi_processor_count\n        return y", "", "pass"),
    ("n = torch.cuda.get_device_properties(0).multi_processor_count\n        return y", "", "pass"),
    ("acc = torch.zeros(4, device=x.device)\n        acc.zero_()\n        parts = []\n        parts.append(acc)\n"
     "        return y", "", "pass"),
    ("grid = lambda meta: (triton.cdiv(x.numel(), meta['BLOCK']),)\n        k[grid](x, y, x.numel(), BLOCK=256)\n"
     "        return y", "", "pass"),
    ("w = self.lin.weight.t().unsqueeze(0)\n        return launch(w, self.lin.bias)", "\ndef launch(w, b):\n"
     "    return w.stride(1) + b.numel()\n", LAYER),
    ("return self.scaled(y)", "", "self.scale = 2.0"),
    ("return y", "\nfrom triton.language.extra import libdevice" + JIT.format("v = libdevice.tanh(x_ptr)"), "pass"),
    ("return y", "\nMAXB = tl.constexpr(1024)\nEPS = 1e-6" + JIT.format("v = tl.full((MAXB,), EPS, tl.float32)"),
     "pass"),
    ("return y", "\nCONFIGS = [triton.Config({'BLOCK': b}, num_warps=4) for b in (64, 128)]\n"
     "@triton.autotune(configs=CONFIGS, key=['n'])\n@triton.heuristics({'EVEN': lambda a: a['n'] % 2 == 0})\n"
     "@triton.jit\ndef k3(x, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):\n    pass\n", "pass"),
    ("return y", "\nclass Block(nn.Module):\n    def __init__(self, d):\n        super().__init__()\n"
     "        self.fc = nn.Linear(d, d)\n        nn.init.zeros_(self.fc.bias)\n", "self.block = Block(4)"),
    ("return y", "", "self.w = nn.Parameter(torch.randn(4))\n        self.w.data.normal_()"),
    # formatting in what a raise raises or an assert's message: made only when the run stops
    ("assert x.ndim == 2, f'expected 2-D input, got {x.shape} on {x.device}'\n        if x.numel() < 0:\n"
     "            raise ValueError('bad size %d' % x.numel())\n        return y", "", "pass"),
    # devices handed to own helpers that only place tensors; sizes splatted; a tensor built on the
    # device passed by keyword (not a device itself)
    ("z = alloc(x.shape, x.device) + alloc(d=x.device, shape=x.shape)\n        return y",
     "\ndef alloc(shape, d):\n    return torch.zeros(shape, device=d)\n", "pass"),
    ("z = alloc(*x.shape) + fill(out=torch.empty(4, device=x.device))\n        return y",
     "\ndef alloc(*shape):\n    return torch.zeros(shape[0])\ndef fill(out):\n    return out.view(-1)[:2] + out.numel()\n",
     "pass"),
    ("return y", "\ndef build(n):\n    return nn.Parameter(torch.randn(n))\n", "self.w = build(4)"),
]


@pytest.mark.parametrize("body, extra, init", HONEST)
def test_honest_code_near_a_boundary_is_clean(body, extra, init):
    src = module(body, extra, init).replace("    def forward", "    def scaled(self, t):\n        return t\n\n"
                                            "    def forward")
    assert check_rules(src) == []


def test_a_torch_nn_layer_may_be_the_base_class():
    # The Inductor teacher subclasses a harvested torch.nn class so its __init__ builds the parameters.
    src = HEADER + "\nclass ModelNew(nn.Linear):\n    def forward(self, x):\n        y = torch.empty_like(x)\n" \
        "        k[(1,)](x, y, x.numel(), BLOCK=1024)\n        return y\n"
    assert check_rules(src) == []
    assert "class_definition" in rules_of(src.replace("    def forward", "    def fwd"))  # inherited forward
    assert "torch_compute" in rules_of(src.replace("return y", "return super().forward(x)"))


def test_a_library_base_class_builds_its_layers_as_init_code():
    """A harvested model kept as ModelNew's base (`class ModelNew(BeamForCausalLM)`) builds its layers
    in its own __init__ and its submodules'; naming it as a base ran none of that at import, but the
    rules read the base list as import-time code and every constructor below it as forward code (13
    of 761 harvested Inductor answers, session 66). A layer's path through a submodule called `.norm`
    (a tensor method's name) is read as a path; calling it, or building the base in forward, is not."""
    base = textwrap.dedent("""
    class Inner(nn.Module):
        def __init__(self):
            super().__init__()
            self.norm = nn.LayerNorm(4)


    class Base(nn.Module):
        def __init__(self):
            super().__init__()
            self.model = Inner()
            self.scale = 2
    """)
    src = HEADER + base + textwrap.dedent("""
    class ModelNew(Base):
        def forward(self, x):
            y = torch.empty_like(x)
            w = self.model.norm.weight
            k[(1,)](x, y, x.numel(), BLOCK=1024)
            return y
    """)
    assert check_rules(src) == []
    assert "torch_compute" in rules_of(src.replace("w = self.model.norm.weight", "w = self.model.norm(x)"))
    assert "torch_compute" in rules_of(src.replace("w = self.model.norm.weight", "w = x.norm()"))
    assert "torch_compute" in rules_of(src.replace("w = self.model.norm.weight", "w = x.norm"))
    # the names that reach frames and code stay refused, whatever an __init__ calls its attributes
    frames = src.replace("self.scale = 2", "self.gi_frame = 2").replace("w = self.model.norm.weight",
                                                                         "w = self.model.gi_frame.f_globals")
    assert "io_access" in rules_of(frames)
    built_in_forward = src.replace("w = self.model.norm.weight", "w = Base()")
    assert {"mutable_state", "torch_compute"} <= rules_of(built_in_forward)


def test_a_submodule_named_like_a_tensor_method_is_a_path_but_tensor_data_never_is():
    """`blk.norm.weight` reads a submodule, wherever `blk` comes from: a loop over self.blocks, nested
    loops, a ModuleDict's items(), a helper's parameter, a library layer's own `.norm` (honest answers
    refused by verifiers 79-80, outside passes of sessions 68-69). On a tensor `x.norm.weight` raises
    (a bound method of torch's has no public attribute), so reading an attribute off the name is
    never compute. Bound to a local, `.norm` is a submodule only on a path from self. A tensor's data
    attributes are never such a path, though an __init__ sets the name: `self.grad_fn = None` let
    `self.anchor.grad_fn.metadata` hold a call count the judge never saw."""
    src = HEADER + textwrap.dedent("""
    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.norm = nn.LayerNorm(4)
            self.grad_fn = None


    class ModelNew(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([Block(), Block()])
            self.anchor = torch.zeros(1)

        def _weights(self, blk):
            return blk.norm.weight

        def forward(self, x):
            y = torch.empty_like(x)
            for blk in self.blocks:
                w = blk.norm.weight
            for i, blk2 in enumerate(reversed(self.blocks)):
                w = blk2.norm.bias
            for blk3 in (self.blocks[0], self.blocks[1]):
                w = self._weights(blk3)
            norm = self.blocks[0].norm
            k[(1,)](x, y, x.numel(), BLOCK=1024)
            return y
    """)
    assert check_rules(src) == []
    assert check_rules(src.replace("for blk in self.blocks:", "for blk in [x]:")) == []  # raises on a tensor
    assert "torch_compute" in rules_of(src.replace("norm = self.blocks[0].norm", "norm = x.norm"))
    assert "torch_compute" in rules_of(src.replace("norm = self.blocks[0].norm", "norm = self.blocks[0].norm()"))
    assert "torch_compute" in rules_of(src.replace("w = blk.norm.weight", "w = self.anchor.grad_fn.metadata"))
    assert "io_access" in rules_of(src.replace("w = blk.norm.weight", "w = x.norm._x"))


def test_an_own_method_name_is_called_only_on_an_own_instance():
    """With numpy's einsum, asarray and copyto defined as dummy methods, `np.einsum(...)` on the numpy
    Triton's interpreter binds in the module passed as an own method call (outside passes on
    verifiers 80 and 81; issue 32's class A). What a function reaches through self, its own names or
    a call may be an own instance (a conditional, an unpacked pair, a closure's name and a getter's
    result were refused by verifier 83: outside pass on verifier 83); a module-level name only where
    it is bound to an own class's instance."""
    src = HEADER + textwrap.dedent("""
    class Helper:
        def einsum(self, x):
            return x


    class ModelNew(nn.Module):
        def __init__(self):
            super().__init__()
            self.helper = Helper()
            self.pair = (Helper(), Helper())

        def _use(self, h, x):
            return h.einsum(x)

        def _get(self):
            return self.helper

        def forward(self, x):
            y = torch.empty_like(x)
            local = Helper() if x.numel() > 4 else self.helper
            a, b = self.pair
            local.einsum(x)
            b.einsum(x)
            self._get().einsum(x)

            def inner():
                return local.einsum(x)
            inner()
            self._use(self.helper, x)
            k[(1,)](x, y, x.numel(), BLOCK=1024)
            return y
    """)
    assert check_rules(src) == []
    unbound = src.replace("class ModelNew", "np: int\n\n\nclass ModelNew").replace("b.einsum(x)", "np.einsum(x)")
    assert "torch_compute" in rules_of(unbound)


def test_a_class_bodys_generator_does_not_see_the_class_names():
    """A generator or comprehension in a class body reads globals, its first iterable aside: `np = 0;
    g = (np for _ in range(3))` read the numpy Triton's interpreter binds in the module at the first
    launch (outside pass on verifier 82)."""
    src = HEADER + textwrap.dedent("""
    class ModelNew(nn.Module):
        SIZES = (1, 2)
        DOUBLED = [s * 2 for s in SIZES]
        np = 0
        g = (np for _ in range(3))

        def forward(self, x):
            y = torch.empty_like(x)
            k[(1,)](x, y, x.numel(), BLOCK=1024)
            return y
    """)
    assert "undefined_name" in rules_of(src)
    assert check_rules(src.replace("    g = (np for _ in range(3))\n", "")) == []


def test_what_tritons_callables_set_on_themselves_is_out_of_reach():
    """`self.k.bench_time = torch.zeros(8)` on a one-config autotuner, which never sets it, kept a call
    count where the held-state walk leaves Triton's own caches (outside pass on verifier 81): every
    public attribute Triton's callables set on themselves, read from its source, is refused."""
    src = HEADER + textwrap.dedent("""
    class ModelNew(nn.Module):
        def __init__(self):
            super().__init__()
            self.k = k
            self.k.bench_time = torch.zeros(8)

        def forward(self, x):
            y = torch.empty_like(x)
            k[(1,)](x, y, x.numel(), BLOCK=1024)
            return y
    """)
    assert "io_access" in rules_of(src)
    assert {"bench_time", "best_config", "configs_timings", "nargs"} <= ESCAPE_ATTRS


def test_a_host_tensor_descriptor_may_be_made_by_its_static_constructor():
    """TensorDescriptor.from_tensor(t, block_shape), the form Triton's tutorials use, was torch_compute
    while the four-list constructor passed; other attributes of the class stay refused."""
    from pathlib import Path

    honest = (Path(__file__).parent / "fixtures" / "honest_relu_host_tensor_descriptor.py").read_text()
    made = honest.replace("TensorDescriptor(x.view(R, C), [R, C], [C, 1], [16, 16])",
                          "TensorDescriptor.from_tensor(x.view(R, C), [16, 16])")
    assert made != honest and check_rules(made) == []
    assert "io_access" in rules_of(made.replace(".from_tensor(", ".mro(x, "))
    assert "torch_compute" in rules_of(made.replace("TensorDescriptor.from_tensor(", "x.from_tensor("))
    alias = made.replace("        x = x.contiguous()\n", "        x = x.contiguous()\n        D = TensorDescriptor\n")
    assert "torch_compute" in rules_of(alias.replace("TensorDescriptor.from_tensor(", "D.from_tensor("))


def test_allowed_decorators_and_future_import_are_clean():
    src = "from __future__ import annotations\n" + module("return self.helper(y)").replace(
        "    def forward", "    @staticmethod\n    def helper(t):\n        return t\n\n"
        "    @torch.no_grad()\n    def forward")
    assert check_rules(src) == []


def test_a_def_line_hidden_in_a_kernel_string_is_a_violation():
    """Triton's interpreter compiles a kernel from the last line of its source that starts with
    `def `: one inside a string became the kernel, unchecked (outside red team, 2026-11-24)."""
    honest = module("return y")
    hidden = honest.replace("    offs = tl.program_id(0)", '    """\ndef k(x_ptr, y_ptr, n, BLOCK):\n'
                            '    pass\n    """\n    offs = tl.program_id(0)')
    assert hidden != honest and check_rules(honest) == []
    found = [v for v in check_rules(hidden) if v.rule == "jit_body"]
    assert [v.line for v in found] == [hidden.splitlines().index("def k(x_ptr, y_ptr, n, BLOCK):") + 1], found
    docstring = honest.replace("    offs = tl.program_id(0)", '    """Copies x: the definition of y is x."""\n    offs = tl.program_id(0)')
    assert check_rules(docstring) == []  # a docstring that merely says "def" is fine


def test_a_name_must_be_bound_where_it_is_read():
    """Python's scoping, not "bound anywhere in the module": `np` as a parameter of an unused
    function let forward read the numpy that Triton's interpreter puts into the candidate's
    module on its first launch (outside red team, 2026-11-27)."""
    cheat = module("np.copyto(y, x)\n        return y", extra="\ndef unused(np):\n    return np\n")
    assert "undefined_name" in rules_of(cheat)
    elsewhere = module("return scale * y", extra="\ndef other():\n    scale = 2.0\n    return scale\n")
    assert "undefined_name" in rules_of(elsewhere)  # a local of another function
    method_local = module("return y", init="self.k = 3").replace(
        "    def forward", "    def helper(self):\n        width = 4\n        return width\n\n    def forward")
    assert check_rules(method_local) == []
    assert "undefined_name" in rules_of(method_local.replace("return y", "return y[:width]"))


SCOPED_HONEST = [
    # a closure over forward's locals, a lambda's own parameter, comprehension variables at
    # module level and in forward, a class-body constant used in the class body
    "n = x.numel()\n        grid = lambda meta: (triton.cdiv(n, meta['BLOCK']),)\n        k[grid](x, y, n, BLOCK=256)\n"
    "        return y",
    "shapes = [d * 2 for d in x.shape]\n        return y if shapes else y",
    "def launch(t):\n            k[(1,)](t, y, t.numel(), BLOCK=1024)\n        launch(x)\n        return y",
]


@pytest.mark.parametrize("body", SCOPED_HONEST)
def test_names_bound_in_an_enclosing_scope_are_clean(body):
    assert check_rules(module(body, extra="\nSIZES = [2 ** i for i in range(4)]\n")) == []


def test_class_body_constants_may_use_each_other():
    src = module("return y").replace("class ModelNew(nn.Module):\n",
                                     "class ModelNew(nn.Module):\n    BLOCK = 256\n    GRID = BLOCK * 2\n")
    assert check_rules(src) == []


@pytest.mark.parametrize("char", ["\x0c", "\x0b", "\x1c", "\x85", "\u2028"])
def test_characters_read_as_line_breaks_by_some_tools_are_violations(char):
    """str.splitlines (the interpreter's source search, the hidden-def scan) breaks lines at
    these, Python's tokenizer does not: 30 form feeds in a comment hid a `def` in a kernel
    string from the scan (outside red team, 2026-11-27)."""
    src = module("return y").replace("import torch\n", f"import torch  # page{char}break\n", 1)
    assert "forbidden_syntax" in rules_of(src)


def test_missing_pieces():
    assert {"no_triton_kernel", "missing_modelnew"} <= rules_of("import torch\nx = 1\n")


@pytest.mark.parametrize("source", [
    "import torch\nx = " + "-" * 100_000 + "1\n",
    "import torch\ny = x" + ".a" * 50_000 + "\n",
])
def test_pathological_sources_are_violations_not_crashes(source):
    assert "too_complex" in rules_of(source)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(sorted(TENSOR_ATTRS - FORWARD_ATTRS)))
def test_any_tensor_attribute_off_the_allow_list_is_flagged(attr):
    assert rules_of(module(f"return y.{attr}")) & {"torch_compute", "torch_compile", "io_access"}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(INIT_ATTRS - FORWARD_ATTRS)))
def test_init_only_tensor_methods_are_flagged_in_forward(attr):
    assert "torch_compute" in rules_of(module(f"return y.{attr}"))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**4))
def test_template_teacher_output_is_never_rejected(seed, index):
    spec = compose_one(seed, index).spec
    assert check_rules(teach(spec).code) == [], spec


def test_reference_solutions_are_clean():
    for task in builtin_tasks():
        assert check_rules(task.solution_source) == [], task.id


def test_dotted_name():
    import ast
    assert dotted_name(ast.parse("a.b.c", mode="eval").body) == "a.b.c"
    assert dotted_name(ast.parse("f().b", mode="eval").body) is None


def test_docs_list_every_rule_and_flag():
    from pathlib import Path

    from autotriton.verify.result import FLAG_REASONS
    doc = (Path(__file__).parents[1] / "docs" / "VERIFIER.md").read_text()
    missing = [name for name in list(RULES) + list(FLAG_REASONS) if f"`{name}`" not in doc]
    assert not missing, f"docs/VERIFIER.md does not describe {missing}"


def test_check_does_not_import_candidate_modules():
    # The checker reads the installed torch/triton only; a candidate naming a module never loads it.
    import sys
    check_rules(module("return y", "\nimport antigravity\n"))
    assert "antigravity" not in sys.modules
    assert torch.__name__ == "torch"


def test_augmented_assignment_to_state_is_mutable_state():
    """`seen = self.seen; seen += [n]` is in-place state, like .append() (a red-team find)."""
    src = module("seen = self.seen\n        seen += [1]\n        return y", init="self.seen = []")
    assert "mutable_state" in rules_of(src)
    assert "mutable_state" not in rules_of(module("n = x.numel()\n        n += 1\n        return y"))


def test_tritonbench_contract_leaves_out_only_the_modelnew_rules():
    """A TritonBench answer is functions (and autograd.Functions) that the item's test
    section calls; every rule not tied to ModelNew still applies to all of it."""
    answer = '''
import torch
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2.0, mask=offs < n)


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        out = torch.empty_like(input)
        scale_kernel[(triton.cdiv(input.numel(), 128),)](input, out, input.numel(), BLOCK=128)
        ctx.save_for_backward(input)
        ctx.n = input.numel()
        return out


def scale(input):
    return Scale.apply(input)
'''
    kernelbench = {v.rule for v in check_rules(answer)}
    assert {"missing_modelnew", "io_access"} <= kernelbench  # no ModelNew; `input` shadows a builtin
    assert check_rules(answer, contract="tritonbench") == []
    cheat = answer.replace("        out = torch.empty_like(input)\n",
                           "        return torch.relu(input) * 2\n        out = torch.empty_like(input)\n")
    assert {v.rule for v in check_rules(cheat, contract="tritonbench")} == {"torch_compute"}
    # A result cached across calls (a faked speedup) is still state: only autograd's ctx is exempt.
    cache = answer.replace("def scale(input):\n    return Scale.apply(input)",
                           "CACHE = {}\n\n\ndef scale(input):\n    CACHE[input.shape] = Scale.apply(input)\n"
                           "    return CACHE[input.shape]")
    assert cache != answer
    assert {v.rule for v in check_rules(cache, contract="tritonbench")} == {"mutable_state"}
    escape = answer + "\nimport os\n"
    assert "forbidden_import" in {v.rule for v in check_rules(escape, contract="tritonbench")}
    with pytest.raises(ValueError, match="contract"):
        check_rules(answer, contract="tritonbenchx")


def test_own_private_attributes_and_methods_are_allowed_on_self_only():
    """`self._block = 1024` read in forward was an io_access violation: an honest reject of
    ordinary Python (outside red team, 2026-11-29). Allowed: what the class's __init__ sets on
    self and the methods it defines, read through a method's own self; still refused:
    nn.Module's private names, the same name on any other object, and a rebound self."""
    own = module("return self._launch(y) * self._block", init="self._block = 1")
    own = own.replace("    def forward(self, x):", "    def _launch(self, t):\n        return t\n\n    def forward(self, x):")
    assert rules_of(own) == set()
    assert "io_access" in rules_of(module("return y + len(self._parameters)"))
    assert "io_access" in rules_of(module("return y._base", init="self._base = 1"))
    assert "io_access" in rules_of(module("self = x\n        return self._base", init="self._base = 1"))
    outside = module("return helper(x)", extra="\ndef helper(self):\n    return self._base\n", init="self._base = 1")
    assert "io_access" in rules_of(outside)


def test_as_strided_only_on_tensors_the_function_allocated():
    """`x.as_strided((1,), (1,), 0)` read the CPU judge's NaN fence before every input, and x[0]
    in use (outside red team, fifteenth pass): on an input, or anything not allocated here, it is
    refused; on the function's own buffer (Inductor's wrappers view theirs so) it is allowed."""
    head = "import torch\nimport torch.nn as nn\nimport triton\n\n\nclass ModelNew(nn.Module):\n    def forward(self, x):\n"
    refused = ["        probe = x.as_strided((1,), (1,), 0)\n",
               "        z = x.view(-1)\n        probe = z.as_strided((1,), (1,), 0)\n",
               "        probe = x.flatten().as_strided((1,), (1,), 0)\n"]
    allowed = ["        buf = torch.empty(8, device=x.device)\n        probe = buf.as_strided((2, 2), (2, 1), 0)\n",
               "        probe = torch.empty_like(x).as_strided((1,), (1,), 0)\n"]
    def about_as_strided(body: str) -> list[str]:
        return [v.rule for v in check_rules(head + body + "        return probe\n") if "as_strided" in v.message]
    for body in refused:
        assert about_as_strided(body) == ["torch_compute"], body
    for body in allowed:
        assert about_as_strided(body) == [], body


def test_a_kernel_may_pass_a_nan_mode_and_nothing_else_of_that_enum():
    """tl.maximum(x, 0.0, propagate_nan=tl.PropagateNan.ALL) was a jit_body violation (outside pass
    on verifier 59, session 57); ALL and NONE are the enum's values, anything else stays refused."""
    kernel = textwrap.dedent('''
        import torch
        import torch.nn as nn
        import triton
        import triton.language as tl

        @triton.jit
        def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            x = tl.load(x_ptr + offs, mask=offs < n)
            tl.store(y_ptr + offs, tl.maximum(x, 0.0, propagate_nan=tl.PropagateNan.MODE), mask=offs < n)

        class ModelNew(nn.Module):
            def forward(self, x):
                y = torch.empty_like(x)
                k[(triton.cdiv(x.numel(), 1024),)](x, y, x.numel(), BLOCK=1024)
                return y
        ''')
    assert rules_of(kernel.replace("MODE", "ALL")) == set()
    assert rules_of(kernel.replace("MODE", "NONE")) == set()
    assert rules_of(kernel.replace("MODE", "SOME")) == {"jit_body"}


# Launches through an attribute (issue 32): `self.kernel[grid](...)` where __init__ chose the kernel.
K2 = "\n@triton.jit\ndef k2(x_ptr, y_ptr, n, BLOCK: tl.constexpr):\n    pass\n"
HELD_LAUNCH = "self.kernel[(1,)](x, y, x.numel(), BLOCK=1024)\n        return y"
NOT_A_LAUNCH = "only kernel[grid](...) launches may call a subscript"


def launch_refused(src: str) -> bool:
    return any(v.rule == "torch_compute" and v.message.startswith(NOT_A_LAUNCH) for v in check_rules(src))


HELD_HONEST = [
    (HELD_LAUNCH, "", "self.kernel = k"),
    (HELD_LAUNCH, K2, "self.kernel = k2 if torch.get_default_dtype() == torch.float16 else k"),
    (HELD_LAUNCH, K2, "self.kernel = k\n        if torch.get_default_dtype() == torch.float16:\n"
     "            self.kernel = k2"),
    (HELD_LAUNCH.replace("BLOCK=1024", "**{'BLOCK': 1024}"), "\nfrom typing import Any\n", "self.kernel: Any = k"),
    ("self._kernel[(1,)](x, y, x.numel(), BLOCK=1024)\n        return y", "", "self._kernel = k"),
    ("self.ks[x.dtype][(1,)](x, y, x.numel(), BLOCK=1024)\n        return y", K2,
     "self.ks = {torch.float32: k, torch.float16: k2}"),
    ("self.ks[0][(1,)](x, y, x.numel(), BLOCK=1024)\n        return y", K2, "self.ks = (k, k2)"),
]


@pytest.mark.parametrize("body, extra, init", HELD_HONEST)
def test_a_kernel_held_in_an_attribute_may_be_launched_through_it(body, extra, init):
    assert check_rules(module(body, extra, init)) == []


def test_an_attribute_launch_is_a_launch_of_every_kernel_it_may_hold():
    from autotriton.tasks.contract import parse_source
    from autotriton.verify.rules import _build, launched_kernels
    mod = _build(parse_source(module(HELD_LAUNCH, K2, "self.kernel = k2 if x else k\n        self.ks = [k]")))
    assert launched_kernels(mod, ast_expr("self.kernel[(1,)]")) == {"k", "k2"}
    assert launched_kernels(mod, ast_expr("self.ks[0][(1,)]")) == {"k"}
    assert launched_kernels(mod, ast_expr("k[(1,)]")) == {"k"}
    assert launched_kernels(mod, ast_expr("self.other[(1,)]")) == frozenset()


def ast_expr(text: str):
    import ast
    return ast.parse(text, mode="eval").body


# (forward body, module-level extra, __init__ body, a rule that must fire besides the launch
# refusal or None): each makes the attribute hold something other than a kernel of the module.
HELD_ATTACKS = [
    ("self.kernel[0](y)\n        return y", "", "self.kernel = nn.ModuleList([nn.ReLU(inplace=True)])", None),
    (HELD_LAUNCH, "\ndef fake(x_ptr, y_ptr, n, BLOCK):\n    return x_ptr.relu()\nTABLE = {(1,): fake}\n",
     "self.kernel = TABLE", "torch_compute"),
    ("self.kernel = lambda *a, **kw: None\n        " + HELD_LAUNCH, "", "self.kernel = k", "mutable_state"),
    ("self.kernel = {(1,): lambda *a, **kw: None}\n        " + HELD_LAUNCH, "", "self.kernel = k", "mutable_state"),
    (HELD_LAUNCH, "", "self.kernel = k\n        self.kernel = self.seq\n        self.seq = nn.Sequential()", None),
    (HELD_LAUNCH, K2, "self.kernel = k if x else self.seq\n        self.seq = nn.Sequential()", None),
    (HELD_LAUNCH, "", "self.kernel, self.other = k, k", None),  # unpacked: not followed
    (HELD_LAUNCH, "", "self.kernel = k\n        del self.kernel", None),
    (HELD_LAUNCH, "", "self.kernel = k\n        other = self\n        other.kernel += k", None),
    (HELD_LAUNCH, "", "self.kernel = local\n        local = k", None),  # only module-level names count
    (HELD_LAUNCH, "\ndef helper(k):\n    return k\n", "self.kernel = k", None),  # k is bound elsewhere too
    ("self.ks['a'][0](y)\n        return y", "", "self.ks = {'a': k}\n        t = self.ks\n"
     "        t['a'] = nn.Sequential(nn.ReLU(inplace=True))", None),
    ("self.ks['a'][0](y)\n        return y", "", "self.ks = {'a': k}\n"
     "        self.ks['a'] = nn.Sequential(nn.ReLU(inplace=True))", None),
    ("self.ks[0][(1,)](x, y, x.numel(), BLOCK=1024)\n        return y", "", "self.ks = [k]\n"
     "        self.ks.append(nn.Sequential())", None),
    ("self.ks[0][(1,)](x, y, x.numel(), BLOCK=1024)\n        return y", "", "self.ks = [k, *self.more]", None),
    ("self.ks[0][(1,)](x, y, x.numel(), BLOCK=1024)\n        return y", "", "self.ks = {**self.more}", None),
]


@pytest.mark.parametrize("body, extra, init, rule", HELD_ATTACKS)
def test_an_attribute_holding_anything_but_kernels_is_no_launch(body, extra, init, rule):
    src = module(body, extra, init)
    assert launch_refused(src), check_rules(src)
    if rule is not None:
        assert rule in rules_of(src)


def test_an_attribute_launch_needs_classes_on_nn_module_alone():
    """An nn.ModuleDict base registers entries under names given as data, so self.kernel read
    where no store of it ran (`if n < 0`) was an nn.Sequential; a class-level binding of the name
    or a method of that name is what the read falls back to."""
    src = module("self.kernel[0](y)\n        return y", "", "n = 1\n        if n < 0:\n            self.kernel = k")
    assert check_rules(src) == []  # the launch is accepted, the ModuleDict base is what refuses it
    assert launch_refused(src.replace("ModelNew(nn.Module)", "ModelNew(nn.ModuleDict)"))
    assert launch_refused(src.replace("ModelNew(nn.Module)", "ModelNew(nn.Linear)"))
    assert launch_refused(src.replace("    def forward", "    kernel = k\n\n    def forward"))
    assert launch_refused(src.replace("    def forward", "    def kernel(self):\n        return k\n\n    def forward"))
    assert launch_refused(src.replace("self.kernel", "self.training"))  # nn.Module's own attribute


def test_a_kernel_name_bound_elsewhere_too_is_no_launch():
    """A helper's parameter named like the kernel, handed an nn.Sequential of an in-place ReLU, made
    `k[0](y)` a launch to the rules (the runtime tracker caught the relu_): a name launches only
    where nothing but the kernel's def binds it."""
    helper = "\ndef finish(k, t):\n    k[0](t)\n"
    assert launch_refused(module("finish(self.seq, y)\n        return y", helper, "self.seq = nn.Sequential()"))
    assert launch_refused(module("k = self.seq\n        return y"))
    assert check_rules(module("return y", "\ndef finish(kk, t):\n    return t\n")) == []


NAMED_LAUNCH = "kern[(1,)](x, y, x.numel(), BLOCK=1024)\n        return y"
TABLE_LAUNCH = "KS[x.dtype][(1,)](x, y, x.numel(), BLOCK=1024)\n        return y"
TABLE = "\nKS = {torch.float32: k, torch.float16: k2}\n"

# (forward body, module-level extra): a local or module-level name that may be only kernels, or a
# module-level table of them read only by subscript; each was refused as honest code (outside pass
# on verifier 87: `kern = lsm_single if fits else lsm_loop`, `KERNELS[fits][grid](...)`).
NAMED_HONEST = [
    ("kern = k2 if x.numel() > 4096 else k\n        " + NAMED_LAUNCH, K2),
    ("kern = k\n        if x.numel() > 4096:\n            kern = k2\n        " + NAMED_LAUNCH, K2),
    (NAMED_LAUNCH, K2 + "\nFAST = True\nkern = k2 if FAST else k\n"),
    (TABLE_LAUNCH, K2 + TABLE),
    ("kern = KS[x.dtype]\n        " + NAMED_LAUNCH, K2 + TABLE),
    ("KS[0][(1,)](x, y, x.numel(), BLOCK=1024)\n        return y", K2 + "\nKS = (k, k2)\n"),
    ("kern, block = (k2, 256) if x.numel() > 4096 else (k, 128)\n        " + NAMED_LAUNCH, K2),
    ("kern = KS.get(x.dtype, k)\n        " + NAMED_LAUNCH, K2 + TABLE),
    ("return launch(k2, x)", K2 + "\ndef launch(kern, t, block=256):\n    out = torch.empty_like(t)\n"
     "    kern[(1,)](t, out, t.numel(), BLOCK=block)\n    return out\n"),
    ("return outer(k2 if x.numel() else k, x)", K2 + "\ndef launch(kern, t):\n    out = torch.empty_like(t)\n"
     "    kern[(1,)](t, out, t.numel(), BLOCK=256)\n    return out\n\ndef outer(kernel, t):\n"
     "    return launch(kern=kernel, t=t)\n"),
    # a closure reads the enclosing function's choice (outside pass on verifier 89)
    ("kern = k2 if x.numel() > 4096 else k\n\n        def launch(block):\n"
     "            kern[(1,)](x, y, x.numel(), BLOCK=block)\n\n        launch(256)\n        return y", K2),
    ("kern = k\n\n        def outer():\n            def inner():\n                " + NAMED_LAUNCH.split("\n")[0]
     + "\n            inner()\n\n        outer()\n        return y", ""),
]


@pytest.mark.parametrize("body, extra", NAMED_HONEST)
def test_a_name_or_module_table_holding_only_kernels_may_be_launched_through(body, extra):
    assert check_rules(module(body, extra)) == []


# Each makes the name or the table hold, or possibly hold, something other than a kernel.
NAMED_ATTACKS = [
    ("kern = k if x.numel() > 4096 else self.seq\n        kern[0](y)\n        return y", ""),
    ("kern = k\n        if x.numel() > 4096:\n            kern = self.seq\n        kern[0](y)\n        return y", ""),
    ("kern, other = self.seq, k\n        " + NAMED_LAUNCH, ""),
    ("kern, other = (k, 1) if x.numel() else (self.seq, 2)\n        " + NAMED_LAUNCH, ""),
    ("pair = (k, 1)\n        kern, other = pair\n        " + NAMED_LAUNCH, ""),  # not a display: not followed
    ("kern, *rest = k, k\n        " + NAMED_LAUNCH, ""),
    ("KS.get(x.dtype, self.seq)[(1,)](x, y, x.numel(), BLOCK=1024)\n        return y", K2 + TABLE),
    ("KS.get(x.dtype, default=k)[(1,)](x, y, x.numel(), BLOCK=1024)\n        return y", K2 + TABLE),
    ("return launch(self.seq, y)", "\ndef launch(kern, t):\n    kern[0](t)\n    return t\n"),
    ("launch(k, y)\n        return launch(self.seq, y)", "\ndef launch(kern, t):\n    kern[0](t)\n    return t\n"),
    ("f = launch\n        return launch(k, y)", "\ndef launch(kern, t):\n    kern[0](t)\n    return t\n"),
    ("return launch(*(k, y))", "\ndef launch(kern, t):\n    kern[0](t)\n    return t\n"),
    ("return launch(t=y)", "\ndef launch(kern=torch.relu, t=None):\n    kern[0](t)\n    return t\n"),
    ("return launch(k, y)", "\ndef launch(kern, t):\n    kern = t\n    kern[0](t)\n    return t\n"),
    ("return launch(k, y)", "\n@torch.no_grad()\ndef launch(kern, t):\n    kern[0](t)\n    return t\n"),
    ("for kern in (k, self.seq):\n            pass\n        " + NAMED_LAUNCH, ""),
    ("kern = k\n        kern += self.seq\n        " + NAMED_LAUNCH, ""),
    (NAMED_LAUNCH, "\nkern = k\n\ndef helper(kern):\n    return kern\n"),  # bound elsewhere too
    (NAMED_LAUNCH, "\nkern = k\nfor kern in [k]:\n    pass\n"),
    ("kern = other\n        " + NAMED_LAUNCH, "\nother = k\n"),  # an alias of an alias is not followed
    ("KS[x.dtype] = self.seq\n        " + TABLE_LAUNCH, K2 + TABLE),
    ("t = KS\n        " + TABLE_LAUNCH, K2 + TABLE),  # read whole: may be changed through t
    ("KS.update({})\n        " + TABLE_LAUNCH, K2 + TABLE),
    (TABLE_LAUNCH, K2 + TABLE + "KS[torch.float32] = torch.relu\n"),
    (TABLE_LAUNCH, K2 + "\nKS = {torch.float32: k, torch.float16: torch.relu}\n"),
    (TABLE_LAUNCH, K2 + TABLE + "\nclass Other:\n    KS = {}\n"),  # bound in a class body too
    ("KS = {torch.float32: k}\n        " + TABLE_LAUNCH, K2),  # a local table is not followed
    # closures: the enclosing function's every binding counts, the inner function's own binding
    # or default shadows it, and a lambda's reads are not followed
    ("kern = k\n        for kern in (k, self.seq):\n            pass\n\n        def inner():\n            kern[0](y)\n\n"
     "        inner()\n        return y", ""),
    ("kern = k\n\n        def inner(kern=self.seq):\n            kern[0](y)\n\n        inner()\n        return y", ""),
    ("kern = k\n\n        def inner():\n            kern = self.seq\n            kern[0](y)\n\n        inner()\n"
     "        return y", ""),
    ("kern = k\n        f = lambda: kern[(1,)](x, y, x.numel(), BLOCK=1024)\n        f()\n        return y", ""),
    ("kern = self.seq\n\n        def inner():\n            kern[0](y)\n\n        inner()\n        return y",
     "\nkern = k\n"),  # the enclosing binding, not the module's
]


@pytest.mark.parametrize("body, extra", NAMED_ATTACKS)
def test_a_name_or_table_holding_anything_but_kernels_is_no_launch(body, extra):
    src = module(body, extra, "self.seq = nn.Sequential()")
    assert launch_refused(src), check_rules(src)


def test_a_named_launch_resolves_the_name_in_its_own_function():
    """Python's scoping: a function that binds the name reads its own binding; a nested function's
    free read resolves in the nearest enclosing function that binds it; a module-level name counts
    only where nothing else in the file binds it."""
    import ast

    from autotriton.tasks.contract import parse_source
    from autotriton.verify.rules import _build, launched_kernels

    def launches(src: str) -> list[frozenset]:
        mod = _build(parse_source(src))
        return [launched_kernels(mod, n) for n in ast.walk(mod.tree) if isinstance(n, ast.Subscript)
                and isinstance(n.value, ast.Name) and n.value.id == "kern"]

    helper = "\nkern = k\n\ndef helper():\n    return kern[(1,)]\n"
    assert launches(module("return y", K2 + helper)) == [frozenset({"k"})]
    assert sorted(map(sorted, launches(module("kern = k2\n        return kern[(1,)]", K2 + helper)))) == [[], ["k2"]]
    assert launches(module("def inner():\n            return kern[(1,)]\n        kern = k\n        return y")) == \
        [frozenset({"k"})]
    assert launches(module("def inner():\n            return kern[(1,)]\n        kern = self.seq\n        return y",
                           K2 + "\nkern = k2\n", "self.seq = nn.Sequential()")) == [frozenset()]


def test_setattr_and_dict_writes_are_refused_so_stores_can_be_read_off_the_syntax():
    assert "io_access" in rules_of(module(HELD_LAUNCH, "", "self.kernel = k\n        setattr(self, 'kernel', self)"))
    assert "io_access" in rules_of(module(HELD_LAUNCH, "", "self.kernel = k\n        self.__dict__['kernel'] = 1"))
    assert "io_access" in rules_of(module(HELD_LAUNCH, "", "self.kernel = k\n        vars(self)['kernel'] = 1"))


def test_a_held_kernels_result_used_is_a_device_query():
    assert "device_query" in rules_of(module("h = self.kernel[(1,)](x, y, 1, BLOCK=8)\n        return y", "",
                                             "self.kernel = k"))
    assert "device_query" in rules_of(module("assert self.ks[0][(1,)](x, y, 1, BLOCK=8) is None\n        return y",
                                             "", "self.ks = [k]"))


def test_a_held_kernels_triton_attributes_may_not_be_set():
    """A store rooted at self is allowed in __init__, and `self.kernel` is the module's kernel
    object itself: its launch hook and autotuner settings stay closed as on the bare name."""
    for attr in ("launch_metadata", "use_cuda_graph", "num_reps", "debug", "fn"):
        assert "io_access" in rules_of(module(HELD_LAUNCH, "", f"self.kernel = k\n        self.kernel.{attr} = 1"))


def test_an_encoding_declaration_other_than_utf8s_is_refused():
    """The judge runs the text it is given, and an import of that text saved as a file decodes it by
    its declaration: under utf-7 a comment holding +AAo- hid a second ModelNew, under latin-1
    len("é") was 1 to the judge and 2 to an import (outside pass on verifier 67)."""
    from autotriton.tasks import get_task
    body = get_task("builtin/l1/relu").solution_source
    for line in ("# -*- coding: utf-7 -*-", "#!/usr/bin/env python\n# vim: set fileencoding=latin-1 :",
                 "# coding=no-such-codec"):
        found = [v for v in check_rules(f"{line}\n{body}") if "declares the source encoding" in v.message]
        assert found and found[0].rule == "forbidden_syntax", line
    for line in ("# -*- coding: utf-8 -*-", "# coding: UTF8", "# decoding nothing here"):
        assert not [v for v in check_rules(f"{line}\n{body}") if "encoding" in v.message], line
    assert not check_rules(f"\n\n# coding: latin-1\n{body}")  # line 3 declares nothing to Python


def test_a_class_defined_twice_is_refused_where_it_is_replaced():
    """Two ModelNew classes were refused as "only a method's first parameter may be called self"
    (outside pass on verifier 67): the verdict was right, the reason now says what is wrong."""
    from autotriton.tasks import get_task
    found = check_rules(get_task("builtin/l1/relu").solution_source + "\n\nclass ModelNew(nn.Module):\n    def forward(self, x):\n        return x\n")
    assert [(v.rule, "defined again" in v.message) for v in found] == [("class_definition", True)], found


def test_an_allocation_may_ask_for_the_layout_it_has_anyway():
    """`torch.empty_like(x, memory_format=torch.contiguous_format)` copies nothing (refused as
    honest code in the outside pass on verifier 87); a conversion is a torch copy kernel."""
    assert check_rules(module("return torch.empty_like(x, memory_format=torch.contiguous_format)")) == []
    assert check_rules(module("return torch.empty(4, memory_format=torch.preserve_format)")) == []
    assert "torch_compute" in rules_of(module("return x.contiguous(memory_format=torch.contiguous_format)"))
    assert "torch_compute" in rules_of(module("return x.to(memory_format=torch.preserve_format)"))
    assert "torch_compute" in rules_of(module("return torch.empty_like(x, memory_format=torch.channels_last)"))


def test_a_builtin_type_may_be_a_type_hint_but_not_a_value():
    """`variant: str` was refused as honest code (outside pass on verifier 88); str() formats a
    tensor's values on the host, and a hint that calls something is still judged as code."""
    assert check_rules(module("v: str = 'a'\n        return y", "\ndef f(a: str, b: list[str] | None = None) -> str:\n"
                              "    return a\n")) == []
    assert "io_access" in rules_of(module("s = str(x)\n        return y"))
    assert "io_access" in rules_of(module("return y", "\ndef f(a: str(1)):\n    pass\n"))
