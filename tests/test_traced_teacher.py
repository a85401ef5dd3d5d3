"""The line-by-line lowering of elementwise modules from their op listing
(data/teachers/template/traced.py): every spelling of an op gets the statement its listing line
says, constructor floats reach the kernel as runtime scalars, what it cannot write it declines,
and its answers verify (CPU)."""

import re

from autotriton.data.teachers.template.traced import traced_answer
from autotriton.tasks.contract import task_from_source
from autotriton.tasks.trace import trace_source
from autotriton.verify.rules import check_rules

_TAIL = """

def get_inputs():
    return [{inputs}]


def get_init_inputs():
    return [{init}]
"""


def _task(init: str, forward: str, inputs: str = "torch.randn(6, 40)", init_inputs: str = "",
          header: str = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n") -> str:
    return (f"{header}\n\nclass Model(nn.Module):\n    def __init__(self{init}):\n        super().__init__()\n"
            + "".join(f"        {line}\n" for line in _setup(init))
            + f"\n    def forward(self, x):\n        {forward}\n" + _TAIL.format(inputs=inputs, init=init_inputs))


def _setup(init: str) -> list[str]:
    return [f"self.{name} = {name}" for name in re.findall(r"(\w+)\s*:", init)]


# One LeakyReLU(0.2), spelled four ways.
LEAKY = {
    "functional": _task("", "return F.leaky_relu(x, 0.2)"),
    "where": _task("", "return torch.where(x > 0, x, 0.2 * x)"),
    "keyword": _task("", "return torch.nn.functional.leaky_relu(x, negative_slope=0.2)"),
    "constructor": _task(", slope: float", "return F.leaky_relu(x, self.slope)", init_inputs="0.2"),
}


def _comments(code: str) -> list[str]:
    return [line.strip()[2:] for line in code.splitlines() if line.strip().startswith("# t")]


def test_each_listing_line_is_quoted_then_computed_in_order():
    for name, source in LEAKY.items():
        solution = traced_answer(source)
        assert solution is not None, name
        listed = [re.sub(r" (f|bf|i|u|bool|c)\d*\[[\d,]*\]", "", line) for line in trace_source(source).ops]
        assert _comments(solution.code) == listed, name
        assert not check_rules(solution.code), name
        lines = solution.code.splitlines()
        for i, line in enumerate(lines):  # the statement under each quoted line assigns the quoted name
            if line.strip().startswith("# t"):
                assert lines[i + 1].strip().startswith(line.strip()[2:].split(" =")[0] + " = "), (name, line)


def test_a_constructor_float_reaches_the_kernel_by_its_attribute():
    code = traced_answer(LEAKY["constructor"]).code
    kernel = [line for line in code.split("class ModelNew")[0].splitlines() if not line.strip().startswith("#")]
    assert "self.slope" in code.split("def forward")[1] and not any("0.2" in line for line in kernel)
    # under the listing's name: a plain argument of the kernel, used as the quoted line names it
    assert "def traced_kernel(in0_ptr, s0, out_ptr" in code and "in0 * s0" in code and "self" not in "".join(kernel)
    nested = _task(", slope: float", "return self.act(x)", init_inputs="0.3").replace(
        "self.slope = slope", "self.act = nn.LeakyReLU(slope)")
    assert "self.act.negative_slope" in traced_answer(nested).code
    # a value the constructor derives is read where it is kept
    derived = _task(", temp: float", "return x * self.scale", init_inputs="2.0").replace(
        "self.temp = temp", "self.scale = 1.0 / temp")
    assert "self.scale" in traced_answer(derived).code.split("def forward")[1]
    # a literal stays a literal
    assert "0.2" in traced_answer(LEAKY["functional"]).code


def test_what_it_cannot_write_it_declines():
    declined = {
        "reduction": _task("", "return x.sum(dim=-1)"),
        "softmax": _task("", "return torch.softmax(x, dim=-1)"),
        "data-dependent": _task("", "return x * x.max().item()"),
        # a constructor value that forward changes before use: no attribute holds what the op gets
        "arithmetic on a constructor value outside trace.DERIVED": _task(", temp: float", "return x * self.temp ** 3",
                                                                          init_inputs="2.0"),
        "two outputs": _task("", "return x.exp(), x.sin()"),
        "a file that does not import": "import torch\nraise RuntimeError('no')\n",
        "not Python": "class Model(",
    }
    for name, source in declined.items():
        assert traced_answer(source) is None, name


def test_answers_verify_across_styles_params_and_dtypes(cpu_verifier):
    bias = _task(", n: int", "return torch.tanh(x + self.bias) ** 3", init_inputs="40").replace(
        "self.n = n", "self.bias = nn.Parameter(torch.randn(n))")
    sources = {
        "constructor": (LEAKY["constructor"], "flat"),
        "where": (LEAKY["where"], "rows2d"),
        "bias and cube": (bias, "autotune"),
        "bf16 two inputs": (_task("", "return F.silu(x) * (x - 1.5).clamp(min=0.0)",
                                  inputs="torch.randn(6, 40, dtype=torch.bfloat16)"), "flat"),
        "softplus beta, log1p, gelu tanh": (_task("", "return F.gelu(torch.log1p(F.softplus(x, beta=2.0)), "
                                                      "approximate='tanh')"), "rows2d"),
    }
    pairs = []
    for name, (source, style) in sources.items():
        solution = traced_answer(source, style)
        assert solution is not None, name
        pairs.append((task_from_source(source, task_id=f"traced/{name}", suite="test", level=1), solution.answer()))
    results = cpu_verifier.verify_many(pairs)
    assert all(r.correct for r in results), [(n, r.error_msg[:300]) for n, r in zip(sources, results) if not r.correct]


# A module as torch.nn writes it, harvested (data/harvest): the library's class, then Model
# subclassing it with only a constructor; forward(self, input) re-binds a builtin.
_HARVESTED = '''import torch
from torch import Tensor
from torch.nn import functional as F
from torch.nn import init
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module

FEATURES = 40
BATCH = 6


class {name}(Module):
    def __init__(self, features: int, eps: float = 1e-5) -> None:
        super().__init__()
        self.eps = eps
        self.weight = Parameter(torch.empty(features))
        self.bias = Parameter(torch.empty(features))
        self.reset_parameters()

    def reset_parameters(self) -> None:
        init.ones_(self.weight)
        init.zeros_(self.bias)

    def forward(self, input: Tensor) -> Tensor:
        {forward}


class Model({name}):
    def __init__(self, features):
        super().__init__(features)
        self.eval()


def get_inputs():
    return [torch.randn(BATCH, FEATURES)]


def get_init_inputs():
    return [FEATURES]
'''


def test_a_harvested_module_is_answered_from_its_listing(cpu_verifier):
    """The template teacher answers a harvested module (no grammar point) with the listing
    lowering that covers it: ModelNew takes Model's constructor arguments and makes its parameters
    with dims written as those arguments, and forward's `input` becomes `x`."""
    from autotriton.data.teachers.template import listing_answers
    sources = {
        "layer norm": _HARVESTED.format(name="LayerNorm", forward="return F.layer_norm(input, (input.shape[-1],), "
                                                                  "self.weight, self.bias, self.eps)"),
        "gain and shift": _HARVESTED.format(name="Affine", forward="return torch.tanh(input) * self.weight + self.bias"),
        "a linear map": _HARVESTED.format(name="Project", forward="return F.linear(input, torch.diag(self.weight))"
                                          ).replace("self.bias = Parameter(torch.empty(features))",
                                                    "self.bias = Parameter(torch.empty(features, features))"),
    }
    pairs, names = [], []
    for name, source in sources.items():
        answers = listing_answers(source)
        if name == "a linear map":  # diag builds a tensor in forward: no lowering covers it
            assert answers == [], name
            continue
        assert answers, name
        for style, solution in answers:
            assert "self.weight = nn.Parameter(torch.empty(features,))" in solution.code
            assert "def forward(self, x):" in solution.code and not check_rules(solution.code), (name, style)
            pairs.append((task_from_source(source, task_id=f"harvest/{name}", suite="test", level=1),
                          solution.answer()))
            names.append((name, style))
    results = cpu_verifier.verify_many(pairs)
    assert all(r.correct for r in results), [(n, r.error_msg[:300]) for n, r in zip(names, results) if not r.correct]


_HARVESTED_SCALARS = '''import torch
from torch import Tensor
from torch.nn import functional as F
from torch.nn.modules.module import Module

BATCH = 6
FEATURES = 40


class Cutoff(Module):
    def __init__(self, threshold: float, value: float) -> None:
        super().__init__()
        self.threshold = threshold
        self.value = value

    def forward(self, input: Tensor, scale: float = 0.5) -> Tensor:
        return F.threshold(input, self.threshold, self.value) * scale


class Model(Cutoff):
    def __init__(self, threshold, value):
        super().__init__(threshold, value)


def get_inputs():
    return [torch.randn(BATCH, FEATURES)]


def get_init_inputs():
    return [0.1, 20.0]
'''


def test_a_harvested_module_keeps_its_constructor_scalars_and_forward_defaults(cpu_verifier):
    """The constructor's floats reach the kernel as `self.` attributes, which the harvested ModelNew
    sets from its own arguments; a forward argument with a default keeps it (the task passes the
    input alone). Data v18's first build lost Threshold and LaplaceActivation to these two."""
    from autotriton.data.teachers.template import listing_answers
    answers = listing_answers(_HARVESTED_SCALARS)
    assert answers
    code = answers[0][1].code
    assert "self.threshold = threshold" in code and "def forward(self, x, scale=0.5):" in code
    task = task_from_source(_HARVESTED_SCALARS, task_id="harvest/cutoff", suite="test", level=1)
    results = cpu_verifier.verify_many([(task, sol.answer()) for _, sol in answers])
    assert all(r.correct for r in results), [r.error_msg[:300] for r in results if not r.correct]
