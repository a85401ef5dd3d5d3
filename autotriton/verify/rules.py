"""Static rule checks on candidate source: an AST walk, never regexes.

`RULES` is the table of rules, one reason each. `check_rules(source)` returns
every violation with its line. These run before anything executes, so a
candidate that imports `os` never gets to call `os._exit`.

The compute rules apply to *reachable* code: `ModelNew`'s methods other than
`__init__`, the module-level functions they call, and the methods of classes
they build (transitively). `__init__` may use torch freely (building layers,
initialising parameters). Static analysis cannot type `a + b`, so tensor
arithmetic through operators is caught at run time by the dispatch hook in
`runner.py` instead; these rules give the early, well-explained rejections.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

import torch

from autotriton.tasks.contract import parse_source

RULES: dict[str, str] = {
    "missing_modelnew": "the candidate must define class ModelNew",
    "no_triton_kernel": "at least one @triton.jit (or autotuned) kernel must be defined",
    "torch_compute": "forward and its helpers may only allocate, view and cast with torch; "
    "torch math, torch.nn.functional and nn layer calls would do the work outside Triton",
    "matmul_operator": "the @ operator is a torch matmul (cuBLAS), not a Triton kernel",
    "try_except": "try/except lets a failing kernel fall back to torch or hide errors",
    "torch_compile": "torch.compile/Inductor/TorchScript/torch.ops generate or call non-candidate kernels",
    "forbidden_import": "only torch, triton, math and pure stdlib helpers may be imported; "
    "threads, processes, ctypes, os/sys, numpy and the like escape the checks",
    "monkey_patch": "assigning attributes of imported modules can fake timing or results",
    "tensor_subclass": "tensor subclasses and __torch_function__ can defer or fake work",
    "io_access": "file, environment and dynamic-lookup builtins (open, eval, getattr, dunders) "
    "can reach anything the other rules forbid",
    "references_model": "ModelNew must not use the task's reference Model",
}


@dataclass(frozen=True)
class RuleViolation:
    rule: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: [{self.rule}] {self.message}"


ALLOWED_IMPORTS = (
    "torch", "torch.nn", "torch.nn.functional", "torch.nn.init",
    "triton", "triton.language",
    "math", "typing", "functools", "itertools", "collections", "dataclasses",
    "operator", "numbers", "enum", "abc", "__future__",
)
# Module prefixes importable with their submodules (libdevice lives at several
# paths across Triton versions).
ALLOWED_IMPORT_PREFIXES = ("triton.language.",)

COMPILER_PATHS = ("torch.compile", "torch._inductor", "torch._dynamo", "torch.ops",
                  "torch.jit", "torch.fx", "torch.export", "torch.utils.cpp_extension")

FORBIDDEN_BUILTINS = frozenset({
    "eval", "exec", "compile", "open", "__import__", "getattr", "setattr", "delattr",
    "globals", "locals", "vars", "input", "breakpoint", "exit", "quit", "__builtins__",
})

# Frame, code and traceback attributes: with them a candidate can walk up to the
# checker's frames and read the reference output without any import.
INTROSPECTION_ATTRS = frozenset({
    "gi_frame", "gi_code", "gi_yieldfrom", "cr_frame", "cr_code", "cr_await", "ag_frame", "ag_code",
    "f_back", "f_locals", "f_globals", "f_builtins", "f_code", "f_trace", "tb_frame", "tb_next",
    "co_code", "co_consts", "func_globals", "func_code",
})

ALLOWED_TORCH_CALLS = frozenset({
    "empty", "empty_like", "empty_strided", "zeros", "zeros_like", "ones", "ones_like",
    "full", "full_like", "Size", "device", "finfo", "iinfo", "is_tensor", "is_floating_point",
    "get_default_dtype", "promote_types", "no_grad", "inference_mode", "is_grad_enabled",
    "cuda.current_device", "cuda.device_count", "cuda.get_device_properties",
    "cuda.get_device_capability", "cuda.is_available", "cuda.device", "cuda.synchronize",
    "cuda.current_stream",
})

ALLOWED_TENSOR_METHODS = frozenset({
    "size", "stride", "dim", "ndimension", "numel", "nelement", "element_size", "data_ptr",
    "storage_offset", "is_contiguous", "contiguous", "view", "view_as", "reshape", "reshape_as",
    "permute", "transpose", "t", "unsqueeze", "squeeze", "flatten", "unflatten", "expand",
    "expand_as", "narrow", "select", "movedim", "as_strided", "unbind", "split", "chunk",
    "to", "float", "half", "bfloat16", "double", "int", "long", "cuda", "cpu", "detach",
    "new_empty", "new_zeros", "new_ones", "new_full", "new_empty_strided", "fill_", "zero_",
    "get_device", "item", "is_floating_point", "requires_grad_", "type",
})
# Every public Tensor method not allowlisted is compute, e.g. sum, exp, relu, add, clone.
TENSOR_COMPUTE_METHODS = frozenset(
    m for m in dir(torch.Tensor) if not m.startswith("_")
) - ALLOWED_TENSOR_METHODS

KERNEL_DECORATORS = frozenset({"jit", "autotune", "heuristics"})


def dotted_name(node: ast.AST) -> str | None:
    """`a.b.c` for a chain of Attributes ending in a Name, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


class _Module:
    """Facts about the candidate module that the rule walk needs."""

    def __init__(self, tree: ast.Module):
        self.tree = tree
        self.aliases: dict[str, str] = {}  # local name -> dotted origin, from imports
        self.functions: dict[str, ast.FunctionDef] = {}
        self.classes: dict[str, ast.ClassDef] = {}
        self.kernels: set[str] = set()
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions[node.name] = node
            elif isinstance(node, ast.ClassDef):
                self.classes[node.name] = node
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    local = a.asname or a.name.split(".")[0]
                    self.aliases[local] = a.name if a.asname else a.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.module:
                for a in node.names:
                    self.aliases[a.asname or a.name] = f"{node.module}.{a.name}"
        for name, fn in self.functions.items():
            if any(self._is_kernel_decorator(d) for d in fn.decorator_list):
                self.kernels.add(name)

    def resolve(self, node: ast.AST) -> str | None:
        """Dotted path with the import alias of its root expanded."""
        dotted = dotted_name(node)
        if dotted is None:
            return None
        root, _, rest = dotted.partition(".")
        if root in self.aliases:
            return self.aliases[root] + ("." + rest if rest else "")
        return dotted

    def _is_kernel_decorator(self, dec: ast.AST) -> bool:
        target = dec.func if isinstance(dec, ast.Call) else dec
        path = self.resolve(target) or ""
        return path.startswith("triton") and path.rsplit(".", 1)[-1] in KERNEL_DECORATORS


def _import_violations(mod: _Module) -> list[RuleViolation]:
    out = []
    for node in ast.walk(mod.tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if any(a.name == "*" for a in node.names):
                out.append(RuleViolation("forbidden_import", node.lineno, "star imports hide what is used"))
                continue
            base = node.module or ""
            names = [base] if base in ALLOWED_IMPORTS else [f"{base}.{a.name}" for a in node.names]
            if base in ALLOWED_IMPORTS:
                # `from torch import compile` / `from torch import ops` still count as compilers.
                names += [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in COMPILER_PATHS]
        for name in names:
            if name.startswith(COMPILER_PATHS):
                out.append(RuleViolation("torch_compile", node.lineno, f"imports {name}"))
            elif name not in ALLOWED_IMPORTS and not name.startswith(ALLOWED_IMPORT_PREFIXES) \
                    and not _is_allowed_member(name):
                out.append(RuleViolation("forbidden_import", node.lineno, f"imports {name}"))
    return out


def _is_allowed_member(name: str) -> bool:
    """`from torch import nn` or `from triton import language`: a member of an allowed module."""
    parent, _, _ = name.rpartition(".")
    return parent in ALLOWED_IMPORTS


def _anywhere_violations(mod: _Module) -> list[RuleViolation]:
    """Rules that hold for the whole module, not just forward."""
    out = []
    imported_roots = set(mod.aliases)
    for node in ast.walk(mod.tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            out.append(RuleViolation("try_except", line, "try/except is not allowed"))
        elif isinstance(node, ast.Name) and node.id in FORBIDDEN_BUILTINS:
            out.append(RuleViolation("io_access", line, f"uses builtin {node.id}"))
        elif isinstance(node, ast.Attribute):
            if node.attr.startswith("__") and node.attr.endswith("__") and node.attr != "__init__":
                out.append(RuleViolation("io_access", line, f"accesses dunder attribute {node.attr}"))
            if node.attr in INTROSPECTION_ATTRS:
                out.append(RuleViolation("io_access", line, f"accesses frame/code attribute {node.attr}"))
            path = mod.resolve(node) or ""
            if path.startswith(COMPILER_PATHS):
                out.append(RuleViolation("torch_compile", line, f"uses {path}"))
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for t in targets:
                root = dotted_name(t)
                if isinstance(t, ast.Attribute) and root and root.split(".")[0] in imported_roots:
                    out.append(RuleViolation("monkey_patch", line, f"assigns {root}"))
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                if (mod.resolve(base) or "") in ("torch.Tensor", "torch._C.TensorBase"):
                    out.append(RuleViolation("tensor_subclass", line, f"{node.name} subclasses torch.Tensor"))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in (
                "__torch_function__", "__torch_dispatch__"):
            out.append(RuleViolation("tensor_subclass", line, f"defines {node.name}"))
    return out


def _reachable(mod: _Module) -> list[ast.FunctionDef]:
    """ModelNew's non-__init__ methods and everything they call, minus kernels."""
    todo: list[ast.ClassDef | ast.FunctionDef] = [mod.classes["ModelNew"]]
    seen_classes: set[str] = set()
    seen_funcs: set[int] = set()
    out: list[ast.FunctionDef] = []
    while todo:
        item = todo.pop()
        if isinstance(item, ast.ClassDef):
            if item.name in seen_classes:
                continue
            seen_classes.add(item.name)
            for stmt in item.body:
                if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    if stmt.name == "__init__":
                        todo.extend(_classes_built(mod, stmt))
                    else:
                        todo.append(stmt)
            continue
        if id(item) in seen_funcs or item.name in mod.kernels:
            continue
        seen_funcs.add(id(item))
        out.append(item)
        for node in ast.walk(item):
            if isinstance(node, ast.Name) and node.id in mod.functions:
                todo.append(mod.functions[node.id])
            elif isinstance(node, ast.Name) and node.id in mod.classes:
                todo.append(mod.classes[node.id])
    return out


def _classes_built(mod: _Module, init: ast.FunctionDef) -> list[ast.ClassDef]:
    return [mod.classes[n.id] for n in ast.walk(init) if isinstance(n, ast.Name) and n.id in mod.classes]


def _nn_layer_attrs(mod: _Module) -> set[str]:
    """`self.X` attributes assigned an nn layer in any __init__."""
    layers = set()
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            path = mod.resolve(node.value.func) or ""
            if path.startswith("torch.nn.") and path.split(".")[2][:1].isupper() \
                    and path not in ("torch.nn.Parameter", "torch.nn.ParameterList", "torch.nn.ModuleList"):
                for t in node.targets:
                    if isinstance(t, ast.Attribute) and dotted_name(t.value) == "self":
                        layers.add(t.attr)
    return layers


def _torch_reference_ok(path: str) -> bool:
    """Is a reference to `torch.<...>` harmless in forward (alloc, dtype, device)?"""
    rest = path[len("torch."):]
    if rest in ALLOWED_TORCH_CALLS or rest.startswith("nn.Parameter"):
        return True
    obj = torch
    for part in rest.split("."):
        obj = vars(obj).get(part) if isinstance(obj, type(torch)) else None
        if obj is None:
            return False
    if isinstance(obj, type):
        # torch.Tensor in an isinstance check is fine; building torch.nn.Linear in forward is not.
        return not rest.startswith("nn.")
    return isinstance(obj, (torch.dtype, torch.device, type(torch)))


def _compute_violations(mod: _Module) -> list[RuleViolation]:
    out = []
    helpers = {f.name for f in mod.classes["ModelNew"].body if isinstance(f, ast.FunctionDef)}
    for cls in mod.classes.values():
        helpers |= {f.name for f in cls.body if isinstance(f, ast.FunctionDef)}
    layers = _nn_layer_attrs(mod)
    for fn in _reachable(mod):
        for node in ast.walk(fn):
            line = getattr(node, "lineno", fn.lineno)
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
                out.append(RuleViolation("matmul_operator", line, f"{fn.name} uses the @ operator"))
            elif isinstance(node, ast.Name) and node.id == "Model":
                out.append(RuleViolation("references_model", line, f"{fn.name} uses Model"))
            elif isinstance(node, (ast.Attribute, ast.Name)) and not isinstance(node.ctx, ast.Store):
                # Inner links of a chain (`torch`, `torch.nn`) are modules and pass;
                # the full chain (`torch.nn.functional.relu`) is what gets judged.
                path = mod.resolve(node) or ""
                if path.startswith("torch.") and not _torch_reference_ok(path):
                    out.append(RuleViolation("torch_compute", line, f"{fn.name} uses {path}"))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = dotted_name(node.func.value)
                name = node.func.attr
                if owner and owner.split(".")[0] in mod.aliases:
                    continue  # module function: handled by the torch path check above
                if owner == "self" and name in layers:
                    out.append(RuleViolation("torch_compute", line, f"{fn.name} calls nn layer self.{name}"))
                elif name in TENSOR_COMPUTE_METHODS and not (owner == "self" and name in helpers):
                    out.append(RuleViolation("torch_compute", line, f"{fn.name} calls tensor method .{name}()"))
    return out


def check_rules(source: str) -> list[RuleViolation]:
    """All rule violations in `source` (which must parse). Empty means static_ok."""
    tree = parse_source(source)
    mod = _Module(tree)
    out = _import_violations(mod) + _anywhere_violations(mod)
    if "ModelNew" not in mod.classes:
        out.append(RuleViolation("missing_modelnew", 1, RULES["missing_modelnew"]))
    if not mod.kernels:
        out.append(RuleViolation("no_triton_kernel", 1, RULES["no_triton_kernel"]))
    if "ModelNew" in mod.classes:
        cls = mod.classes["ModelNew"]
        if any(dotted_name(b) == "Model" for b in cls.bases):
            out.append(RuleViolation("references_model", cls.lineno, "ModelNew subclasses Model"))
        for node in ast.walk(cls):  # __init__ included: building a Model is as bad as calling one
            if isinstance(node, ast.Name) and node.id == "Model":
                out.append(RuleViolation("references_model", node.lineno, "ModelNew uses Model"))
        out += _compute_violations(mod)
    # One line per (rule, line) keeps the feedback readable.
    unique = {(v.rule, v.line): v for v in out}
    return sorted(unique.values(), key=lambda v: (v.line, v.rule))
