"""The compose grammar's families, one section each: the grammar point's type (a TypedDict, the
`COMPOSE_SPEC` literal of the task file), how a point is drawn (`sample`), the PyTorch module it
stands for (`code`) and the op tokens its docstrings name (`words`, looked up in docstrings.OP_NAMES
and FAMILY_NAMES). FAMILIES is the one table of them. The answer to a point is the template
teacher's (teachers/template FAMILY_WRITERS, keyed by the same names; the teacher imports this
module, so this table cannot name its writers without an import circle).

compose.py draws the family, then edits the point on streams of its own (constructor values,
ranks, depthwise and 1-D convolutions, half precision: every key those add is in the TypedDicts
below), and writes the task file. The expression family (exprs.py), the idioms (idioms.py) and
the blocks (blocks.py) draw their own points in their own modules; they are not in FAMILIES.

Every draw here is in the order compose.py drew it before these sections were split out of it:
task i of seed s must stay the same task, byte for byte (data builds are hashed).
No `from __future__ import annotations`: TypedDict reads NotRequired only from evaluated
annotations (Python 3.11), and tests check each drawn point against its type's keys.
"""

import random
from dataclasses import dataclass
from typing import Callable, Literal, NotRequired, TypedDict, Union

# --------------------------------------------------------------- ops, sizes, points, modules

# Unary ops: torch expression of `h`. Parameters (slope, bounds, constant) are drawn per task.
UNARY = {
    "relu": "torch.relu({h})",
    "gelu": "F.gelu({h})",
    "sigmoid": "torch.sigmoid({h})",
    "tanh": "torch.tanh({h})",
    "silu": "F.silu({h})",
    "leaky_relu": "F.leaky_relu({h}, {a})",
    "hardtanh": "F.hardtanh({h}, {lo}, {hi})",
    "square": "{h} * {h}",
    "scale": "{h} * {a}",
    "shift": "{h} + {a}",
    "abs": "torch.abs({h})",
    "elu": "F.elu({h}, {a})",
    "selu": "torch.selu({h})",
    "softplus": "F.softplus({h})",  # beta 1, threshold 20
    "softsign": "F.softsign({h})",
    "hardsigmoid": "F.hardsigmoid({h})",
    "hardswish": "F.hardswish({h})",
    "exp": "torch.exp({h})",
    "neg": "torch.neg({h})",
    # GELU's tanh approximation, written out as people do in model code
    "gelu_tanh": "0.5 * {h} * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * ({h} + 0.044715 * torch.pow({h}, 3.0))))",
    "swish": "{h} * torch.sigmoid({h})",
    "clamp": "torch.clamp({h}, min={lo}, max={hi})",
}
ACTIVATIONS = ("relu", "gelu", "sigmoid", "tanh", "silu", "leaky_relu", "hardtanh", "elu", "selu", "softplus",
               "softsign", "hardsigmoid", "hardswish", "gelu_tanh", "swish", "clamp")
# exp of a chain's intermediate (squares of scaled values reach ~600) overflows float32 where the
# float64 reference does not: exp only ever sees the task's own randn input.
CHAIN_UNARY = tuple(op for op in UNARY if op != "exp")
# Unary ops whose constant hand-written modules often take as a constructor argument
# (`self.negative_slope`): name and the signature's default. The 135M model trained without this
# form kept `negative_slope` in ModelNew and then wrote a swish (H100 ablation run 5).
INIT_ARGS = {"leaky_relu": ("negative_slope", 0.01), "elu": ("alpha", 1.0), "scale": ("factor", 1.0),
             "shift": ("offset", 0.0)}
# The same ops as a layer held as an attribute and built from the constructor's argument
# (`self.act = nn.LeakyReLU(negative_slope)`), which the listing names `self.act.negative_slope`.
INIT_LAYERS = {"leaky_relu": "LeakyReLU", "elu": "ELU"}
# Binary ops with a second input tensor `y` of the same shape.
BINARY = {
    "add": "{h} + {y}",
    "sub": "{h} - {y}",
    "mul": "{h} * {y}",
    "maximum": "torch.maximum({h}, {y})",
    "silu_gate": "F.silu({h}) * {y}",  # SwiGLU's gate
}
# Ops with a per-column parameter vector (broadcast over rows).
PARAM = {"bias": "{h} + self.bias", "col_scale": "{h} * self.scale"}


class Step(TypedDict):
    """One op of a chain, an epilogue, a pre-op or an activation: a key of UNARY, BINARY or PARAM
    (or "residual", in a matmul epilogue), with its constants."""

    op: str
    a: NotRequired[float]  # slope, alpha, factor or offset
    lo: NotRequired[float]  # hardtanh's and clamp's bounds
    hi: NotRequired[float]
    input: NotRequired[str]  # a binary op's second input, `y<i>`
    init: NotRequired[str]  # the constructor argument that holds `a` (INIT_ARGS)
    init_default: NotRequired[bool]  # built with the signature's default, no argument passed
    layer: NotRequired[str]  # the attribute holding the op as a layer (INIT_LAYERS)


class Sizes(TypedDict):
    """Size name -> value, for the two interpreter settings and the two GPU ones (`_sizes`)."""

    interp_odd: dict[str, int]
    interp_pow2: dict[str, int]
    gpu: dict[str, int]
    gpu_odd: dict[str, int]


# The code of a grammar point: (model class source, get_inputs body, get_init_inputs list,
# description). The description is the grammar's own words, which the template answer restates:
# docstrings never use it (data/docstrings.py).
Code = tuple[str, str, str, str]


def _pick_unary(rng: random.Random, choices=tuple(UNARY)) -> Step:
    op = rng.choice(choices)
    args = {}
    if op == "leaky_relu":
        args["a"] = rng.choice([0.01, 0.1, 0.2])
    elif op == "hardtanh":
        args["lo"], args["hi"] = rng.choice([(-1.0, 1.0), (-0.5, 0.5), (-2.0, 2.0)])
    elif op == "clamp":
        args["lo"], args["hi"] = rng.choice([(-1.0, 1.0), (0.0, 6.0), (-0.25, 0.75), (-3.0, 0.5)])
    elif op == "elu":
        args["a"] = rng.choice([1.0, 0.5, 1.5])
    elif op in ("scale", "shift"):
        args["a"] = rng.choice([0.5, 2.0, -1.5, 0.125, 3.0])
    return {"op": op, **args}


def torch_unary(step: Step, h: str) -> str:
    if step.get("layer"):
        return f"self.{step['layer']}({h})"
    args = {k: v for k, v in step.items() if k not in ("op", "init", "layer")}
    if step.get("init"):
        args["a"] = f"self.{step['init']}"  # the constant comes from the constructor
    return UNARY[step["op"]].format(h=h, **args)


def _odd(rng: random.Random, lo: int, hi: int) -> int:
    """A size in [lo, hi] that is not a power of two (boundary masks must matter)."""
    while True:
        n = rng.randint(lo, hi)
        if n & (n - 1):
            return n


def _pow2(rng: random.Random, lo: int, hi: int) -> int:
    return rng.choice([p for p in (2 ** k for k in range(12)) if lo <= p <= hi])


def _scaled(rng: random.Random, typical: int) -> int:
    n = max(2, int(typical * rng.choice([0.25, 0.5, 0.75, 1.0, 1.25, 1.5])))
    return n // 16 * 16 if n >= 64 else n


def _sizes(rng: random.Random, dims: dict[str, tuple[int, int, int]]) -> Sizes:
    """dims: name -> (interp max, typical gpu size, gpu odd-size cap) -> four shape settings.

    The GPU sizes are the task file's own constants, i.e. what the model sees, so
    they vary per task (0.25x to 1.5x the typical size, multiples of 16 from 64 up): with fixed
    ones, 2400 composed tasks had only 690 distinct prompts."""
    return {
        "interp_odd": {k: _odd(rng, 3, hi) for k, (hi, _, _) in dims.items()},
        "interp_pow2": {k: _pow2(rng, 2, hi) for k, (hi, _, _) in dims.items()},
        "gpu": {k: _scaled(rng, g) for k, (_, g, _) in dims.items()},
        "gpu_odd": {k: _odd(rng, max(3, o // 2), o) for k, (_, _, o) in dims.items()},
    }


# (typical GPU rows, GPU odd-rows cap) of the row-wise families. The first thirteen families (unary
# to attention) drew one before anything else, though only unary, chain, norm and softmax use it;
# they all still draw it first, so that every task's stream stays as it was.
_BIG_ROWS = [(4096, 4000), (8192, 6000), (2048, 3001)]


def _rows_sizes(rng: random.Random, big: tuple[int, int]) -> Sizes:
    return _sizes(rng, {"ROWS": (40, big[0], big[1]), "COLS": (300, 4096, 3000)})


class ModuleParts(TypedDict):
    """A module as the idiom and block families write it before compose lays out its file: the
    constructor's extra parameters (`, dim: int`) and lines, forward's arguments and body lines,
    get_inputs' and get_init_inputs' lists as text, its size names (`_sizes`' dims), and `meta`,
    what the file computes beyond its kind (a reduction, a constant, a dim), which goes into the
    task's spec so a test can compute it another way."""

    init_args: str
    init: list[str]
    args: str
    body: list[str]
    inputs: str
    init_inputs: str
    dims: dict[str, tuple[int, int, int]]
    meta: dict[str, object]


def _model(init_args: str, init: list[str], fwd_args: str, body: list[str]) -> str:
    init_body = "\n".join("        " + x for x in ["super().__init__()"] + init)
    fwd_body = "\n".join("        " + x for x in body)
    return (f"class Model(nn.Module):\n    def __init__(self{init_args}):\n{init_body}\n\n"
            f"    def forward(self, {fwd_args}):\n{fwd_body}\n")


def _dtype_arg(spec: Union["ElementwiseSpec", "ReduceSpec", "SoftmaxSpec"]) -> str:
    """`, dtype=torch.float16` for a half-precision task (compose.HALF_FAMILIES), else nothing."""
    dt = spec.get("dtype", "float32")
    return "" if dt == "float32" else f", dtype=torch.{dt}"


def _pre(spec: Union["ReduceSpec", "ScanSpec"]) -> list[str]:
    return [spec["pre"]["op"]] if spec["pre"] else []


def _act(spec: Union["NormSpec", "LinearNormSpec", "Conv2dSpec"]) -> list[str]:
    return [spec["act"]["op"]] if spec["act"] else []


def _kind_words(spec: Union["NormalizeSpec", "LossSpec", "PoolSpec", "GroupnormSpec"]) -> list[str]:
    """The words of a family whose kind is its op token."""
    return [spec["kind"]]


def _family_words(spec: Union["LayoutSpec", "EmbeddingSpec", "MaxpoolSpec", "MseSpec", "MlpSpec",
                              "AttentionSpec"]) -> list[str]:
    """The words of a family with no op token of its own: its name (docstrings.FAMILY_NAMES); an
    MLP's activation is left unnamed."""
    return [spec["family"]]


# --------------------------------------------------------------- unary, chain

class ElementwiseSpec(TypedDict):
    """One unary op (`unary`), or 2 to 4 unary, binary and per-column parameter ops (`chain`)."""

    family: Literal["unary", "chain"]
    steps: list[Step]
    sizes: Sizes
    shape: NotRequired[list[str]]  # compose._reshape: a vector, or a rank-3 or rank-4 tensor
    dtype: NotRequired[str]  # float16 or bfloat16


def _elementwise_spec(rng: random.Random, family: Literal["unary", "chain"]) -> ElementwiseSpec:
    big = rng.choice(_BIG_ROWS)
    n_steps = 1 if family == "unary" else rng.randint(2, 4)
    steps = []
    for i in range(n_steps):
        kind = "unary" if family == "unary" else rng.choice(["unary", "unary", "binary", "param"])
        if kind == "unary":
            steps.append(_pick_unary(rng) if family == "unary" else _pick_unary(rng, CHAIN_UNARY))
        elif kind == "binary":
            steps.append({"op": rng.choice(tuple(BINARY)), "input": f"y{i}"})
        else:
            steps.append({"op": rng.choice(tuple(PARAM))})
    # at most one param of each kind, so parameter names stay unique
    seen, uniq = set(), []
    for s in steps:
        if s["op"] in PARAM and s["op"] in seen:
            continue
        seen.add(s["op"])
        uniq.append(s)
    return {"family": family, "steps": uniq, "sizes": _rows_sizes(rng, big)}


def _unary_spec(rng: random.Random, level: int) -> ElementwiseSpec:
    return _elementwise_spec(rng, "unary")


def _chain_spec(rng: random.Random, level: int) -> ElementwiseSpec:
    return _elementwise_spec(rng, "chain")


def _chain_expr(steps: list[Step], h: str) -> tuple[list[str], list[str], list[str]]:
    """forward lines, extra input names, __init__ lines for an elementwise chain on `h`."""
    lines, inputs, init = [], [], []
    for s in steps:
        if s["op"] in UNARY:
            lines.append(f"h = {torch_unary(s, 'h')}")
        elif s["op"] in BINARY:
            inputs.append(s["input"])
            lines.append("h = " + BINARY[s["op"]].format(h="h", y=s["input"]))
        elif s["op"] in PARAM:
            name = "bias" if s["op"] == "bias" else "scale"
            init.append(f"self.{name} = nn.Parameter(torch.randn(cols))")
            lines.append("h = " + PARAM[s["op"]].format(h="h"))
    return lines, inputs, init


def _elementwise_code(spec: ElementwiseSpec) -> Code:
    lines, extra, init = _chain_expr(spec["steps"], "x")
    names = spec.get("shape") or ["ROWS", "COLS"]
    init_args, init_inputs = (", cols: int", f"[{names[-1]}]") if init else ("", "[]")
    scalar = next((s for s in spec["steps"] if s.get("init")), None)
    if scalar:  # a constructor argument, with the value get_init_inputs passes
        name = scalar["init"]
        init_args = f", {name}: float = {INIT_ARGS[scalar['op']][1]}"
        init_inputs = "[]" if scalar.get("init_default") else f"[{scalar['a']}]"
        held = f"nn.{INIT_LAYERS[scalar['op']]}({name})" if scalar.get("layer") else name
        init = init + [f"self.{scalar.get('layer') or name} = {held}"]
    model = _model(init_args, init, ", ".join(["x"] + extra), ["h = x"] + lines + ["return h"])
    ins = ", ".join(f"torch.randn({', '.join(names)}{_dtype_arg(spec)})" for _ in ["x"] + extra)
    return model, f"[{ins}]", init_inputs, "elementwise " + " -> ".join(s["op"] for s in spec["steps"])


def _elementwise_words(spec: ElementwiseSpec) -> list[str]:
    return [s["op"] for s in spec["steps"]]


# --------------------------------------------------------------- reduce

class ReduceSpec(TypedDict):
    """A reduction over one dim; level 2 puts an elementwise op first."""

    family: Literal["reduce"]
    kind: str  # sum, mean, max, min, prod, argmax, argmin, amax_abs
    dim: int
    pre: Step | None
    sizes: Sizes
    init_dim: NotRequired[bool]  # the dim is a constructor argument
    dim_default: NotRequired[bool]  # ... with `dim` as its default
    keepdim: NotRequired[bool]
    shape: NotRequired[list[str]]  # compose._reshape; else (B, R, C)
    dtype: NotRequired[str]


def _reduce_spec(rng: random.Random, level: int) -> ReduceSpec:
    rng.choice(_BIG_ROWS)  # unused (_BIG_ROWS says why)
    kind = rng.choice(["sum", "mean", "max", "min", "prod", "argmax", "argmin",
                       "amax_abs" if level == 2 else "sum"])
    # prod, argmax and argmin take no pre-op: a float32 pre-op can round two values equal (or
    # a product out of range) where the float64 reference does not
    pre = _pick_unary(rng, ("relu", "square", "abs", "sigmoid", "scale")) \
        if level == 2 and kind not in ("prod", "argmax", "argmin") else None
    return {"family": "reduce", "kind": kind, "dim": rng.choice([1, 2]), "pre": pre,
            "sizes": _sizes(rng, {"B": (6, 32, 30), "R": (200, 1024, 1000), "C": (40, 512, 500)})}


def reduce_shape(spec: Union[ReduceSpec, "SoftmaxSpec"]) -> list[str]:
    """The size names of a reduce or softmax task's input, in order."""
    return spec.get("shape") or (["ROWS", "COLS"] if spec["family"] == "softmax" else ["B", "R", "C"])


def _reduce_code(spec: ReduceSpec) -> Code:
    pre = [f"x = {torch_unary(spec['pre'], 'x')}"] if spec["pre"] else []
    red = {"sum": "torch.sum(x, dim={d}{k})", "mean": "torch.mean(x, dim={d}{k})",
           "max": "torch.amax(x, dim={d}{k})", "amax_abs": "torch.amax(torch.abs(x), dim={d}{k})",
           "min": "torch.min(x, dim={d}{k})[0]", "prod": "torch.prod(x, dim={d}{k})",
           "argmax": "torch.argmax(x, dim={d}{k})", "argmin": "torch.argmin(x, dim={d}{k})"}[spec["kind"]]
    red = red.format(d="self.dim" if spec.get("init_dim") else spec["dim"],
                     k=", keepdim=True" if spec.get("keepdim") else "")
    if spec.get("init_dim"):  # the reduced dim as a constructor argument, as hand-written modules take it
        default = f" = {spec['dim']}" if spec.get("dim_default") else ""
        model = _model(f", dim: int{default}", ["self.dim = dim"], "x", pre + ["return " + red])
        init_inputs = "[]" if default else f"[{spec['dim']}]"
    else:
        model, init_inputs = _model("", [], "x", pre + ["return " + red]), "[]"
    pre_txt = f"{spec['pre']['op']} then " if spec["pre"] else ""
    # prod: factors in [0.8, 1.2), so a product of a thousand of them stays in float32's range
    shape = ", ".join(reduce_shape(spec))
    ins = f"[torch.rand({shape}) * 0.4 + 0.8]" if spec["kind"] == "prod" else f"[torch.randn({shape}{_dtype_arg(spec)})]"
    return model, ins, init_inputs, f"{pre_txt}{spec['kind']} over dim {spec['dim']} of ({shape})"


def _reduce_words(spec: ReduceSpec) -> list[str]:
    return _pre(spec) + [spec["kind"]]


# --------------------------------------------------------------- norm

class NormSpec(TypedDict):
    """LayerNorm or RMSNorm over the last dim; level 2 adds a residual input and an activation."""

    family: Literal["norm"]
    kind: str  # layernorm, rmsnorm
    eps: float
    residual: bool
    act: Step | None
    sizes: Sizes
    init_eps: NotRequired[bool]  # eps is a constructor argument (`eps: float = <eps>`) ...
    eps_default: NotRequired[bool]  # ... built with its default
    eps_passed: NotRequired[float]  # ... or with this value


def _norm_spec(rng: random.Random, level: int) -> NormSpec:
    big = rng.choice(_BIG_ROWS)
    return {"family": "norm", "kind": rng.choice(["layernorm", "rmsnorm"]), "eps": rng.choice([1e-5, 1e-6]),
            "residual": level == 2 and rng.random() < 0.5,
            "act": _pick_unary(rng, ACTIVATIONS) if level == 2 else None,
            "sizes": _rows_sizes(rng, big)}


def _norm_code(spec: NormSpec) -> Code:
    eps = "self.eps" if spec.get("init_eps") else spec["eps"]
    if spec["kind"] == "layernorm":
        init = ["self.weight = nn.Parameter(torch.randn(cols))", "self.bias = nn.Parameter(torch.randn(cols))"]
        body = [f"h = F.layer_norm(h, (h.shape[-1],), self.weight, self.bias, {eps})"]
    else:
        init = ["self.weight = nn.Parameter(torch.randn(cols))"]
        body = [f"h = h * torch.rsqrt(torch.mean(h * h, dim=-1, keepdim=True) + {eps}) * self.weight"]
    init_args, init_inputs = ", cols: int", "[COLS]"
    if spec.get("init_eps"):  # `eps: float = 1e-5`, as hand-written norms take it
        init_args += f", eps: float = {spec['eps']}"
        init = ["self.eps = eps"] + init
        init_inputs = "[COLS]" if spec.get("eps_default") else f"[COLS, {spec['eps_passed']}]"
    pre = ["h = x + r"] if spec["residual"] else ["h = x"]
    post = [f"h = {torch_unary(spec['act'], 'h')}"] if spec["act"] else []
    model = _model(init_args, init, "x, r" if spec["residual"] else "x", pre + body + post + ["return h"])
    ins = "[torch.randn(ROWS, COLS), torch.randn(ROWS, COLS)]" if spec["residual"] else "[torch.randn(ROWS, COLS)]"
    desc = ("residual add, " if spec["residual"] else "") + spec["kind"] + (f", {spec['act']['op']}" if spec["act"] else "")
    return model, ins, init_inputs, desc


def _norm_words(spec: NormSpec) -> list[str]:
    return (["residual"] if spec["residual"] else []) + [spec["kind"]] + _act(spec)


# --------------------------------------------------------------- softmax

class SoftmaxSpec(TypedDict):
    """softmax or log_softmax over the last dim (or `dim`); level 2 scales and adds a bias first."""

    family: Literal["softmax"]
    scale: float
    bias: bool
    log: bool
    sizes: Sizes
    temperature: NotRequired[float]  # a constructor argument divides by it
    shape: NotRequired[list[str]]  # compose._reshape; else (ROWS, COLS)
    dim: NotRequired[int]  # with `shape`
    dtype: NotRequired[str]


def _softmax_spec(rng: random.Random, level: int) -> SoftmaxSpec:
    big = rng.choice(_BIG_ROWS)
    return {"family": "softmax", "scale": rng.choice([1.0, 0.125, 0.5, 2.0]) if level == 2 else 1.0,
            "bias": level == 2 and rng.random() < 0.5, "log": rng.random() < 0.4,
            "sizes": _rows_sizes(rng, big)}


def _softmax_code(spec: SoftmaxSpec) -> Code:
    init = ["self.bias = nn.Parameter(torch.randn(cols))"] if spec["bias"] else []
    h = f"x * {spec['scale']}" if spec["scale"] != 1.0 else "x"
    h = f"{h} + self.bias" if spec["bias"] else h
    init_args, init_inputs = (", cols: int", ["COLS"]) if init else ("", [])
    if spec.get("temperature"):  # a softmax with temperature, from the constructor
        h = f"{h if h == 'x' else f'({h})'} / self.temperature"
        init_args += ", temperature: float = 1.0"
        init = init + ["self.temperature = temperature"]
        init_inputs += [] if spec["temperature"] == 1.0 else [repr(spec["temperature"])]
    fn = "log_softmax" if spec.get("log") else "softmax"
    if spec.get("shape"):
        call = f"F.log_softmax({h}, dim={spec['dim']})" if spec.get("log") else f"torch.softmax({h}, dim={spec['dim']})"
    else:
        call = f"F.log_softmax({h}, dim=1)" if spec.get("log") else f"torch.softmax({h}, dim=-1)"
    model = _model(init_args, init, "x", [f"return {call}"])
    shape = ", ".join(reduce_shape(spec))
    where = f"dim {spec['dim']} of ({shape})" if spec.get("shape") else "the last dim"
    return model, f"[torch.randn({shape}{_dtype_arg(spec)})]", f"[{', '.join(init_inputs)}]", f"{fn} over {where}"


def _softmax_words(spec: SoftmaxSpec) -> list[str]:
    """The softmax's names say which dim where it is not the last (docstrings._names_for)."""
    return ["log_softmax" if spec.get("log") else "softmax"]


# --------------------------------------------------------------- matmul

class MatmulSpec(TypedDict):
    """A product (`form`); level 2 adds epilogues (bias, activation, scale, residual)."""

    family: Literal["matmul"]
    form: str  # linear, matmul, matmul_bt, bmm, matvec, diag_mm, mm3d, tril, triu
    epilogue: list[Step]
    sizes: Sizes
    shape: NotRequired[str]  # large_k, small_k, tall_skinny (_MATMUL_SHAPES); square if absent


# Matmul operand shapes besides square-ish: KernelBench level 1 has large-K, small-K and
# tall-skinny products, where the tiling that suits square ones wastes most of the GPU.
_MATMUL_SHAPES = {
    "square": {"M": (48, 4096, 3000), "N": (48, 4096, 2500), "K": (48, 2048, 2000)},
    "large_k": {"M": (16, 256, 250), "N": (16, 256, 250), "K": (300, 65536, 60000)},
    "small_k": {"M": (48, 8192, 8000), "N": (48, 8192, 8000), "K": (8, 64, 60)},
    "tall_skinny": {"M": (200, 32768, 30000), "N": (16, 32, 30), "K": (32, 1024, 1000)},
}
_MATMUL_FORM_DIMS = {
    "bmm": {"B": (4, 16, 12), "M": (40, 1024, 1000), "N": (40, 1024, 900), "K": (40, 512, 500)},
    "matvec": {"M": (48, 8192, 6000), "K": (200, 8192, 8000)},
    "diag_mm": {"N": (48, 4096, 4000), "M": (64, 4096, 4000)},
    "mm3d": {"B": (4, 16, 16), "S": (24, 512, 500), "K": (48, 1024, 1000), "N": (48, 1024, 1000)},
    "tril": {"N": (48, 4096, 3000)},
    "triu": {"N": (48, 4096, 3000)},
}


def _matmul_spec(rng: random.Random, level: int) -> MatmulSpec:
    """Level 1: every product form; level 2: the forms that take epilogues (bias, activation,
    scale, residual)."""
    rng.choice(_BIG_ROWS)  # unused (_BIG_ROWS says why)
    forms = ["linear", "matmul", "matmul_bt", "bmm"] + (["matvec", "diag_mm", "mm3d", "tril", "triu"]
                                                        if level == 1 else ["mm3d"])
    form = rng.choice(forms)
    epi = []
    if level == 2:
        if form == "linear":
            epi.append({"op": "bias"})
        if rng.random() < 0.8:
            epi.append(_pick_unary(rng, ACTIVATIONS))
        if rng.random() < 0.4:
            epi.append(_pick_unary(rng, ("scale",)))
        if form not in ("bmm", "mm3d") and rng.random() < 0.3:
            epi.append({"op": "residual"})
    spec = {"family": "matmul", "form": form, "epilogue": epi}
    if form in _MATMUL_FORM_DIMS:
        dims = _MATMUL_FORM_DIMS[form]
    else:
        shape = rng.choice(["square", "square", "large_k", "small_k", "tall_skinny"])
        dims = _MATMUL_SHAPES[shape]
        if shape != "square":
            spec["shape"] = shape
    sizes = _sizes(rng, dims)
    # A contraction of 3 to 5 terms can cancel to almost nothing, and the verifier then finds the
    # reference itself too unstable to judge a TF32 kernel (invalid_task, 1 in 124 tril/triu
    # checks at N = 4 or 5): the interpreter sizes keep K (tril/triu: N) at 8 or more.
    for name, floor in (("interp_odd", 9), ("interp_pow2", 8)):
        sizes[name].update({d: max(v, floor) for d, v in sizes[name].items()
                            if d == "K" or (d == "N" and form in ("tril", "triu"))})
    return {**spec, "sizes": sizes}


def _matmul_code(spec: MatmulSpec) -> Code:
    form, epi = spec["form"], spec["epilogue"]
    init, init_args = [], ""
    if form == "linear":
        has_bias = any(s["op"] == "bias" for s in epi)
        init, init_args = [f"self.fc = nn.Linear(in_features, out_features, bias={has_bias})"], ", in_features: int, out_features: int"
        body, args, ins = ["h = self.fc(x)"], ["x"], ["torch.randn(M, K)"]
    elif form == "matmul":
        body, args, ins = ["h = torch.matmul(a, b)"], ["a", "b"], ["torch.randn(M, K)", "torch.randn(K, N)"]
    elif form == "matmul_bt":
        body, args, ins = ["h = torch.matmul(a, b.t())"], ["a", "b"], ["torch.randn(M, K)", "torch.randn(N, K)"]
    elif form == "bmm":
        body, args, ins = ["h = torch.bmm(a, b)"], ["a", "b"], ["torch.randn(B, M, K)", "torch.randn(B, K, N)"]
    elif form == "matvec":
        body, args, ins = ["h = a @ x"], ["a", "x"], ["torch.randn(M, K)", "torch.randn(K, 1)"]
    elif form == "diag_mm":
        body, args, ins = ["h = torch.diag(d) @ b"], ["d", "b"], ["torch.randn(N)", "torch.randn(N, M)"]
    elif form == "mm3d":
        body, args, ins = ["h = torch.matmul(a, b)"], ["a", "b"], ["torch.randn(B, S, K)", "torch.randn(K, N)"]
    else:
        body, args, ins = [f"h = torch.{form}(torch.matmul(a, b))"], ["a", "b"], ["torch.randn(N, N)", "torch.randn(N, N)"]
    for s in epi:
        if s["op"] == "residual":
            args.append("r")
            ins.append("torch.randn(M, N)")
            body.append("h = h + r")
        elif s["op"] != "bias":
            body.append(f"h = {torch_unary(s, 'h')}")
    model = _model(init_args, init, ", ".join(args), body + ["return h"])
    desc = {"linear": "linear", "matmul": "matmul", "matmul_bt": "matmul with B transposed", "bmm": "batched matmul",
            "matvec": "matrix-vector product", "diag_mm": "diag(d) @ B", "mm3d": "3-D tensor times a matrix",
            "tril": "lower triangle of a matmul", "triu": "upper triangle of a matmul"}[form]
    if epi:
        desc += " with epilogue " + ", ".join(s["op"] for s in epi)
    return model, "[" + ", ".join(ins) + "]", "[K, N]" if form == "linear" else "[]", desc


def _matmul_words(spec: MatmulSpec) -> list[str]:
    return [spec["form"]] + [s["op"] for s in spec["epilogue"]]


# --------------------------------------------------------------- layout, embedding

class LayoutSpec(TypedDict):
    """x.permute(perm).contiguous() of a rank-3 tensor."""

    family: Literal["layout"]
    perm: list[int]
    sizes: Sizes


def _layout_spec(rng: random.Random, level: int) -> LayoutSpec:
    rng.choice(_BIG_ROWS)  # unused (_BIG_ROWS says why)
    perm = rng.choice([[1, 0, 2], [0, 2, 1], [2, 1, 0], [1, 2, 0], [2, 0, 1]])
    return {"family": "layout", "perm": perm,
            "sizes": _sizes(rng, {"A": (20, 256, 250), "B": (30, 512, 500), "C": (40, 512, 300)})}


def _layout_code(spec: LayoutSpec) -> Code:
    p = tuple(spec["perm"])
    model = _model("", [], "x", [f"return x.permute{p}.contiguous()"])
    return model, "[torch.randn(A, B, C)]", "[]", f"permute {p} to a contiguous tensor"


class EmbeddingSpec(TypedDict):
    """nn.Embedding(VOCAB, DIM) looked up at (BATCH, SEQ) indices."""

    family: Literal["embedding"]
    sizes: Sizes


def _embedding_spec(rng: random.Random, level: int) -> EmbeddingSpec:
    rng.choice(_BIG_ROWS)  # unused (_BIG_ROWS says why)
    return {"family": "embedding",
            "sizes": _sizes(rng, {"VOCAB": (60, 32000, 30000), "DIM": (64, 1024, 1000),
                                  "BATCH": (4, 32, 30), "SEQ": (20, 512, 500)})}


def _embedding_code(spec: EmbeddingSpec) -> Code:
    model = _model(", vocab: int, dim: int", ["self.embedding = nn.Embedding(vocab, dim)"], "idx",
                   ["return self.embedding(idx)"])
    return model, "[torch.randint(0, VOCAB, (BATCH, SEQ), dtype=torch.int64)]", "[VOCAB, DIM]", "embedding lookup"


# --------------------------------------------------------------- maxpool, pool

class MaxpoolSpec(TypedDict):
    """F.max_pool2d with a 2 or 3 window."""

    family: Literal["maxpool"]
    kernel: int
    stride: int
    sizes: Sizes


def _maxpool_spec(rng: random.Random, level: int) -> MaxpoolSpec:
    rng.choice(_BIG_ROWS)  # unused (_BIG_ROWS says why)
    k = rng.choice([2, 3])
    sizes = _sizes(rng, {"B": (3, 16, 15), "C": (5, 64, 60), "H": (20, 256, 250), "W": (20, 256, 200)})
    for name in ("interp_odd", "interp_pow2"):  # the window must fit: H, W >= kernel size
        sizes[name].update({d: max(v, 4) for d, v in sizes[name].items() if d in ("H", "W")})
    return {"family": "maxpool", "kernel": k, "stride": rng.choice([k, 2]), "sizes": sizes}


def _maxpool_code(spec: MaxpoolSpec) -> Code:
    model = _model("", [], "x", [f"return F.max_pool2d(x, {spec['kernel']}, {spec['stride']})"])
    return model, "[torch.randn(B, C, H, W)]", "[]", f"max_pool2d kernel {spec['kernel']} stride {spec['stride']}"


class PoolSpec(TypedDict):
    """avg_pool2d, max_pool1d or avg_pool1d (`kind`), as a call or a module attribute (`form`)."""

    family: Literal["pool"]
    kind: str  # avg2d, max1d, avg1d
    kernel: int
    stride: int
    padding: int
    form: str  # functional, module
    sizes: Sizes


def _pool_spec(rng: random.Random, level: int) -> PoolSpec:
    """avg_pool2d, max_pool1d, avg_pool1d: kernel k, stride s, padding p <= k // 2 (torch's bound)."""
    kind = rng.choice(["avg2d", "avg2d", "max1d", "avg1d"])
    k = rng.choice([2, 3, 4] if kind != "avg2d" else [2, 3])
    stride = rng.choice([1, 2, k])
    pad = rng.choice([0, 0, k // 2])
    if kind == "avg2d":
        dims = {"B": (3, 16, 15), "C": (5, 64, 60), "H": (20, 256, 250), "W": (20, 256, 200)}
    else:
        dims = {"B": (4, 32, 30), "C": (6, 64, 60), "L": (200, 8192, 8000)}
    sizes = _sizes(rng, dims)
    for name in ("interp_odd", "interp_pow2"):  # the window must fit: spatial extents >= kernel size
        sizes[name].update({d: max(v, 4) for d, v in sizes[name].items() if d in ("H", "W", "L")})
    return {"family": "pool", "kind": kind, "kernel": k, "stride": stride, "padding": pad,
            # nn.AvgPool2d as a module attribute is a held-out task file: avg_pool2d stays functional
            "form": "functional" if kind == "avg2d" else rng.choice(["functional", "module"]), "sizes": sizes}


def _pool_code(spec: PoolSpec) -> Code:
    kind, k, s, p = spec["kind"], spec["kernel"], spec["stride"], spec["padding"]
    name = {"avg2d": "avg_pool2d", "max1d": "max_pool1d", "avg1d": "avg_pool1d"}[kind]
    cls = {"avg2d": "AvgPool2d", "max1d": "MaxPool1d", "avg1d": "AvgPool1d"}[kind]
    if spec["form"] == "module":
        init, body = [f"self.pool = nn.{cls}(kernel_size={k}, stride={s}, padding={p})"], ["return self.pool(x)"]
    else:
        init, body = [], [f"return F.{name}(x, {k}, {s}, {p})"]
    ins = "[torch.randn(B, C, H, W)]" if kind == "avg2d" else "[torch.randn(B, C, L)]"
    return _model("", init, "x", body), ins, "[]", f"{name} kernel {k} stride {s} padding {p}"


# --------------------------------------------------------------- mse, loss

class MseSpec(TypedDict):
    """F.mse_loss with mean or sum reduction."""

    family: Literal["mse"]
    reduction: str
    sizes: Sizes


def _mse_spec(rng: random.Random, level: int) -> MseSpec:
    rng.choice(_BIG_ROWS)  # unused (_BIG_ROWS says why)
    return {"family": "mse", "reduction": rng.choice(["mean", "sum"]),
            "sizes": _sizes(rng, {"ROWS": (40, 4096, 4000), "COLS": (300, 4096, 3000)})}


def _mse_code(spec: MseSpec) -> Code:
    model = _model("", [], "x, y", [f"return F.mse_loss(x, y, reduction=\"{spec['reduction']}\")"])
    return model, "[torch.randn(ROWS, COLS), torch.randn(ROWS, COLS)]", "[]", f"squared error, {spec['reduction']} (scalar)"


class LossSpec(TypedDict):
    """A loss reduced to one scalar (`kind`), written one of several ways (`form`)."""

    family: Literal["loss"]
    kind: str  # cross_entropy, kl_div, smooth_l1, huber, hinge, cosine
    sizes: Sizes
    form: NotRequired[str]  # cross_entropy: sequence, module, log_softmax_gather; huber: functional, module
    beta: NotRequired[float]  # smooth_l1
    delta: NotRequired[float]  # huber
    init: NotRequired[bool]  # beta or delta is a constructor argument ...
    init_default: NotRequired[bool]  # ... built with its default, 1.0


def _loss_spec(rng: random.Random, level: int) -> LossSpec:
    """A loss reduced to one scalar. `form`: how the task file writes it."""
    kind = rng.choice(["cross_entropy", "kl_div", "smooth_l1", "huber", "hinge", "cosine"])
    spec = {"family": "loss", "kind": kind}
    # F.cross_entropy(logits, targets) on (N, C) and F.smooth_l1_loss(pred, target) are held-out
    # task files; the grammar writes these losses in the other ways people do
    if kind == "cross_entropy":
        spec["form"] = rng.choice(["sequence", "module", "log_softmax_gather"])
    elif kind == "smooth_l1":
        spec["beta"], spec["form"] = rng.choice([1.0, 0.5, 2.0, 0.1]), "module"
    elif kind == "huber":
        spec["delta"], spec["form"] = rng.choice([1.0, 0.5, 2.0, 1.5]), rng.choice(["functional", "module"])
    dims = {"N": (40, 8192, 8000), "C": (300, 4096, 4000)}
    if spec.get("form") == "sequence":  # a language model's (batch, seq, vocab) logits
        dims = {"B": (4, 16, 16), "S": (12, 512, 500), "C": (300, 4096, 4000)}
    return {**spec, "sizes": _sizes(rng, dims)}


def _loss_code(spec: LossSpec) -> Code:
    kind, init, args = spec["kind"], [], "pred, target"
    two = "[torch.randn(N, C), torch.randn(N, C)]"
    if kind == "cross_entropy":
        args, ins = "logits, targets", "[torch.randn(N, C), torch.randint(0, C, (N,))]"
        if spec["form"] == "sequence":
            ins = "[torch.randn(B, S, C), torch.randint(0, C, (B, S))]"
        body = {"sequence": ["return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))"],
                "module": ["return self.criterion(logits, targets)"],
                "log_softmax_gather": ["logp = torch.log_softmax(logits, dim=1)",
                                       "return -logp.gather(1, targets.unsqueeze(1)).mean()"]}[spec["form"]]
        init = ["self.criterion = nn.CrossEntropyLoss()"] if spec["form"] == "module" else []
    elif kind == "kl_div":
        ins = two
        body = ["log_p = torch.log_softmax(pred, dim=1)", "q = torch.softmax(target, dim=1)",
                "return F.kl_div(log_p, q, reduction=\"batchmean\")"]
    elif kind == "smooth_l1":
        ins, body = two, ["return self.criterion(pred, target)"]
        init = [f"self.criterion = nn.SmoothL1Loss(beta={'beta' if spec.get('init') else spec['beta']})"]
    elif kind == "huber" and spec["form"] == "module":
        ins, body = two, ["return self.criterion(pred, target)"]
        init = [f"self.criterion = nn.HuberLoss(delta={'delta' if spec.get('init') else spec['delta']})"]
    elif kind == "huber":
        ins, body = two, [f"return F.huber_loss(pred, target, delta={spec['delta']})"]
    elif kind == "hinge":  # labels are +-1
        ins = "[torch.randn(N, C), torch.randint(0, 2, (N, C)).float() * 2 - 1]"
        body = ["return torch.mean(torch.clamp(1 - pred * target, min=0))"]
    else:
        ins = two
        body = ["cos = F.cosine_similarity(pred, target, dim=1)", "return torch.mean(1 - cos)"]
    desc = {"cross_entropy": "cross-entropy of logits against class indices", "kl_div": "KL divergence, batchmean",
            "smooth_l1": "smooth L1 loss", "huber": "Huber loss", "hinge": "hinge loss",
            "cosine": "cosine similarity loss"}[kind]
    init_args, init_inputs = "", "[]"
    if spec.get("init"):  # the loss's constant from the constructor, held by the loss module
        name = "beta" if kind == "smooth_l1" else "delta"
        init_args = f", {name}: float = 1.0"
        init_inputs = "[]" if spec.get("init_default") else f"[{spec[name]}]"
    return _model(init_args, init, args, body), ins, init_inputs, desc + " (scalar)"


# --------------------------------------------------------------- mlp, linear_norm, attention

class MlpSpec(TypedDict):
    """Linear, activation, linear; with a residual add in half the tasks."""

    family: Literal["mlp"]
    act: Step
    residual: bool
    sizes: Sizes


def _mlp_spec(rng: random.Random, level: int) -> MlpSpec:
    rng.choice(_BIG_ROWS)  # unused (_BIG_ROWS says why)
    return {"family": "mlp", "act": _pick_unary(rng, ACTIVATIONS), "residual": rng.random() < 0.5,
            "sizes": _sizes(rng, {"M": (40, 4096, 3000), "D": (48, 1024, 1000), "H": (48, 4096, 3000)})}


def _mlp_code(spec: MlpSpec) -> Code:
    body = ["h = self.fc1(x)", f"h = {torch_unary(spec['act'], 'h')}", "h = self.fc2(h)"]
    body += ["return h + x"] if spec["residual"] else ["return h"]
    model = _model(", dim: int, hidden: int", ["self.fc1 = nn.Linear(dim, hidden)", "self.fc2 = nn.Linear(hidden, dim)"],
                   "x", body)
    return model, "[torch.randn(M, D)]", "[D, H]", f"MLP linear-{spec['act']['op']}-linear" + (" + residual" if spec["residual"] else "")


class LinearNormSpec(TypedDict):
    """Linear, then LayerNorm or RMSNorm, then an activation."""

    family: Literal["linear_norm"]
    kind: str  # layernorm, rmsnorm
    eps: float
    act: Step
    sizes: Sizes


def _linear_norm_spec(rng: random.Random, level: int) -> LinearNormSpec:
    rng.choice(_BIG_ROWS)  # unused (_BIG_ROWS says why)
    return {"family": "linear_norm", "kind": rng.choice(["layernorm", "rmsnorm"]), "eps": 1e-5,
            "act": _pick_unary(rng, ACTIVATIONS),
            "sizes": _sizes(rng, {"M": (40, 4096, 3000), "K": (48, 1024, 1000), "N": (64, 2048, 2000)})}


def _linear_norm_code(spec: LinearNormSpec) -> Code:
    norm = (f"F.layer_norm(h, (h.shape[-1],), self.weight, self.bias, {spec['eps']})" if spec["kind"] == "layernorm"
            else f"h * torch.rsqrt(torch.mean(h * h, dim=-1, keepdim=True) + {spec['eps']}) * self.weight")
    init = ["self.fc = nn.Linear(in_features, out_features)",
            "self.weight = nn.Parameter(torch.randn(out_features))"]
    if spec["kind"] == "layernorm":
        init.append("self.bias = nn.Parameter(torch.randn(out_features))")
    model = _model(", in_features: int, out_features: int", init, "x",
                   ["h = self.fc(x)", f"h = {norm}", f"return {torch_unary(spec['act'], 'h')}"])
    return model, "[torch.randn(M, K)]", "[K, N]", f"linear, {spec['kind']}, {spec['act']['op']}"


def _linear_norm_words(spec: LinearNormSpec) -> list[str]:
    return ["linear", spec["kind"]] + _act(spec)


class AttentionSpec(TypedDict):
    """softmax(q k^T / sqrt(D)) v over (B, H, S, D)."""

    family: Literal["attention"]
    sizes: Sizes


def _attention_spec(rng: random.Random, level: int) -> AttentionSpec:
    rng.choice(_BIG_ROWS)  # unused (_BIG_ROWS says why)
    return {"family": "attention",
            "sizes": _sizes(rng, {"B": (3, 8, 6), "H": (3, 16, 12), "S": (40, 1024, 1000), "D": (32, 64, 64)})}  # D <= 96


def _attention_code(spec: AttentionSpec) -> Code:
    model = _model("", [], "q, k, v", ["scale = 1.0 / math.sqrt(q.shape[-1])",
                                       "p = torch.softmax(torch.matmul(q, k.transpose(-2, -1)) * scale, dim=-1)",
                                       "return torch.matmul(p, v)"])
    return model, "[torch.randn(B, H, S, D), torch.randn(B, H, S, D), torch.randn(B, H, S, D)]", "[]", \
        "scaled dot-product attention softmax(q k^T / sqrt(d)) v"


# --------------------------------------------------------------- normalize

class NormalizeSpec(TypedDict):
    """x divided by a norm: of its row (l1, l2) or of the whole tensor (frobenius)."""

    family: Literal["normalize"]
    kind: str  # l1, l2, frobenius
    sizes: Sizes


def _normalize_spec(rng: random.Random, level: int) -> NormalizeSpec:
    """x divided by a norm: of its row (l1, l2) or of the whole tensor (frobenius)."""
    return {"family": "normalize", "kind": rng.choice(["l1", "l2", "frobenius"]),
            "sizes": _sizes(rng, {"ROWS": (40, 4096, 4000), "COLS": (300, 8192, 6000)})}


def _normalize_code(spec: NormalizeSpec) -> Code:
    body = {"l1": ["return x / torch.sum(torch.abs(x), dim=1, keepdim=True)"],
            "l2": ["return x / torch.norm(x, p=2, dim=1, keepdim=True)"],
            "frobenius": ["norm = torch.norm(x, p=\"fro\")", "return x / norm"]}[spec["kind"]]
    desc = {"l1": "rows divided by their L1 norm", "l2": "rows divided by their L2 norm",
            "frobenius": "the tensor divided by its Frobenius norm"}[spec["kind"]]
    return _model("", [], "x", body), "[torch.randn(ROWS, COLS)]", "[]", desc


# --------------------------------------------------------------- scan

class ScanSpec(TypedDict):
    """A prefix scan along dim 1 of (ROWS, L) or (B, L, D) (or `dim` of `shape`); level 2 puts an
    elementwise op first."""

    family: Literal["scan"]
    kind: str  # cumsum, cumprod, reverse_cumsum, exclusive_cumsum, masked_cumsum
    pre: Step | None
    sizes: Sizes
    method: NotRequired[bool]  # written x.cumsum(dim=...)
    shape: NotRequired[list[str]]  # compose._reshape
    dim: NotRequired[int]  # with `shape`


def _scan_spec(rng: random.Random, level: int) -> ScanSpec:
    """A prefix scan along dim 1 of (ROWS, L) or (B, L, D); level 2 puts an elementwise op first."""
    kind = rng.choice(["cumsum", "cumsum", "cumprod", "reverse_cumsum", "exclusive_cumsum", "masked_cumsum"])
    three_d = rng.random() < 0.3
    dims = {"B": (4, 32, 30), "L": (200, 2048, 2000), "D": (20, 64, 60)} if three_d else \
        {"ROWS": (20, 1024, 1000), "L": (600, 8192, 8000)}
    pre = _pick_unary(rng, ("relu", "abs", "scale", "sigmoid", "square")) \
        if level == 2 and kind != "cumprod" else None
    spec = {"family": "scan", "kind": kind, "pre": pre}
    if kind == "cumsum" and not three_d and not pre:
        spec["method"] = True  # x.cumsum(dim=1): the function form on 2-D rows is a held-out task file
    return {**spec, "sizes": _sizes(rng, dims)}


def scan_dim(spec: ScanSpec) -> int:
    """The dim a scan task scans: its own where reshaped (compose._reshape), else 1."""
    return spec["dim"] if spec.get("shape") else 1


def _scan_code(spec: ScanSpec) -> Code:
    kind, d = spec["kind"], scan_dim(spec)
    shape = ", ".join(spec["shape"]) if spec.get("shape") else "B, L, D" if "B" in spec["sizes"]["gpu"] else "ROWS, L"
    pre = [f"x = {torch_unary(spec['pre'], 'x')}"] if spec["pre"] else []
    body = {"cumsum": f"return x.cumsum(dim={d})" if spec.get("method") else f"return torch.cumsum(x, dim={d})",
            "cumprod": f"return torch.cumprod(x, dim={d})",
            "reverse_cumsum": f"return torch.cumsum(x.flip({d}), dim={d}).flip({d})",
            "exclusive_cumsum": f"return torch.cumsum(x, dim={d}) - x",
            "masked_cumsum": f"return torch.cumsum(x * mask, dim={d})"}[kind]
    if kind == "cumprod":  # factors in [0.5, 1.5): running products stay in float32's range longer
        ins = f"[torch.rand({shape}) + 0.5]"
    elif kind == "masked_cumsum":
        ins = f"[torch.randn({shape}), torch.rand({shape}) > 0.5]"
    else:
        ins = f"[torch.randn({shape})]"
    model = _model("", [], "x, mask" if kind == "masked_cumsum" else "x", pre + [body])
    pre_txt = f"{spec['pre']['op']} then " if spec["pre"] else ""
    return model, ins, "[]", f"{pre_txt}{kind.replace('_', ' ')} along dim {d}"


def _scan_words(spec: ScanSpec) -> list[str]:
    return _pre(spec) + [spec["kind"]]


# --------------------------------------------------------------- groupnorm

class GroupnormSpec(TypedDict):
    """nn.GroupNorm(G, C) (affine), or instance norm (G = C) as nn.InstanceNorm2d or F.instance_norm."""

    family: Literal["groupnorm"]
    kind: str  # groupnorm, instancenorm
    eps: float
    sizes: Sizes
    groups: NotRequired[int]  # groupnorm
    form: NotRequired[str]  # instancenorm: module, functional
    affine: NotRequired[bool]  # instancenorm


def _groupnorm_spec(rng: random.Random, level: int) -> GroupnormSpec:
    """nn.GroupNorm(G, C) (affine), or instance norm (G = C) as nn.InstanceNorm2d or F.instance_norm."""
    kind = rng.choice(["groupnorm", "instancenorm"])
    spec = {"family": "groupnorm", "kind": kind, "eps": rng.choice([1e-5, 1e-6])}
    if kind == "groupnorm":
        spec["groups"] = rng.choice([2, 3, 4, 8])
    else:
        spec["form"] = rng.choice(["module", "functional"])
        spec["affine"] = spec["form"] == "module" and rng.random() < 0.5
    sizes = _sizes(rng, {"B": (3, 16, 15), "C": (12, 64, 60), "H": (12, 256, 250), "W": (12, 256, 200)})
    g = spec.get("groups", 1)
    for setting in sizes.values():  # C must be a multiple of the group count
        setting["C"] = max(g, setting["C"] // g * g)
    return {**spec, "sizes": sizes}


def _groupnorm_code(spec: GroupnormSpec) -> Code:
    eps = spec["eps"]
    if spec["kind"] == "groupnorm":
        init = [f"self.gn = nn.GroupNorm(num_groups, num_channels, eps={eps})"]
        model = _model(", num_groups: int, num_channels: int", init, "x", ["return self.gn(x)"])
        return model, "[torch.randn(B, C, H, W)]", f"[{spec['groups']}, C]", f"group norm, {spec['groups']} groups"
    if spec["form"] == "functional":
        model = _model("", [], "x", [f"return F.instance_norm(x, eps={eps})"])
        return model, "[torch.randn(B, C, H, W)]", "[]", "instance norm"
    init = [f"self.norm = nn.InstanceNorm2d(num_features, eps={eps}, affine={spec['affine']})"]
    model = _model(", num_features: int", init, "x", ["return self.norm(x)"])
    return model, "[torch.randn(B, C, H, W)]", "[C]", "instance norm" + (" with affine" if spec["affine"] else "")


# --------------------------------------------------------------- conv2d

class Conv2dSpec(TypedDict):
    """nn.Conv2d, groups=1 (or depthwise, or nn.Conv1d: compose_one turns 30% of level 1 into
    each); level 2 adds an activation."""

    family: Literal["conv2d"]
    kernel: int
    stride: int
    padding: int
    bias: bool
    act: Step | None
    sizes: Sizes
    depthwise: NotRequired[bool]  # as_depthwise: groups = in channels, no C_OUT
    dims: NotRequired[int]  # as_conv1d: 1, with L for H and W
    dilation: NotRequired[int]  # as_conv1d


def _conv2d_spec(rng: random.Random, level: int) -> Conv2dSpec:
    """nn.Conv2d, groups=1: kernel 1 or 3, stride 1 or 2, padding <= k // 2; level 2 adds an activation."""
    k = rng.choice([1, 3, 3])
    spec = {"family": "conv2d", "kernel": k, "stride": rng.choice([1, 1, 2]),
            "padding": rng.choice([0, 1]) if k == 3 else 0,
            "bias": level == 2 or rng.random() < 0.5,
            "act": _pick_unary(rng, ACTIVATIONS) if level == 2 else None}
    sizes = _sizes(rng, {"B": (3, 16, 15), "C_IN": (12, 64, 60), "C_OUT": (12, 128, 120),
                         "H": (12, 128, 120), "W": (12, 128, 100)})
    # As for matmul's K: a dot of 3 to 5 taps can cancel until the reference is too unstable to
    # judge a TF32 kernel, so interpreter C_IN stays >= 8; H, W >= 4 keep a 3x3 window inside.
    for name, floor in (("interp_odd", 9), ("interp_pow2", 8)):
        sizes[name]["C_IN"] = max(sizes[name]["C_IN"], floor)
        sizes[name].update({d: max(sizes[name][d], 4) for d in ("H", "W")})
    return {**spec, "sizes": sizes}


def as_depthwise(spec: Conv2dSpec) -> None:
    """The conv2d spec turned into a depthwise one: groups = channels, so out = in channels."""
    spec["depthwise"] = True
    for setting in spec["sizes"].values():
        setting.pop("C_OUT")


def as_conv1d(spec: Conv2dSpec, rng: random.Random) -> None:
    """The conv2d spec turned into nn.Conv1d's: the same kernel, stride, padding and bias, a dilation
    of 1 or 2 (3-wide kernels), and the image rows flattened into one long length L."""
    spec["dims"] = 1
    spec["dilation"] = rng.choice([1, 2]) if spec["kernel"] == 3 else 1
    for name, setting in spec["sizes"].items():
        height, width = setting.pop("H"), setting.pop("W")
        # interpreter lengths >= 8 leave a dilated window (span 5) inside even without padding
        setting["L"] = max(8, width) if name.startswith("interp") else height * width // 8


def _conv2d_code(spec: Conv2dSpec) -> Code:
    k, s, p = spec["kernel"], spec["stride"], spec["padding"]
    if spec.get("depthwise"):
        init = [f"self.conv = nn.Conv2d(in_channels, in_channels, kernel_size={k}, stride={s}, padding={p}, "
                f"groups=in_channels, bias={spec['bias']})"]
        model = _model(", in_channels: int", init, "x", ["return self.conv(x)"])
        desc = f"depthwise conv2d {k}x{k} stride {s} padding {p}" + ("" if spec["bias"] else " without bias")
        return model, "[torch.randn(B, C_IN, H, W)]", "[C_IN]", desc
    if spec.get("dims") == 1:
        d = spec["dilation"]
        init = [f"self.conv = nn.Conv1d(in_channels, out_channels, kernel_size={k}, stride={s}, padding={p}, "
                f"dilation={d}, bias={spec['bias']})"]
        model = _model(", in_channels: int, out_channels: int", init, "x", ["return self.conv(x)"])
        desc = f"conv1d kernel {k} stride {s} padding {p} dilation {d}" + ("" if spec["bias"] else " without bias")
        return model, "[torch.randn(B, C_IN, L)]", "[C_IN, C_OUT]", desc
    init = [f"self.conv = nn.Conv2d(in_channels, out_channels, kernel_size={k}, stride={s}, padding={p}, "
            f"bias={spec['bias']})"]
    body = ["h = self.conv(x)"] + ([f"h = {torch_unary(spec['act'], 'h')}"] if spec["act"] else []) + ["return h"]
    model = _model(", in_channels: int, out_channels: int", init, "x", body)
    desc = f"conv2d {k}x{k} stride {s} padding {p}" + ("" if spec["bias"] else " without bias")
    if spec["act"]:
        desc += f", then {spec['act']['op']}"
    return model, "[torch.randn(B, C_IN, H, W)]", "[C_IN, C_OUT]", desc


def _conv2d_words(spec: Conv2dSpec) -> list[str]:
    head = "depthwise" if spec.get("depthwise") else "conv1d" if spec.get("dims") == 1 else "conv2d"
    return [head] + _act(spec)


# --------------------------------------------------------------- the table

Spec = Union[ElementwiseSpec, ReduceSpec, NormSpec, SoftmaxSpec, MatmulSpec, LayoutSpec, EmbeddingSpec,
             MaxpoolSpec, PoolSpec, MseSpec, LossSpec, MlpSpec, LinearNormSpec, AttentionSpec, NormalizeSpec,
             ScanSpec, GroupnormSpec, Conv2dSpec]
# A point compose.py writes into a task file: a Spec, or the point of a family drawn in its own
# module: exprs.ExprSpec, or an idiom's or block's spec, a dict of its `family`, `kind`, `sizes` and
# its module's `meta` spread in (ModuleParts; open keys, which a TypedDict cannot list).
AnySpec = Union[Spec, dict]


@dataclass(frozen=True)
class Family:
    """One composed family: its point's type, `sample(rng, level)` to draw a point, `code(spec)`
    for the PyTorch module it stands for, `words(spec)` for the op tokens its docstrings name."""

    spec: type
    sample: Callable[[random.Random, int], Spec]
    code: Callable[[Spec], Code]
    words: Callable[[Spec], list[str]]


FAMILIES = {
    "unary": Family(ElementwiseSpec, _unary_spec, _elementwise_code, _elementwise_words),
    "chain": Family(ElementwiseSpec, _chain_spec, _elementwise_code, _elementwise_words),
    "reduce": Family(ReduceSpec, _reduce_spec, _reduce_code, _reduce_words),
    "norm": Family(NormSpec, _norm_spec, _norm_code, _norm_words),
    "softmax": Family(SoftmaxSpec, _softmax_spec, _softmax_code, _softmax_words),
    "matmul": Family(MatmulSpec, _matmul_spec, _matmul_code, _matmul_words),
    "layout": Family(LayoutSpec, _layout_spec, _layout_code, _family_words),
    "embedding": Family(EmbeddingSpec, _embedding_spec, _embedding_code, _family_words),
    "maxpool": Family(MaxpoolSpec, _maxpool_spec, _maxpool_code, _family_words),
    "pool": Family(PoolSpec, _pool_spec, _pool_code, _kind_words),
    "mse": Family(MseSpec, _mse_spec, _mse_code, _family_words),
    "loss": Family(LossSpec, _loss_spec, _loss_code, _kind_words),
    "mlp": Family(MlpSpec, _mlp_spec, _mlp_code, _family_words),
    "linear_norm": Family(LinearNormSpec, _linear_norm_spec, _linear_norm_code, _linear_norm_words),
    "attention": Family(AttentionSpec, _attention_spec, _attention_code, _family_words),
    "normalize": Family(NormalizeSpec, _normalize_spec, _normalize_code, _kind_words),
    "scan": Family(ScanSpec, _scan_spec, _scan_code, _scan_words),
    "groupnorm": Family(GroupnormSpec, _groupnorm_spec, _groupnorm_code, _kind_words),
    "conv2d": Family(Conv2dSpec, _conv2d_spec, _conv2d_code, _conv2d_words),
}
