"""Elementwise modules lowered from their op listing, line by line (data v16).

The prompt lists what the reference's forward runs as ATen ops (tasks/trace.py). Run 16's
adapter (docs/results/ablation_h200_run16) restated the dev suite's `return x ** 3` and listed
`pow`, then wrote `h = h * 0.5`: its answers for elementwise modules carried no link from a
listed op to the statement that computes it, so what it learned was one kernel per op name.
Here every listing line becomes a comment quoting it, then the Triton statement(s) computing
it under the listing's own names (in0, t1, self.bias):

    # t1 = add(in0, other=3)
    t1 = in0 + 3.0

so each statement is a local translation of the line just above it, whatever the module's
spelling. Works from the task file alone: any module whose listed ops all act on tensors of the
output's shape (or on a vector along its last dim) and have a Triton form below, composed or
harvested. A constant the constructor sets is found by building the module again with each
float constructor argument moved: a listed value that moves with it is read from the attribute
holding it (`self.slope`, `self.act.negative_slope`) and passed to the kernel as a runtime
scalar, as the judge varies constructor floats.
"""

from __future__ import annotations

import ast
import builtins
import math
import re
from dataclasses import dataclass

import torch

from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import (HEADER, indent, log1p_of, numbered, tl_expm1, tl_log1p,
                                                     tl_logsigmoid, tl_unary)
from autotriton.data.teachers.template.elementwise import ew_flat, ew_rows2d, tiling_steps
from autotriton.tasks.trace import Step, Trace, trace_module
from autotriton.tasks.contract import module_from_source

STYLES = ("flat", "rows2d", "autotune")

# Ops with one Triton expression of their first two operands a, b.
_SIMPLE = {
    "add": "{a} + {b}", "sub": "{a} - {b}", "rsub": "{b} - {a}", "mul": "{a} * {b}", "div": "{a} / {b}",
    "neg": "-{a}", "abs": "tl.abs({a})", "exp": "tl.exp({a})", "exp2": "tl.exp2({a})", "log": "tl.log({a})",
    "log2": "tl.log2({a})", "sqrt": "tl.sqrt({a})", "rsqrt": "tl.rsqrt({a})", "sin": "tl.sin({a})",
    "cos": "tl.cos({a})", "erf": "tl.erf({a})", "reciprocal": "1.0 / {a}", "square": "{a} * {a}",
    "sigmoid": "1.0 / (1.0 + tl.exp(-{a}))", "relu": "tl.maximum({a}, 0.0)",
    "maximum": "tl.maximum({a}, {b})", "minimum": "tl.minimum({a}, {b})",
    "gt": "{a} > {b}", "lt": "{a} < {b}", "ge": "{a} >= {b}", "le": "{a} <= {b}", "eq": "{a} == {b}",
    "ne": "{a} != {b}", "sign": "tl.where({a} > 0, 1.0, tl.where({a} < 0, -1.0, 0.0))",
    "clone": "{a}", "contiguous": "{a}", "hardsigmoid": "tl.minimum(tl.maximum({a} + 3.0, 0.0), 6.0) / 6.0",
    "hardswish": "{a} * (tl.minimum(tl.maximum({a} + 3.0, 0.0), 6.0) / 6.0)",
    "silu": "{a} / (1.0 + tl.exp(-{a}))", "softsign": "{a} / (1.0 + tl.abs({a}))",
}
# Ops written as several statements on their own variable (common.tl_unary).
_UNARY = ("tanh", "selu")
# A tensor operand's dtype and shape in a listing line (" f32[4,16]"): the quoted comment drops them.
_TYPE_SPEC = re.compile(r" (?:f|bf|i|u|bool|c)\d*\[[\d,]*\]")


class Unsupported(Exception):
    """The module is not one this lowering can write (not elementwise, or an op with no form here)."""


@dataclass(frozen=True)
class Piece:
    """One lowering's share of an answer, before ModelNew is written around it: the kernels, the
    forward lines that fill `out` (`alloc` makes it; None: like the first of `used`), the forward
    arguments made contiguous first, and the reasoning. A whole answer is one piece (`answer`);
    a segmented one is several in a row (traced_segments.py)."""

    kernels: str
    alloc: str | None
    launch: str
    used: list[str]
    reasoning: str
    returned: str = "out"  # what forward returns: `out`, or `out, out1` for a module returning two tensors


def answer(source: str, args: list[str], piece: Piece) -> Solution:
    """The answer for the task file `source` whose forward is `piece`."""
    return Solution(piece.reasoning, HEADER + piece.kernels + _module(source, args, piece.used, piece.launch,
                                                                       piece.alloc, piece.returned))


def traced_answer(source: str, style: str = "flat") -> Solution | None:
    """The line-by-line kernel for the task file `source`, or None where its forward is not an
    elementwise listing this lowering covers."""
    traced = loaded_and_traced(source)
    if traced is None:
        return None
    try:
        args = _forward_args(source)
        return answer(source, args, elementwise_piece(args, traced[1], _constructor_scalars(traced[1]), style))
    except Unsupported:
        return None


def loaded_and_traced(source: str, whole: bool = False):
    """(the task module, its trace) of a task file, or None where it does not import or its forward
    cannot run on meta: such a task gets no lowering. `whole`: also None where the listing was cut
    off or the forward returns no single tensor."""
    try:
        mod = module_from_source(source, "autotriton_traced_teacher", "<task>")
    except Exception:  # noqa: BLE001 - a task file that does not import
        return None
    trace = trace_module(mod)
    if trace is None or whole and (trace.result is None or trace.n_ops != len(trace.steps) or not trace.steps):
        return None
    return mod, trace


def _constructor_scalars(trace: Trace) -> dict[tuple[int, str], tuple[str, str]]:
    """(step index, operand key) -> (the attribute, `self.slope`, and the listing's name for it, `s0`)
    of each listed value that the constructor sets (tasks/trace.py finds them). The kernel takes
    the value under the listing's name; forward passes the attribute."""
    if trace.scalars is None:
        raise Unsupported("a listed value follows a constructor float through arithmetic, or the ops change with one")
    return {(k, key): (attr, name) for k, key, attr, name in trace.scalars}


def elementwise_piece(args: list[str], trace: Trace, scalars: dict[tuple[int, str], tuple[str, str]],
                      style: str) -> Piece:
    """The one kernel of an elementwise listing whose inputs in0, in1... forward holds as `args`."""
    if trace.n_ops != len(trace.steps) or not trace.steps or trace.result is None:
        raise Unsupported("the forward was cut off or returns no single tensor")
    shape = _full_shape(trace)
    body, params, inputs, kernel_scalars, zero_dim = [], [], [], {}, []
    for k, step in enumerate(trace.steps):
        operands = step_operands(k, step, lambda o: _tensor_operand(o.tensor, o.shape, shape, params, inputs, zero_dim),
                                 scalars, kernel_scalars)
        body.append("# " + _TYPE_SPEC.sub("", step.line))
        body += _lower(step, operands)
    lead = args[0]
    if "in0" not in {o.tensor for s in trace.steps for o in s.operands}:
        raise Unsupported("the first input is not read")
    extra = [y for y in inputs if y != "in0"]
    params += zero_dim  # loaded once each, before the listing's lines
    body = [f"{p} = tl.load({p}_ptr).to(tl.float32)  # a 0-dim parameter: one value for every element"
            for p in zero_dim] + body
    ptrs = ["in0_ptr"] + [f"{y}_ptr" for y in extra] + [f"{p}_ptr" for p in params] + list(kernel_scalars.values())
    vectors = [p for p in params if p not in zero_dim]  # per-column loads; the 0-dim ones are in body
    if style == "rows2d":
        kernel, launch = ew_rows2d(extra, vectors, body, ptrs, "in0", trace.result, "traced_rows_kernel", lead)
    else:
        kernel, launch = ew_flat(extra, vectors, body, ptrs, style == "autotune", "in0", trace.result,
                                 "traced_kernel", lead)
    listed = {o.tensor.replace(".", "_"): o.tensor for st in trace.steps for o in st.operands if o.tensor}

    def passed(var: str) -> str:  # what forward hands the kernel for a loaded tensor: in1 -> y, self_bias -> self.bias
        return args[int(var[2:])] if var.startswith("in") else listed[var]

    tensors = [passed(y) for y in ["in0"] + extra + params]
    launch = launch.replace("ARGS", ", ".join(tensors + list(kernel_scalars)))
    reasoning = _reasoning(trace, vectors, kernel_scalars, style)
    if zero_dim:
        reasoning += "".join(f"\n{len(reasoning.splitlines())}. {passed(p)} is a 0-dim parameter: the kernel loads its "
                             "one value once and every element uses it." for p in zero_dim[:1])
    return Piece(kernel, None, launch, [passed(y) for y in ["in0"] + extra if y.startswith("in")], reasoning)


def step_operands(k: int, step: Step, tensor, scalars: dict, kernel_scalars: dict,
                  sized: dict | None = None) -> list[tuple[str | None, object]]:
    """(key, value) of listed step `k`'s operands as a lowering computes with them: `tensor(o)`'s
    kernel variable for a tensor, an expression of the size for a value that moves with it
    (`sized`), the listing's name for a constructor value (recorded in `kernel_scalars`, attribute
    -> name, which the kernel takes), else the value itself."""
    operands = []
    for o in step.operands:
        if o.tensor is not None:
            operands.append((o.key, tensor(o)))
        elif sized and (k, o.key) in sized:
            operands.append((o.key, sized[(k, o.key)]))
        elif (k, o.key) in scalars:
            attr, name = scalars[(k, o.key)]
            kernel_scalars[attr] = name
            operands.append((o.key, name))
        else:
            operands.append((o.key, o.value))
    return operands


def _full_shape(trace: Trace) -> tuple[int, ...]:
    """The output's shape, which every op keeps (a second output, as log_sigmoid_forward's empty
    buffer, is never read); the output's float dtype must be the first input's."""
    shape = trace.steps[-1].out_shapes[0]
    if not shape or any(st.out_shapes[0] != shape and not zero_dim_step(st) for st in trace.steps):
        raise Unsupported("not every op keeps the output's shape")
    dtype = re.match(r"in0 = \w+: (f32|f16|bf16)\[", trace.header[0]) if trace.header else None
    if not dtype or not trace.returned or not trace.returned.startswith(f"{trace.result} {dtype.group(1)}["):
        raise Unsupported("the output is not a float tensor of the first input's dtype")
    return shape


def zero_dim_step(step: Step) -> bool:
    """A line on 0-dim tensors only (`exp(self.logit_scale)`): one value, computed by every program."""
    return step.out_shapes[0] == () and all(o.shape == () for o in step.operands if o.tensor)


def _tensor_operand(name: str, shape, full, params: list[str], inputs: list[str], zero_dim: list[str]) -> str:
    """A tensor operand's kernel variable (its listing name, a parameter's dot made an underscore:
    self.bias -> self_bias), recording a tensor of the output's shape, a per-column parameter or a
    0-dim one (a learned temperature or gate: CLIP's logit_scale, ReZero's alpha) to load."""
    if name.startswith("c"):
        raise Unsupported("a constant tensor made in forward")
    var = name.replace(".", "_")
    if tuple(shape) == tuple(full):
        if not name.startswith("t") and var not in inputs:
            inputs.append(var)
        return var
    if tuple(shape) == () and name.startswith(("self.", "t")):
        if name.startswith("self.") and var not in zero_dim:
            zero_dim.append(var)
        return var  # a t-name: a 0-dim value an earlier line computed
    if name.startswith("self.") and len(shape) >= 1 and shape[-1] == full[-1] and math.prod(shape) == full[-1] \
            and len(shape) <= len(full):
        if var not in params:
            params.append(var)
        return var
    raise Unsupported(f"{name} of shape {tuple(shape)} broadcasts against {tuple(full)}")


def literal(v) -> str:
    """_num's literal, and infinities as Triton code writes them (a mask's fill)."""
    if isinstance(v, float) and math.isinf(v):
        return 'float("inf")' if v > 0 else 'float("-inf")'
    return _num(v)


def _num(v) -> str:
    if isinstance(v, str):
        return v  # a runtime scalar's name
    if isinstance(v, bool) or v is None or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise Unsupported(f"no Triton literal for {v!r}")
    return repr(float(v))


def _lower(step: Step, operands: list[tuple[str | None, object]]) -> list[str]:
    """The statements computing `step`'s first output from its operands (kernel variables or values)."""
    op, out = step.op, step.outs[0]
    pos = [v for _, v in operands]
    kw = {k: v for k, v in operands if k}
    a = pos[0] if pos else None
    b = pos[1] if len(pos) > 1 else None

    def val(x) -> str:
        return x if isinstance(x, str) else _num(x)

    if op in ("add", "sub", "rsub") and kw.get("alpha", 1) != 1:
        b = f"{_num(kw['alpha'])} * {val(b)}"
    if op == "div" and kw.get("rounding_mode") is not None:
        raise Unsupported("div with a rounding mode")
    if op in ("_to_copy", "to"):
        if kw.get("dtype") not in (None, torch.float32):
            raise Unsupported("a dtype cast")
        return [f"{out} = {val(a)}.to(tl.float32)"]  # a comparison's booleans become 0.0 / 1.0
    if op in _SIMPLE:
        return [f"{out} = {_SIMPLE[op].format(a=val(a), b=val(b) if b is not None else '')}"]
    if op == "mish":  # a * tanh(softplus(a))
        return _softplus(val(a), out, "1.0", "20.0") + tl_unary({"op": "tanh"}, out) + [f"{out} = {val(a)} * {out}"]
    if op in _UNARY:
        return [f"{out} = {val(a)}"] + tl_unary({"op": op}, out)
    return _lower_with_args(op, out, a, b, kw, val)


def _lower_with_args(op: str, out: str, a, b, kw: dict, val) -> list[str]:
    """Ops whose keyword constants shape the statement."""
    x = val(a)
    if op == "pow":
        exponent = kw.get("exponent", b)
        return _runtime_power(x, exponent, out) if isinstance(exponent, str) else [f"{out} = {_power(x, exponent)}"]
    if op == "leaky_relu":
        return [f"{out} = tl.where({x} >= 0, {x}, {x} * {val(kw.get('negative_slope', b if b is not None else 0.01))})"]
    if op in ("hardtanh", "clamp", "clamp_min", "clamp_max"):
        lo = kw.get("min_val", kw.get("min", b if op in ("clamp", "clamp_min") else None))
        hi = kw.get("max_val", kw.get("max", b if op == "clamp_max" else None))
        if op == "hardtanh":
            lo, hi = (-1.0 if lo is None else lo), (1.0 if hi is None else hi)
        expr = x
        if lo is not None:
            expr = f"tl.maximum({expr}, {val(lo)})"
        if hi is not None:
            expr = f"tl.minimum({expr}, {val(hi)})"
        return [f"{out} = {expr}"]
    if op == "gelu":
        form = "gelu_tanh" if kw.get("approximate", "none") == "tanh" else "gelu"
        return [f"{out} = {x}"] + tl_unary({"op": form}, out)
    if op == "softplus":
        beta, threshold = val(kw.get("beta", 1.0)), val(kw.get("threshold", 20.0))
        return _softplus(x, out, beta, threshold)
    if op == "elu":
        alpha, scale, in_scale = (val(kw.get(k, 1.0)) for k in ("alpha", "scale", "input_scale"))
        return [f"{out} = {in_scale} * {x}"] + tl_unary({"op": "elu", "a": alpha}, out)[:1] \
            + [f"{out} = {scale} * tl.where({out} > 0, {out} / {in_scale}, {alpha} * em)"]
    if op == "threshold":
        return [f"{out} = tl.where({x} > {val(kw.get('threshold'))}, {x}, {val(kw.get('value'))})"]
    if op == "where":
        cond, yes, no = (val(v) for v in (a, b, kw.get("other")))
        return [f"{out} = tl.where({cond}, {yes}, {no})"]
    if op == "masked_fill":  # a mask's True lanes take the value (-inf before a softmax)
        return [f"{out} = tl.where({val(b)}, {literal(kw.get('value'))}, {x})"]
    if op == "log1p":
        return tl_log1p(x, out)
    if op == "expm1":
        return tl_expm1(x, out)
    if op == "log_sigmoid_forward":
        return tl_logsigmoid(x, out)
    raise Unsupported(f"no Triton form for {op}")


def _softplus(x: str, out: str, beta: str, threshold: str) -> list[str]:
    """log(1 + e^z) / beta, z = beta x, as max(z, 0) + log1p(e^-|z|): no overflow, and log1p exact
    (log(w) e / (w - 1), w = 1 + e). With log(1 + e) softplus(-x) was 0 from x = 64 on, where the
    reference gives 1e-28: the judge's inputs shifted by +64 rejected it (2026-11-28)."""
    return [f"z = {beta} * {x}", "e = tl.exp(-tl.abs(z))", "w = 1.0 + e",
            f"{out} = tl.where(z > {threshold}, {x}, (tl.maximum(z, 0.0) + {log1p_of('e')}) / {beta})"]


def _runtime_power(x: str, e: str, out: str) -> list[str]:
    """x ** e for an exponent the kernel takes at run time (a constructor float: a focal loss's
    gamma), as torch's pow computes it: a negative base keeps its magnitude for a whole exponent
    ((-2) ** 2.0 = 4, (-2) ** 3.0 = -8) and is NaN for another, and x ** 0 is 1 even at 0. As
    exp(e log x) alone, a focal loss whose targets left [0, 1] (the judge's related inputs) came out
    NaN where torch's (1 - p_t) ** 2.0 is finite (2026-11-30)."""
    return [f"{out}_whole = tl.floor({e}) == {e}",
            f"{out}_mag = tl.exp({e} * tl.log(tl.where({out}_whole, tl.abs({x}), {x})))  # log(x < 0) is NaN",
            f"{out}_odd = tl.floor({e} * 0.5) != {e} * 0.5  # a whole odd exponent keeps the sign",
            f"{out} = tl.where({e} == 0.0, 1.0, tl.where({x} < 0, tl.where({out}_odd, -{out}_mag, {out}_mag), {out}_mag))"]


def _power(x: str, exponent) -> str:
    if exponent == 0.5:
        return f"tl.sqrt({x})"
    if exponent == -0.5:
        return f"tl.rsqrt({x})"
    if float(exponent).is_integer() and 1 <= abs(exponent) <= 4:
        prod = " * ".join([x] * int(abs(exponent)))
        return prod if exponent > 0 else f"1.0 / ({prod})"
    raise Unsupported(f"pow with exponent {exponent}")


def _forward_args(source: str) -> list[str]:
    forward = forward_def(source)
    if forward.args.vararg or forward.args.kwonlyargs or forward.args.kwarg:
        raise Unsupported("forward takes *args, keyword-only arguments or **kwargs")
    names = [a.arg for a in forward.args.args[1:]]
    # torch.nn writes forward(self, input): an answer may not re-bind a builtin (the rules' io_access)
    return [("x" if "x" not in names else f"{n}_") if n in _BUILTINS else n for n in names]


_BUILTINS = frozenset(dir(builtins))


def _forward_signature(source: str, args: list[str]) -> str:
    """forward's arguments as ModelNew writes them: `args` (builtins renamed), each default the
    reference gives kept (transformers' LaplaceActivation: forward(self, input, mu=0.707107, ...),
    called with the input alone)."""
    forward = forward_def(source)
    defaults = [None] * (len(forward.args.args) - 1 - len(forward.args.defaults)) + forward.args.defaults
    return ", ".join(a if d is None else f"{a}={ast.unparse(d)}" for a, d in zip(args, defaults))


def forward_def(source: str) -> ast.FunctionDef:
    """Model's forward, or, for a harvested module (`class Model(LeakyReLU)` with only a
    constructor), the forward of the nearest base class the file defines."""
    tree = ast.parse(source)
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    name = "Model"
    for _ in range(len(classes)):
        cls = classes.get(name)
        if cls is None:
            break
        found = next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "forward"), None)
        if found is not None:
            return found
        bases = [b.id for b in cls.bases if isinstance(b, ast.Name) and b.id in classes]
        if not bases:
            break
        name = bases[0]
    raise Unsupported("no forward in Model or a base class the file defines")


def _method(source: str, name: str) -> ast.FunctionDef:
    tree = ast.parse(source)
    model = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Model"), None)
    found = next((n for n in model.body if isinstance(n, ast.FunctionDef) and n.name == name), None) if model else None
    if found is None:
        raise Unsupported(f"Model has no {name}")
    return found


def _own_forward(source: str) -> bool:
    try:
        _method(source, "forward")
    except Unsupported:
        return False
    return True


def _module(source: str, args: list[str], used: list[str], launch: str, alloc: str | None = None,
            returned: str = "out") -> str:
    """ModelNew: the reference's constructor as written (same signature, defaults and parameters,
    built in the same order), a forward with the reference's arguments that allocates the output
    (`alloc`, by default one like the first input) and launches the kernel."""
    if not _own_forward(source):
        return _harvested_module(source, args, used, launch, alloc, returned)
    try:
        init = _method(source, "__init__")
    except Unsupported:  # a module with nothing to construct, as people often write one
        return _model_new("def __init__(self):\n    super().__init__()", source, args, used, launch, alloc, returned)
    init_src = re.sub(r"super\(\s*Model\s*,\s*self\s*\)", "super()", _dedented(source, init))
    if re.search(r"\bModel\b", init_src):
        raise Unsupported("the constructor names Model")
    return _helpers(source, init_src) + _model_new(init_src, source, args, used, launch, alloc, returned)


def _helpers(source: str, init_src: str) -> str:
    """The file's own module classes that the constructor builds (a `TokenEmbedding` holding the
    table), each with its constructor alone: ModelNew holds the same parameters under the same
    names, and never runs their forward (the rules refuse an answer that calls an nn layer). Before,
    such an answer named a class it did not define (the development suite's token embedding)."""
    classes = {node.name: node for node in ast.parse(source).body
               if isinstance(node, ast.ClassDef) and node.name != "Model"}
    needed, text = [], init_src
    while True:
        more = [n for n in classes if n not in needed and re.search(rf"\b{re.escape(n)}\b", text)]
        if not more:
            break
        needed += more
        text = "\n".join(_class_init(source, classes[n]) for n in needed)
    # defined before use: in the file's order
    return "".join("\n" + _class_init(source, node) + "\n" for name, node in classes.items() if name in needed)


def _class_init(source: str, node: ast.ClassDef) -> str:
    """`node` (a class of the task file) with its constructor as its only method."""
    init = next((f for f in node.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None)
    if init is None:
        raise Unsupported(f"{node.name} has no constructor of its own")
    bases = ", ".join(ast.get_source_segment(source, b) for b in node.bases)
    return f"class {node.name}({bases}):\n{indent(_dedented(source, init).splitlines())}\n"


def _dedented(source: str, fn: ast.FunctionDef) -> str:
    """`fn`'s text in `source`, its lines moved left by its own indentation."""
    return "\n".join(line[fn.col_offset:] if line[:fn.col_offset].isspace() else line
                     for line in ast.get_source_segment(source, fn).splitlines())


def _model_new(init_src: str, source: str, args: list[str], used: list[str], launch: str, alloc: str | None,
               returned: str = "out") -> str:
    """ModelNew's text: the constructor `init_src` (indented as a method), then a forward with the
    reference's arguments that makes `used` contiguous, allocates the output and launches."""
    conts = "".join(f"\n        {y} = {y}.contiguous()" for y in used)
    return (f"\nclass ModelNew(nn.Module):\n{indent(init_src.splitlines())}\n\n"
            f"    def forward(self, {_forward_signature(source, args)}):{conts}\n"
            f"{indent((alloc or f'out = torch.empty_like({used[0]})').splitlines(), 8)}\n"
            f"{indent(launch.splitlines(), 8)}\n"
            f"        return {returned}\n")


def scalar_step(attr: str, name: str) -> str:
    """The reasoning's step for a constructor value the listing names (`s0 = self.eps: float`, or
    `s0 = 1.0 - self.alpha: float`, computed from one)."""
    what = "a float the constructor sets" if re.fullmatch(r"[\w.]+", attr) else "computed from a float the constructor sets"
    return (f"{name} is {attr}, {what}: the kernel takes {name} as a plain scalar argument "
            f"(no pointer, no load) and forward passes {attr}, so one compiled kernel serves any value.")


def _reasoning(trace: Trace, params: list[str], scalars: dict[str, str], style: str) -> str:
    n = len(trace.steps)
    steps = ["Every listed op acts on tensors of the output's shape"
             f"{' (or on a vector along its last dim)' if params else ''}, so the whole forward is one kernel: "
             "each input is read once and the output written once, instead of one round trip to memory per op."]
    steps += tiling_steps(style, bool(params))
    steps.append(f"The kernel body follows the listing line by line: each of its {n} lines is quoted as a comment, "
                 "then computed in float32 registers under the listing's own names (in0, t1, ...), so "
                 f"{trace.result} is the value stored.")
    steps += [scalar_step(attr, name) for attr, name in scalars.items()]
    steps.append("Arithmetic is done in float32 registers and cast to the output dtype only at the store.")
    return numbered(f"The module is elementwise: {n} listed op{'s' if n > 1 else ''} on same-shape tensors.", steps)


def _harvested_module(source: str, args: list[str], used: list[str], launch: str, alloc: str | None,
                      returned: str = "out") -> str:
    """ModelNew for a harvested module, whose Model only subclasses the library's class: the
    library's constructor reaches names an answer may not import (`Module`, `init`, `Parameter`,
    `reset_parameters`), so ModelNew takes Model's constructor arguments and makes the same
    parameters, in the same order, each dim written as the constructor argument of that size
    (the judge gives both models the same values). A module with buffers is declined."""
    init = _method(source, "__init__")
    params = [a.arg for a in init.args.args[1:]]
    if init.args.vararg or init.args.kwonlyargs or init.args.kwarg or init.args.defaults:
        raise Unsupported("Model's constructor takes more than plain arguments")
    try:
        mod = module_from_source(source, "autotriton_harvested_teacher", "<task>")
        values = list(mod.get_init_inputs())
        with torch.device("meta"):
            model = mod.Model(*values)
    except Exception as exc:  # noqa: BLE001 - the task's own code (it was traced, so this is rare)
        raise Unsupported(f"Model cannot be built on meta: {exc!r}") from None
    if any(True for _ in model.buffers()):
        raise Unsupported("the module holds buffers")
    sized = {v: p for p, v in zip(params, values) if type(v) is int}
    lines = ["super().__init__()"]
    for name, param in model.named_parameters():
        if "." in name:
            raise Unsupported("a parameter of a submodule")
        dims = ", ".join(sized.get(d, str(d)) for d in param.shape)
        lines.append(f"self.{name} = nn.Parameter(torch.empty({dims}{',' if param.dim() == 1 else ''}))"
                     "  # the judge sets its values")
    named = dict(model.named_parameters())
    for attr in dict.fromkeys(re.findall(r"self\.(\w+)\b(?!\.)", launch)):  # a constructor scalar the kernel takes
        value = getattr(model, attr, None)
        if attr in named or type(value) not in (int, float):
            continue
        given = next((p for p, v in zip(params, values) if type(v) is type(value) and v == value), None)
        lines.append(f"self.{attr} = {given or repr(value)}")
    init_src = f"def __init__(self{''.join(', ' + p for p in params)}):\n{indent(lines)}"
    return _model_new(init_src, source, args, used, launch, alloc, returned)
