"""`autotriton data harvest`: PyTorch modules from source trees, turned into tasks
(the AutoTriton paper's "collect PyTorch code").

`harvest(sources, out_dir)` walks each source (a directory, a .py file, or
`pkg:NAME` for an installed package such as `pkg:torch.nn` or
`pkg:transformers.models.llama`), finds every `nn.Module` subclass that has a
`forward`, and makes each one a self-contained task in the contract of
`autotriton/tasks/contract.py`:

1. scan (this process, AST only, executes nothing): copy the class with the
   helpers, constants and imports it uses from its file, transitively, with
   relative imports made absolute so they resolve against the installed package
   and docstrings dropped (they were most of a torch.nn class's text);
2. probe (a worker subprocess per file, CPU only): build the class with
   constructor arguments guessed from parameter names, annotations and defaults
   (a transformers `config` becomes the model's own Config class at tiny sizes),
   then try candidate inputs ((B, D), (B, T, D), (B, C, H, W), index tensors, ...)
   until forward runs;
3. validate (same worker): render the task, build it twice from fresh seeds
   exactly as the verifier does, keep it if both runs give identical finite
   tensors; run it in float64 too (else the task says REFERENCE_FP64 = False);
4. dedupe (this process) by `normalize.fingerprint` of the task source, so a
   class copied under another name (transformers' "Copied from" modules) is kept once.

The report counts what survives each filter: parses -> class found (public, has a
forward, copied source under MAX_TASK_CHARS) -> builds -> runs within the time limit
-> outputs are finite tensors -> deterministic -> unique, with a count per reject
reason and a few examples of each.

Out dir: `tasks/<id>.py`, `manifest.jsonl` (one line per kept task),
`progress.jsonl` (one line per finished source file; a rerun skips those),
`report.json`. Everything is written atomically or appended line by line.

Covered: files that do not parse; imports that fail; modules that need CUDA
(CUDA_VISIBLE_DEVICES="") or the network (sockets refused); hangs in Python code
(SIGALRM in the worker) and in native code or with signals blocked (the parent
kills the worker's process group and starts a new one for the file's remaining
classes); crashes, os._exit and sys.exit; random or NaN outputs (uninitialised
parameters read as NaN); non-tensor outputs; outputs that are just an input.

Measured on a shared 2-core CPU (torch 2.13.0+cpu, transformers 5.23.0, 2 workers,
time_limit_s=10): pkg:torch.nn, 136 files -> 123 tasks in 24-71 s (machine load);
llama + gpt2 + bert -> 37 tasks in 16 s; pkg:transformers.models with limit=150
reached 150 tasks after its first 20 model folders in 246 s. Most of the time is one
torch (+ transformers modeling) import per file, ~2 s and ~5 s.

Not covered: the worker is not a sandbox. Harvested code runs with the user's
file permissions, so harvest code you would import anyway. The socket patch is
Python-level, so C extensions can bypass it. Argument and input guesses are
heuristics: a module that takes other modules, strings or nested configs is
rejected (init_unresolved / init_failed), and inputs are at most a few tensors
of one shape.
"""

from __future__ import annotations

import ast
import concurrent.futures as cf
import hashlib
import importlib.metadata
import importlib.util
import inspect
import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from autotriton.data.io import append_jsonl, atomic_write, read_jsonl
from autotriton.data.normalize import fingerprint
from autotriton.tasks.contract import METADATA_MARKER, parse_source

SUITE = "harvest"
# Stages a class can be rejected at, in filter order; "kept" passed them all, "limit"
# passed them all but came after `limit` tasks were kept.
STAGES = ("build", "run", "outputs", "determinism", "dedupe")
# transformers' modular_*.py files are the sources its modeling_*.py files are
# generated from: their classes extend imported ones and would only add near-copies.
SKIPPED_FILE_PREFIXES = ("modular_",)
# Address space a worker may map beyond torch's own: importing transformers takes
# ~0.5 GiB; 8 GiB stops a module that builds full-size weights (a composite config's
# default sub-configs asked for 512 MiB tensors) before it takes down a 16-worker box.
WORKER_EXTRA_ADDRESS_SPACE_GB = 8
# Importing a transformers modeling file cold takes 6 s on a quiet 2-core machine.
PRELOAD_BUDGET_S = 120.0
DEADLINE_GRACE_S = 5.0  # parent waits this long past the worker's own alarm before killing
# A task is a prompt: 32k characters is ~8k tokens, before any reasoning or Triton code.
# Copied with their helpers, half of transformers' classes are under 4.3k characters;
# whole multimodal models reach 118k.
MAX_TASK_CHARS = 32_000


class HarvestError(ValueError):
    """A source argument is wrong (unknown package, missing path): a user mistake."""


# ====================================================================== sources

@dataclass(frozen=True)
class SourceFile:
    source: str  # the argument it came from
    path: Path
    rel: str  # provenance path: relative to the package's parent dir, or to the source dir
    module: str | None  # dotted module name; relative imports resolve against it
    is_package: bool  # an __init__.py: relative imports are relative to the module itself
    sys_path: str | None  # directory the worker prepends to sys.path so `module` imports
    package: str | None  # distribution name
    version: str | None
    licence: str | None
    installed: bool  # from pkg:NAME: the worker may import the original module first


def _distribution(top: str) -> tuple[str | None, str | None, str | None]:
    """(distribution, version, licence) of an installed top-level package, from its metadata."""
    dists = importlib.metadata.packages_distributions().get(top, [])
    if not dists:
        return None, None, None
    meta = importlib.metadata.metadata(dists[0])
    licence = meta.get("License-Expression") or ""
    if not licence and meta.get("License") and len(meta["License"]) < 80:  # some paste the whole text
        licence = meta["License"]
    if not licence:
        classifiers = meta.get_all("Classifier") or []
        licence = next((c.split("::")[-1].strip() for c in classifiers if c.startswith("License ::")), "")
    return dists[0], meta.get("Version"), licence or None


def _walk(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def _dotted(rel: Path) -> tuple[str, bool]:
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _package_files(source: str, name: str) -> list[SourceFile]:
    top, *rest = name.split(".")
    spec = importlib.util.find_spec(top)  # a top-level lookup imports nothing
    if spec is None:
        raise HarvestError(f"{source}: no installed package '{top}'")
    if spec.submodule_search_locations:
        base = Path(list(spec.submodule_search_locations)[0])
    elif not rest and spec.origin:
        base = Path(spec.origin)
    else:
        raise HarvestError(f"{source}: '{top}' is a module, not a package")
    target = base.joinpath(*rest)
    if target.is_dir():
        paths = _walk(target)
    elif target.with_suffix(".py").is_file() or target.suffix == ".py":
        paths = [target if target.suffix == ".py" else target.with_suffix(".py")]
    else:
        raise HarvestError(f"{source}: '{name}' not found under {base}")
    dist, version, licence = _distribution(top)
    root = base.parent
    files = []
    for p in paths:
        module, is_pkg = _dotted(p.relative_to(root))
        files.append(SourceFile(source, p, str(p.relative_to(root)), module, is_pkg, None,
                                dist or top, version, licence, True))
    return files


def _dir_files(source: str, root: Path) -> list[SourceFile]:
    """Files of a directory. A package directory (with __init__.py) is imported as
    `dirname.sub.mod` from its parent; a plain directory's files are top-level modules."""
    paths = _walk(root) if root.is_dir() else [root]
    base = root if root.is_dir() else root.parent
    anchor = base.parent if (base / "__init__.py").exists() else base
    files = []
    for p in paths:
        module, is_pkg = _dotted(p.relative_to(anchor))
        files.append(SourceFile(source, p, str(p.relative_to(base)), module, is_pkg, str(anchor),
                                None, None, None, False))
    return files


def resolve_sources(sources: Sequence[str]) -> list[SourceFile]:
    """Every .py file of every source, each once (the first source to reach it)."""
    files: dict[Path, SourceFile] = {}
    for source in sources:
        if source.startswith("pkg:"):
            found = _package_files(source, source[4:])
        else:
            path = Path(source)
            if not (path.is_dir() or (path.is_file() and path.suffix == ".py")):
                raise HarvestError(f"{source}: not a directory, a .py file or pkg:NAME")
            found = _dir_files(source, path.resolve())
        for f in found:
            files.setdefault(f.path.resolve(), f)
    return list(files.values())


# ====================================================================== scan (AST only)

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


def _provenance(sf: SourceFile, cls: str) -> dict:
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
                                       _count_calls(forward), _provenance(sf, stmt.name)))
    if not result.classes and not result.static_rejects:
        result.reason = "no_module_class"
    return result


# ====================================================================== worker: guesses

# Constructor parameter names -> small ints: (regex, value, role). First match wins;
# a role names the constant an input's size comes from. Anything else int-like is a
# feature size: 32 for the first (the input's), 64 after (hidden/out sizes).
_INT_RULES = (
    (r"^(num_heads|nhead|nheads|n_heads?|heads|num_attention_heads)$", 4, ""),
    (r"^(num_key_value_heads|num_kv_heads|n_kv_heads)$", 2, ""),
    (r"kernel", 3, ""),
    (r"^(stride|dilation|padding)$", 1, ""),
    (r"^(num_groups|output_size)$", 4, ""),
    (r"factor$|ratio$", 2, ""),
    (r"vocab|num_embeddings|^n_tokens?$|num_tokens", 128, "vocab"),
    (r"classes|num_labels", 10, ""),
    (r"^(layer_idx|layer_id|layer_index|idx|index)$", 0, ""),
    (r"layers$|^depth$", 2, ""),
    (r"max_len|max_seq|position|seq_len|block_size|context", 64, ""),
    (r"out", 64, ""),
)
_FLOAT_NAMES = re.compile(r"eps|drop|^p$|alpha|beta|gamma|lambd|^scale$|temperature|margin|threshold"
                          r"|slope|momentum|^value$|min_val|max_val|^tau$")
_FLOAT_RULES = ((r"eps", 1e-5), (r"drop|^p$|^value$|min_val", 0.0), (r"", 0.5))
# Parameters that take another module or callable: nothing sensible to guess.
_UNRESOLVABLE = re.compile(r"^(module|modules|layer|block|encoder_layer|decoder_layer|fn|func|net|backbone"
                           r"|model|encoder|decoder|activation|act_layer|norm_layer)$")
_DROPOUT = re.compile(r"dropout|pdrop|drop_prob|drop_rate|drop_path")

# Transformers config fields set to tiny sizes: (field, constant, value). Fields the
# model's Config does not take are skipped; fields sharing a constant stay consistent
# (head_dim 16 = hidden 64 / 4 heads).
_CONFIG_SIZES = (
    *[(f, "HIDDEN_SIZE", 64) for f in ("hidden_size", "n_embd", "d_model", "embed_dim", "dim")],
    *[(f, "INTERMEDIATE_SIZE", 128) for f in ("intermediate_size", "n_inner", "ffn_dim", "d_ff", "hidden_dim",
                                              "encoder_ffn_dim", "decoder_ffn_dim", "moe_intermediate_size",
                                              "shared_expert_intermediate_size")],
    *[(f, "NUM_HEADS", 4) for f in ("num_attention_heads", "n_head", "num_heads", "n_heads",
                                    "encoder_attention_heads", "decoder_attention_heads")],
    ("num_key_value_heads", "NUM_KV_HEADS", 2),
    *[(f, "HEAD_DIM", 16) for f in ("head_dim", "d_kv")],
    ("vocab_size", "VOCAB_SIZE", 128),
    *[(f, "MAX_POSITIONS", 64) for f in ("max_position_embeddings", "n_positions", "n_ctx")],
    *[(f, "NUM_LAYERS", 2) for f in ("num_hidden_layers", "n_layer", "num_layers", "n_layers",
                                     "encoder_layers", "decoder_layers")],
    *[(f, "NUM_EXPERTS", 4) for f in ("num_experts", "num_local_experts", "n_routed_experts")],
    ("num_experts_per_tok", "EXPERTS_PER_TOKEN", 2),
    ("image_size", "IMAGE_SIZE", 32),
    ("patch_size", "PATCH_SIZE", 8),
    ("num_channels", "IMAGE_CHANNELS", 3),
)
# Input sizes: small enough that the largest probe (a tiny causal LM) runs in ~0.1 s on one core.
_INPUT_SIZES = {"BATCH": 4, "SEQ_LEN": 16, "HEIGHT": 16, "WIDTH": 16, "DEPTH": 4, "FEATURES": 32, "HEAD_DIM": 16}
_TARGET_NAMES = ("target", "targets", "label", "labels", "y")


@dataclass
class _Call:
    """Arguments a wrapper passes to the harvested class's __init__ or forward."""

    names: list[str]  # parameter names (the wrapper's signature)
    exprs: list[str]  # one Python expression per name, rendered into get_init_inputs/get_inputs
    positional: bool  # the names are a prefix of the positional parameters: pass positionally
    star: bool = False  # the harvested signature is (*args): pass positionally, wrapper takes *args


@dataclass
class _InitPlan:
    call: _Call
    constants: dict[str, int]
    setup: list[str] = field(default_factory=list)  # lines before `return` in get_init_inputs
    imports: list[str] = field(default_factory=list)
    feature: str = "FEATURES"  # constant holding the input's feature size
    vocab: str | None = None  # constant bounding integer (index) inputs
    config: bool = False


@dataclass
class _InputPlan:
    call: _Call
    constants: dict[str, int]


def _positional_prefix(sig, names: list[str]) -> bool:
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    positional = [p.name for p in sig.parameters.values() if p.kind in kinds and p.name != "self"]
    return positional[: len(names)] == names


def _int_guess(name: str, state: dict) -> tuple[int, str]:
    for pattern, value, role in _INT_RULES:
        if re.search(pattern, name):
            return value, role
    if state.get("feature"):
        return 64, ""
    return 32, "feature"


def _guess(param, state: dict) -> str | None:
    """Expression for one constructor parameter (None: keep its default); records
    integer sizes as constants in state["constants"]. Raises LookupError if unguessable."""
    name, ann, default = param.name, param.annotation, param.default
    ann_text = ann if isinstance(ann, str) else getattr(ann, "__name__", "")
    required = default is inspect.Parameter.empty
    if name in ("device", "dtype"):
        return None
    if not required:
        if _DROPOUT.search(name) and isinstance(default, float) and default > 0:
            return "0.0"
        # defaults sized for real models (d_model=512, dim_feedforward=2048) are shrunk
        if not (isinstance(default, int) and not isinstance(default, bool) and default > 64):
            return None
    elif _UNRESOLVABLE.match(name) or ann_text == "str":
        raise LookupError(f"cannot guess constructor argument '{name}'")
    elif ann_text == "bool":
        return "True" if name == "batch_first" else "False"
    elif ann_text == "float" or (ann_text != "int" and _FLOAT_NAMES.search(name)):
        return repr(next(v for p, v in _FLOAT_RULES if re.search(p, name)))
    value, role = _int_guess(name, state)
    const = name.upper()
    state["constants"][const] = value
    if role and not state.get(role):
        state[role] = const
    return const


def _plain_plan(cls, sig) -> _InitPlan:
    state: dict = {"constants": {}}
    names, exprs = [], []
    for p in list(sig.parameters.values())[1:]:
        if p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            continue
        expr = _guess(p, state)
        if expr is not None:
            names.append(p.name)
            exprs.append(expr)
    return _InitPlan(_Call(names, exprs, _positional_prefix(sig, names)), state["constants"],
                     feature=state.get("feature") or "FEATURES", vocab=state.get("vocab"))


def _is_config_class(obj) -> bool:
    return isinstance(obj, type) and obj.__name__.endswith("Config") and hasattr(obj, "to_json_string")


def _config_candidates(cls, sig, core, original: str | None) -> list[type]:
    """The Config classes a `config` parameter may want: its annotation first, then
    Config classes visible to the class's module, the best name match first."""
    ann = sig.parameters["config"].annotation
    if isinstance(ann, str):
        try:
            ann = eval(ann, vars(core))  # noqa: S307 - a worker evaluating the harvested file's own annotation
        except Exception:  # noqa: BLE001 - a string annotation that does not resolve: look elsewhere
            ann = None
    found = [ann] if _is_config_class(ann) else []
    spaces = [vars(core)] + ([vars(sys.modules[original])] if original in sys.modules else [])
    for space in spaces:
        found += [v for v in space.values() if _is_config_class(v) and v not in found]

    def prefix(c: type) -> int:
        stem = c.__name__[: -len("Config")]
        return len(os.path.commonprefix([stem, cls.__name__]))
    return found[:1] + sorted(found[1:], key=prefix, reverse=True)[:2]


def _config_plan(cls, sig, config_cls: type, core_name: str, taken: set[str]) -> _InitPlan:
    cfg_params = inspect.signature(config_cls.__init__).parameters
    alias = "Config" if "Config" not in taken else "TaskConfig"
    imports = []
    if config_cls.__module__ == core_name:
        alias = config_cls.__name__
    else:
        imports.append(f"from {config_cls.__module__} import {config_cls.__name__} as {alias}")
    constants, kwargs = {}, []
    for fname, const, value in _CONFIG_SIZES:
        if fname in cfg_params:
            constants[const] = value
            kwargs.append(f"{fname}={const}")
    for fname, p in cfg_params.items():
        if _DROPOUT.search(fname) and isinstance(p.default, float) and p.default > 0:
            kwargs.append(f"{fname}=0.0")
    if "use_cache" in cfg_params:
        kwargs.append("use_cache=False")
    for fname, token in (("pad_token_id", 0), ("bos_token_id", 1), ("eos_token_id", 2)):
        default = cfg_params[fname].default if fname in cfg_params else None
        if isinstance(default, int) and default >= constants.get("VOCAB_SIZE", 1 << 30):
            kwargs.append(f"{fname}={token}")  # GPT-2's 50256 is outside a 128-token vocabulary
    # eager attention: deterministic, and runs in float64 (sdpa/flash kernels may not)
    kwargs.append('attn_implementation="eager"')
    setup = ["config = " + alias + "(\n" + "".join(f"        {k},\n" for k in kwargs) + "    )"]
    state: dict = {"constants": constants, "feature": "HIDDEN_SIZE" if "HIDDEN_SIZE" in constants else None}
    names, exprs = [], []
    for p in list(sig.parameters.values())[1:]:
        if p.name == "config":
            names.append("config")
            exprs.append("config")
        elif p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            expr = _guess(p, state)
            if expr is not None:
                names.append(p.name)
                exprs.append(expr)
    return _InitPlan(_Call(names, exprs, _positional_prefix(sig, names)), constants, setup, imports,
                     feature=state.get("feature") or "FEATURES",
                     vocab="VOCAB_SIZE" if "VOCAB_SIZE" in constants else None, config=True)


def _init_plans(cls, core, original: str | None, taken: set[str]) -> list[_InitPlan]:
    import torch
    try:
        sig = inspect.signature(cls.__init__)
    except (TypeError, ValueError):
        return [_InitPlan(_Call([], [], True), {})]
    params = list(sig.parameters.values())[1:]
    named = [p for p in params if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if not named and cls.__init__ is not torch.nn.Module.__init__ and params:
        # (*args, **kwargs), e.g. nn.LSTM: try no arguments, then (input size, hidden size)
        sizes = [[], ["FEATURES"], ["FEATURES", "FEATURES"]]
        return [_InitPlan(_Call([], s, True, star=True), {"FEATURES": 32}) for s in sizes]
    if "config" in sig.parameters:
        cands = _config_candidates(cls, sig, core, original)
        if cands:
            return [_config_plan(cls, sig, c, core.__name__, taken) for c in cands]
    return [_plain_plan(cls, sig)]


def _input_kind(name: str) -> str:
    if name in ("input_ids", "ids", "tokens", "token_ids", "indices", "decoder_input_ids"):
        return "index"
    if name == "position_ids":
        return "position_ids"
    if name in ("position_embeddings", "pos_emb", "rotary_pos_emb"):
        return "rope"
    if "mask" in name or name in ("past_key_value", "past_key_values", "cache", "layer_past", "past"):
        return "none"
    if name in ("pixel_values", "images"):
        return "pixels"
    if name in _TARGET_NAMES:
        return "target"
    return "float"


def _shapes(feature: str, cls_name: str, config: bool) -> list[tuple[str, ...]]:
    flat, seq, chan = ("BATCH", feature), ("BATCH", "SEQ_LEN", feature), ("BATCH", feature, "SEQ_LEN")
    image, volume = ("BATCH", feature, "HEIGHT", "WIDTH"), ("BATCH", feature, "DEPTH", "HEIGHT", "WIDTH")
    name = cls_name.lower()
    if name.endswith("1d"):
        return [chan, flat, seq]
    if name.endswith("2d"):
        return [image, seq, chan]
    if name.endswith("3d"):
        return [volume, image]
    if config:
        return [seq, flat, image, chan]
    return [flat, seq, image, chan, volume]


def _expr(kind: str, shape: tuple[str, ...], variant: str, plan: _InitPlan, consts: dict) -> str | None:
    """Expression for one forward argument, or None if this kind does not fit the shape."""
    dims = ", ".join(shape)
    feature = plan.feature
    if kind == "float" or (kind == "target" and variant != "index_target"):
        return f"torch.{'rand' if variant == 'rand' else 'randn'}({dims})"
    if kind == "target":
        rest = list(shape)
        rest.remove(feature)
        return f"torch.randint(0, {feature}, ({', '.join(rest)},))"
    if kind == "index":
        return f"torch.randint(0, {plan.vocab or feature}, (BATCH, SEQ_LEN))"
    if kind == "position_ids":
        return "torch.arange(SEQ_LEN).repeat(BATCH, 1)"
    if kind == "rope":
        if "SEQ_LEN" not in shape:
            return None
        return "(torch.randn(BATCH, SEQ_LEN, HEAD_DIM), torch.randn(BATCH, SEQ_LEN, HEAD_DIM))"
    if kind == "pixels":
        size = "IMAGE_SIZE" if "IMAGE_SIZE" in consts else "HEIGHT"
        channels = "IMAGE_CHANNELS" if "IMAGE_CHANNELS" in consts else "3"
        return f"torch.randn(BATCH, {channels}, {size}, {size})"
    return "None"


def _input_plans(model, init: _InitPlan, init_values: list) -> list[_InputPlan]:
    """Candidate forward arguments, most plausible first: required parameters (or the
    first one if none is), optionally with rotary position embeddings, over a few shapes."""
    sig = inspect.signature(model.forward)
    params = [p for p in sig.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    star = not params and any(p.kind == p.VAR_POSITIONAL for p in sig.parameters.values())
    chosen = [p.name for p in params if p.default is p.empty] or [p.name for p in params[:1]]
    choices = [chosen]
    if "position_embeddings" in sig.parameters and "position_embeddings" not in chosen:
        order = [p.name for p in params]
        choices.append(sorted(chosen + ["position_embeddings"], key=order.index))
    consts = {**_INPUT_SIZES, **init.constants}
    consts["HEAD_DIM"] = init.constants.get("HEAD_DIM") or _head_dim(init_values)
    shapes = _shapes(init.feature, type(model).__name__, init.config)
    variants = ["randn", "rand"] + (["index_target"] if any(n in _TARGET_NAMES for n in chosen) else [])
    seq = ("BATCH", "SEQ_LEN", init.feature)
    plans, seen = [], set()
    for names in choices:
        kinds = ["float"] if star else [_input_kind(n) for n in names]
        attempts = [(kinds, s, v) for s in shapes for v in variants]
        if kinds and kinds[0] == "index":
            attempts.insert(0, (kinds, seq, "randn"))
        elif kinds and init.vocab:  # e.g. nn.Embedding's `input`: floats first, then indices
            attempts.append((["index"] + kinds[1:], seq, "randn"))
        for ks, shape, variant in attempts:
            exprs = [_expr(k, shape, variant, init, consts) for k in ks]
            if None in exprs or tuple(exprs) in seen:
                continue
            seen.add(tuple(exprs))
            used = {c: v for c, v in consts.items() if any(re.search(rf"\b{c}\b", e) for e in exprs)}
            call = _Call([] if star else names, exprs, star or _positional_prefix(sig, names), star=star)
            plans.append(_InputPlan(call, used))
    return plans


def _head_dim(init_values: list) -> int:
    for v in init_values:
        if hasattr(v, "to_json_string"):
            heads = getattr(v, "num_attention_heads", 0) or 1
            return int(getattr(v, "head_dim", 0) or getattr(v, "hidden_size", 64) // heads)
    return _INPUT_SIZES["HEAD_DIM"]


# ====================================================================== worker: rendering

def _call_text(call: _Call) -> tuple[str, str]:
    """(wrapper parameters, arguments passed to super())."""
    if call.star:
        return "*args", "*args"
    params = ", ".join(call.names)
    args = params if call.positional else ", ".join(f"{n}={n}" for n in call.names)
    return params, args


def _render_model(base: str, init: _Call, fwd: _Call, out_kind: str) -> str:
    params, args = _call_text(init)
    lines = [f"class Model({base}):",
             f"    def __init__(self{', ' + params if params else ''}):",
             f"        super().__init__({args})",
             "        self.eval()  # dropout off, norms use running statistics"]
    if not fwd.positional or out_kind in ("filter", "to_tuple"):
        params, args = _call_text(fwd)
        lines += ["", f"    def forward(self{', ' + params if params else ''}):"]
        if out_kind in ("filter", "to_tuple"):
            to_tuple = ".to_tuple()" if out_kind == "to_tuple" else ""
            lines += [f"        out = super().forward({args})",
                      f"        tensors = tuple(t for t in out{to_tuple} if isinstance(t, torch.Tensor))",
                      "        return tensors[0] if len(tensors) == 1 else tensors"]
        else:
            lines.append(f"        return super().forward({args})")
    return "\n".join(lines)


def _render_returns(exprs: list[str]) -> str:
    if not exprs:
        return "    return []"
    if sum(len(e) + 2 for e in exprs) < 80:
        return f"    return [{', '.join(exprs)}]"
    return "    return [\n" + "".join(f"        {e},\n" for e in exprs) + "    ]"


def _render_init_inputs(plan: _InitPlan) -> str:
    lines = ["def get_init_inputs():"] + [f"    {s}" for s in plan.setup]
    return "\n".join(lines + [_render_returns(plan.call.exprs)])


def _render_inputs(plan: _InputPlan) -> str:
    return "def get_inputs():\n" + _render_returns(plan.call.exprs)


def _metadata(job: dict, level: int, reference_fp64: bool) -> str:
    prov = job["provenance"]
    lines = [METADATA_MARKER, 'SPLIT = "train"', f"LEVEL = {level}",
             f"TAGS = {['harvested', prov.get('package') or 'local', prov['class']]!r}",
             f"PROVENANCE = {prov!r}"]
    if not reference_fp64:
        lines.append("REFERENCE_FP64 = False  # the module does not run, or runs differently, in float64")
    return "\n".join(lines) + "\n"


def render_task(job: dict, init: _InitPlan, inputs: _InputPlan, out_kind: str, level: int,
                reference_fp64: bool) -> str:
    prov = job["provenance"]
    where = f"{prov.get('package') or prov['source']} {prov.get('version') or ''}".strip()
    header = (f'"""Harvested `{prov["class"]}` ({where}, {prov["file"]}).\n\n'
              f'Model is the module in eval mode; sizes are the UPPERCASE constants."""')
    imports = job["imports"] + "".join("\n" + i for i in init.imports)
    constants = {**init.constants, **inputs.constants}
    const_text = "\n".join(f"{k} = {v}" for k, v in constants.items())
    parts = [header, imports, const_text, job["body"],
             _render_model(job["name"], init.call, inputs.call, out_kind),
             _render_inputs(inputs), _render_init_inputs(init)]
    return "\n\n\n".join(p for p in parts if p) + "\n\n\n" + _metadata(job, level, reference_fp64)


# ====================================================================== worker: probing

class _Timeout(BaseException):
    """Raised by SIGALRM; a BaseException so harvested `except Exception` blocks let it through."""


class _NetworkRefused(OSError):
    pass


class _Rejected(Exception):
    def __init__(self, stage: str, reason: str, detail: str = ""):
        super().__init__(f"{stage}: {reason}: {detail}")
        self.stage, self.reason, self.detail = stage, reason, detail


def _alarm(_signum, _frame):
    raise _Timeout("time limit")


class _budget:
    """SIGALRM after `seconds`, or earlier if an enclosing budget runs out first."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.outer_deadline: float | None = None

    def __enter__(self):
        outer, _ = signal.getitimer(signal.ITIMER_REAL)
        self.outer_deadline = time.monotonic() + outer if outer > 0 else None
        signal.setitimer(signal.ITIMER_REAL, min(self.seconds, outer) if outer > 0 else self.seconds)

    def __exit__(self, *exc):
        if self.outer_deadline is None:
            signal.setitimer(signal.ITIMER_REAL, 0)
        else:  # give the enclosing budget back what it had left (it may fire at once)
            signal.setitimer(signal.ITIMER_REAL, max(1e-3, self.outer_deadline - time.monotonic()))
        return False


def _refuse_network() -> None:
    import socket

    def refuse(*_args, **_kwargs):
        raise _NetworkRefused("network access refused by the harvest worker")
    socket.socket.connect = refuse
    socket.socket.connect_ex = refuse
    socket.create_connection = refuse
    socket.getaddrinfo = refuse


def _reason(exc: BaseException, default: str) -> str:
    text = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, _Timeout):
        return "timeout"
    if isinstance(exc, _NetworkRefused) or re.search(r"offline mode|couldn't connect|network access", text, re.I):
        return "needs_network"
    if isinstance(exc, MemoryError) or re.search(r"can't allocate memory|out of memory", text, re.I):
        return "oom"  # past WORKER_EXTRA_ADDRESS_SPACE_GB: e.g. full-size default sub-configs
    if re.search(r"cuda|nvidia|gpu", text, re.I):
        return "needs_cuda"
    if isinstance(exc, ImportError):
        return "import_error"
    if isinstance(exc, (SystemExit, KeyboardInterrupt)):
        return "crash"
    return default


def _short(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:300]


def _load(source: str, name: str, workdir: str):
    from autotriton.verify.loading import module_from_source
    path = os.path.join(workdir, f"{name}.py")
    with open(path, "w") as f:
        f.write(source)
    return module_from_source(source, name, path)


def _build(cls, plan: _InitPlan, core):
    import torch
    ns = dict(vars(core))
    ns.update(plan.constants)
    exec("\n".join(plan.imports + [_render_init_inputs(plan)]), ns)  # noqa: S102 - our rendered code
    with torch.device("cpu"):
        torch.manual_seed(0)
        values = ns["get_init_inputs"]()
        torch.manual_seed(0)
        model = cls(*values) if plan.call.star else _instantiate(cls, plan.call, values)
    return model.eval(), values


def _instantiate(cls, call: _Call, values: list):
    if call.positional:
        return cls(*values)
    return cls(**dict(zip(call.names, values)))


def _inputs(plan: _InputPlan) -> list:
    import torch
    ns = {"torch": torch, **plan.constants}
    exec(_render_inputs(plan), ns)  # noqa: S102 - our rendered code
    torch.manual_seed(1)
    return ns["get_inputs"]()


def _forward_call(model, call: _Call, values: list):
    import torch
    with torch.no_grad():
        if call.positional:
            return model(*values)
        return model(**dict(zip(call.names, values)))


def _flat(out) -> list:
    if isinstance(out, (tuple, list)):
        return [t for item in out for t in _flat(item)]
    return [out]


def _output_kind(out) -> str:
    import torch
    if isinstance(out, torch.Tensor):
        return "tensor"
    if isinstance(out, (tuple, list)):
        flat = _flat(out)
        if flat and all(isinstance(t, torch.Tensor) for t in flat):
            return "tensors"
        if any(isinstance(t, torch.Tensor) for t in out):
            return "filter"
    if hasattr(out, "to_tuple") and any(isinstance(t, torch.Tensor) for t in out.to_tuple()):
        return "to_tuple"
    return ""


def _kept_outputs(out, kind: str) -> list:
    import torch
    if kind == "to_tuple":
        out = out.to_tuple()
    if kind in ("filter", "to_tuple"):
        return [t for t in out if isinstance(t, torch.Tensor)]
    return _flat(out)


def _output_problem(outs: list, inputs: list) -> str:
    import torch
    if any(t.is_complex() for t in outs):
        return "complex_output"
    if any(t.numel() == 0 for t in outs):
        return "empty_output"
    if any(t.is_floating_point() and not bool(torch.isfinite(t).all()) for t in outs):
        return "nonfinite"
    ins = [x for x in _flat(inputs) if isinstance(x, torch.Tensor)]
    if all(any(t.data_ptr() == x.data_ptr() and t.shape == x.shape for x in ins) for t in outs):
        return "identity"  # nn.Identity, dropout in eval: nothing to write a kernel for
    return ""


@dataclass
class _Found:
    init: _InitPlan
    inputs: _InputPlan
    out_kind: str
    has_children: bool


def _try_inputs(model, plan: _InitPlan, values: list, time_limit_s: float, notes: dict) -> _Found | None:
    for xp in _input_plans(model, plan, values):
        try:
            args = _inputs(xp)
            start = time.perf_counter()
            with _budget(time_limit_s):
                out = _forward_call(model, xp.call, args)
            elapsed = time.perf_counter() - start
        except _Timeout:
            raise _Rejected("run", "timeout", f"forward did not finish in {time_limit_s} s") from None
        except BaseException as exc:  # noqa: BLE001 - a harvested forward failing is data
            notes.setdefault("run", exc)
            continue
        if elapsed > time_limit_s:
            raise _Rejected("run", "timeout", f"forward took {elapsed:.1f} s > {time_limit_s} s")
        kind = _output_kind(out)
        problem = _output_problem(_kept_outputs(out, kind), args) if kind else "not_tensor_output"
        if problem:
            notes.setdefault("outputs", problem)
            continue
        return _Found(plan, xp, kind, any(True for _ in model.children()))
    return None


def _search(cls, core, job: dict, time_limit_s: float, step: Callable[[str], None]) -> _Found:
    """The first constructor plan and input plan under which forward runs and gives usable outputs."""
    notes: dict = {}
    try:
        plans = _init_plans(cls, core, job.get("original"), set(vars(core)))
    except LookupError as exc:
        raise _Rejected("build", "init_unresolved", str(exc)) from None
    for plan in plans:
        step("build")
        try:
            model, values = _build(cls, plan, core)
        except _Timeout:
            raise
        except BaseException as exc:  # noqa: BLE001 - a harvested constructor failing is data
            notes.setdefault("build", exc)
            continue
        step("run")
        found = _try_inputs(model, plan, values, time_limit_s, notes)
        if found is not None:
            return found
    if "outputs" in notes:
        raise _Rejected("outputs", notes["outputs"])
    if "run" in notes:
        raise _Rejected("run", _reason(notes["run"], "forward_failed"), _short(notes["run"]))
    exc = notes.get("build")
    raise _Rejected("build", _reason(exc, "init_failed") if exc else "init_failed", _short(exc) if exc else "")


def _run_task(mod, forward_seed: int, fp64: bool = False) -> list:
    """Build and run a rendered task the way the verifier does."""
    import torch
    from autotriton.verify.loading import to_device
    with torch.device("cpu"):
        torch.manual_seed(0)
        init = mod.get_init_inputs()
        torch.manual_seed(0)
        model = mod.Model(*init)
        torch.manual_seed(1)
        inputs = mod.get_inputs()
    if fp64:
        model = model.double()
        inputs = to_device(inputs, "cpu", lambda d: torch.float64)
    torch.manual_seed(forward_seed)
    with torch.no_grad():
        return _flat(model(*inputs))


def _close64(a, b) -> bool:
    """float64 output matches the float32 one to float32 precision (so a float64 reference
    does not make correct float32 kernels look wrong)."""
    import torch
    if a.shape != b.shape:
        return False
    if not a.is_floating_point():
        return torch.equal(a, b.to(a.dtype))
    a64, b64 = a.double(), b.double()
    if not bool(torch.isfinite(b64).all()):
        return False
    rms = float(a64.pow(2).mean().sqrt()) if a64.numel() else 0.0
    return bool(((a64 - b64).abs() <= 1e-3 * rms + 1e-3 * a64.abs() + 1e-6).all())


def _validate(source: str, name: str, workdir: str) -> bool:
    """Deterministic and finite from fresh builds; returns whether float64 works too."""
    import torch
    try:
        mod = _load(source, name, workdir)
        first, second = _run_task(mod, 11), _run_task(mod, 22)
    except _Timeout:
        raise
    except BaseException as exc:  # noqa: BLE001 - the rendered task failing is data (a guess that does not hold)
        raise _Rejected("outputs", "task_failed", _short(exc)) from None
    if not all(isinstance(t, torch.Tensor) for t in first):
        raise _Rejected("outputs", "not_tensor_output")
    if any(t.is_floating_point() and not bool(torch.isfinite(t).all()) for t in first):
        raise _Rejected("outputs", "nonfinite")
    if len(first) != len(second) or not all(a.shape == b.shape and torch.equal(a, b) for a, b in zip(first, second)):
        raise _Rejected("determinism", "nondeterministic", "two fresh builds with the same seed differ")
    try:
        out64 = _run_task(mod, 11, fp64=True)
    except _Timeout:
        raise
    except BaseException:  # noqa: BLE001 - no float64 kernel is data: the task says REFERENCE_FP64 = False
        return False
    return len(out64) == len(first) and all(_close64(a, b) for a, b in zip(first, out64))


def _level(found: _Found, forward_calls: int) -> int:
    if found.has_children:
        return 3
    return 1 if forward_calls <= 2 else 2


def _probe(job: dict, workdir: str, time_limit_s: float, step: Callable[[str, str], None]) -> dict:
    """One class: import its copied source, search arguments, render, validate."""
    import torch
    step("import", "build")
    try:
        with _budget(5 * time_limit_s):
            core = _load(job["imports"] + "\n\n" + job["body"], f"harvest_core_{job['task_id']}", workdir)
    except BaseException as exc:  # noqa: BLE001 - a harvested file failing to import is data
        return {"stage": "build", "reason": _reason(exc, "import_error"), "detail": _short(exc)}
    cls = getattr(core, job["name"], None)
    if not (isinstance(cls, type) and issubclass(cls, torch.nn.Module)):
        return {"stage": "build", "reason": "not_module", "detail": f"{job['name']} is not an nn.Module"}
    stage = ["build"]

    def sub(name: str) -> None:
        stage[0] = name
        step("search", name)
    try:
        with _budget(6 * time_limit_s):
            found = _search(cls, core, job, time_limit_s, sub)
        step("validate", "outputs")
        stage[0] = "outputs"
        source = render_task(job, found.init, found.inputs, found.out_kind, 0, True)
        with _budget(4 * time_limit_s):
            fp64 = _validate(source, f"harvest_task_{job['task_id']}", workdir)
    except _Rejected as rej:
        return {"stage": rej.stage, "reason": rej.reason, "detail": rej.detail}
    except BaseException as exc:  # noqa: BLE001 - a timeout or exit raised from harvested code is data
        return {"stage": stage[0] if stage[0] != "outputs" else "run", "reason": _reason(exc, "crash"),
                "detail": _short(exc)}
    level = _level(found, job["forward_calls"])
    source = render_task(job, found.init, found.inputs, found.out_kind, level, fp64)
    return {"stage": "kept", "source": source, "level": level, "reference_fp64": fp64}


def _worker_main() -> None:
    """Entry point of `python -c` workers: a job (JSON line) on stdin, events (JSON lines)
    on the original stdout; harvested code's own prints go to stderr."""
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    job = json.loads(sys.stdin.readline())

    def emit(**event) -> None:
        proto.write(json.dumps(event) + "\n")
    import resource

    import torch
    torch.set_num_threads(1)  # `workers` processes share the cores
    # The cap is on top of what torch itself maps (a CUDA build maps several GB more).
    with open("/proc/self/statm") as f:
        cap = int(f.read().split()[0]) * resource.getpagesize() + (WORKER_EXTRA_ADDRESS_SPACE_GB << 30)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    # Uninitialised memory reads as NaN: parameters left as torch.empty (transformers v5
    # initialises them in PreTrainedModel.post_init, which a bare submodule never calls)
    # give NaN here instead of garbage that may happen to repeat across two builds.
    torch.use_deterministic_algorithms(True, warn_only=True)
    _refuse_network()
    signal.signal(signal.SIGALRM, _alarm)
    if job.get("original"):
        try:
            with _budget(PRELOAD_BUDGET_S):
                importlib.import_module(job["original"])
        except BaseException as exc:  # noqa: BLE001 - logged; each class then fails on its own import
            print(f"harvest: preloading {job['original']} failed: {_short(exc)}", file=sys.stderr)
    emit(event="ready")
    for i, cls_job in enumerate(job["classes"]):
        if i < job["start"]:
            continue
        emit(event="start", index=i)
        result = _probe(dict(cls_job, original=job["original"]), job["workdir"], job["time_limit_s"],
                        lambda phase, stage, i=i: emit(event="phase", index=i, phase=phase, stage=stage))
        emit(event="result", index=i, **result)
    proto.close()
    os._exit(0)  # harvested code may have left non-daemon threads behind


# ====================================================================== parent: running workers

@dataclass
class ClassOutcome:
    name: str
    task_id: str
    stage: str  # "kept", or the stage (STAGES) it was rejected at
    reason: str = ""
    detail: str = ""
    level: int = 0
    reference_fp64: bool = True
    source: str = field(default="", repr=False)

    def record(self) -> dict:
        d = asdict(self)
        d.pop("source")
        return d


def _worker_env(workdir: str, sf: SourceFile) -> dict:
    repo = str(Path(__file__).resolve().parents[2])
    path = [repo] + ([sf.sys_path] if sf.sys_path else []) + [os.environ.get("PYTHONPATH", "")]
    env = {k: os.environ[k] for k in ("PATH", "LANG", "LC_ALL", "LD_LIBRARY_PATH") if k in os.environ}
    env.update(HOME=workdir, PYTHONPATH=os.pathsep.join(p for p in path if p), CUDA_VISIBLE_DEVICES="",
               HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", OMP_NUM_THREADS="1",
               TOKENIZERS_PARALLELISM="false", PYTHONDONTWRITEBYTECODE="1")
    return env


def _phase_deadline(phase: str, time_limit_s: float) -> float:
    budget = {"ready": PRELOAD_BUDGET_S + 30, "import": 5 * time_limit_s, "search": 6 * time_limit_s,
              "validate": 4 * time_limit_s}[phase]
    return time.monotonic() + budget + DEADLINE_GRACE_S


class _Worker:
    """One worker process and the events it writes."""

    def __init__(self, job: dict, env: dict, workdir: str):
        self.stderr = open(os.path.join(workdir, "stderr.log"), "w+b")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from autotriton.data.harvest import _worker_main; _worker_main()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, cwd=workdir, env=env,
            start_new_session=True)
        self.proc.stdin.write((json.dumps(job) + "\n").encode())
        self.proc.stdin.close()
        self.buf = b""

    def next_event(self, deadline: float) -> dict | str:
        """The next event, or "timeout" / "exited"."""
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return "timeout"
            ready, _, _ = select.select([fd], [], [], remaining)
            if ready:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    return "exited"
                self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        try:
            return json.loads(line)
        except json.JSONDecodeError:
            return self.next_event(deadline)  # not ours: harvested code wrote to a guessed fd

    def stderr_tail(self) -> str:
        self.stderr.seek(0, os.SEEK_END)
        self.stderr.seek(max(0, self.stderr.tell() - 400))
        return self.stderr.read().decode(errors="replace").strip().replace("\n", " | ")[-300:]

    def close(self) -> None:
        try:  # the whole group: processes the harvested code started die with the worker
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass  # already gone, with everything it started
        self.proc.wait()
        self.proc.stdout.close()
        self.stderr.close()


def _run_worker(sf: SourceFile, jobs: list[ClassJob], start: int, time_limit_s: float,
                outcomes: dict[int, ClassOutcome], workdir: str) -> int:
    """Run one worker from class `start`; returns the index of the next class to run
    (after a kill or crash, the one after the culprit)."""
    job = {"original": sf.module if sf.installed else None, "time_limit_s": time_limit_s, "start": start,
           "workdir": workdir, "classes": [asdict(j) for j in jobs]}
    worker = _Worker(job, _worker_env(workdir, sf), workdir)
    current, phase, stage = None, "ready", "build"
    deadline = _phase_deadline("ready", time_limit_s)
    try:
        while True:
            event = worker.next_event(deadline)
            if isinstance(event, str):
                break
            if event["event"] == "start":
                current, phase, stage = event["index"], "import", "build"
                deadline = _phase_deadline(phase, time_limit_s)
            elif event["event"] == "phase":
                if event["phase"] != phase:
                    phase = event["phase"]
                    deadline = _phase_deadline(phase, time_limit_s)
                stage = event["stage"]
            elif event["event"] == "result":
                j = jobs[event["index"]]
                outcomes[event["index"]] = ClassOutcome(
                    j.name, j.task_id, event["stage"], event.get("reason", ""), event.get("detail", ""),
                    event.get("level", 0), event.get("reference_fp64", True), event.get("source", ""))
                current = None
        if current is None and len(outcomes) == len(jobs):
            return len(jobs)
        tail = worker.stderr_tail()
    finally:
        worker.close()
    if event == "timeout":
        reason, detail = "timeout", f"no answer in the {phase} phase; worker killed"
    else:
        reason, detail = "crash", f"worker exited {worker.proc.returncode}: {tail}"
    if current is None:  # died before its first class: the file's remaining classes all fail
        for i in range(start, len(jobs)):
            outcomes.setdefault(i, ClassOutcome(jobs[i].name, jobs[i].task_id, "build", reason, detail))
        return len(jobs)
    outcomes[current] = ClassOutcome(jobs[current].name, jobs[current].task_id, stage if stage != "outputs" else "run",
                                     reason, detail)
    return current + 1


def _probe_file(sf: SourceFile, jobs: list[ClassJob], time_limit_s: float) -> list[ClassOutcome]:
    outcomes: dict[int, ClassOutcome] = {}
    with tempfile.TemporaryDirectory(prefix="harvest_") as workdir:
        start = 0
        while start < len(jobs):
            start = _run_worker(sf, jobs, start, time_limit_s, outcomes, workdir)
    return [outcomes[i] for i in range(len(jobs))]


@dataclass
class FileResult:
    file: SourceFile
    key: str
    scan: ScanResult
    outcomes: list[ClassOutcome]


def _file_key(sf: SourceFile) -> str:
    digest = hashlib.sha256(sf.path.read_bytes()).hexdigest()[:16]
    return f"{sf.path.resolve()}@{digest}"


def process_file(sf: SourceFile, time_limit_s: float) -> FileResult:
    """Scan a file and probe its classes (in one worker; more after kills)."""
    scan = scan_file(sf)
    outcomes = _probe_file(sf, scan.classes, time_limit_s) if scan.classes else []
    return FileResult(sf, _file_key(sf), scan, outcomes)


# ====================================================================== parent: outputs and report

@dataclass
class HarvestReport:
    """What survived each filter, cumulative over every run into the same out_dir."""

    sources: list[str]
    files: int = 0  # .py files finished (this and earlier runs)
    files_resumed: int = 0  # skipped by this run: finished by an earlier one
    files_parsed: int = 0
    classes_found: int = 0  # public nn.Module subclasses with a forward
    built: int = 0
    ran: int = 0  # forward ran within the time limit
    valid_outputs: int = 0  # finite, non-empty tensors that are not just an input
    deterministic: int = 0
    kept: int = 0  # also unique by fingerprint
    kept_fp64: int = 0  # kept tasks whose reference runs in float64
    levels: dict[str, int] = field(default_factory=dict)
    rejects: dict[str, int] = field(default_factory=dict)  # reason -> count (file, class and dedupe)
    examples: dict[str, list[str]] = field(default_factory=dict)  # reason -> a few "file:Class: detail"
    elapsed_s: float = 0.0  # this run
    time_limit_s: float = 0.0
    workers: int = 0

    def to_dict(self) -> dict:
        return asdict(self)


def _count(report: HarvestReport, reason: str, example: str, n: int = 1) -> None:
    report.rejects[reason] = report.rejects.get(reason, 0) + n
    examples = report.examples.setdefault(reason, [])
    if len(examples) < 3:
        examples.append(example[:300])


def build_report(records: list[dict], sources: Sequence[str]) -> HarvestReport:
    report = HarvestReport(sources=list(sources), files=len(records))
    for rec in records:
        if rec["reason"] and rec["reason"] != "no_module_class":
            _count(report, rec["reason"], f"{rec['file']}: {rec['detail']}")
            continue
        report.files_parsed += 1
        if rec["reason"]:
            _count(report, rec["reason"], rec["file"])
        for reason, n in rec["static_rejects"].items():
            _count(report, reason, rec["file"], n)
        for c in rec["classes"]:
            report.classes_found += 1
            passed = STAGES.index(c["stage"]) if c["stage"] in STAGES else len(STAGES)
            report.built += passed > 0
            report.ran += passed > 1
            report.valid_outputs += passed > 2
            report.deterministic += passed > 3
            if c["stage"] == "kept":
                report.kept += 1
                report.kept_fp64 += bool(c["reference_fp64"])
                report.levels[str(c["level"])] = report.levels.get(str(c["level"]), 0) + 1
            else:
                _count(report, c["reason"], f"{rec['file']}:{c['name']}: {c['detail']}")
    return report


@dataclass
class _State:
    """What out_dir already holds: one record per file (the latest), kept fingerprints."""

    out_dir: Path
    records: dict[str, dict]  # file key -> progress record
    fingerprints: dict[str, str]  # fingerprint -> task id

    @classmethod
    def load(cls, out_dir: Path) -> "_State":
        records = {r["key"]: r for r in read_jsonl(out_dir / "progress.jsonl")}
        manifest = read_jsonl(out_dir / "manifest.jsonl")
        return cls(out_dir, records, {m["fingerprint"]: m["task_id"] for m in manifest})

    def done(self, key: str) -> bool:
        return key in self.records and not self.records[key]["partial"]

    @property
    def kept(self) -> int:
        return len(self.fingerprints)

    def finish(self, result: FileResult, limit: int | None) -> None:
        """Dedupe and write a file's tasks. Classes past `limit` are recorded as over_limit
        and the file as partial, so a later run with a larger limit redoes it."""
        partial = False
        for outcome in result.outcomes:
            if outcome.stage != "kept":
                continue
            fp = fingerprint(outcome.source)
            owner = self.fingerprints.get(fp)
            if owner is not None and owner != outcome.task_id:
                outcome.stage, outcome.reason, outcome.detail = "dedupe", "duplicate", f"same fingerprint as {owner}"
            elif owner is None and limit is not None and self.kept >= limit:
                outcome.stage, outcome.reason, partial = "limit", "over_limit", True
            else:
                self._write_task(outcome, result.file, fp, new=owner is None)
        record = {"key": result.key, "source": result.file.source, "file": result.file.rel, "partial": partial,
                  "reason": result.scan.reason, "detail": result.scan.detail,
                  "static_rejects": result.scan.static_rejects,
                  "classes": [o.record() for o in result.outcomes]}
        append_jsonl(self.out_dir / "progress.jsonl", record)
        self.records[result.key] = record

    def _write_task(self, outcome: ClassOutcome, sf: SourceFile, fp: str, new: bool) -> None:
        path = f"tasks/{outcome.task_id}.py"
        atomic_write(self.out_dir / path, outcome.source)
        if new:
            append_jsonl(self.out_dir / "manifest.jsonl", {
                "task_id": outcome.task_id, "path": path, "provenance": _provenance(sf, outcome.name),
                "fingerprint": fp, "level": outcome.level, "reference_fp64": outcome.reference_fp64})
            self.fingerprints[fp] = outcome.task_id


def harvest(sources: Sequence[str], out_dir: Path, *, time_limit_s: float = 10.0, workers: int = 2,
            limit: int | None = None, progress: Callable[[int, int], None] | None = None) -> HarvestReport:
    """Harvest nn.Module classes from `sources` into tasks under `out_dir`.

    time_limit_s: a forward may take this long; the worker's alarms and the parent's
    hard kill are multiples of it. workers: files probed in parallel (one process each).
    limit: keep at most this many tasks in out_dir; no file is started once it is reached,
    and a file cut short is redone by a later run with a larger limit.
    progress(done, total) is called after each file this run processes."""
    start = time.perf_counter()
    out_dir = Path(out_dir)
    (out_dir / "tasks").mkdir(parents=True, exist_ok=True)
    files = resolve_sources(sources)
    state = _State.load(out_dir)
    todo = [f for f in files if not state.done(_file_key(f))]
    done = 0
    with cf.ThreadPoolExecutor(max(1, workers)) as pool:
        queue = iter(todo)
        pending: set[cf.Future] = set()
        while True:
            while len(pending) < max(1, workers) and (limit is None or state.kept < limit):
                sf = next(queue, None)
                if sf is None:
                    break
                pending.add(pool.submit(process_file, sf, time_limit_s))
            if not pending:
                break
            finished, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for fut in finished:
                state.finish(fut.result(), limit)
                done += 1
                if progress is not None:
                    progress(done, len(todo))
    report = build_report(list(state.records.values()), sources)
    report.files_resumed, report.elapsed_s = len(files) - len(todo), round(time.perf_counter() - start, 2)
    report.time_limit_s, report.workers = time_limit_s, workers
    atomic_write(out_dir / "report.json", json.dumps(report.to_dict(), indent=2) + "\n")
    return report
