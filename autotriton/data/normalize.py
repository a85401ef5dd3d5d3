"""Normalised code, for deduplication and decontamination.

Two sources that differ only in names, comments, docstrings, formatting or
metadata normalise to the same text: every identifier bound in the file
(classes, functions, arguments, variables) becomes a positional placeholder,
while attribute names and library calls (`torch.relu`, `.sum`) are kept, since
they carry the operator's meaning. A renamed copy of a held-out task therefore
has the same fingerprint, and 13-token windows of it overlap entirely.
"""

from __future__ import annotations

import ast
import hashlib
import struct
import io
import tokenize

from autotriton.tasks.contract import METADATA_MARKER, parse_source


class _Renamer(ast.NodeTransformer):
    def __init__(self, bound: set[str]):
        self.bound = bound
        self.names: dict[str, str] = {}

    def _canon(self, name: str) -> str:
        if name not in self.bound:
            return name
        return self.names.setdefault(name, f"v{len(self.names)}")

    def visit_Name(self, node: ast.Name) -> ast.AST:
        node.id = self._canon(node.id)
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        # `self.alpha` -> `self.v3`: attributes of the module itself are names the author
        # chose; attributes of libraries (`torch.relu`, `x.sum`) carry meaning and stay.
        if isinstance(node.value, ast.Name) and node.value.id == "self":
            node.attr = self.names.setdefault("self." + node.attr, f"v{len(self.names)}")
        self.generic_visit(node)
        return node

    def visit_arg(self, node: ast.arg) -> ast.AST:
        node.arg = self._canon(node.arg)
        node.annotation = None
        return node

    def _visit_def(self, node):
        node.name = self._canon(node.name)
        if hasattr(node, "returns"):
            node.returns = None
        _strip_docstring(node)
        self.generic_visit(node)
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _visit_def


def _strip_docstring(node) -> None:
    body = getattr(node, "body", None)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        node.body = body[1:] or [ast.Pass()]


def _bound_names(tree: ast.AST) -> set[str]:
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
    return bound - {"self", "Model", "ModelNew", "get_inputs", "get_init_inputs", "forward", "__init__"}


def normalize_code(source: str) -> str:
    """Canonical text of `source` (metadata, comments, docstrings and names removed).
    Falls back to whitespace-collapsed text for code that does not parse."""
    source = source.split(METADATA_MARKER)[0]
    try:
        tree = parse_source(source)
    except SyntaxError:
        return " ".join(source.split())
    tree.body = [n for n in tree.body if not isinstance(n, (ast.Import, ast.ImportFrom))]
    _strip_docstring(tree)
    tree = _Renamer(_bound_names(tree)).visit(tree)
    return ast.unparse(tree)


def fingerprint(source: str) -> str:
    """Hash of the normalised code: equal for renamed/reformatted copies."""
    return hashlib.sha256(normalize_code(source).encode()).hexdigest()[:20]


def tokens(source: str) -> list[str]:
    """Tokens of the normalised code (no whitespace or comment tokens)."""
    text = normalize_code(source)
    skip = {tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT,
            tokenize.ENDMARKER, tokenize.ENCODING}
    try:
        return [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type not in skip]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return text.split()


def _stable_hash(window: list[str]) -> int:
    # Python's str hash is salted per process; n-gram sets are compared across runs.
    digest = hashlib.blake2b("\x00".join(window).encode(), digest_size=8).digest()
    return struct.unpack("<q", digest)[0]


def ngrams(source: str, n: int = 13) -> set[int]:
    """Stable hashes of every n-token window of the normalised code."""
    toks = tokens(source)
    if len(toks) < n:
        return {_stable_hash(toks)} if toks else set()
    return {_stable_hash(toks[i:i + n]) for i in range(len(toks) - n + 1)}


def call_signature(source: str) -> frozenset[str]:
    """The operations a source calls: `torch.relu`, `F.mse_loss`, `tl.exp`, `.sum` (a method).

    Two short modules can share most of their token windows (imports, get_inputs,
    forward boilerplate) while computing different things; equal call sets are
    what make a structural overlap a copy rather than a sibling task."""
    try:
        tree = parse_source(source.split(METADATA_MARKER)[0])
    except SyntaxError:
        return frozenset()
    calls = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            base = node.func.value
            prefix = base.id if isinstance(base, ast.Name) and base.id in ("torch", "F", "nn", "tl", "triton", "math") else ""
            calls.add(f"{prefix}.{node.func.attr}")
        elif isinstance(node, ast.BinOp):
            calls.add(type(node.op).__name__)
        elif isinstance(node, ast.Attribute) and not (isinstance(node.value, ast.Name) and node.value.id == "self"):
            calls.add("@" + node.attr)  # `a.T` makes A^T @ B a different problem from A @ B
    return frozenset(calls)
