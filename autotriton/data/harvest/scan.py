"""Scan (AST only, executes nothing): each public nn.Module with a forward, copied out of its file
with the helpers, constants and imports it uses, transitively."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from autotriton.data.harvest.sources import SourceFile
from autotriton.tasks.contract import parse_source

# transformers' modular_*.py files are the sources its modeling_*.py files are
# generated from: their classes extend imported ones and would only add near-copies.
SKIPPED_FILE_PREFIXES = ("modular_",)
# A task is a prompt: 32k characters is ~8k tokens, before any reasoning or Triton code.
# Copied with their helpers, half of transformers' classes are under 4.3k characters;
# whole multimodal models reach 118k.
MAX_TASK_CHARS = 32_000


@dataclass
class ClassJob:
    """One class to probe: its copied source and what the task's metadata needs."""

    name: str
    task_id: str
    imports: str  # import lines the class and its helpers need (absolute)
    body: str  # helpers, constants and the class, in file order
    forward_calls: int  # calls in forward: with no submodules, <= 2 is level 1
    provenance: dict


@dataclass
class ScanResult:
    reason: str = ""  # file-level reject ("" when the file parsed)
    detail: str = ""
    classes: list[ClassJob] = field(default_factory=list)
    static_rejects: dict[str, int] = field(default_factory=dict)  # class-level, before probing


def _safe_id(module: str, cls: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", module.replace(".", "_")) + "__" + cls


def _absolute(node: ast.ImportFrom, sf: SourceFile) -> ast.ImportFrom:
    """`from ..x import y` in package a.b.c -> `from a.b.x import y` (unchanged if unresolvable)."""
    if node.level == 0 or sf.module is None:
        return node
    parts = sf.module.split(".") if sf.is_package else sf.module.split(".")[:-1]
    if node.level - 1 > len(parts):
        return node
    base = parts[: len(parts) - (node.level - 1)]
    module = ".".join(base + ([node.module] if node.module else []))
    return ast.ImportFrom(module=module, names=node.names, level=0)


class _Absolutize(ast.NodeTransformer):
    def __init__(self, sf: SourceFile):
        self.sf = sf

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST:
        return ast.copy_location(_absolute(node, self.sf), node)


def _is_doc(stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
        return True
    # torch.nn's `__doc__ = r"""...""".format(**reproducibility_notes)` would pull in notes dicts
    return (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == "__doc__")


# transformers' documentation decorators: they only fill in docstrings, and with the
# docstrings cut, @auto_docstring prints an [ERROR] line per undocumented argument.
_DOC_DECORATORS = ("auto_docstring", "add_start_docstrings", "add_start_docstrings_to_model_forward",
                   "replace_return_docstrings", "add_code_sample_docstrings")


def _decorator_name(node: ast.expr) -> str:
    node = node.func if isinstance(node, ast.Call) else node
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _doc_nodes(node: ast.AST) -> list[ast.AST]:
    """Docstrings, `__doc__ =` assignments and documentation decorators inside `node`
    that can be cut out (a docstring that is a body's only statement stays)."""
    found: list[ast.AST] = []
    for inner in ast.walk(node):
        if isinstance(inner, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            found += [d for d in inner.decorator_list if _decorator_name(d) in _DOC_DECORATORS]
            docs = [s for s in inner.body if _is_doc(s) and (s is inner.body[0] or not isinstance(s, ast.Expr))]
            if len(docs) < len(inner.body):
                found += docs
    return found


class _NameCollector(ast.NodeVisitor):
    """Names a statement reads (over-approximated: locals count too). With
    `from __future__ import annotations`, annotations are never evaluated, so skipped."""

    def __init__(self, skip: set[int], lazy_annotations: bool):
        self.names: set[str] = set()
        self.skip = skip
        self.lazy = lazy_annotations

    def visit(self, node):
        if id(node) in self.skip:
            return
        super().visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        self.names.add(node.id)

    def _visit_annotated(self, node) -> None:
        for name, value in ast.iter_fields(node):
            if self.lazy and name in ("annotation", "returns"):
                continue
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.AST):
                    self.visit(child)

    visit_arg = visit_FunctionDef = visit_AsyncFunctionDef = visit_AnnAssign = _visit_annotated


def _bound_names(node: ast.AST) -> set[str]:
    """Module-level names a (compound) statement binds; function and class bodies are their own scopes."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, ast.Name):
        return {node.id} if isinstance(node.ctx, ast.Store) else set()
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in node.names if a.name != "*"}
    names: set[str] = set()
    for child in ast.iter_child_nodes(node):
        names |= _bound_names(child)
    return names


@dataclass
class _FileIndex:
    """Which top-level statement binds each name; an import binds per alias."""

    tree: ast.Module
    lines: list[str]
    sf: SourceFile
    lazy_annotations: bool
    bindings: dict[str, list[tuple[int, int | None]]]  # name -> [(statement index, alias index or None)]
    docs: set[int]  # ids of docstring nodes to drop

    @classmethod
    def build(cls, tree: ast.Module, text: str, sf: SourceFile) -> "_FileIndex":
        bindings: dict[str, list[tuple[int, int | None]]] = {}
        for i, stmt in enumerate(tree.body):
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                for j, alias in enumerate(stmt.names):
                    if alias.name != "*":
                        bindings.setdefault((alias.asname or alias.name).split(".")[0], []).append((i, j))
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bindings.setdefault(stmt.name, []).append((i, None))
            else:
                for name in _bound_names(stmt):
                    bindings.setdefault(name, []).append((i, None))
        lazy = any(isinstance(s, ast.ImportFrom) and s.module == "__future__"
                   and any(a.name == "annotations" for a in s.names) for s in tree.body)
        docs = {id(d) for stmt in tree.body for d in _doc_nodes(stmt)}
        return cls(tree, text.splitlines(), sf, lazy, bindings, docs)

    def names_used(self, stmt: ast.stmt) -> set[str]:
        collector = _NameCollector(self.docs, self.lazy_annotations)
        collector.visit(stmt)
        return collector.names

    def text(self, stmt: ast.stmt) -> str:
        """The statement's own source lines (decorators included, docstrings cut), or
        its unparsed form when it holds relative imports that need rewriting."""
        if any(isinstance(n, ast.ImportFrom) and n.level for n in ast.walk(stmt)):
            return ast.unparse(_Absolutize(self.sf).visit(stmt))
        start = min([stmt.lineno] + [d.lineno for d in getattr(stmt, "decorator_list", [])])
        drop: set[int] = set()
        for d in ast.walk(stmt):
            if id(d) in self.docs:
                drop.update(range(d.lineno, d.end_lineno + 1))
        return "\n".join(line for n, line in enumerate(self.lines[start - 1: stmt.end_lineno], start)
                         if n not in drop)


def _dependencies(index: _FileIndex, target: int) -> tuple[list[int], dict[int, set[int]]]:
    """Statements (file order) and import aliases the target statement needs, transitively."""
    selected: set[int] = {target}
    aliases: dict[int, set[int]] = {}
    todo = list(index.names_used(index.tree.body[target]))
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for stmt_i, alias_i in index.bindings.get(name, []):
            if alias_i is not None:
                aliases.setdefault(stmt_i, set()).add(alias_i)
            elif stmt_i not in selected:
                selected.add(stmt_i)
                todo.extend(index.names_used(index.tree.body[stmt_i]))
    return sorted(selected), aliases


def _import_lines(index: _FileIndex, aliases: dict[int, set[int]]) -> list[str]:
    lines = ["import torch"]
    if index.lazy_annotations:
        lines.insert(0, "from __future__ import annotations")
    for stmt_i in sorted(aliases):
        stmt = index.tree.body[stmt_i]
        for j in sorted(aliases[stmt_i]):
            if isinstance(stmt, ast.Import):
                node: ast.stmt = ast.Import(names=[stmt.names[j]])
            else:
                node = _absolute(ast.ImportFrom(module=stmt.module, names=[stmt.names[j]], level=stmt.level), index.sf)
            line = ast.unparse(node)
            if line not in lines and "__future__" not in line:
                lines.append(line)
    return lines


_RESERVED = ("Model", "get_inputs", "get_init_inputs")


class _RenameReserved(ast.NodeTransformer):
    """A harvested class or helper called `Model` (KernelBench-style files) would clash with ours."""

    def _new(self, name: str) -> str:
        return f"Harvested{name[0].upper()}{name[1:]}" if name in _RESERVED else name

    def visit_Name(self, node: ast.Name) -> ast.AST:
        node.id = self._new(node.id)
        return node

    def _visit_def(self, node):
        node.name = self._new(node.name)
        self.generic_visit(node)
        return node

    visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _visit_def


def core_source(index: _FileIndex, target: int) -> tuple[str, str, str]:
    """(import lines, body, class name in the body) for the class at statement `target`."""
    selected, aliases = _dependencies(index, target)
    stmts = [index.tree.body[i] for i in selected]
    name = index.tree.body[target].name
    if any(_bound_names(s) & set(_RESERVED) for s in stmts):
        texts = [ast.unparse(_RenameReserved().visit(parse_source(index.text(s)))) for s in stmts]
        name = _RenameReserved()._new(name)
    else:
        texts = [index.text(s) for s in stmts]
    return "\n".join(_import_lines(index, aliases)), "\n\n\n".join(texts), name


# Imported bases whose module path has one of these components are taken for
# nn.Module subclasses (torch.nn's `from .module import Module`, transformers'
# `modeling_layers.GradientCheckpointingLayer`); the worker confirms with issubclass.
_MODULE_PATH_HINTS = ("nn", "module", "modules", "layers")


def _imported_from(tree: ast.Module, sf: SourceFile) -> dict[str, str]:
    origin = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = _absolute(node, sf).module or ""
            for a in node.names:
                origin[a.asname or a.name] = module
        elif isinstance(node, ast.Import):
            for a in node.names:
                origin[(a.asname or a.name).split(".")[0]] = a.name
    return origin


def _is_module_base(base: ast.expr, known: dict[str, bool], origin: dict[str, str]) -> bool:
    text = ast.unparse(base)
    if text in ("Module", "nn.Module", "torch.nn.Module") or text.startswith(("nn.", "torch.nn.")):
        return True
    if not isinstance(base, ast.Name):
        return False
    if base.id in known:
        return known[base.id]
    parts = origin.get(base.id, "").split(".")
    return any(p in _MODULE_PATH_HINTS or p.startswith("modeling") for p in parts)


def _forward(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> ast.FunctionDef | None:
    """forward defined by the class or inherited from a class in the same file."""
    defs = [s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "forward"]
    if defs:
        return defs[-1]  # the implementation, after any @overload stubs
    for base in cls.bases:
        if isinstance(base, ast.Name) and base.id in classes and classes[base.id] is not cls:
            found = _forward(classes[base.id], classes)
            if found is not None:
                return found
    return None


def _count_calls(fn: ast.FunctionDef) -> int:
    return sum(1 for n in ast.walk(fn) if isinstance(n, ast.Call)
               and not (isinstance(n.func, ast.Name) and n.func.id == "super"))


def provenance_of(sf: SourceFile, cls: str) -> dict:
    return {"source": sf.source, "package": sf.package, "version": sf.version, "file": sf.rel,
            "module": sf.module, "class": cls, "licence": sf.licence}


def scan_file(sf: SourceFile) -> ScanResult:
    """Parse a file and build a ClassJob for each public nn.Module class with a forward."""
    if sf.path.name.startswith(SKIPPED_FILE_PREFIXES):
        return ScanResult("skipped_file", "transformers modular source: its generated modeling file is harvested")
    try:
        text = sf.path.read_text(encoding="utf-8")
        tree = parse_source(text)
    except (SyntaxError, ValueError, UnicodeDecodeError) as exc:
        return ScanResult("syntax_error", f"{type(exc).__name__}: {exc}")
    origin = _imported_from(tree, sf)
    classes = {s.name: s for s in tree.body if isinstance(s, ast.ClassDef)}
    known: dict[str, bool] = {}
    result = ScanResult()
    index = None
    for i, stmt in enumerate(tree.body):
        if not isinstance(stmt, ast.ClassDef):
            continue
        known[stmt.name] = any(_is_module_base(b, known, origin) for b in stmt.bases)
        if not known[stmt.name]:
            continue
        forward = _forward(stmt, classes)
        reason = "private_class" if stmt.name.startswith("_") else "no_forward" if forward is None else ""
        if reason:
            result.static_rejects[reason] = result.static_rejects.get(reason, 0) + 1
            continue
        index = index or _FileIndex.build(tree, text, sf)
        imports, body, name = core_source(index, i)
        if len(imports) + len(body) > MAX_TASK_CHARS:
            result.static_rejects["too_long"] = result.static_rejects.get("too_long", 0) + 1
            continue
        module = sf.module or sf.rel
        result.classes.append(ClassJob(name, _safe_id(module, stmt.name), imports, body,
                                       _count_calls(forward), provenance_of(sf, stmt.name)))
    if not result.classes and not result.static_rejects:
        result.reason = "no_module_class"
    return result


