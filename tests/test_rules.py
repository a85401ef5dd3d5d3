"""The static rule table: each rule fires on its pattern and stays quiet on honest code."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autotriton.tasks import builtin_tasks
from autotriton.verify.rules import RULES, check_rules

HEADER = """
import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
"""


def module(forward_body: str, extra: str = "", init: str = "pass") -> str:
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


def test_honest_module_is_clean():
    assert rules_of(module("return y.view(x.shape).to(torch.float32)")) == set()


@pytest.mark.parametrize("body, extra, init, rule", [
    ("return torch.relu(x)", "", "pass", "torch_compute"),
    ("return F.gelu(y)", "", "pass", "torch_compute"),
    ("return y.sum()", "", "pass", "torch_compute"),
    ("return self.lin(x)", "", "self.lin = nn.Linear(4, 4)", "torch_compute"),
    ("return helper(y)", "\ndef helper(t):\n    return t.exp()\n", "pass", "torch_compute"),
    ("return y @ y", "", "pass", "matmul_operator"),
    ("return torch.compile(lambda t: t)(y)", "", "pass", "torch_compile"),
    ("return torch.ops.aten.relu(y)", "", "pass", "torch_compile"),
    ("return Model()(x)", "", "pass", "references_model"),
    ("return y", "", "self.m = Model()", "references_model"),
    ("return getattr(torch, 'relu')(x)", "", "pass", "io_access"),
    ("return open('/etc/passwd')", "", "pass", "io_access"),
    ("return y.__class__", "", "pass", "io_access"),
    ("return y", "\ntorch.cuda.synchronize = lambda: None\n", "pass", "monkey_patch"),
    ("return y", "\nimport os\n", "pass", "forbidden_import"),
    ("return y", "\nimport threading\n", "pass", "forbidden_import"),
    ("return y", "\nfrom torch import *\n", "pass", "forbidden_import"),
    ("return y", "\nclass T(torch.Tensor):\n    pass\n", "pass", "tensor_subclass"),
])
def test_rule_fires(body, extra, init, rule):
    assert rule in rules_of(module(body, extra, init))


def test_try_except_anywhere():
    assert "try_except" in rules_of(module("try:\n            return y\n        except Exception:\n            return x"))


def test_missing_pieces():
    assert {"no_triton_kernel", "missing_modelnew"} <= rules_of("import torch\nx = 1\n")


def test_every_rule_has_a_reason():
    assert all(reason.strip() for reason in RULES.values())


def test_reference_solutions_are_clean():
    for task in builtin_tasks():
        assert check_rules(task.solution_source) == [], task.id


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(__import__("autotriton.verify.rules", fromlist=["x"]).TENSOR_COMPUTE_METHODS)))
def test_any_tensor_compute_method_is_flagged(method):
    assert "torch_compute" in rules_of(module(f"return y.{method}()"))


def test_docs_list_every_rule_and_flag():
    from pathlib import Path

    from autotriton.verify.result import FLAG_REASONS
    doc = (Path(__file__).parents[1] / "docs" / "VERIFIER.md").read_text()
    missing = [name for name in list(RULES) + list(FLAG_REASONS) if f"`{name}`" not in doc]
    assert not missing, f"docs/VERIFIER.md does not describe {missing}"
