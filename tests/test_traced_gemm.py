"""The lowering of matrix products and the work on their results (data/teachers/template/
traced_gemm.py): layout lines are replayed in forward as views and quoted, every line after a
product is quoted and computed on the tile, a chain of products gets one kernel each, sizes a view
splits off come from the inputs, what it cannot write it declines, and its answers verify (CPU) at
sizes the judge changes."""

import re

import pytest

from autotriton.data.teachers.template import answer, listing_answers
from autotriton.data.teachers.template.traced_gemm import traced_gemm_answer
from autotriton.tasks.contract import task_from_source
from autotriton.tasks.trace import trace_source
from autotriton.verify.rules import check_rules


def _task(forward: str, x: str = "torch.randn(6, 40)", y: str = "torch.randn(40, 24)", layers: str = "",
          init: str = "", init_inputs: str = "") -> str:
    setup = "".join(f"        {line}\n" for line in layers.splitlines())
    return ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n\n"
            f"class Model(nn.Module):\n    def __init__(self{init}):\n        super().__init__()\n{setup}\n"
            f"    def forward(self, x, y):\n        {forward}\n\n\n"
            f"def get_inputs():\n    return [{x}, {y}]\n\n\n"
            f"def get_init_inputs():\n    return [{init_inputs}]\n")


LINEAR = _task("return F.gelu(self.fc(x)) * self.scale", y="torch.randn(6)", init=", scale: float",
               layers="self.fc = nn.Linear(40, 24)\nself.scale = scale", init_inputs="0.5")


def _quoted(code: str) -> list[str]:
    return [line.strip()[2:].removesuffix("  -- the kernel's product")
            for line in code.splitlines() if re.match(r"\s*# t\d", line)]


def test_each_listing_line_is_quoted_once_in_order():
    solution = traced_gemm_answer(LINEAR)
    assert solution is not None
    listed = [re.sub(r" (f|bf|i|u|bool|c)\d*\[[\d,]*\]", "", line) for line in trace_source(LINEAR).ops]
    kernel, module = solution.code.split("class ModelNew")
    # layout lines in forward, then the product, which the kernel quotes again before its epilogue
    assert _quoted(module) == listed[:2] and _quoted(kernel) == listed[1:]
    assert "t1 = self.fc.weight.t()" in module
    assert not check_rules(solution.code)
    assert "self.scale" in module and "s0" in kernel.split("):")[0]  # a constructor float: a runtime scalar


def test_a_size_a_view_splits_off_comes_from_an_input():
    source = _task("return self.fc(x) + y", x="torch.randn(3, 5, 40)", y="torch.randn(3, 5, 24)",
                   layers="self.fc = nn.Linear(40, 24)")
    code = traced_gemm_answer(source).code
    assert "x.view(x.shape[0] * x.shape[1], x.shape[2])" in code
    assert "out = out.view(x.shape[0], -1, out.shape[1])" in code  # not the literal 5


def test_what_it_cannot_write_it_declines():
    declined = {
        "no product": _task("return x + y", y="torch.randn(6, 40)"),
        "two products of one input": _task("return F.silu(x @ y) * (x @ self.w)",
                                          layers="self.w = nn.Parameter(torch.randn(40, 24))"),
        "work before the product": _task("return torch.relu(x) @ y"),
        "a transpose of the product": _task("return (x @ y).t() * 2.0"),
        "a reduction without keepdim after it": _task("return (x @ y).sum(-1)"),
        "a softmax over the product's columns": _task("return torch.softmax(x @ y, dim=0)"),
        "a view only a copy allows": _task("return x.transpose(1, 2).contiguous().reshape(-1, 40) @ y",
                                           x="torch.randn(2, 40, 3)"),
        "not Python": "class Model(",
    }
    for name, source in declined.items():
        assert traced_gemm_answer(source) is None, name


SOURCES = {
    "linear, gelu, constructor scale": LINEAR,
    "3-D linear plus a residual": _task("return self.fc(x) + y", x="torch.randn(3, 5, 40)",
                                        y="torch.randn(3, 5, 24)", layers="self.fc = nn.Linear(40, 24)"),
    "x @ y.t()": _task("return x @ y.t()", y="torch.randn(24, 40)"),
    "einsum bmm": _task("return torch.einsum('bij,bjk->bik', x, y)", x="torch.randn(2, 6, 40)",
                        y="torch.randn(2, 40, 24)"),
    "4-D matmul over a literal": _task("return torch.matmul(x, y) / 8.0", x="torch.randn(2, 3, 6, 40)",
                                       y="torch.randn(2, 3, 40, 24)"),
    "matvec": _task("return torch.mv(x, y)", y="torch.randn(40)"),
    "addmm with beta": _task("return torch.addmm(y, x, self.w, beta=0.5)", y="torch.randn(24)",
                             layers="self.w = nn.Parameter(torch.randn(40, 24))"),
    "upper triangle": _task("return torch.triu(x @ y, diagonal=1)"),
    # the launch binds names of its own: forward's a and b must survive to the last view (data v18's
    # first build re-viewed the output by the launch's `a`, a (1, M, K) view: 52 answers wrong)
    "3-D times a matrix, arguments a and b": _task("x = torch.matmul(a, b)\n        return x * torch.sigmoid(x)",
                                                   x="torch.randn(3, 5, 40)").replace("forward(self, x, y)",
                                                                                      "forward(self, a, b)"),
    "arguments named as the launch's views": _task("return torch.relu(lhs @ rhs)").replace(
        "forward(self, x, y)", "forward(self, lhs, rhs)"),
    "a Sequential's layer, silu read twice": _task("h = self.body(x)\n        return h * torch.sigmoid(h) + y",
                                                   y="torch.randn(6, 24)",
                                                   layers="self.body = nn.Sequential(nn.Linear(40, 24))"),
}


# A chain of products (data v18, the mlp family): one kernel each; a kernel stores the one value the
# next product reads.
SOURCES["an MLP with a residual"] = _task("return self.fc2(F.gelu(self.fc1(x))) + x", x="torch.randn(2, 5, 40)",
                                          layers="self.fc1 = nn.Linear(40, 56)\nself.fc2 = nn.Linear(56, 40)")
SOURCES["three products"] = _task("return torch.relu(torch.relu(x @ y) @ self.w) @ y.t()",
                                  layers="self.w = nn.Parameter(torch.randn(24, 24))")

# A norm or softmax along the rows after a product (the linear_norm family): the tile spans whole rows.
SOURCES["linear then layer norm, relu"] = _task("return torch.relu(self.ln(self.fc(x)))", y="torch.randn(6)",
                                                layers="self.fc = nn.Linear(40, 24)\nself.ln = nn.LayerNorm(24)")
SOURCES["product then an RMSNorm by hand"] = _task(
    "h = x @ y\n        return h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6) * self.g",
    layers="self.g = nn.Parameter(torch.randn(24))")
SOURCES["scores softmaxed, then a second product"] = _task("return torch.softmax(x @ y, dim=-1) @ y.t()")


@pytest.mark.parametrize("style", ["plain", "grouped"])
def test_answers_verify(cpu_verifier, style):
    pairs = []
    for name, source in SOURCES.items():
        solution = traced_gemm_answer(source, style)
        assert solution is not None, name
        assert not check_rules(solution.code), name
        pairs.append((task_from_source(source, task_id=f"gemm/{name}", suite="test", level=1), solution.answer()))
    results = cpu_verifier.verify_many(pairs)
    assert all(r.correct for r in results), [(n, r.error_msg[:300]) for n, r in zip(SOURCES, results) if not r.correct]


def test_the_template_teacher_answers_a_matmul_task_from_its_listing():
    source = _task("return x @ y")
    spec = {"family": "matmul", "form": "matmul", "epilogue": []}
    solution = answer(spec, source, "grouped")
    assert solution.reasoning.startswith("The reference's forward: `return x @ y`")
    assert "# t1 = mm(in0, in1)" in solution.code and "GROUP_M" in solution.code


def test_the_reasoning_closes_with_each_kernel_argument_and_its_source():
    """Data v29: every parameter the kernel takes but its strides and constants is named in the
    closing step beside what the launch passes, so an epilogue operand (a per-column parameter, a
    residual input) is in the plan above the signature."""
    source = _task("h = self.fc(x)\n        return y + h * torch.sigmoid(self.g * h)", y="torch.randn(6, 24)",
                   layers="self.fc = nn.Linear(40, 24)\nself.g = nn.Parameter(torch.ones(24))")
    (_, solution), *_ = listing_answers(source)
    step = solution.reasoning.splitlines()[-1]
    kernel = solution.code.split("@triton.jit\ndef ")[1]
    params = [p.strip().split(":")[0] for p in kernel[kernel.index("(") + 1:kernel.index(")")].split(",")]
    taken = [p for p in params if not p.startswith(("stride", "BLOCK", "GROUP"))]
    assert re.match(r"\d+\. What each kernel takes", step)
    assert re.search(r"self_g_ptr = self\.g\b", step) and re.search(r"in1_ptr = y\b", step)
    at = [re.search(rf"[(] {p}\b| {p}(?= = |, )", step.replace("(", "( ")) for p in taken]
    assert all(at) and [m.start() for m in at] == sorted(m.start() for m in at)  # each, in the signature's order
