"""What a rewrite needs from the task's own Model: its __init__ (copied), the helpers that __init__
uses, forward's signature, and the float attributes Dynamo may have lifted into arguments."""

from __future__ import annotations

import ast
import copy
import functools
import importlib
import inspect
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
    # A Model with a forward of its own around its parent's (`super().forward(...)` turning
    # transformers' output objects into tensors) still takes its __init__ from the parent.
    parent = _parent_class(tree, model)
    if parent is not None and forward is None:
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
    elif parent is not None and (_imported_bases_only(tree, parent) or _layer_base(parent)):
        # A library class copied into the file (transformers' layers): its __init__ becomes
        # ModelNew's, since a solution cannot subclass a class whose __init__ builds nn layers
        # (the rules check a same-file base class's code as forward code). Over a torch.nn layer
        # (`BartScaledWordEmbedding(nn.Embedding)`) ModelNew subclasses that layer and the super()
        # call keeps its arguments; over a library base it is nn.Module's.
        layer = _layer_base(parent)
        flat = _flattened_init(tree, model, parent, bare=layer is None)
        init_src = textwrap.indent(ast.unparse(flat), "    ")
        helpers = _init_helpers(tree, task_source, flat)
        base = layer or "nn.Module"
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
        # torch.Tensor only among torch's names: `torch.LongTensor` is a legacy constructor the rules
        # refuse (transformers annotates input_ids with it)
        return node is None or ({n.id for n in ast.walk(node) if isinstance(n, ast.Name)} <= _PROVIDED and all(
            dotted(n) in ("torch.Tensor", "nn.Module") for n in ast.walk(node)
            if isinstance(n, ast.Attribute) and not isinstance(n.value, ast.Attribute)))

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
    unavailable = _unavailable(tree)
    layers = _library_layers(tree)
    for name, cls in layers.items():
        copied = copy.deepcopy(cls)
        copied.name = name
        defs[name] = _portable_class(copied, unavailable)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name != "Model":
            defs[node.name] = _portable_class(node, unavailable, bare_super=_imported_bases_only(tree, node))
        elif isinstance(node, ast.FunctionDef) and node.name not in ("get_inputs", "get_init_inputs"):
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
    out = [ast.unparse(defs[name]) for name in layers if name in need]
    for node in tree.body:
        name = node.name if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else (
            node.targets[0].id if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) else None)
        if name in need:
            out.append(ast.unparse(defs[name]) if isinstance(node, ast.ClassDef) else ast.get_source_segment(source, node))
    return out


def _portable_class(node: ast.ClassDef, unavailable: set[str], bare_super: bool = False) -> ast.ClassDef:
    """A helper class as a solution copies it: its __init__ only (_portable), class attributes
    kept, and bases or decorators from the file's other imports gone (transformers'
    GradientCheckpointingLayer, hub kernels: nn.Module as far as parameters go; a base that
    built parameters would fail the verifier's parameter shapes)."""
    node = copy.copy(node)
    init = _method_named(node, "__init__")
    # Class attributes __init__ reads; the rest is library metadata (transformers' `_can_record_outputs
    # = {"attentions": AlbertAttention}`, which the rules read as forward code reaching that class).
    read = {n.attr for n in ast.walk(init) if isinstance(n, ast.Attribute) and dotted(n.value) == "self"} \
        if init is not None else set()
    body: list[ast.stmt] = []
    for st in node.body:
        if isinstance(st, ast.FunctionDef):
            if st.name == "__init__":
                methods = {m.name: m for m in node.body if isinstance(m, ast.FunctionDef)}
                body.append(_portable(_bare_super(st) if bare_super else st, unavailable, methods))
            continue
        targets = st.targets if isinstance(st, ast.Assign) else [st.target] if isinstance(st, ast.AnnAssign) else []
        if not any(isinstance(t, ast.Name) and t.id in read for t in targets):
            continue
        if isinstance(st, ast.AnnAssign):
            if st.value is not None:
                body.append(ast.Assign(targets=[st.target], value=st.value, lineno=st.lineno))
        elif not _dunder_assign(st):
            body.append(st)
    body = [st for st in body if isinstance(st, ast.FunctionDef) or not _uses(st, unavailable)]
    node.body = body or [ast.Pass()]
    node.bases = [b if not _uses(b, unavailable) else ast.parse("nn.Module", mode="eval").body
                  for b in node.bases]
    node.keywords, node.decorator_list = [], []
    return ast.fix_missing_locations(node)


def _own_method_call(st: ast.stmt) -> bool:
    """A statement calling a method of self that nn.Module does not have: the copied class keeps
    only __init__, so the method is not there (transformers' post_init, _init_weights)."""
    return (isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and isinstance(st.value.func, ast.Attribute)
            and dotted(st.value.func.value) == "self" and not hasattr(torch.nn.Module, st.value.func.attr))


def _buffer_registration(st: ast.stmt) -> ast.stmt | None:
    """`self.x = nn.Buffer(t, persistent=False)` as `self.register_buffer("x", t, persistent=False)`,
    the same buffer: the rules allow the method and refuse the nn.Buffer class (a torch name)."""
    if not (isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Attribute)
            and dotted(st.targets[0].value) == "self" and isinstance(st.value, ast.Call)
            and dotted(st.value.func) in ("nn.Buffer", "torch.nn.Buffer") and len(st.value.args) == 1):
        return None
    call = ast.Call(func=ast.parse("self.register_buffer", mode="eval").body,
                    args=[ast.Constant(st.targets[0].attr), st.value.args[0]], keywords=st.value.keywords)
    return ast.copy_location(ast.Expr(call), st)


def _dunder_assign(st: ast.stmt) -> bool:
    """torch.nn's `__constants__ = [...]`: a TorchScript note the rules read as interpreter internals."""
    return isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id.startswith("__") for t in st.targets)


def _private_read(node: ast.AST) -> bool:
    """A private attribute of something other than self (`config._attn_implementation`), which the
    rules refuse in a solution."""
    return any(isinstance(n, ast.Attribute) and n.attr.startswith("_") and not n.attr.startswith("__")
               and dotted(n.value) != "self" for n in ast.walk(node))


def _uses(node: ast.AST, names: set[str]) -> bool:
    return bool({n.id for n in ast.walk(node) if isinstance(n, ast.Name)} & names)


def _imported_bases_only(tree: ast.Module, cls: ast.ClassDef) -> bool:
    """`cls` derives from library classes a solution cannot import, directly or through classes of the
    file that add no __init__ (transformers' `AlbertModel(AlbertPreTrainedModel)`, whose base only
    holds class attributes and weight-init methods over the library's PreTrainedModel), or from
    nn.Module alone. Not a torch.nn layer (`BartScaledWordEmbedding(nn.Embedding)`): its __init__
    arguments must reach nn.Embedding's (bared, 3 of a CPU build's first 420 had no weight)."""
    local = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    unavailable = _unavailable(tree)
    seen = {cls.name}
    def library(b: ast.expr) -> bool:
        return _uses(b, unavailable) or dotted(b) in ("nn.Module", "torch.nn.Module")

    while cls.bases:
        inner = [b.id for b in cls.bases if isinstance(b, ast.Name) and b.id in local]
        if not inner:
            return all(library(b) for b in cls.bases)
        # beside one class of the file, only library mixins (transformers' `CohereForCausalLM(
        # CoherePreTrainedModel, GenerationMixin)`: 10 of 487 judged harvested tasks failed to build,
        # the copied class's super().__init__(config) reaching nn.Module's; session 68)
        others = [b for b in cls.bases if not (isinstance(b, ast.Name) and b.id in local)]
        if len(inner) != 1 or inner[0] in seen or not all(library(b) for b in others):
            return False
        cls = local[inner[0]]
        seen.add(cls.name)
        if _method_named(cls, "__init__") is not None:
            return False
    return False


def _layer_base(cls: ast.ClassDef) -> str | None:
    """`nn.X` when `cls` subclasses torch.nn's layer X (not nn.Module) and has an __init__ of its own."""
    if len(cls.bases) != 1 or _method_named(cls, "__init__") is None:
        return None
    name = dotted(cls.bases[0])
    member = name.removeprefix("torch.").removeprefix("nn.") if name.startswith(("nn.", "torch.nn.")) else ""
    if member and member != "Module" and "." not in member and isinstance(getattr(torch.nn, member, None), type):
        return f"nn.{member}"
    return None


def _flattened_init(tree: ast.Module, model: ast.ClassDef, parent: ast.ClassDef, bare: bool = True) -> ast.FunctionDef:
    """ModelNew.__init__ for `class Model(Parent)`: Parent.__init__ with its super() call made
    nn.Module's, then Model.__init__'s own lines after its super() call (`self.eval()`)."""
    p_init = _method_named(parent, "__init__")
    m_init = _method_named(model, "__init__")
    if p_init is None:  # nn.Module's: no arguments
        p_init = ast.parse("def __init__(self):\n    super().__init__()").body[0]
    own: list[ast.stmt] = []
    if m_init is not None:
        first = m_init.body[0] if m_init.body else None
        params = [a.arg for a in m_init.args.args[1:]]
        call = first.value if isinstance(first, ast.Expr) and isinstance(first.value, ast.Call) else None
        if call is None or not _is_super_init(call) or call.keywords or \
                [a.id if isinstance(a, ast.Name) else None for a in call.args] != params:
            raise Unsupported("Model.__init__ does not pass its arguments straight to its parent's")
        own = m_init.body[1:]
    flat = _bare_super(p_init) if bare else copy.deepcopy(p_init)
    flat.body += copy.deepcopy(own)
    flat.decorator_list = []
    return _portable(flat, _unavailable(tree), _file_methods(tree, parent))


def _bare_super(init: ast.FunctionDef) -> ast.FunctionDef:
    """A copy of `init` whose super().__init__(...) is nn.Module's, which takes no arguments: the
    library base it called (PreTrainedModel(config), GradientCheckpointingLayer) is not copied."""
    init = copy.deepcopy(init)
    kept_config = False
    for node in ast.walk(init):
        if isinstance(node, ast.Call) and _is_super_init(node):
            # PreTrainedModel(config) keeps `self.config`, which heads read (`self.config.num_labels`)
            kept_config |= any(isinstance(a, ast.Name) and a.id == "config" for a in node.args)
            node.func = ast.parse("super().__init__", mode="eval").body
            node.args, node.keywords = [], []
    calls = [i for i, st in enumerate(init.body)
             if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and _is_super_init(st.value)]
    if kept_config and calls:
        init.body.insert(calls[0] + 1, ast.parse("self.config = config").body[0])
    return init


def _method_named(cls: ast.ClassDef, name: str) -> ast.FunctionDef | None:
    return next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == name), None)


def _is_super_init(call: ast.Call) -> bool:
    f = call.func
    return (isinstance(f, ast.Attribute) and f.attr == "__init__" and isinstance(f.value, ast.Call)
            and isinstance(f.value.func, ast.Name) and f.value.func.id == "super")


def _unavailable(tree: ast.Module) -> set[str]:
    """Names the file imports that a solution does not (transformers', typing's), and module-level
    names made of them (`logger = logging.get_logger(__name__)`)."""
    names = {a.asname or a.name.split(".")[0] for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))
             for a in n.names} - _PROVIDED - set(_library_layers(tree))
    for node in tree.body:
        if isinstance(node, ast.Assign) and _uses(node.value, names):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _library_layers(tree: ast.Module) -> dict[str, ast.ClassDef]:
    """Layers the file imports from a library whose __init__ needs nothing but torch and nn (transformers'
    Conv1D, a transposed Linear): name -> their class, as a solution copies it. Dropped, their
    parameters were not ModelNew's (25 of 2,535 harvested tasks use Conv1D; session 68)."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.split(".")[0] not in ("torch", "triton"):
            for alias in node.names:
                cls = _copyable_layer(node.module, alias.name)
                if cls is not None:
                    found[alias.asname or alias.name] = cls
    return found


@functools.cache
def _copyable_layer(module: str, name: str) -> ast.ClassDef | None:
    try:
        obj = getattr(importlib.import_module(module), name)
        if not (isinstance(obj, type) and issubclass(obj, torch.nn.Module)) or obj.__bases__ != (torch.nn.Module,):
            return None
        cls = ast.parse(textwrap.dedent(inspect.getsource(obj))).body[0]
    except Exception:  # noqa: BLE001 - a name that does not import or has no source is not copied
        return None
    init = _method_named(cls, "__init__") if isinstance(cls, ast.ClassDef) else None
    if init is None:
        return None
    local = {a.arg for a in ast.walk(init) if isinstance(a, ast.arg)} | \
        {n.id for n in ast.walk(init) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    free = {n.id for n in ast.walk(init) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - local
    if not free <= _PROVIDED | {"super"}:
        return None
    cls.bases, cls.keywords, cls.decorator_list = [ast.parse("nn.Module", mode="eval").body], [], []
    return cls


def _file_methods(tree: ast.Module, cls: ast.ClassDef) -> dict[str, ast.FunctionDef]:
    """The methods of `cls` and of its bases in the file, the nearest class's where two define one."""
    local = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    chain, seen = [cls], {cls.name}
    while len(chain[-1].bases) == 1 and isinstance(chain[-1].bases[0], ast.Name) and \
            chain[-1].bases[0].id in local and chain[-1].bases[0].id not in seen:
        chain.append(local[chain[-1].bases[0].id])
        seen.add(chain[-1].name)
    return {m.name: m for c in reversed(chain) for m in c.body if isinstance(m, ast.FunctionDef)}


def _inlined_methods(fn: ast.FunctionDef, methods: dict[str, ast.FunctionDef]) -> ast.FunctionDef:
    """`x = self.m(args)` in __init__, or `f = self.m` then `x = f(args)`, with m a method of the
    copied class, as m's body inline: the copied class keeps only __init__, and the rules read any
    other method's torch calls as forward code. transformers' rotary embeddings build inv_freq with
    `rope_init_fn = self.compute_default_rope_parameters` (301 of 2,543 harvested tasks)."""
    taken = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)} | {a.arg for a in ast.walk(fn) if isinstance(a, ast.arg)}
    aliases: dict[str, str] = {}
    body: list[ast.stmt] = []
    for st in fn.body:
        value = st.value if isinstance(st, (ast.Assign, ast.AnnAssign)) else None
        target = st.targets[0] if isinstance(st, ast.Assign) and len(st.targets) == 1 else \
            st.target if isinstance(st, ast.AnnAssign) else None
        if isinstance(target, ast.Name) and isinstance(value, ast.Attribute) and dotted(value.value) == "self" \
                and value.attr in methods:
            aliases[target.id] = value.attr
            continue
        called = None
        if isinstance(st, ast.Assign) and isinstance(value, ast.Call):
            f = value.func
            called = aliases.get(f.id) if isinstance(f, ast.Name) else \
                f.attr if isinstance(f, ast.Attribute) and dotted(f.value) == "self" and f.attr in methods else None
        inline = _inline(methods[called], value, taken) if called else None
        if inline is None:
            body.append(st)
            continue
        lines, result = inline
        body += lines + [ast.copy_location(ast.Assign(targets=st.targets, value=result), st)]
    fn.body = body
    return fn


def _class_choices(fn: ast.FunctionDef) -> ast.FunctionDef:
    """`cls = A if cond else B` then `self.x = cls(args)` as `if cond: self.x = A(args) else:
    self.x = B(args)`: the rules let a class be instantiated or subclassed, not held as a value
    (transformers' `attention_class = BertCrossAttention if is_cross_attention else
    BertSelfAttention`, in 89 of 2,543 harvested tasks)."""
    def rewrite(body: list[ast.stmt]) -> list[ast.stmt]:
        choices: dict[str, ast.IfExp] = {}
        out = []
        for st in body:
            for field_name in ("body", "orelse"):
                inner = getattr(st, field_name, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    setattr(st, field_name, rewrite(inner))
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) and \
                    isinstance(st.value, ast.IfExp) and isinstance(st.value.body, ast.Name) and \
                    isinstance(st.value.orelse, ast.Name):
                choices[st.targets[0].id] = st.value
                continue
            value = st.value if isinstance(st, ast.Assign) else None
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in choices:
                pick = choices[value.func.id]
                arms = [ast.Assign(targets=copy.deepcopy(st.targets),
                                   value=ast.Call(copy.deepcopy(cls), copy.deepcopy(value.args),
                                                  copy.deepcopy(value.keywords)))
                        for cls in (pick.body, pick.orelse)]
                st = ast.copy_location(ast.If(copy.deepcopy(pick.test), [arms[0]], [arms[1]]), st)
            out.append(st)
        used = {n.id for st in out for n in ast.walk(st) if isinstance(n, ast.Name)}
        if used & set(choices):  # held for something else too: keep the lines as written
            return body
        return out

    fn.body = rewrite(fn.body)
    return fn


def _inline(method: ast.FunctionDef, call: ast.Call, taken: set[str]) -> tuple[list[ast.stmt], ast.expr] | None:
    """`method`'s body bound to `call`'s arguments, its locals renamed away from `taken`, and the
    value it returns; None for what this does not cover (decorators but @staticmethod, a return
    other than the last line, nested functions, starred arguments)."""
    static = [dotted(d) for d in method.decorator_list] == ["staticmethod"]
    if method.decorator_list and not static:
        return None
    body = [st for st in method.body if not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant))]
    if not body or not isinstance(body[-1], ast.Return) or body[-1].value is None:
        return None
    if any(isinstance(n, (ast.Return, ast.Yield, ast.YieldFrom, ast.FunctionDef, ast.Lambda, ast.Global, ast.Nonlocal))
           for st in body[:-1] for n in ast.walk(st)):
        return None
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    a = method.args
    params = a.posonlyargs + a.args
    if not static:
        if not params or params[0].arg != "self":
            return None
        params = params[1:]
    if len(call.args) > len(params):
        return None
    bound: dict[str, ast.expr] = dict(zip((p.arg for p in params), call.args))
    defaults = dict(zip((p.arg for p in params[len(params) - len(a.defaults):]), a.defaults))
    defaults |= {k.arg: d for k, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None}
    extra = {}
    for k in call.keywords:
        if k.arg in {p.arg for p in params + a.kwonlyargs}:
            bound[k.arg] = k.value
        elif a.kwarg is None:
            return None
        else:
            extra[k.arg] = k.value
    for p in params + a.kwonlyargs:
        if p.arg not in bound:
            if p.arg not in defaults:
                return None
            bound[p.arg] = defaults[p.arg]
    if a.vararg is not None:
        bound[a.vararg.arg] = ast.Tuple([], ast.Load())
    if a.kwarg is not None:
        bound[a.kwarg.arg] = ast.Dict([ast.Constant(k) for k in extra], list(extra.values()))
    local = set(bound) | {n.id for st in body for n in ast.walk(st) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    rename = {}
    for name in sorted(local):
        new, i = name, 1
        while new in taken:
            new, i = f"{name}_{i}", i + 1
        rename[name] = new
        taken.add(new)

    class Rename(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name):
            return ast.copy_location(ast.Name(rename.get(node.id, node.id), node.ctx), node)

    lines = [ast.Assign(targets=[ast.Name(rename[k], ast.Store())], value=v) for k, v in bound.items()]
    lines += [Rename().visit(copy.deepcopy(st)) for st in body[:-1]]
    return lines, Rename().visit(copy.deepcopy(body[-1].value))


def _iterable_checks(fn: ast.FunctionDef, unavailable: set[str]) -> ast.FunctionDef:
    """`isinstance(x, Iterable)` (collections.abc's, which a solution does not import) as
    `isinstance(x, (list, tuple))`, what a config's sizes are: transformers' patch embeddings write
    `image_size if isinstance(image_size, Iterable) else (image_size, image_size)`, and dropping the
    line left an int to subscript (9 of 551 judged harvested tasks failed to build, session 68)."""
    class Checks(ast.NodeTransformer):
        def visit_Call(self, node: ast.Call) -> ast.AST:
            self.generic_visit(node)
            kind = node.args[1] if isinstance(node.func, ast.Name) and node.func.id == "isinstance" \
                and len(node.args) == 2 else None
            if kind is not None and dotted(kind).split(".")[-1] in ("Iterable", "Sequence") and _uses(kind, unavailable):
                node.args[1] = ast.parse("(list, tuple)", mode="eval").body
            return node
    return ast.fix_missing_locations(Checks().visit(fn))


def _portable(fn: ast.FunctionDef, unavailable: set[str], methods: dict[str, ast.FunctionDef] | None = None) -> ast.FunctionDef:
    """A copy of __init__ `fn` without what needs the file's other imports: annotations
    (`Callable`, the config classes) and `self.x = ...` lines whose value uses them
    (transformers' `ACT2FN[...]` activations, attention-function tables: modules without
    parameters). What a dropped line built is not there; where it held parameters the
    verifier's parameter shapes differ and the candidate fails, so nothing wrong is kept."""
    fn = _class_choices(_inlined_methods(copy.deepcopy(fn), methods or {}))
    fn = _iterable_checks(fn, unavailable)
    for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs:
        a.annotation = None
    for a in (fn.args.vararg, fn.args.kwarg):
        if a is not None:
            a.annotation = None
    fn.returns = None
    # An attribute one line cannot build is left out on every line that sets it: transformers
    # writes `if isinstance(config.hidden_act, str): self.act = ACT2FN[...] else: self.act = ...`.
    dropped = sorted({t.attr for st in ast.walk(fn) if isinstance(st, (ast.Assign, ast.AnnAssign))
                      and st.value is not None and (_uses(st.value, unavailable) or _private_read(st.value))
                      for t in (st.targets if isinstance(st, ast.Assign) else [st.target])
                      if isinstance(t, ast.Attribute) and dotted(t.value) == "self"})

    def kept(st: ast.stmt) -> ast.stmt | None:
        if isinstance(st, ast.AnnAssign):
            if st.value is None:
                return None
            st = ast.copy_location(ast.Assign(targets=[st.target], value=st.value), st)
        if isinstance(st, ast.Assign) and any(isinstance(t, ast.Attribute) and dotted(t.value) == "self"
                                              and t.attr in dropped for t in st.targets):
            return None
        if isinstance(st, ast.Assign) and all(isinstance(t, ast.Name) for t in st.targets) and \
                _uses(st.value, unavailable):
            return None  # a local from the file's imports (`rope_init_fn = ROPE_INIT_FUNCTIONS[...]` on a
            # branch the config does not take); where it was taken, the candidate computes otherwise and fails
        if isinstance(st, ast.If) and not st.orelse and all(isinstance(b, ast.Raise) for b in st.body):
            return None  # a check of the arguments, which the reference passed (hasattr, str refused)
        if _own_method_call(st):
            return None  # `self.post_init()`: the library class's weight init and tying, not nn.Module's
        if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and _uses(st.value, unavailable):
            return None  # a call for its effect through the file's imports: `logger.warning_once(...)`
        st = _buffer_registration(st) or st
        for field_name in ("body", "orelse", "finalbody"):
            inner = getattr(st, field_name, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                setattr(st, field_name, clean(inner))
        if isinstance(st, ast.If) and not st.body and not st.orelse:
            return None
        if isinstance(st, (ast.If, ast.For, ast.While, ast.With)) and not st.body:
            st.body = [ast.Pass()]
        return st

    def clean(body: list[ast.stmt]) -> list[ast.stmt]:
        return [k for k in map(kept, body) if k is not None]

    fn.body = clean(fn.body) or [ast.Pass()]
    return ast.fix_missing_locations(fn)


def literal_getattrs(source: str, absent: set[str]) -> str:
    """`source` with each builtin getattr of a literal name (which the rules refuse) written as
    the code it stands for: `getattr(config, "x"[, d])` is `config.x`, or `(d)` where the
    capture found the object without it (`absent` holds "config.x": transformers' head_dim,
    9 of a CPU build's first 288 candidates failed to build reading it). The text around each
    call is kept as written. An attribute that is missing after all fails the candidate's build,
    so nothing wrong is kept."""
    calls = [n for n in ast.walk(parse_source(source)) if is_literal_getattr(n) or is_literal_hasattr(n)]
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line.encode()))
    data = source.encode()

    def span(node: ast.AST) -> tuple[int, int]:
        return starts[node.lineno - 1] + node.col_offset, starts[node.end_lineno - 1] + node.end_col_offset

    def text(node: ast.AST) -> str:
        """The node's source with the getattr calls inside it written out."""
        if any(c is node for c in calls):
            return written(node)
        lo, hi = span(node)
        inner = sorted((c for c in calls if c is not node and lo <= span(c)[0] and span(c)[1] <= hi
                        and not any(o is not c and o is not node and span(o)[0] <= span(c)[0] and span(c)[1] <= span(o)[1]
                                    and lo <= span(o)[0] and span(o)[1] <= hi for o in calls)), key=span)
        out, at = [], lo
        for c in inner:
            out += [data[at:span(c)[0]].decode(), written(c)]
            at = span(c)[1]
        return "".join(out) + data[at:hi].decode()

    def written(call: ast.Call) -> str:
        obj, attr = text(call.args[0]), call.args[1].value
        if call.func.id == "hasattr":
            return "False" if f"{dotted(call.args[0])}.{attr}" in absent else "True"
        if len(call.args) == 3 and f"{dotted(call.args[0])}.{attr}" in absent:
            return f"({text(call.args[2])})"
        return f"{obj}.{attr}" if isinstance(call.args[0], (ast.Name, ast.Attribute, ast.Call, ast.Subscript)) \
            else f"({obj}).{attr}"

    if not calls:
        return source
    module = ast.Module(body=[], type_ignores=[])
    module.lineno, module.col_offset = 1, 0
    module.end_lineno, module.end_col_offset = len(lines), len(lines[-1].encode()) if lines else 0
    return text(module)


def is_literal_hasattr(node: ast.AST) -> bool:
    """`hasattr(obj, "name")` with a public literal name and obj reached from a constructor argument,
    not self: the rules refuse the builtin, and the capture knows the answer for the task's own
    arguments (`config.x if hasattr(config, "x") else d`: 15 of a CPU build's first 761 tasks were
    refused for it). Written True or False; a wrong True reads a missing attribute and fails the build."""
    return (_literal_name_call(node, "hasattr", (2,)) and dotted(node.args[0]) != ""
            and dotted(node.args[0]).split(".")[0] != "self")


def is_literal_getattr(node: ast.AST) -> bool:
    """`getattr(obj, "name")` or `getattr(obj, "name", default)` with a public literal name."""
    return _literal_name_call(node, "getattr", (2, 3))


def _literal_name_call(node: ast.AST, builtin: str, arg_counts: tuple[int, ...]) -> bool:
    """A call of `builtin(obj, "name", ...)` by position, with a public identifier as the name."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == builtin
            and len(node.args) in arg_counts and not node.keywords and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str) and node.args[1].value.isidentifier()
            and not node.args[1].value.startswith("_"))


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
