"""Elementwise expressions (family expr, data/exprs.py): the tree lowered op by op, innermost
first, one Triton statement per PyTorch call (a few for tanh and the activations written as
several), in the elementwise family's flat, 2-D tile or autotuned kernel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER, numbered, tl_expm1, tl_log1p, tl_logsigmoid, tl_unary
from autotriton.data.teachers.template.elementwise import elementwise_module, ew_flat, ew_rows2d, tiling_steps

if TYPE_CHECKING:  # the points' types only: the teacher does not import the family that draws them
    from autotriton.data.exprs import ExprNode, ExprSpec

# Ops with one Triton expression of their operands a, b.
_SIMPLE = {
    "exp": "tl.exp({a})", "log": "tl.log({a})", "sqrt": "tl.sqrt({a})", "rsqrt": "tl.rsqrt({a})",
    "abs": "tl.abs({a})", "neg": "-{a}", "relu": "tl.maximum({a}, 0.0)", "sin": "tl.sin({a})",
    "cos": "tl.cos({a})", "erf": "tl.erf({a})", "square": "{a} * {a}", "cube": "{a} * {a} * {a}",
    "add": "{a} + {b}", "sub": "{a} - {b}", "mul": "{a} * {b}", "div": "{a} / {b}",
    "maximum": "tl.maximum({a}, {b})", "minimum": "tl.minimum({a}, {b})",
    "sigmoid": "1.0 / (1.0 + tl.exp(-{a}))", "relu6": "tl.minimum(tl.maximum({a}, 0.0), 6.0)",
    "clamp": "tl.minimum(tl.maximum({a}, {lo}), {hi})", "clamp_min": "tl.maximum({a}, {lo})",
    "clamp_max": "tl.minimum({a}, {hi})", "where": "tl.where({c}, {a}, {b})",
    "sign": "tl.where({a} > 0, 1.0, tl.where({a} < 0, -1.0, 0.0))",
}
# Ops the chain family already lowers (common.tl_unary): statements that rewrite their variable.
_BY_CHAIN = ("tanh", "silu", "gelu", "softplus", "softsign", "hardswish", "hardsigmoid", "elu", "selu", "leaky_relu")
# What the reasoning calls each op.
WORDS = {"exp": "exp", "log": "log", "sqrt": "sqrt", "rsqrt": "1/sqrt", "abs": "abs", "neg": "negation",
         "relu": "relu", "sin": "sin", "cos": "cos", "erf": "erf", "square": "square", "cube": "cube", "add": "add",
         "sub": "subtract", "mul": "multiply", "div": "divide", "maximum": "elementwise max",
         "minimum": "elementwise min", "sigmoid": "sigmoid", "relu6": "relu6", "logsigmoid": "log-sigmoid",
         "clamp": "clamp", "clamp_min": "clamp from below", "clamp_max": "clamp from above", "where": "select",
         "tanh": "tanh", "silu": "silu", "gelu": "gelu (erf)", "softplus": "softplus", "softsign": "softsign",
         "hardswish": "hardswish", "hardsigmoid": "hardsigmoid", "elu": "elu", "selu": "selu",
         "leaky_relu": "leaky relu", "mish": "mish", "sign": "sign", "log1p": "log1p", "expm1": "expm1"}


def _num(v: float) -> str:
    return repr(float(v))


def lower(node: ExprNode, scalar: str, lines: list[str], plan: list[str]) -> str:
    """Append the statements computing `node` to `lines` (and the op's name to `plan`); return the
    Triton expression holding its value: an input, a constant, or the new variable."""
    if node["op"] == "in":
        return node["name"]
    if node["op"] == "const":
        return _num(node["value"])
    if node["op"] == "scalar":
        return scalar
    operands = [lower(child, scalar, lines, plan) for child in node["args"]]
    op, var = node["op"], f"v{len(plan)}"
    plan.append(WORDS[op])
    if op in _SIMPLE:
        fill = {"a": operands[0], "b": operands[-1]}
        fill.update({k: _num(node[k]) for k in ("lo", "hi") if k in node})
        if "cond" in node:
            lhs, cmp, rhs = node["cond"]
            fill["c"] = f"{lhs} {cmp} {rhs if isinstance(rhs, str) else _num(rhs)}"
        lines.append(f"{var} = {_SIMPLE[op].format(**fill)}")
    elif op == "logsigmoid":
        lines += tl_logsigmoid(operands[0], var)
    elif op == "log1p":
        lines += tl_log1p(operands[0], var)
    elif op == "expm1":
        lines += tl_expm1(operands[0], var)
    elif op == "mish":  # a * tanh(softplus(a))
        lines.append(f"{var} = {operands[0]}")
        lines += tl_unary({"op": "softplus"}, var) + tl_unary({"op": "tanh"}, var)
        lines.append(f"{var} = {operands[0]} * {var}")
    elif op in _BY_CHAIN:
        step = {"op": op, "a": node.get("a", 1.0)}
        lines.append(f"{var} = {operands[0]}")
        lines += tl_unary(step, var)
    else:
        raise ValueError(f"the template has no Triton form for expression op {op}")
    return var


def write_expr(spec: ExprSpec, style: str = "flat") -> Solution:
    inputs = spec["inputs"]
    scalar = spec.get("scalar", {}).get("name")
    lines, plan = [], []
    # the kernel loads its first input as `h` (the elementwise skeleton); the tree reads it as x
    result = lower(spec["tree"], scalar or "", lines, plan)
    body = ["x = h"] + lines + [f"h = {result}"]
    extra = inputs[1:]
    ptrs = ["x_ptr"] + [f"{y}_ptr" for y in extra] + ([scalar] if scalar else [])
    if style == "rows2d":
        kernel, launch = ew_rows2d(extra, [], body, ptrs)
    else:
        kernel, launch = ew_flat(extra, [], body, ptrs, style == "autotune")
    init_args, init = "", ""
    if scalar:
        default = spec["scalar"]["value"] if spec["scalar"]["default"] else 1.0
        init_args, init = f", {scalar}: float = {default}", f"\n        self.{scalar} = {scalar}"
    launch_args = ", ".join(inputs + ([f"self.{scalar}"] if scalar else []))
    module = elementwise_module(init_args, init, extra, launch.replace("ARGS", launch_args))
    return Solution(_reasoning(spec, plan, style), HEADER + kernel + module)


def _reasoning(spec: ExprSpec, plan: list[str], style: str) -> str:
    # the inputs unnamed: a rewritten task file calls them otherwise (the kernel's x, y are its own)
    of = "its two inputs" if len(spec["inputs"]) > 1 else "its input"
    steps = [f"Every output element depends only on {of} at the same position, so the whole expression is one "
             "kernel: each input is read once and the output written once, instead of one round trip to memory "
             "per PyTorch op."]
    steps += tiling_steps(style, params=False)
    steps.append(f"The ops, innermost first, each one Triton statement on float32 registers (v0, v1, ...): "
                 f"{', '.join(plan)}. Only the value that reaches the return is stored.")
    if spec.get("scalar"):
        name = spec["scalar"]["name"]
        steps.append(f"{name} is a constructor argument: ModelNew keeps it as self.{name} and passes it to the "
                     "kernel as a runtime scalar, so one compiled kernel serves any value.")
    steps.append("Arithmetic is done in float32 registers and cast to the output dtype only at the store.")
    return numbered(f"The module is one elementwise expression of {of} with {len(plan)} ops.", steps)
