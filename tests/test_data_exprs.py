"""The expression family (data/exprs.py): the file computes the tree it was drawn from, every op
and spelling is reached, and the template's op-by-op answers verify (CPU)."""

import math
import random

import torch
import torch.nn.functional as F

from autotriton.data.compose import expr_ops as ops
from autotriton.data.exprs import FORMS, compose_expr, expr_code, expr_spec
from autotriton.data.teachers.template import answer, styles
from autotriton.data.teachers.template.expr import lower
from autotriton.verify.rules import check_rules

# Each op by its meaning, in float64, written apart from exprs.FORMS: a spelling or a missing
# parenthesis that changed what the file computes would differ from this.
_MEANING = {
    "exp": torch.exp, "log": torch.log, "sqrt": torch.sqrt, "rsqrt": lambda a: 1 / torch.sqrt(a),
    "tanh": torch.tanh, "sigmoid": torch.sigmoid, "abs": torch.abs, "neg": lambda a: -a,
    "relu": lambda a: a.clamp(min=0), "sin": torch.sin, "cos": torch.cos, "erf": torch.erf,
    "square": lambda a: a * a, "cube": lambda a: a * a * a, "add": lambda a, b: a + b, "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b, "div": lambda a, b: a / b, "maximum": torch.maximum, "minimum": torch.minimum,
    "silu": F.silu, "gelu": F.gelu, "mish": F.mish, "relu6": F.relu6, "softplus": F.softplus,
    "logsigmoid": F.logsigmoid, "softsign": F.softsign, "hardswish": F.hardswish, "hardsigmoid": F.hardsigmoid,
    "elu": F.elu, "selu": torch.selu, "sign": torch.sign, "log1p": torch.log1p, "expm1": torch.expm1,
}


def _meaning(node: dict, env: dict, scalar: float) -> torch.Tensor:
    op = node["op"]
    if op == "in":
        return env[node["name"]]
    if op == "const":
        return torch.tensor(node["value"], dtype=torch.float64)
    if op == "scalar":
        return torch.tensor(scalar, dtype=torch.float64)
    args = [_meaning(c, env, scalar) for c in node["args"]]
    if op == "where":
        lhs, cmp, rhs = node["cond"]
        rhs = env[rhs] if isinstance(rhs, str) else rhs
        cond = env[lhs] > rhs if cmp == ">" else env[lhs] < rhs
        return torch.where(cond, *args)
    if op in ("clamp", "clamp_min", "clamp_max"):
        return args[0].clamp(min=node["lo"] if op != "clamp_max" else None, max=node["hi"] if op != "clamp_min" else None)
    if op == "leaky_relu":
        return F.leaky_relu(args[0], node["a"])
    return _MEANING[op](*args)


def _model(spec: dict):
    source, _, init_inputs, _ = expr_code(spec)
    scope = {"torch": torch, "nn": torch.nn, "F": F, "math": math}
    exec(source, scope)
    return scope["Model"](*eval(init_inputs))


def test_the_file_computes_the_tree_it_was_drawn_from():
    torch.manual_seed(0)
    for i in range(150):
        spec = expr_spec(random.Random(f"test:{i}"), random.Random(f"test:{i}:extra"))
        model = _model(spec)
        env = {name: torch.randn(5, 7, dtype=torch.float64) for name in spec["inputs"]}
        scalar = getattr(model, spec["scalar"]["name"]) if spec.get("scalar") else 0.0
        got = model(*env.values())
        want = _meaning(spec["tree"], env, scalar)
        assert torch.allclose(got, want, rtol=1e-9, atol=1e-12, equal_nan=True), (i, expr_code(spec)[0])
        assert torch.isfinite(got).all() and torch.isfinite(model(*(v * 128 for v in env.values()))).all(), i


def test_every_op_and_spelling_is_drawn_and_lowered():
    seen, kinds = set(), set()
    for i in range(1500):
        spec = expr_spec(random.Random(f"test:{i}"), random.Random(f"test:{i}:extra"))
        stack = [spec["tree"]]
        while stack:
            node = stack.pop()
            if "args" in node:
                seen.add((node["op"], node["form"]))
                stack += node["args"]
        lower(spec["tree"], "alpha", [], [])  # raises for an op without a Triton form
        kinds.add((len(spec["inputs"]), bool(spec.get("scalar")), spec["locals"], spec["style"]))
    assert seen == {(op, i) for op, forms in FORMS.items() for i in range(len(forms))}
    for axis, values in enumerate(({1, 2}, {False, True}, {False, True}, {"flat", "rows2d", "autotune"})):
        assert {k[axis] for k in kinds} == values


def test_tasks_are_deterministic_and_pass_the_rule_table():
    for i in range(20):
        c = compose_expr(0, i)
        assert c.source == compose_expr(0, i).source and c.task_id.endswith("_expr")
        code = answer(c.spec, c.task().prompt_source).code
        assert not check_rules(code), i
        assert 2 <= len(ops(c.spec["tree"])) <= 9  # MAX_OPS and an extended tree's two more


def test_answers_verify_with_two_inputs_a_constructor_float_and_each_style(cpu_verifier):
    picks = {}
    for i in range(200):
        c = compose_expr(0, i)
        key = (len(c.spec["inputs"]), bool(c.spec.get("scalar")), c.spec["style"])
        picks.setdefault(key, c)
    assert len(picks) >= 10
    pairs = [(c.task(), answer(c.spec, c.task().prompt_source, styles(c.spec)[0]).answer()) for c in picks.values()]
    results = cpu_verifier.verify_many(pairs)
    assert all(r.correct for r in results), [(c.task_id, r.error_msg[:200]) for c, r in zip(picks.values(), results)
                                             if not r.correct]
