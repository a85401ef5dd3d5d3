"""Reading Inductor's wrapper module: its Triton kernels (cleaned into plain @triton.jit functions),
the example arguments of `call`, and the library calls that block a rewrite."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

import triton.language as tl

from autotriton.data.teachers.inductor.helpers import HELPERS, LIBDEVICE_TO_TL
from autotriton.tasks.contract import parse_source
from autotriton.verify.rules import dotted_name


class Unsupported(Exception):
    """Something in the capture this rewriter does not handle; becomes Rewrite.reason."""


@dataclass
class Notes:
    """Inductor's comments above a kernel definition."""

    source_nodes: str = ""  # "layer_norm, relu"
    aten: str = ""  # "aten.native_layer_norm, aten.relu"
    mapping: list[str] = field(default_factory=list)  # "layer_norm => add, add_1, rsqrt"
    graph: list[str] = field(default_factory=list)  # raw "%x : ... = call_function[...]" lines


@dataclass
class Kernel:
    inductor_name: str
    name: str
    kind: str  # pointwise | persistent_reduction | reduction
    grid_type: str  # Grid1D | Grid2D | Grid2DWithYZOverflow
    size_hints: dict[str, int]
    fn: ast.FunctionDef
    params: list[str]  # runtime arguments, the order `.run(...)` passes them
    constexprs: list[str]  # XBLOCK, R0_BLOCK, ...
    body_consts: dict[str, int]  # `R0_BLOCK: tl.constexpr = 64` and the like
    helpers: set[str]
    notes: Notes
    blocks: dict[str, int] = field(default_factory=dict)
    num_warps: int = 4
    # The combine functions a scan passes to tl.associative_scan (Inductor's `_triton_helper_fn_add0`),
    # renamed to be unique in the module; emitted above the kernel.
    combines: list[ast.FunctionDef] = field(default_factory=list)


@dataclass
class ExampleTensor:
    shape: tuple[int, ...]
    stride: tuple[int, ...]
    device: str
    dtype: str


def _notes(lines: list[str]) -> Notes:
    notes = Notes()
    section = ""
    for line in lines:
        text = line.lstrip("#").strip()
        m = re.match(r"Topologically Sorted Source Nodes: \[(.*?)\], Original ATen: \[(.*?)\]", text)
        if m:
            notes.source_nodes, notes.aten = m.group(1), m.group(2)
        elif text.startswith("Source node to ATen node mapping"):
            section = "mapping"
        elif text.startswith("Graph fragment"):
            section = "graph"
        elif section == "mapping" and "=>" in text:
            notes.mapping.append(text)
        elif section == "graph" and "call_function" in text:
            notes.graph.append(text)
    return notes


def _comment_block(code_lines: list[str], lineno: int) -> list[str]:
    """The run of comment lines directly above 1-based line `lineno`."""
    out = []
    i = lineno - 2
    while i >= 0 and code_lines[i].startswith("#"):
        out.append(code_lines[i])
        i -= 1
    return out[::-1]


def dotted(node: ast.AST) -> str:
    """`a.b.c`, or "" for anything else (so string methods apply without a None check)."""
    return dotted_name(node) or ""


def _kernel_name(inductor_name: str, taken: set[str]) -> str:
    m = re.match(r"triton_[a-z]+_fused_(.*)_\d+$", inductor_name)
    stem = re.sub(r"_+", "_", m.group(1)).strip("_") + "_kernel" if m else "kernel"
    name, i = stem, 1
    while name in taken:
        i += 1
        name = f"{stem}_{i}"
    taken.add(name)
    return name


def _heuristics(fn: ast.FunctionDef) -> tuple[str, str, dict[str, int]]:
    """(kind, grid_type, size_hints) from the @triton_heuristics.<kind>(...) decorator."""
    for dec in fn.decorator_list:
        if isinstance(dec, ast.Call) and dotted(dec.func).startswith("triton_heuristics."):
            kind = dotted(dec.func).split(".")[1]
            kw = {k.arg: k.value for k in dec.keywords}
            hints = ast.literal_eval(kw["size_hints"]) if "size_hints" in kw else {}
            grid_type = ""
            meta = kw.get("inductor_meta")
            if isinstance(meta, ast.Dict):
                for key, value in zip(meta.keys, meta.values):
                    if isinstance(key, ast.Constant) and key.value == "grid_type":
                        grid_type = ast.literal_eval(value)
            return kind, grid_type, hints
    raise Unsupported(f"kernel {fn.name} has no triton_heuristics decorator")


class _KernelCleaner(ast.NodeTransformer):
    """Inductor runtime names -> plain Triton: triton_helpers, tl_math and libdevice."""

    def __init__(self, kernel_name: str):
        self.kernel_name = kernel_name
        self.helpers: set[str] = set()

    def visit_Attribute(self, node: ast.Attribute):
        path = dotted(node)
        root, _, member = path.partition(".")
        if root == "triton_helpers":
            return self._helper(member, member, node)
        if root == "libdevice":
            if member in LIBDEVICE_TO_TL:
                return self._tl(LIBDEVICE_TO_TL[member], node)
            return self._helper(path, member, node)
        if root == "tl_math":
            if not hasattr(tl, member):
                raise Unsupported(f"{self.kernel_name}: tl_math.{member} is not in triton.language")
            return self._tl(member, node)
        return self.generic_visit(node)

    def _helper(self, key: str, member: str, node: ast.AST) -> ast.Name:
        if key not in HELPERS:
            raise Unsupported(f"{self.kernel_name}: {dotted(node)} has no rewrite")
        self.helpers.add(key)
        return ast.copy_location(ast.Name(id=HELPERS[key][0], ctx=ast.Load()), node)

    @staticmethod
    def _tl(member: str, node: ast.AST) -> ast.Attribute:
        return ast.copy_location(ast.Attribute(value=ast.Name("tl", ast.Load()), attr=member, ctx=ast.Load()), node)


# Calls with no side effects: an assignment of one whose target is never read is dead.
_PURE_CALLS = frozenset({"tl.where", "tl.broadcast_to", "tl.full", "tl.arange", "tl.zeros", "tl.program_id",
                         "tl.num_programs"})


def _is_pure(node: ast.AST) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and dotted(sub.func) not in _PURE_CALLS:
            return False
    return True


def _drop_dead_assignments(fn: ast.FunctionDef) -> None:
    """Remove `name = <pure expr>` whose name is never read (Inductor's rnumel/roffset
    aliases, unused broadcasts), until nothing changes."""
    while True:
        loaded = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}

        def dead(stmt: ast.stmt) -> bool:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
                target, value = stmt.targets[0], stmt.value
            elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
                target, value = stmt.target, stmt.value
            else:
                return False
            return isinstance(target, ast.Name) and target.id not in loaded and _is_pure(value)

        removed = False
        for node in ast.walk(fn):
            for attr in ("body", "orelse"):
                stmts = getattr(node, attr, None)
                if isinstance(stmts, list) and stmts and isinstance(stmts[0], ast.stmt):
                    kept = [s for s in stmts if not dead(s)]
                    if len(kept) != len(stmts):
                        setattr(node, attr, kept or [ast.Pass()])
                        removed = True
        if not removed:
            return


def _combine_functions(inductor_name: str, fns: list[ast.FunctionDef], taken: set[str]) -> dict[str, ast.FunctionDef]:
    """Inductor's `_triton_helper_fn_<op><i>` combine functions (cumsum's add, cumprod's mul), renamed
    `<op>_combine` and unique across the module: each kernel's source defines its own."""
    renamed = {}
    for fn in fns:
        m = re.fullmatch(r"_triton_helper_fn_(\w+?)\d*", fn.name)
        if m is None:
            raise Unsupported(f"{inductor_name}: a second function {fn.name} that is not a combine function")
        # Inductor names a combine by all its ops (logcumsumexp's has 12): keep short ones only.
        stem = f"{m.group(1)}_combine" if m.group(1).count("_") < 2 else "scan_combine"
        name, i = stem, 1
        while name in taken:
            i += 1
            name = f"{stem}_{i}"
        taken.add(name)
        renamed[fn.name] = fn
        fn.name = name
    return renamed


def _parse_kernel(inductor_name: str, src: str, notes: Notes, taken: set[str]) -> Kernel:
    fns = [n for n in parse_source(src).body if isinstance(n, ast.FunctionDef)]
    heuristic = [fn for fn in fns if any(dotted(d.func if isinstance(d, ast.Call) else d).startswith("triton_heuristics.")
                                         for d in fn.decorator_list)]
    if len(heuristic) != 1:
        raise Unsupported(f"{inductor_name}: expected one kernel function, found {len(heuristic)}")
    fn = heuristic[0]
    combines = _combine_functions(inductor_name, [f for f in fns if f is not fn], taken)
    kind, grid_type, hints = _heuristics(fn)
    if kind not in ("pointwise", "persistent_reduction", "reduction"):
        raise Unsupported(f"{inductor_name}: {kind} kernels are not rewritten")
    if grid_type not in ("Grid1D", "Grid2D", "Grid2DWithYZOverflow"):
        raise Unsupported(f"{inductor_name}: grid type {grid_type or '?'} is not rewritten")
    cleaner = _KernelCleaner(inductor_name)
    fn = cleaner.visit(fn)
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and node.id in combines:
            node.id = combines[node.id].name
    combines = [cleaner.visit(c) for c in combines.values()]
    fn.decorator_list = [ast.Attribute(value=ast.Name("triton", ast.Load()), attr="jit", ctx=ast.Load())]
    _drop_dead_assignments(fn)
    args = fn.args.args
    constexprs = [a.arg for a in args if a.annotation is not None and dotted(a.annotation) == "tl.constexpr"]
    body_consts = {}  # `R0_BLOCK: tl.constexpr = 64`, `r0_numel = 37`: sizes Inductor specialised
    for s in fn.body:
        target = s.target if isinstance(s, ast.AnnAssign) else s.targets[0] if isinstance(s, ast.Assign) else None
        if isinstance(target, ast.Name) and isinstance(s.value, ast.Constant) and type(s.value.value) is int:
            body_consts[target.id] = s.value.value
    return Kernel(inductor_name=inductor_name, name=_kernel_name(inductor_name, taken), kind=kind,
                  grid_type=grid_type, size_hints=hints, fn=fn,
                  params=[a.arg for a in args if a.arg not in constexprs], constexprs=constexprs,
                  body_consts=body_consts, helpers=cleaner.helpers, notes=notes, combines=combines)


def read_kernels(tree: ast.Module, code: str) -> dict[str, Kernel]:
    code_lines = code.splitlines()
    kernels: dict[str, Kernel] = {}
    taken: set[str] = set()
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and dotted(node.value.func) == "async_compile.triton"):
            name, src = (ast.literal_eval(a) for a in node.value.args[:2])
            notes = _notes(_comment_block(code_lines, node.lineno))
            kernels[name] = _parse_kernel(name, src, notes, taken)
    return kernels


def example_args(tree: ast.Module) -> dict[str, int | ExampleTensor]:
    """get_args(): the capture-time value of each call argument."""
    fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "get_args"), None)
    if fn is None:
        raise Unsupported("wrapper has no get_args() listing example arguments")
    out: dict[str, int | ExampleTensor] = {}
    for stmt in fn.body:
        if not (isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name)):
            continue
        name, value = stmt.targets[0].id, stmt.value
        if isinstance(value, ast.Constant) and isinstance(value.value, int):
            out[name] = value.value
        elif isinstance(value, ast.Call) and dotted(value.func) == "rand_strided":
            kw = {k.arg: k.value for k in value.keywords}
            device = ast.literal_eval(kw["device"]) if "device" in kw else "cpu"  # rand_strided's defaults
            dtype = ast.unparse(kw["dtype"]) if "dtype" in kw else "torch.float32"
            out[name] = ExampleTensor(tuple(ast.literal_eval(value.args[0])), tuple(ast.literal_eval(value.args[1])),
                                      device, dtype)
        else:
            raise Unsupported(f"unsupported example argument {name} = {ast.unparse(value)[:80]}")
    return out


def wrapper_call(tree: ast.Module) -> ast.FunctionDef:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "call":
            return node
    raise Unsupported("wrapper has no call(args) function")


def extern_calls(call: ast.FunctionDef) -> list[str]:
    """Library kernels the wrapper calls: extern_kernels.mm -> 'mm', aten fallbacks -> 'aten.x'."""
    found: list[str] = []
    for node in ast.walk(call):
        if isinstance(node, ast.Call):
            path = dotted(node.func)
            if path.startswith("extern_kernels."):
                name = path.split(".", 1)[1]
            elif path.startswith(("aten.", "torch.ops.")):
                name = path.removeprefix("torch.ops.")
            else:
                continue
            if name not in found:
                found.append(name)
    return found
