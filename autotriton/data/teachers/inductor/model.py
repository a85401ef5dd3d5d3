"""What a rewrite needs from the task's own Model: its __init__ (copied), the helpers that __init__
uses, forward's signature, and the float attributes Dynamo may have lifted into arguments."""

from __future__ import annotations

import ast
import copy
import re
import textwrap
from dataclasses import dataclass, field

import torch

from autotriton.data.teachers.inductor.wrapper import Unsupported, dotted
from autotriton.tasks.contract import parse_source


@dataclass
class ModelInfo:
    init_src: str  # ModelNew.__init__, indented for the class body ("" when Model has none)
    helpers_src: list[str]  # module-level definitions __init__ needs
    forward_args: list[str]
    forward_sig: str  # "self, x: torch.Tensor) -> torch.Tensor" pieces, as a def line
    returns_tuple: bool
    float_attrs: list[str]  # self.<attr> read in forward that may be lifted floats, in order
    doc: str
    base: str = "nn.Module"  # a harvested task's `class Model(Harvested)`: ModelNew subclasses the copy
    left_default: list[str] = field(default_factory=list)  # forward's parameters get_inputs() never passes


_PROVIDED = frozenset({"torch", "nn", "math", "triton", "tl"})


def model_info(task_source: str, param_roots: set[str], n_inputs: int | None = None) -> ModelInfo:
    """`n_inputs`: how many inputs get_inputs() passes (the capture's count); forward's parameters
    past them keep their defaults, which Dynamo baked into the graph, and the rewrite drops them."""
    tree = parse_source(task_source)
    model = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Model"), None)
    if model is None:
        raise Unsupported("task source defines no Model")
    methods = {n.name: n for n in model.body if isinstance(n, ast.FunctionDef)}
    forward = methods.get("forward")
    parent = _parent_class(tree, model) if forward is None else None
    if parent is not None:
        # Harvested tasks are `class Model(Harvested)` adding only __init__: forward comes from the
        # parent, which the solution copies with its __init__ only (its forward would be torch compute),
        # or from a class above it in the file (torch.nn's ConstantPad1d takes _ConstantPadNd's,
        # BatchNorm1d _BatchNorm's, ReLU6 Hardtanh's: 24 of a CPU build's first 160 were refused).
        forward = _inherited_forward(tree, parent)
    if forward is None:
        raise Unsupported("Model has no forward")
    forward, left_default = _passed_args(forward, n_inputs)
    forward = _rename_builtin_args(forward)
    init = methods.get("__init__")
    init_src = ""
    if init is not None:
        init_src = textwrap.dedent(ast.get_source_segment(task_source, init, padded=True))
        # KernelBench's `super(Model, self).__init__()` would reference the reference class.
        init_src = textwrap.indent(re.sub(r"super\(\s*Model\s*,\s*self\s*\)", "super()", init_src), "    ")
    returns = [n.value for n in ast.walk(forward) if isinstance(n, ast.Return) and n.value is not None]
    forward = _provided_annotations(forward)
    sig = f"def forward({ast.unparse(forward.args)})"
    if forward.returns is not None:
        sig += f" -> {ast.unparse(forward.returns)}"
    doc = ast.get_docstring(tree) or ""
    parent_init = next((n for n in parent.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"),
                       None) if parent is not None else None
    # A harvested torch.nn class: subclass the real nn.X, so construction (reset_parameters,
    # init.* calls, RNG order) is the reference's by definition, instead of copying its source,
    # which reaches names a solution may not import (Module, Tensor, _size_2_t, init).
    nn_base = _torch_nn_base(tree, parent)
    if nn_base:
        helpers, base = [], nn_base
    else:
        if forward.args.defaults:
            raise Unsupported("Model.forward has default arguments")
        helpers = _init_helpers(tree, task_source, init, roots=[parent.name] if parent else [])
        base = parent.name if parent else "nn.Module"
    return ModelInfo(init_src=init_src, helpers_src=helpers,
                     forward_args=[a.arg for a in forward.args.args[1:]], forward_sig=sig + ":",
                     returns_tuple=bool(returns) and all(isinstance(r, ast.Tuple) for r in returns),
                     float_attrs=_float_attrs(parent or model, parent_init or init, forward, param_roots),
                     doc=doc.strip().splitlines()[0] if doc else "", base=base, left_default=left_default)


def _passed_args(forward: ast.FunctionDef, n_inputs: int | None) -> tuple[ast.FunctionDef, list[str]]:
    """A copy of `forward` taking only the first `n_inputs` positional parameters, and the names of
    those dropped. transformers' layers take `attention_mask=None, **kwargs` beside the tensors
    get_inputs() passes (83 of a CPU build's first 416 harvested candidates were refused for it);
    a parameter without a default, or a keyword-only one without, is one the task must pass."""
    args = forward.args
    if n_inputs is None:
        if args.vararg or args.kwarg or args.kwonlyargs:
            raise Unsupported("Model.forward must take plain positional arguments")
        return forward, []
    positional = args.posonlyargs + args.args  # self first
    n_required = len(positional) - len(args.defaults)
    if not n_required <= 1 + n_inputs <= len(positional):
        raise Unsupported(f"get_inputs() passes {n_inputs} inputs; forward takes {n_required - 1} to "
                          f"{len(positional) - 1} positional")
    if any(d is None for d in args.kw_defaults):
        raise Unsupported("Model.forward has a keyword-only parameter without a default")
    forward = copy.deepcopy(forward)
    kept = positional[:1 + n_inputs]
    dropped = [a.arg for a in positional[1 + n_inputs:]] + [a.arg for a in args.kwonlyargs]
    dropped += [f"*{args.vararg.arg}"] if args.vararg else []
    dropped += [f"**{args.kwarg.arg}"] if args.kwarg else []
    forward.args = ast.arguments(posonlyargs=[], args=copy.deepcopy(kept), vararg=None, kwonlyargs=[],
                                 kw_defaults=[], kwarg=None, defaults=[])
    return forward, dropped


def _provided_annotations(forward: ast.FunctionDef) -> ast.FunctionDef:
    """A copy of `forward` keeping only the annotations whose names the solution imports
    (_PROVIDED): torch.nn writes `input: Tensor` after `from torch import Tensor`, and 41 of the
    first 96 harvested candidates of a CPU build were rule violations for that name alone."""
    forward = copy.deepcopy(forward)

    def provided(node: ast.expr | None) -> bool:
        return node is None or {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} <= _PROVIDED

    for arg in forward.args.posonlyargs + forward.args.args:
        if not provided(arg.annotation):
            arg.annotation = None
    if not provided(forward.returns):
        forward.returns = None
    return forward


def _rename_builtin_args(forward: ast.FunctionDef) -> ast.FunctionDef:
    """torch.nn forwards call their argument `input`, and the rule table lets no builtin name be
    bound; the verifier passes inputs positionally, so the solution may call it `input_`."""
    from autotriton.verify.rules import BUILTIN_NAMES
    forward = copy.deepcopy(forward)
    for a in forward.args.args:
        if a.arg in BUILTIN_NAMES:
            a.arg += "_"
    return forward


def _torch_nn_base(tree: ast.Module, parent: ast.ClassDef | None) -> str | None:
    """`nn.X` when the harvested parent class is torch.nn's public class X (per PROVENANCE)."""
    if parent is None:
        return None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "PROVENANCE" for t in node.targets):
            try:
                prov = ast.literal_eval(node.value)
            except ValueError:
                return None
            module = str(prov.get("module") or "")
            if module.startswith("torch.nn") and prov.get("class") == parent.name \
                    and isinstance(getattr(torch.nn, parent.name, None), type):
                return f"nn.{parent.name}"
    return None


def _inherited_forward(tree: ast.Module, cls: ast.ClassDef) -> ast.FunctionDef | None:
    """The forward `cls` runs: its own, or the nearest one up its chain of classes in the file."""
    seen = set()
    while cls is not None and cls.name not in seen:
        seen.add(cls.name)
        forward = next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "forward"), None)
        if forward is not None:
            return forward
        cls = _parent_class(tree, cls)
    return None


def _parent_class(tree: ast.Module, model: ast.ClassDef) -> ast.ClassDef | None:
    """Model's single base class when it is defined in the same file."""
    if len(model.bases) != 1 or not isinstance(model.bases[0], ast.Name):
        return None
    return next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == model.bases[0].id), None)


def _init_helpers(tree: ast.Module, source: str, init: ast.FunctionDef | None, roots: list[str] = ()) -> list[str]:
    """Module-level definitions __init__ uses (transitively), in file order.

    nn.Module helper classes keep only __init__: their forward would do torch compute
    in the solution module, and only their parameters matter here."""
    if init is None and not roots:
        return []
    defs: dict[str, ast.stmt] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name not in ("Model", "get_inputs",
                                                                                     "get_init_inputs"):
            defs[node.name] = node
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            defs[node.targets[0].id] = node
    imported = {a.asname or a.name.split(".")[0] for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))
                for a in n.names}
    need: list[str] = [r for r in roots if r in defs]
    todo = [defs[r] for r in need] + ([init] if init is not None else [])
    while todo:
        for n in ast.walk(todo.pop()):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in need:
                if n.id in defs:
                    if n.id.isupper() and isinstance(defs[n.id], ast.Assign):
                        raise Unsupported(f"Model.__init__ reads module constant {n.id}, which shape settings "
                                          "override; a copy would not follow them")
                    need.append(n.id)
                    todo.append(defs[n.id])
                elif n.id in imported and n.id not in _PROVIDED:
                    raise Unsupported(f"Model.__init__ uses import {n.id}, not available to the solution")
    out = []
    for node in tree.body:
        name = node.name if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else (
            node.targets[0].id if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) else None)
        if name in need:
            out.append(_helper_source(node, source))
    return out


def _helper_source(node: ast.stmt, source: str) -> str:
    if isinstance(node, ast.ClassDef):
        node = copy.copy(node)
        node.body = [s for s in node.body if not (isinstance(s, ast.FunctionDef) and s.name != "__init__")]
        return ast.unparse(node)
    return ast.get_source_segment(source, node)


def _float_attrs(model: ast.ClassDef, init: ast.FunctionDef | None, forward: ast.FunctionDef,
                 param_roots: set[str]) -> list[str]:
    """`self.<attr>` read in forward that could hold a float, in source order.

    Dynamo lifts float attributes of the module into 0-d float64 arguments; the
    wrapper only says "arg5_1.item()". Submodules, parameters, and attributes set
    from an int literal or an `int`-annotated __init__ argument are excluded."""
    int_args = set()
    not_float: set[str] = set(param_roots)
    if init is not None:
        int_args = {a.arg for a in init.args.args if a.annotation is not None and ast.unparse(a.annotation) == "int"}
        for node in ast.walk(init):
            if isinstance(node, ast.Assign):
                for t in node.targets:
                    if isinstance(t, ast.Attribute) and dotted(t.value) == "self":
                        v = node.value
                        if isinstance(v, ast.Call) or (isinstance(v, ast.Name) and v.id in int_args) or (
                                isinstance(v, ast.Constant) and not isinstance(v.value, float)):
                            not_float.add(t.attr)
    methods = {n.name for n in model.body if isinstance(n, ast.FunctionDef)}
    reads = sorted((n.lineno, n.col_offset, n.attr) for n in ast.walk(forward)
                   if isinstance(n, ast.Attribute) and dotted(n.value) == "self")
    out: list[str] = []
    for _, _, attr in reads:
        if attr not in not_float and attr not in methods and attr not in out:
            out.append(attr)
    return out
