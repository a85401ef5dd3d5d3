"""Rewrites of a task file that keep its meaning: the same module as other people write it.

A model that learned a benchmark's wording instead of how to read a module passes the
benchmark and fails the same op written another way (issue 31: 15/100 KernelBench-L1,
0/30 on hand-written files of the same kind). `rewrite(source, seed)` writes the task again:

- names: size constants, constructor and forward arguments, locals, `self.` attributes and
  helper classes get other names (`Model` stays: the contract needs it);
- forms: a parameter-free op moves between an `nn` layer held as an attribute,
  `torch.nn.functional`, `torch.*`, a tensor method and an operator (`x * x`, `x ** 3`,
  `a @ b`); extra arguments go keyword or positional; a reduction's `dim` is written from
  the other end (`dim=-1` <-> `dim=2`);
- text: docstrings dropped or replaced by plain ones, comments dropped (the file is
  re-emitted from its AST), independent statements reordered;
- sizes: size constants shrunk (x0.5-0.9), keeping every divisibility relation the file's
  constants have (tasks/sizes.py's rule), so memory never grows.

A rewrite is a proposal: a guessed dim can be wrong, a reordered statement can be read
before it is set. `check_equivalent` runs the original and the rewrite on the same inputs
and parameters (eval/equivalence.py) and only those that agree are kept; `rewrites(...)`
does both and returns K kept rewrites per task.

Not covered: ops outside FORMS keep their form; parameterised layers (Linear, Conv,
norms) keep theirs, since nn.Linear and a hand-made nn.Parameter draw different initial
weights; names in strings (getattr, register_buffer) are left alone, with the attribute.
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import keyword
import random
import re
from dataclasses import dataclass, field, replace

from autotriton.tasks.contract import METADATA_MARKER, ShapeSetting, Task, TaskError, task_from_source
from autotriton.tasks.sizes import (SMALL_MAX, _int_constants, _relations_hold, parse_checked, with_dot_tolerance,
                                    with_interp_shapes)

TRANSFORMS = ("names", "forms", "docstrings", "reorder", "sizes")
# For a function whose callers are fixed (TritonBench-T's reference, called by its test section
# with keywords): locals renamed, never its arguments or module-level names.
FUNCTION_TRANSFORMS = ("forms", "docstrings", "reorder", "locals")

# ----------------------------------------------------------------------------- op forms


@dataclass(frozen=True)
class OpForms:
    """The spellings of one parameter-free op. `params`: its extra arguments in signature order;
    `keyword_only`: those that the functional form takes by keyword only."""

    layer: str | None  # nn.<layer>(*params)
    functional: str | None  # F.<functional>(x, *params)
    torch_fn: str | None  # torch.<fn>(x, *params)
    method: str | None  # x.<method>(*params)
    params: tuple[str, ...] = ()
    keyword_only: tuple[str, ...] = ()


_ACT = {
    "relu": OpForms("ReLU", "relu", "relu", "relu"),
    "sigmoid": OpForms("Sigmoid", None, "sigmoid", "sigmoid"),
    "tanh": OpForms("Tanh", None, "tanh", "tanh"),
    "gelu": OpForms("GELU", "gelu", None, None, ("approximate",), ("approximate",)),
    "silu": OpForms("SiLU", "silu", None, None),
    "leaky_relu": OpForms("LeakyReLU", "leaky_relu", None, None, ("negative_slope",)),
    "elu": OpForms("ELU", "elu", None, None, ("alpha",)),
    "selu": OpForms("SELU", "selu", "selu", None),
    "celu": OpForms("CELU", "celu", None, None, ("alpha",)),
    "softplus": OpForms("Softplus", "softplus", None, None, ("beta", "threshold")),
    "softsign": OpForms("Softsign", "softsign", None, None),
    "hardtanh": OpForms("Hardtanh", "hardtanh", None, None, ("min_val", "max_val")),
    "hardsigmoid": OpForms("Hardsigmoid", "hardsigmoid", None, None),
    "hardswish": OpForms("Hardswish", "hardswish", None, None),
    "mish": OpForms("Mish", "mish", None, None),
    "relu6": OpForms("ReLU6", "relu6", None, None),
    "softmax": OpForms("Softmax", "softmax", "softmax", "softmax", ("dim",)),
    "log_softmax": OpForms("LogSoftmax", "log_softmax", "log_softmax", "log_softmax", ("dim",)),
    "exp": OpForms(None, None, "exp", "exp"),
    "abs": OpForms(None, None, "abs", "abs"),
    "sqrt": OpForms(None, None, "sqrt", "sqrt"),
    "rsqrt": OpForms(None, None, "rsqrt", "rsqrt"),
    "log": OpForms(None, None, "log", "log"),
    "log1p": OpForms(None, None, "log1p", "log1p"),
    "erf": OpForms(None, None, "erf", "erf"),
    "neg": OpForms(None, None, "neg", "neg"),
}
_REDUCE = {name: OpForms(None, None, name, name, ("dim", "keepdim"))
           for name in ("sum", "mean", "amax", "amin", "argmax", "argmin", "logsumexp", "prod", "cumsum", "cumprod")}
# prod and the scans take one dim, never a list; cumsum/cumprod have no keepdim
_REDUCE["cumsum"] = OpForms(None, None, "cumsum", "cumsum", ("dim",))
_REDUCE["cumprod"] = OpForms(None, None, "cumprod", "cumprod", ("dim",))
FORMS: dict[str, OpForms] = {**_ACT, **_REDUCE}
_BY_LAYER = {f.layer: op for op, f in FORMS.items() if f.layer}
_BY_FUNCTIONAL = {f.functional: op for op, f in FORMS.items() if f.functional}
_BY_TORCH = {f.torch_fn: op for op, f in FORMS.items() if f.torch_fn}
_BY_METHOD = {f.method: op for op, f in FORMS.items() if f.method}


@dataclass
class _Aliases:
    """How the file names torch, torch.nn and torch.nn.functional (None: not imported)."""

    torch: str | None = None
    nn: str | None = None
    functional: str | None = None

    @classmethod
    def read(cls, tree: ast.Module) -> "_Aliases":
        out = cls()
        for node in tree.body:
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name == "torch":
                        out.torch = a.asname or "torch"
                    elif a.name == "torch.nn" and a.asname:
                        out.nn = a.asname
                    elif a.name == "torch.nn.functional" and a.asname:
                        out.functional = a.asname
            elif isinstance(node, ast.ImportFrom) and node.module in ("torch", "torch.nn") and node.level == 0:
                for a in node.names:
                    if node.module == "torch" and a.name == "nn":
                        out.nn = a.asname or "nn"
                    elif node.module == "torch.nn" and a.name == "functional":
                        out.functional = a.asname or "functional"
        return out


def _dotted(node: ast.expr) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id] + parts[::-1])


@dataclass
class _Call:
    """A recognised op call: op name, the tensor it applies to, its extra arguments by name."""

    op: str
    tensor: ast.expr
    args: dict[str, ast.expr]


def _bind(forms: OpForms, pos: list[ast.expr], keywords: list[ast.keyword]) -> dict[str, ast.expr] | None:
    if len(pos) > len(forms.params) or any(k.arg is None for k in keywords):
        return None
    args = dict(zip(forms.params, pos))
    for k in keywords:
        if k.arg not in forms.params or k.arg in args:
            return None
        args[k.arg] = k.value
    return args


def _recognise(call: ast.Call, al: _Aliases, layer_args: dict[str, tuple[str, dict]]) -> _Call | None:
    """`call` as a known op, whichever of the five forms it is written in. `layer_args`: the class's
    parameter-free layer attributes, attr -> (op, constructor arguments)."""
    layers = {a: op for a, (op, _) in layer_args.items()}
    name = _dotted(call.func)
    if name is None and isinstance(call.func, ast.Attribute):  # (expr).method(...)
        name = "<expr>." + call.func.attr
    if name is None:
        return None
    head, _, attr = name.rpartition(".")
    functional = {al.functional, f"{al.nn}.functional" if al.nn else None,
                  f"{al.torch}.nn.functional" if al.torch else None} - {None}
    op, tensor, rest = None, None, call.args
    if head in functional and attr in _BY_FUNCTIONAL:
        op = _BY_FUNCTIONAL[attr]
    elif head == al.torch and attr in _BY_TORCH:
        op = _BY_TORCH[attr]
    elif head == "self" and attr in layers:
        op = layers[attr]
    elif isinstance(call.func, ast.Attribute) and attr in _BY_METHOD and head not in functional | {al.torch, al.nn}:
        op, tensor = _BY_METHOD[attr], call.func.value
    if op is None:
        return None
    if tensor is None:
        if not call.args or isinstance(call.args[0], ast.Starred) or any(k.arg in ("input", "inplace")
                                                                           for k in call.keywords):
            return None
        tensor, rest = call.args[0], call.args[1:]
    if head == "self" and attr in layers:  # the layer's own constructor arguments
        args = layer_args[attr][1]
        ok = len(call.args) == 1 and not call.keywords and all(_literal(v) for v in args.values())
        return _Call(op, tensor, dict(args)) if ok else None
    args = _bind(FORMS[op], list(rest), call.keywords)
    return None if args is None else _Call(op, tensor, args)


def _layer_attrs(cls: ast.ClassDef, al: _Aliases) -> dict[str, tuple[str, ast.stmt, dict[str, ast.expr]]]:
    """`self.<attr> = nn.<Layer>(...)` statements of a class's __init__ for parameter-free layers:
    attr -> (op, statement, bound arguments)."""
    init = _method(cls, "__init__")
    out = {}
    for stmt in init.body if init else []:
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.value, ast.Call)):
            continue
        target = stmt.targets[0]
        if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"):
            continue
        name = _dotted(stmt.value.func) or ""
        head, _, attr = name.rpartition(".")
        if head in {al.nn, f"{al.torch}.nn"} - {None} and attr in _BY_LAYER:
            op = _BY_LAYER[attr]
            if any(k.arg == "inplace" for k in stmt.value.keywords):
                continue
            args = _bind(FORMS[op], stmt.value.args, stmt.value.keywords)
            if args is not None:
                out[target.attr] = (op, stmt, args)
    return out


def _method(cls: ast.ClassDef, name: str) -> ast.FunctionDef | None:
    return next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == name), None)


# ----------------------------------------------------------------------------- rewriting state


@dataclass
class _Ctx:
    tree: ast.Module
    rng: random.Random
    used: set[str]  # every identifier in the file, and every one we introduced
    al: _Aliases
    applied: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # module-level size constant: old -> new
    sizes: dict[str, int] = field(default_factory=dict)  # size constant (old name) -> new value

    def fresh(self, pool: tuple[str, ...], style: str = "snake") -> str:
        choices = [p for p in pool if p not in self.used]
        base = self.rng.choice(choices or pool)
        name, i = base, 2
        while name in self.used:
            name, i = f"{base}{i}", i + 1
        name = name.upper() if style == "upper" else name
        while name in self.used:
            name += "_"
        self.used.add(name)
        return name


_RESERVED = set(dir(builtins)) | set(keyword.kwlist) | {"self", "cls", "torch", "nn", "F", "math", "Model",
                                                        "get_inputs", "get_init_inputs", "super", "triton", "tl"}
_LOCAL_POOL = ("inp", "t", "feat", "val", "data", "z", "u", "v", "tmp", "act", "src", "buf", "hid", "res", "cur",
               "out_", "y_", "a", "b", "h", "xs", "arr", "tensor", "values", "signal", "logits", "emb", "state",
               "inputs_", "first", "second", "lhs", "rhs", "mat", "vec", "prev", "nxt", "acc", "w_", "m", "p")
_ATTR_POOL = ("fn", "op", "layer", "mod", "block", "unit", "coef", "factor", "param", "scale_", "cfg", "hp", "k_",
              "axis_", "width_", "eps_", "net", "proj", "core", "inner", "step", "stage", "head", "fx", "knob")
_CONST_POOL = ("n", "m", "k", "batch", "bs", "num_rows", "rows", "cols", "features", "hidden", "length", "size",
               "n_items", "d0", "d1", "d2", "chans", "units", "tokens", "seq", "n_in", "extent", "count", "numel",
               "n_feat", "dim_a", "dim_b", "dim_c", "span", "nb", "nd", "nf", "n_samples", "depth", "n_cols")
_CLASS_POOL = ("Block", "Unit", "Layer", "Op", "Core", "Inner", "Stage", "Head", "Fn", "Piece", "Part")
# constants named like these set a window or a spatial side: sizes.py treats them specially, so a
# rewrite neither renames them nor gives another constant such a name
_SPECIAL_RE = re.compile(r"kernel|stride|pad|dilation|group|window|pool|ksize|height|width|image|img|resolution"
                         r"|^h$|^w$", re.IGNORECASE)


def _identifiers(tree: ast.Module) -> set[str]:
    out = set(_RESERVED)
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.Attribute):
            out.add(n.attr)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, (ast.FunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.alias):
            out.add((n.asname or n.name).split(".")[0])
        elif isinstance(n, ast.keyword) and n.arg:
            out.add(n.arg)
    return out


# ----------------------------------------------------------------------------- transforms: names


def _rename_names(ctx: _Ctx) -> None:
    """Size constants, helper classes, function arguments and locals, `self.` attributes. A name
    is looked up as Python would: a function's own arguments and locals shadow the module's."""
    tree = ctx.tree
    consts = [k for k in _int_constants(tree) if not _SPECIAL_RE.search(k)]
    upper = ctx.rng.random() < 0.4
    for k in consts:
        if ctx.rng.random() < 0.8:
            ctx.names[k] = ctx.fresh(_CONST_POOL, "upper" if upper else "snake")
    classes = {n.name: ctx.fresh(_CLASS_POOL) for n in tree.body
               if isinstance(n, ast.ClassDef) and n.name != "Model" and ctx.rng.random() < 0.8}
    module_map = {**ctx.names, **classes}
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    inside = {id(n) for fn in functions for n in ast.walk(fn)}
    for fn in functions:
        _rename_function(ctx, fn, module_map)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and id(node) not in inside and node.id in module_map:
            node.id = module_map[node.id]
        elif isinstance(node, ast.ClassDef) and node.name in classes:
            node.name = classes[node.name]
    _rename_attrs(ctx)
    if ctx.names or classes:
        ctx.applied.append("names")


def _rename_function(ctx: _Ctx, fn: ast.FunctionDef, module_map: dict[str, str]) -> None:
    """Arguments and locals of one function get names of their own; the module's names it reads get
    the module's new names. A function holding a nested scope is left as it is."""
    if _nested_scope(fn):
        for n in ast.walk(fn):
            if isinstance(n, ast.Name) and n.id in module_map and not _binds(fn, n.id):
                n.id = module_map[n.id]
        return
    args = [a for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs if a.arg not in ("self", "cls")]
    local = {a.arg for a in args} | {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)
                                     and isinstance(n.ctx, ast.Store)}
    mapping = {name: ctx.fresh(_LOCAL_POOL) for name in sorted(local)
               if name not in _RESERVED and ctx.rng.random() < 0.8}
    for a in fn.args.kwonlyargs:  # callers may pass them by name
        mapping.pop(a.arg, None)
    for a in args:
        a.arg = mapping.get(a.arg, a.arg)
    for n in ast.walk(fn):
        if isinstance(n, ast.Name):
            if n.id in local:
                n.id = mapping.get(n.id, n.id)
            elif n.id in module_map:
                n.id = module_map[n.id]


def _rename_locals(ctx: _Ctx) -> None:
    """Locals of every function (never its arguments): names no caller can see."""
    renamed = 0
    for fn in [n for n in ast.walk(ctx.tree) if isinstance(n, ast.FunctionDef)]:
        if _nested_scope(fn):
            continue
        args = {a.arg for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs}
        args |= {a.arg for a in (fn.args.vararg, fn.args.kwarg) if a}
        stored = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)} - args
        mapping = {name: ctx.fresh(_LOCAL_POOL) for name in sorted(stored)
                   if name not in _RESERVED and ctx.rng.random() < 0.8}
        for n in ast.walk(fn):
            if isinstance(n, ast.Name) and n.id in mapping:
                n.id = mapping[n.id]
        renamed += len(mapping)
    if renamed:
        ctx.applied.append("locals")


def _nested_scope(fn: ast.FunctionDef) -> bool:
    """Whether `fn` holds a scope of its own (a def, lambda, class, comprehension) or global/nonlocal:
    renaming its locals would need Python's scoping rules, so such functions keep their names."""
    return any(isinstance(n, (ast.FunctionDef, ast.Lambda, ast.Global, ast.Nonlocal, ast.ClassDef, ast.ListComp,
                              ast.SetComp, ast.DictComp, ast.GeneratorExp)) for n in ast.walk(fn) if n is not fn)


def _binds(fn: ast.FunctionDef, name: str) -> bool:
    return any(isinstance(n, ast.arg) and n.arg == name for n in ast.walk(fn)) or \
        any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ast.walk(fn))


def _rename_attrs(ctx: _Ctx) -> None:
    """`self.<attr>` assigned in an __init__ of this file, renamed everywhere `self.<attr>` is read;
    attributes also named in strings (register_buffer, getattr) keep their name."""
    strings = {n.value for n in ast.walk(ctx.tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assigned = set()
    for cls in [n for n in ctx.tree.body if isinstance(n, ast.ClassDef)]:
        init = _method(cls, "__init__")
        for n in ast.walk(init) if init else []:
            if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and _is_self(n.value):
                assigned.add(n.attr)
    mapping = {a: ctx.fresh(_ATTR_POOL) for a in sorted(assigned - strings)
               if not a.startswith("_") and ctx.rng.random() < 0.7}
    for n in ast.walk(ctx.tree):
        if isinstance(n, ast.Attribute) and _is_self(n.value) and n.attr in mapping:
            n.attr = mapping[n.attr]


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


# ----------------------------------------------------------------------------- transforms: forms


class _FormSwapper(ast.NodeTransformer):
    """Each recognised op call in one class, written in a form drawn at random."""

    def __init__(self, ctx: _Ctx, cls: ast.ClassDef | None, layers: dict, rank: int | None):
        self.ctx, self.cls, self.rank = ctx, cls, rank
        self.layers = {a: (op, args) for a, (op, _, args) in layers.items()}
        self.new_layers: list[ast.stmt] = []
        self.changed = 0
        self.in_init = False

    def visit_FunctionDef(self, node: ast.FunctionDef):
        self.in_init = node.name == "__init__"
        self.generic_visit(node)
        self.in_init = False
        return node

    def visit_Call(self, node: ast.Call):
        self.generic_visit(node)
        if self.in_init:
            return node
        found = _recognise(node, self.ctx.al, self.layers)
        if found is None:
            return node
        new = self._render(found)
        if new is None:
            return node
        self.changed += 1
        return ast.copy_location(new, node)

    def visit_BinOp(self, node: ast.BinOp):
        self.generic_visit(node)
        new = _operator_form(node, self.ctx)
        if new is not None:
            self.changed += 1
            return ast.copy_location(new, node)
        return node

    def _render(self, c: _Call) -> ast.expr | None:
        forms = FORMS[c.op]
        args = dict(c.args)
        if "dim" in args and self.rank and self.ctx.rng.random() < 0.5:
            args["dim"] = _other_end(args["dim"], self.rank)
        choices = [k for k, v in (("layer", forms.layer), ("functional", forms.functional),
                                  ("torch", forms.torch_fn), ("method", forms.method)) if v]
        if "layer" in choices and not self._layer_ok(args):
            choices.remove("layer")
        kind = self.ctx.rng.choice(choices)
        keyword = self.ctx.rng.random() < 0.5
        extra = _arguments(forms, args, keyword, kind)
        al = self.ctx.al
        torch_name = al.torch or "torch"
        if kind == "layer":
            attr = self.ctx.fresh(_ATTR_POOL)
            nn_name = al.nn or f"{torch_name}.nn"
            ctor = ast.Call(_name_expr(f"{nn_name}.{forms.layer}"), extra[0], extra[1])
            self.new_layers.append(ast.Assign([ast.Attribute(ast.Name("self", ast.Load()), attr, ast.Store())], ctor))
            return ast.Call(ast.Attribute(ast.Name("self", ast.Load()), attr, ast.Load()), [c.tensor], [])
        if kind == "functional":
            fname = al.functional or (f"{al.nn}.functional" if al.nn else f"{torch_name}.nn.functional")
            return ast.Call(_name_expr(f"{fname}.{forms.functional}"), [c.tensor] + extra[0], extra[1])
        if kind == "torch":
            return ast.Call(_name_expr(f"{torch_name}.{forms.torch_fn}"), [c.tensor] + extra[0], extra[1])
        return ast.Call(ast.Attribute(c.tensor, forms.method, ast.Load()), extra[0], extra[1])

    def _layer_ok(self, args: dict[str, ast.expr]) -> bool:
        """A layer attribute is built in __init__: its arguments must be literals there."""
        return self.cls is not None and _method(self.cls, "__init__") is not None and \
            all(_literal(v) for v in args.values())


def _literal(node: ast.expr) -> bool:
    try:
        ast.literal_eval(node)
        return True
    except ValueError:
        return False


def _arguments(forms: OpForms, args: dict[str, ast.expr], keyword: bool, kind: str):
    """(positional, keywords) for the extra arguments, in signature order; a positional run stops
    at the first missing argument."""
    pos, kws = [], []
    for i, p in enumerate(forms.params):
        if p not in args:
            keyword = True
            continue
        must_kw = p in forms.keyword_only and kind == "functional"
        if keyword or must_kw:
            kws.append(ast.keyword(p, args[p]))
        else:
            pos.append(args[p])
    return pos, kws


def _other_end(dim: ast.expr, rank: int) -> ast.expr:
    """`dim` counted from the other end for a tensor of `rank` dims (the rank is a guess:
    the equivalence check rejects a rewrite where it was wrong)."""
    try:
        d = ast.literal_eval(dim)
    except ValueError:
        return dim
    if type(d) is not int:
        return dim
    return ast.Constant(d + rank if d < 0 else d - rank)


def _operator_form(node: ast.BinOp, ctx: _Ctx) -> ast.expr | None:
    """x * x <-> x ** 2 <-> torch.square(x); x ** 3 <-> x * x * x; a @ b <-> torch.matmul(a, b)."""
    torch_name = ctx.al.torch or "torch"
    if ctx.rng.random() < 0.5:
        return None
    if isinstance(node.op, ast.Mult) and isinstance(node.left, ast.Name) and isinstance(node.right, ast.Name) \
            and node.left.id == node.right.id:
        x = node.left
        return ctx.rng.choice([ast.BinOp(x, ast.Pow(), ast.Constant(2)),
                               ast.Call(_name_expr(f"{torch_name}.square"), [x], [])])
    if isinstance(node.op, ast.Pow) and isinstance(node.left, ast.Name) and isinstance(node.right, ast.Constant):
        x, p = node.left, node.right.value
        if p == 2:
            return ast.BinOp(x, ast.Mult(), ast.Name(x.id, ast.Load()))
        if p == 3:
            return ast.BinOp(ast.BinOp(x, ast.Mult(), ast.Name(x.id, ast.Load())), ast.Mult(), ast.Name(x.id, ast.Load()))
    if isinstance(node.op, ast.MatMult):
        return ast.Call(_name_expr(f"{torch_name}.matmul"), [node.left, node.right], [])
    return None


def _name_expr(dotted: str) -> ast.expr:
    parts = dotted.split(".")
    node: ast.expr = ast.Name(parts[0], ast.Load())
    for p in parts[1:]:
        node = ast.Attribute(node, p, ast.Load())
    return node


def _swap_forms(ctx: _Ctx, rank: int | None) -> None:
    if ctx.al.torch is None:
        return
    changed = 0
    for node in list(ctx.tree.body):
        if isinstance(node, ast.ClassDef):
            layers = _layer_attrs(node, ctx.al)
            swapper = _FormSwapper(ctx, node, layers, rank)
            swapper.visit(node)
            changed += swapper.changed
            _drop_unused_layers(node, layers)
            init = _method(node, "__init__")
            if init is not None:
                init.body += swapper.new_layers
        elif isinstance(node, ast.FunctionDef) and node.name not in ("get_inputs", "get_init_inputs"):
            swapper = _FormSwapper(ctx, None, {}, rank)
            swapper.visit(node)
            changed += swapper.changed
    if changed:
        ctx.applied.append("forms")


def _drop_unused_layers(cls: ast.ClassDef, layers: dict) -> None:
    """A parameter-free layer attribute whose every call was written in another form."""
    used = {n.attr for n in ast.walk(cls) if isinstance(n, ast.Attribute) and _is_self(n.value)
            and isinstance(n.ctx, ast.Load)}
    init = _method(cls, "__init__")
    for attr, (_, stmt, _) in layers.items():
        if attr not in used and stmt in init.body:
            init.body.remove(stmt)


# ----------------------------------------------------------------------------- transforms: text, order, sizes

_PLAIN_DOCS = ("Forward pass.", "Compute the output for a batch.", "Module used in our experiments.",
               "See the forward method.", "Apply the layer to the input.", "Returns the transformed tensor.",
               "Small building block.", "Part of the model.")


def _docstrings(ctx: _Ctx) -> None:
    """Every docstring dropped, or replaced by a plain one that does not describe the op."""
    replace = ctx.rng.random() < 0.4
    for node in [ctx.tree] + [n for n in ast.walk(ctx.tree) if isinstance(n, (ast.ClassDef, ast.FunctionDef))]:
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            if replace and isinstance(node, ast.ClassDef) or (replace and getattr(node, "name", "") == "forward"):
                body[0] = ast.Expr(ast.Constant(ctx.rng.choice(_PLAIN_DOCS)))
            else:
                del body[0]
                if not body:
                    body.append(ast.Pass())
    ctx.applied.append("docstrings")


def _reads(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} | \
        {f"self.{n.attr}" for n in ast.walk(node) if isinstance(n, ast.Attribute) and _is_self(n.value)
         and isinstance(n.ctx, ast.Load)}


def _writes(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)} | \
        {f"self.{n.attr}" for n in ast.walk(node) if isinstance(n, ast.Attribute) and _is_self(n.value)
         and isinstance(n.ctx, ast.Store)}


def _independent(a: ast.stmt, b: ast.stmt, in_init: bool) -> bool:
    """Two statements that may swap: plain assignments touching disjoint names; in __init__, neither
    may call anything (a call there can create parameters, and their order sets their initial values)."""
    if not all(isinstance(s, (ast.Assign, ast.AnnAssign)) for s in (a, b)):
        return False
    if in_init and any(isinstance(n, ast.Call) for s in (a, b) for n in ast.walk(s)):
        return False
    wa, wb = _writes(a), _writes(b)
    return not (wa & wb or wa & _reads(b) or wb & _reads(a))


def _reorder(ctx: _Ctx) -> None:
    """Swap adjacent independent statements; move get_init_inputs above get_inputs; put the size
    constants after the classes (a file that reads them at import time fails the check)."""
    bodies = [(fn.body, fn.name == "__init__") for fn in ast.walk(ctx.tree) if isinstance(fn, ast.FunctionDef)]
    bodies.append((ctx.tree.body, False))
    swaps = 0
    for body, in_init in bodies:
        for i in range(len(body) - 1):
            if ctx.rng.random() < 0.5 and _independent(body[i], body[i + 1], in_init):
                body[i], body[i + 1] = body[i + 1], body[i]
                swaps += 1
    top = ctx.tree.body
    names = [getattr(n, "name", None) for n in top]
    if "get_inputs" in names and "get_init_inputs" in names and ctx.rng.random() < 0.5:
        i, j = names.index("get_inputs"), names.index("get_init_inputs")
        top[i], top[j] = top[j], top[i]
        swaps += 1
    if ctx.rng.random() < 0.3:
        consts = set(_int_constants(ctx.tree))
        moved = [n for n in top if isinstance(n, ast.Assign) and {t.id for t in n.targets
                                                                  if isinstance(t, ast.Name)} <= consts]
        first_def = next((i for i, n in enumerate(top) if isinstance(n, (ast.ClassDef, ast.FunctionDef))), None)
        if moved and first_def is not None and top.index(moved[0]) < first_def:
            rest = [n for n in top if n not in moved]
            last_class = max(i for i, n in enumerate(rest) if isinstance(n, ast.ClassDef) or i == 0)
            top[:] = rest[:last_class + 1] + moved + rest[last_class + 1:]
            swaps += 1
    if swaps:
        ctx.applied.append("reorder")


def _resize(ctx: _Ctx) -> None:
    """Shrink some size constants by x0.5-0.9, rounded to keep their power-of-two factor (up to 32),
    with every divisibility relation among the file's constants kept (sizes._relations_hold)."""
    consts = _int_constants(ctx.tree)
    free = [k for k, v in consts.items() if v > SMALL_MAX and not _SPECIAL_RE.search(k)
            and _literal_assignment(ctx.tree, k)]
    for _ in range(20):
        values = dict(consts)
        for k in free:
            if ctx.rng.random() < 0.6:
                v = consts[k]
                step = min(v & -v, 32)
                values[k] = max(step, int(v * ctx.rng.uniform(0.5, 0.9)) // step * step)
        changed = {k: v for k, v in values.items() if v != consts[k]}
        if changed and _relations_hold(consts, values):
            ctx.sizes = changed
            break
    for node in ctx.tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and node.targets[0].id in ctx.sizes:
            node.value = ast.Constant(ctx.sizes[node.targets[0].id])
    if ctx.sizes:
        ctx.applied.append("sizes")


def _literal_assignment(tree: ast.Module, name: str) -> bool:
    """`name = <int literal>` at module level (a derived constant follows the ones it is made of)."""
    return any(isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
               and n.targets[0].id == name and isinstance(n.value, ast.Constant) for n in tree.body)


def _input_rank(tree: ast.Module) -> int | None:
    """Dims of get_inputs' first factory call (`torch.randn(B, C, L)` -> 3): the rank guessed for
    counting a dim from the other end."""
    fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "get_inputs"), None)
    for n in ast.walk(fn) if fn else []:
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("randn", "rand"):
            if n.args and not any(isinstance(a, ast.Starred) for a in n.args):
                if len(n.args) == 1 and isinstance(n.args[0], (ast.Tuple, ast.List)):
                    return len(n.args[0].elts)
                return len(n.args)
    return None


# ----------------------------------------------------------------------------- entry point


@dataclass(frozen=True)
class Rewrite:
    """One proposed rewrite. `names`/`sizes` map the original's size constants to the rewrite's
    names and new values, so the original can be run at the rewrite's sizes."""

    source: str
    seed: int
    transforms: tuple[str, ...]
    names: dict[str, str]
    sizes: dict[str, int]


def rewrite(source: str, seed: int, transforms: tuple[str, ...] = TRANSFORMS) -> Rewrite:
    """`source` (a task file; metadata after METADATA_MARKER is dropped) written again, drawn
    from `seed`: each transform in `transforms` is applied with probability 0.75 (at least one)."""
    text = source.split(METADATA_MARKER)[0]
    tree = parse_checked(text)
    rng = random.Random(seed)
    ctx = _Ctx(tree, rng, _identifiers(tree), _Aliases.read(tree))
    chosen = [t for t in transforms if rng.random() < 0.75] or [rng.choice(transforms)]
    rank = _input_rank(tree)
    # sizes first: it reads the constants by their original names
    if "sizes" in chosen:
        _resize(ctx)
    if "forms" in chosen:
        _swap_forms(ctx, rank)
    if "names" in chosen:
        _rename_names(ctx)
    if "locals" in chosen:
        _rename_locals(ctx)
    if "reorder" in chosen:
        _reorder(ctx)
    if "docstrings" in chosen:
        _docstrings(ctx)
    ast.fix_missing_locations(tree)
    out = ast.unparse(tree) + "\n"
    return Rewrite(out, seed, tuple(ctx.applied), dict(ctx.names), dict(ctx.sizes))


def rewrite_seed(task_id: str, k: int) -> int:
    """The seed of rewrite `k` of a task: fixed by the task id, so every run proposes the same."""
    return int.from_bytes(hashlib.sha256(f"{task_id}#rw{k}".encode()).digest()[:8], "big")


# Proposals per kept rewrite: a proposal fails when a guessed dim or a reordered line was wrong
# (12 of 300 proposals on KernelBench L1, CPU, 2026-11-27), so 3 per slot leaves room.
PROPOSALS_PER_REWRITE = 3


def rewritten_task(task: Task, rw: Rewrite, k: int) -> Task:
    """The rewrite as a Task: id `<id>#rw<k>`, the original's split, level, tolerance (a task's
    own tolerance belongs to its op, not its wording) and reference solution (a solution answers the
    module, whatever its wording), interp sizes derived from the new file."""
    new = task_from_source(rw.source, task_id=f"{task.id}#rw{k}", suite=task.suite, level=task.level)
    own = [s for s in task.shapes if s.mode == "interp" and s.name != "interp_auto"]
    if own:  # the task's author chose its interp sizes (the built-in suite): keep them, renamed
        new = replace(new, shapes=new.shapes + tuple(
            ShapeSetting(s.name, "interp", {rw.names.get(c, c): v for c, v in s.overrides.items()}) for s in own))
    else:
        new = with_interp_shapes(new)
    if task.tolerance and not task.tolerance_reason.startswith("derived:"):
        new = replace(new, tolerance=dict(task.tolerance), tolerance_reason=task.tolerance_reason)
    else:
        new = with_dot_tolerance(new)
    return replace(new, split=task.split, tags=task.tags + ("rewrite",) + tuple(f"rw:{t}" for t in rw.transforms),
                   reference_fp64=task.reference_fp64, solution_source=task.solution_source)


def propose(task: Task, k: int) -> list[tuple[Rewrite, Task]]:
    """Up to k * PROPOSALS_PER_REWRITE distinct rewrites of `task` (each different from the
    original and from one another), with their Tasks; proposals that are not valid task files
    are skipped."""
    seen = {task.prompt_source.strip()}
    out = []
    for j in range(k * PROPOSALS_PER_REWRITE):
        rw = rewrite(task.source, rewrite_seed(task.id, j))
        if rw.source.strip() in seen:
            continue
        seen.add(rw.source.strip())
        try:
            out.append((rw, rewritten_task(task, rw, len(out))))
        except TaskError:
            continue
    return out
