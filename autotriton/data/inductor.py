"""The Inductor teacher: torch.compile's generated Triton, rewritten as a readable ModelNew.

`inductor_capture.capture` (GPU) records the wrapper module Inductor generates for a
task. `rewrite(capture, task_source)` turns that wrapper into a standalone solution:

- kernels: every `async_compile.triton(...)` source becomes a plain `@triton.jit`
  function named after its fused ATen ops (`triton_per_fused_native_layer_norm_0` ->
  `native_layer_norm_kernel`), with the heuristics decorator dropped, Inductor's
  runtime helpers (`triton_helpers.maximum`, `max2`, `welford_*`, ...) replaced by
  small @triton.jit helpers written below, `tl_math.*` and `libdevice.*` by `tl.*` or
  helpers (Triton 3.9's interpreter cannot run libdevice), dead aliases
  (`rnumel = r0_numel`) removed and pointer arguments named after the tensor passed
  (`in_ptr0` -> `x_ptr`). Inductor's "Source nodes / Original ATen" comments are kept.
- launches: the block sizes Inductor's autotuner would pick at run time are fixed
  here (powers of two, from the kernel kind and the capture-time size hints) and the
  grids are explicit.
- ModelNew: `__init__` is the reference Model's own, copied (same parameters, same
  RNG order). forward binds parameters/buffers in capture order, derives every
  symbolic size (s0, s21, ...) from tensor shapes, allocates with torch.empty_strided,
  views with as_strided and launches the kernels.
- reasoning: a step-by-step account built from the "Graph fragment" comments and the
  tiling chosen (grid, blocks, masks, persistent vs looped reductions).

Covered: pointwise kernels (1-D, and 2-D tiles with the y grid spilling into z),
persistent and looped reductions, float attributes Dynamo lifted into 0-d tensor
arguments (mapped back to `self.<attr>` when that is unambiguous).
Not covered, returned as `Rewrite(ok=False, reason=...)`: library calls
(extern_kernels.mm/addmm/bmm, aten fallbacks: listed in `extern`), templates, scans,
3-D grids, graph breaks (several compiled graphs), non-tensor forward inputs, and
Inductor helpers without a rewrite here.

Inductor specialises some sizes into literals (LayerNorm's normalized_shape becomes
`37`), so a rewrite is only guaranteed at the sizes it was captured at: verify it
against `fixed_shape_task(task, setting)` for the setting the capture used. (Of the
27 pure-Triton train captures, 24 also pass at every interp shape of their task; the
three LayerNorm ones do not.)
"""

from __future__ import annotations

import ast
import copy
import re
import textwrap
from dataclasses import dataclass, field, replace

import torch
import triton.language as tl

from autotriton.data.inductor_capture import Capture
from autotriton.tasks.contract import METADATA_MARKER, ShapeSetting, Task, parse_source, task_from_source
from autotriton.verify.rules import dotted_name

# Metadata that still applies at a fixed size; the shape tables, split and tags do not
# (split and tags are carried on the Task object instead).
_KEPT_METADATA = ("TOLERANCE", "TOLERANCE_REASON", "REFERENCE_FP64")


# ------------------------------------------------------------------ fixed-size task


def fixed_shape_task(task: Task, setting: ShapeSetting) -> Task:
    """`task` at exactly `setting`'s sizes, in both CPU and GPU mode.

    The size constants are rewritten in the source and the shape tables dropped, so the
    file is checked at its own constants ("default" setting). Tolerance metadata stays."""
    head, _, meta = task.source.partition(METADATA_MARKER)
    head = _set_constants(head, setting.overrides, task.id)
    kept = _kept_metadata(meta)
    source = head.rstrip() + "\n"
    if kept:
        source += f"\n\n{METADATA_MARKER}\n" + "".join(kept)
    fixed = task_from_source(source, task_id=f"{task.id}@{setting.name}", suite=task.suite,
                             level=task.level, solution_source=task.solution_source)
    return replace(fixed, split=task.split, tags=task.tags)


def _set_constants(source: str, values: dict[str, int], where: str) -> str:
    lines = source.splitlines()
    found = set()
    assigns = [n for n in parse_source(source).body
               if isinstance(n, ast.Assign) and len(n.targets) == 1
               and isinstance(n.targets[0], ast.Name) and n.targets[0].id in values]
    for node in sorted(assigns, key=lambda n: -n.lineno):  # bottom-up keeps line numbers valid
        name = node.targets[0].id
        found.add(name)
        tail = lines[node.end_lineno - 1].encode()[node.end_col_offset:].decode().strip()
        comment = f"  {tail}" if tail.startswith("#") else ""
        lines[node.lineno - 1:node.end_lineno] = [f"{name} = {values[name]!r}{comment}"]
    missing = sorted(set(values) - found)
    if missing:
        raise ValueError(f"{where}: shape setting names constants not assigned at module level: {missing}")
    return "\n".join(lines) + "\n"


def _kept_metadata(meta: str) -> list[str]:
    if not meta.strip():
        return []
    return [ast.get_source_segment(meta, n) + "\n" for n in parse_source(meta).body
            if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name) and n.targets[0].id in _KEPT_METADATA]


# ------------------------------------------------------------------ results


@dataclass
class Rewrite:
    ok: bool
    reason: str = ""  # why not, when ok is False (an input we cannot rewrite: data)
    code: str = ""  # the ModelNew module
    reasoning: str = ""  # step-by-step explanation of the kernels and their tiling
    kernels: list[str] = field(default_factory=list)  # kernel names in the rewrite
    extern: list[str] = field(default_factory=list)  # library calls (mm, bmm, aten.x) that block it


class _Unsupported(Exception):
    """Something in the capture this rewriter does not handle; becomes Rewrite.reason."""


# ------------------------------------------------------------------ Inductor helpers

# Inductor helper -> (our name, @triton.jit source, helpers it calls). Written from the
# semantics of torch._inductor.runtime.triton_helpers; `dim` is constexpr because
# tl.reduce needs a compile-time axis.
_HELPERS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "maximum": ("maximum", '''
@triton.jit
def maximum(a, b):
    # torch.maximum propagates NaN; `a > b` alone would drop a NaN in `a`.
    return tl.where((a > b) | (a != a), a, b)
''', ()),
    "minimum": ("minimum", '''
@triton.jit
def minimum(a, b):
    # torch.minimum propagates NaN; `a < b` alone would drop a NaN in `a`.
    return tl.where((a < b) | (a != a), a, b)
''', ()),
    "max2": ("reduce_max", '''
@triton.jit
def reduce_max(a, dim: tl.constexpr):
    return tl.reduce(a, dim, maximum)
''', ("maximum",)),
    "min2": ("reduce_min", '''
@triton.jit
def reduce_min(a, dim: tl.constexpr):
    return tl.reduce(a, dim, minimum)
''', ("minimum",)),
    "promote_to_tensor": ("promote_to_tensor", '''
@triton.jit
def promote_to_tensor(x):
    # Adding a 1-element tensor turns a scalar into a tensor.
    return x + tl.zeros((1,), tl.int1)
''', ()),
    "prod": ("reduce_prod", '''
@triton.jit
def _multiply(a, b):
    return a * b


@triton.jit
def reduce_prod(a, dim: tl.constexpr):
    return tl.reduce(a, dim, _multiply)
''', ()),
    "div_floor_integer": ("div_floor_integer", '''
@triton.jit
def div_floor_integer(a, b):
    # Triton's // truncates toward zero; torch's floor division rounds down.
    quot = a // b
    fixed = tl.where(a % b != 0, quot - 1, quot)
    return tl.where((a < 0) != (b < 0), fixed, quot)
''', ()),
    "remainder_integer": ("remainder_integer", '''
@triton.jit
def remainder_integer(a, b):
    # Python/torch remainder takes the sign of the divisor; Triton's % takes the dividend's.
    rem = a % b
    return tl.where((rem != 0) & ((a < 0) != (b < 0)), rem + b, rem)
''', ()),
    "any": ("reduce_any", '''
@triton.jit
def _logical_or(a, b):
    return a | b


@triton.jit
def reduce_any(a, dim: tl.constexpr):
    return tl.reduce(a, dim, _logical_or)
''', ()),
    "welford_reduce": ("welford_reduce", '''
@triton.jit
def welford_reduce(value, mean, m2, weight, first_iteration):
    # One Welford step per lane: running mean and sum of squared deviations (m2).
    if first_iteration:
        new_weight = tl.full(weight.shape, 1, weight.dtype)
        new_mean = value
        new_m2 = tl.zeros_like(m2)
    else:
        delta = value - mean
        new_weight = weight + 1
        new_mean = mean + delta / new_weight
        new_m2 = m2 + delta * (value - new_mean)
    return new_mean, new_m2, new_weight
''', ()),
    "welford_combine": ("welford_combine", '''
@triton.jit
def welford_combine(mean_1, m2_1, weight_1, mean_2, m2_2, weight_2):
    # Merge two partial (mean, m2, count) triples (Chan et al.); empty lanes have count 0.
    delta = mean_2 - mean_1
    new_weight = weight_1 + weight_2
    w2_over_w = tl.where(new_weight == 0.0, 0.0, weight_2 / new_weight)
    return (mean_1 + delta * w2_over_w,
            m2_1 + m2_2 + delta * delta * weight_1 * w2_over_w,
            new_weight)
''', ()),
    "welford": ("welford", '''
@triton.jit
def welford(mean, m2, weight, dim: tl.constexpr):
    return tl.reduce((mean, m2, weight), dim, welford_combine)
''', ("welford_combine",)),
    "maximum_with_index": ("maximum_with_index", '''
@triton.jit
def maximum_with_index(a_value, a_index, b_value, b_index):
    # NaN wins (as in torch.argmax); ties go to the lower index.
    a_nan = a_value != a_value
    b_nan = b_value != b_value
    mask = (a_value > b_value) | (a_nan & ~b_nan)
    equal = (a_value == b_value) | (a_nan & b_nan)
    mask |= equal & (a_index < b_index)
    return tl.where(mask, a_value, b_value), tl.where(mask, a_index, b_index)
''', ()),
    "minimum_with_index": ("minimum_with_index", '''
@triton.jit
def minimum_with_index(a_value, a_index, b_value, b_index):
    # NaN wins (as in torch.argmin); ties go to the lower index.
    a_nan = a_value != a_value
    b_nan = b_value != b_value
    mask = (a_value < b_value) | (a_nan & ~b_nan)
    equal = (a_value == b_value) | (a_nan & b_nan)
    mask |= equal & (a_index < b_index)
    return tl.where(mask, a_value, b_value), tl.where(mask, a_index, b_index)
''', ()),
    "max_with_index": ("max_with_index", '''
@triton.jit
def max_with_index(value, index, dim: tl.constexpr):
    return tl.reduce((value, index), dim, maximum_with_index)
''', ("maximum_with_index",)),
    "min_with_index": ("min_with_index", '''
@triton.jit
def min_with_index(value, index, dim: tl.constexpr):
    return tl.reduce((value, index), dim, minimum_with_index)
''', ("minimum_with_index",)),
    # libdevice is a stub module in Triton 3.9's interpreter (calls return None) and its
    # CUDA form raises there, so libdevice calls become tl.* (_LIBDEVICE_TO_TL) or these.
    "libdevice.tanh": ("tanh", '''
@triton.jit
def tanh(x):
    # (1 - e) / (1 + e) with e = exp(-2|x|); near 0 that form cancels, so use the odd
    # Taylor series there (next term < 2e-10 relative at |x| = 0.125).
    ax = tl.abs(x)
    e = tl.exp(-2.0 * ax)
    big = (1.0 - e) / (1.0 + e)
    x2 = x * x
    small = ax * (1.0 + x2 * (-1.0 / 3.0 + x2 * (2.0 / 15.0 - x2 * (17.0 / 315.0))))
    t = tl.where(ax < 0.125, small, big)
    return tl.where(x < 0, -t, t)
''', ()),
    "libdevice.expm1": ("expm1", '''
@triton.jit
def expm1(x):
    # Kahan's trick: (u - 1) * x / log(u) cancels the rounding error of u = exp(x).
    u = tl.exp(x)
    um1 = u - 1.0
    r = tl.where(um1 == -1.0, -1.0, um1 * x / tl.log(u))
    return tl.where(u == 1.0, x, r)
''', ()),
    "libdevice.log1p": ("log1p", '''
@triton.jit
def log1p(x):
    # Kahan's trick: log(u) * x / (u - 1) cancels the rounding error of u = 1 + x.
    u = 1.0 + x
    return tl.where(u == 1.0, x, tl.log(u) * x / (u - 1.0))
''', ()),
    "libdevice.isnan": ("isnan", '''
@triton.jit
def isnan(x):
    return x != x
''', ()),
    "libdevice.isinf": ("isinf", '''
@triton.jit
def isinf(x):
    return tl.abs(x) == float("inf")
''', ()),
    "libdevice.trunc": ("trunc", '''
@triton.jit
def trunc(x):
    return tl.where(x < 0, tl.ceil(x), tl.floor(x))
''', ()),
}

# libdevice functions with a triton.language equivalent. sqrt maps to sqrt_rn because
# libdevice's sqrt is IEEE-rounded while tl.sqrt may be approximate.
_LIBDEVICE_TO_TL = {"exp": "exp", "exp2": "exp2", "log": "log", "log2": "log2", "sqrt": "sqrt_rn",
                    "rsqrt": "rsqrt", "erf": "erf", "abs": "abs", "fabs": "abs", "floor": "floor",
                    "ceil": "ceil", "sin": "sin", "cos": "cos", "fma": "fma"}


def _helper_closure(used: set[str]) -> list[str]:
    """Inductor helper names needed, dependencies first, in table order."""
    need: set[str] = set()
    todo = list(used)
    while todo:
        name = todo.pop()
        if name not in need:
            need.add(name)
            todo.extend(_HELPERS[name][2])
    return [name for name in _HELPERS if name in need]


# ------------------------------------------------------------------ reading the wrapper


@dataclass
class _Notes:
    """Inductor's comments above a kernel definition."""

    source_nodes: str = ""  # "layer_norm, relu"
    aten: str = ""  # "aten.native_layer_norm, aten.relu"
    mapping: list[str] = field(default_factory=list)  # "layer_norm => add, add_1, rsqrt"
    graph: list[str] = field(default_factory=list)  # raw "%x : ... = call_function[...]" lines


@dataclass
class _Kernel:
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
    notes: _Notes
    blocks: dict[str, int] = field(default_factory=dict)
    num_warps: int = 4


@dataclass
class _ExampleTensor:
    shape: tuple[int, ...]
    stride: tuple[int, ...]
    device: str
    dtype: str


def _notes(lines: list[str]) -> _Notes:
    notes = _Notes()
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


def _dotted(node: ast.AST) -> str:
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
        if isinstance(dec, ast.Call) and _dotted(dec.func).startswith("triton_heuristics."):
            kind = _dotted(dec.func).split(".")[1]
            kw = {k.arg: k.value for k in dec.keywords}
            hints = ast.literal_eval(kw["size_hints"]) if "size_hints" in kw else {}
            grid_type = ""
            meta = kw.get("inductor_meta")
            if isinstance(meta, ast.Dict):
                for key, value in zip(meta.keys, meta.values):
                    if isinstance(key, ast.Constant) and key.value == "grid_type":
                        grid_type = ast.literal_eval(value)
            return kind, grid_type, hints
    raise _Unsupported(f"kernel {fn.name} has no triton_heuristics decorator")


class _KernelCleaner(ast.NodeTransformer):
    """Inductor runtime names -> plain Triton: triton_helpers, tl_math and libdevice."""

    def __init__(self, kernel_name: str):
        self.kernel_name = kernel_name
        self.helpers: set[str] = set()

    def visit_Attribute(self, node: ast.Attribute):
        path = _dotted(node)
        root, _, member = path.partition(".")
        if root == "triton_helpers":
            return self._helper(member, member, node)
        if root == "libdevice":
            if member in _LIBDEVICE_TO_TL:
                return self._tl(_LIBDEVICE_TO_TL[member], node)
            return self._helper(path, member, node)
        if root == "tl_math":
            if not hasattr(tl, member):
                raise _Unsupported(f"{self.kernel_name}: tl_math.{member} is not in triton.language")
            return self._tl(member, node)
        return self.generic_visit(node)

    def _helper(self, key: str, member: str, node: ast.AST) -> ast.Name:
        if key not in _HELPERS:
            raise _Unsupported(f"{self.kernel_name}: {_dotted(node)} has no rewrite")
        self.helpers.add(key)
        return ast.copy_location(ast.Name(id=_HELPERS[key][0], ctx=ast.Load()), node)

    @staticmethod
    def _tl(member: str, node: ast.AST) -> ast.Attribute:
        return ast.copy_location(ast.Attribute(value=ast.Name("tl", ast.Load()), attr=member, ctx=ast.Load()), node)


# Calls with no side effects: an assignment of one whose target is never read is dead.
_PURE_CALLS = frozenset({"tl.where", "tl.broadcast_to", "tl.full", "tl.arange", "tl.zeros", "tl.program_id",
                         "tl.num_programs"})


def _is_pure(node: ast.AST) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and _dotted(sub.func) not in _PURE_CALLS:
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


def _parse_kernel(inductor_name: str, src: str, notes: _Notes, taken: set[str]) -> _Kernel:
    fns = [n for n in parse_source(src).body if isinstance(n, ast.FunctionDef)]
    if len(fns) != 1:
        raise _Unsupported(f"{inductor_name}: expected one kernel function, found {len(fns)}")
    fn = fns[0]
    kind, grid_type, hints = _heuristics(fn)
    if kind not in ("pointwise", "persistent_reduction", "reduction"):
        raise _Unsupported(f"{inductor_name}: {kind} kernels are not rewritten")
    if grid_type not in ("Grid1D", "Grid2D", "Grid2DWithYZOverflow"):
        raise _Unsupported(f"{inductor_name}: grid type {grid_type or '?'} is not rewritten")
    cleaner = _KernelCleaner(inductor_name)
    fn = cleaner.visit(fn)
    fn.decorator_list = [ast.Attribute(value=ast.Name("triton", ast.Load()), attr="jit", ctx=ast.Load())]
    _drop_dead_assignments(fn)
    args = fn.args.args
    constexprs = [a.arg for a in args if a.annotation is not None and _dotted(a.annotation) == "tl.constexpr"]
    body_consts = {}  # `R0_BLOCK: tl.constexpr = 64`, `r0_numel = 37`: sizes Inductor specialised
    for s in fn.body:
        target = s.target if isinstance(s, ast.AnnAssign) else s.targets[0] if isinstance(s, ast.Assign) else None
        if isinstance(target, ast.Name) and isinstance(s.value, ast.Constant) and type(s.value.value) is int:
            body_consts[target.id] = s.value.value
    return _Kernel(inductor_name=inductor_name, name=_kernel_name(inductor_name, taken), kind=kind,
                   grid_type=grid_type, size_hints=hints, fn=fn,
                   params=[a.arg for a in args if a.arg not in constexprs], constexprs=constexprs,
                   body_consts=body_consts, helpers=cleaner.helpers, notes=notes)


def _kernels(tree: ast.Module, code: str) -> dict[str, _Kernel]:
    code_lines = code.splitlines()
    kernels: dict[str, _Kernel] = {}
    taken: set[str] = set()
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and _dotted(node.value.func) == "async_compile.triton"):
            name, src = (ast.literal_eval(a) for a in node.value.args[:2])
            notes = _notes(_comment_block(code_lines, node.lineno))
            kernels[name] = _parse_kernel(name, src, notes, taken)
    return kernels


def _example_args(tree: ast.Module) -> dict[str, int | _ExampleTensor]:
    """get_args(): the capture-time value of each call argument."""
    fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "get_args"), None)
    if fn is None:
        raise _Unsupported("wrapper has no get_args() listing example arguments")
    out: dict[str, int | _ExampleTensor] = {}
    for stmt in fn.body:
        if not (isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name)):
            continue
        name, value = stmt.targets[0].id, stmt.value
        if isinstance(value, ast.Constant) and isinstance(value.value, int):
            out[name] = value.value
        elif isinstance(value, ast.Call) and _dotted(value.func) == "rand_strided":
            kw = {k.arg: k.value for k in value.keywords}
            device = ast.literal_eval(kw["device"]) if "device" in kw else "cpu"  # rand_strided's defaults
            dtype = ast.unparse(kw["dtype"]) if "dtype" in kw else "torch.float32"
            out[name] = _ExampleTensor(tuple(ast.literal_eval(value.args[0])), tuple(ast.literal_eval(value.args[1])),
                                       device, dtype)
        else:
            raise _Unsupported(f"unsupported example argument {name} = {ast.unparse(value)[:80]}")
    return out


def _call_function(tree: ast.Module) -> ast.FunctionDef:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "call":
            return node
    raise _Unsupported("wrapper has no call(args) function")


def _extern_calls(call: ast.FunctionDef) -> list[str]:
    """Library kernels the wrapper calls: extern_kernels.mm -> 'mm', aten fallbacks -> 'aten.x'."""
    found: list[str] = []
    for node in ast.walk(call):
        if isinstance(node, ast.Call):
            path = _dotted(node.func)
            if path.startswith("extern_kernels."):
                name = path.split(".", 1)[1]
            elif path.startswith(("aten.", "torch.ops.")):
                name = path.removeprefix("torch.ops.")
            else:
                continue
            if name not in found:
                found.append(name)
    return found


# ------------------------------------------------------------------ the task's Model


@dataclass
class _ModelInfo:
    init_src: str  # ModelNew.__init__, indented for the class body ("" when Model has none)
    helpers_src: list[str]  # module-level definitions __init__ needs
    forward_args: list[str]
    forward_sig: str  # "self, x: torch.Tensor) -> torch.Tensor" pieces, as a def line
    returns_tuple: bool
    float_attrs: list[str]  # self.<attr> read in forward that may be lifted floats, in order
    doc: str
    base: str = "nn.Module"  # a harvested task's `class Model(Harvested)`: ModelNew subclasses the copy


_PROVIDED = frozenset({"torch", "nn", "math", "triton", "tl"})


def _model_info(task_source: str, param_roots: set[str]) -> _ModelInfo:
    tree = parse_source(task_source)
    model = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Model"), None)
    if model is None:
        raise _Unsupported("task source defines no Model")
    methods = {n.name: n for n in model.body if isinstance(n, ast.FunctionDef)}
    forward = methods.get("forward")
    parent = _parent_class(tree, model) if forward is None else None
    if parent is not None:
        # Harvested tasks are `class Model(Harvested)` adding only __init__: forward comes from the
        # parent, which the solution copies with its __init__ only (its forward would be torch compute).
        forward = next((n for n in parent.body if isinstance(n, ast.FunctionDef) and n.name == "forward"), None)
    if forward is None or forward.args.vararg or forward.args.kwarg or forward.args.kwonlyargs:
        raise _Unsupported("Model.forward must take plain positional arguments")
    forward = _rename_builtin_args(forward)
    init = methods.get("__init__")
    init_src = ""
    if init is not None:
        init_src = textwrap.dedent(ast.get_source_segment(task_source, init, padded=True))
        # KernelBench's `super(Model, self).__init__()` would reference the reference class.
        init_src = textwrap.indent(re.sub(r"super\(\s*Model\s*,\s*self\s*\)", "super()", init_src), "    ")
    returns = [n.value for n in ast.walk(forward) if isinstance(n, ast.Return) and n.value is not None]
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
            raise _Unsupported("Model.forward has default arguments")
        helpers = _init_helpers(tree, task_source, init, roots=[parent.name] if parent else [])
        base = parent.name if parent else "nn.Module"
    return _ModelInfo(init_src=init_src, helpers_src=helpers,
                      forward_args=[a.arg for a in forward.args.args[1:]], forward_sig=sig + ":",
                      returns_tuple=bool(returns) and all(isinstance(r, ast.Tuple) for r in returns),
                      float_attrs=_float_attrs(parent or model, parent_init or init, forward, param_roots),
                      doc=doc.strip().splitlines()[0] if doc else "", base=base)


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
                        raise _Unsupported(f"Model.__init__ reads module constant {n.id}, which shape settings "
                                           "override; a copy would not follow them")
                    need.append(n.id)
                    todo.append(defs[n.id])
                elif n.id in imported and n.id not in _PROVIDED:
                    raise _Unsupported(f"Model.__init__ uses import {n.id}, not available to the solution")
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
                    if isinstance(t, ast.Attribute) and _dotted(t.value) == "self":
                        v = node.value
                        if isinstance(v, ast.Call) or (isinstance(v, ast.Name) and v.id in int_args) or (
                                isinstance(v, ast.Constant) and not isinstance(v.value, float)):
                            not_float.add(t.attr)
    methods = {n.name for n in model.body if isinstance(n, ast.FunctionDef)}
    reads = sorted((n.lineno, n.col_offset, n.attr) for n in ast.walk(forward)
                   if isinstance(n, ast.Attribute) and _dotted(n.value) == "self")
    out: list[str] = []
    for _, _, attr in reads:
        if attr not in not_float and attr not in methods and attr not in out:
            out.append(attr)
    return out


# ------------------------------------------------------------------ translating call()


def _local_name(param: str) -> str:
    return re.sub(r"\W", "_", param)


def _attr_path(param: str) -> str:
    """'net.0.weight' -> 'self.net[0].weight'."""
    out = "self"
    for part in param.split("."):
        out += f"[{part}]" if part.isdigit() else f".{part}"
    return out


@dataclass
class _Bindings:
    """How call()'s arguments map onto ModelNew.forward's world."""

    names: dict[str, str]  # argK_1 -> local variable (inputs, parameters)
    lifted: dict[str, str]  # argK_1 (0-d float tensor) -> "self.<attr>"
    symbols: dict[str, str]  # s21 -> "x.shape[0]"
    specialised: list[str]  # "x.shape[2] = 37": input dims Inductor baked in
    preamble: list[str]  # forward's first lines: parameters, contiguity, device, sizes


def _bind(call: ast.FunctionDef, examples: dict, capture: Capture, model: _ModelInfo) -> _Bindings:
    unpack = call.body[0]
    if not (isinstance(unpack, ast.Assign) and _dotted(unpack.value) == "args"):
        raise _Unsupported("call() does not start by unpacking args")
    target = unpack.targets[0]
    arg_names = [e.id for e in target.elts] if isinstance(target, ast.Tuple) else [target.id]
    if any(a not in examples for a in arg_names):
        raise _Unsupported("get_args() does not list every call argument")
    tensors = [a for a in arg_names if isinstance(examples[a], _ExampleTensor)]
    n_p, n_i = len(capture.param_names), len(capture.input_shapes)
    if any(s is None for s in capture.input_shapes):
        raise _Unsupported("non-tensor forward inputs are not rewritten")
    if len(model.forward_args) != n_i or len(tensors) < n_p + n_i:
        raise _Unsupported(f"call takes {len(tensors)} tensors; expected {n_p} parameters + {n_i} inputs")
    locals_ = [_local_name(p) for p in capture.param_names]
    locals_ = [n if n not in model.forward_args else f"{n}_param" for n in locals_]
    names = dict(zip(tensors, locals_ + model.forward_args))
    expected = [list(s) for s in capture.param_shapes] + [list(s) for s in capture.input_shapes]
    got = [list(examples[a].shape) for a in tensors[:n_p + n_i]]
    if got != expected:
        raise _Unsupported(f"call argument shapes {got} do not match parameters + inputs {expected}")
    lifted = _bind_lifted(tensors[n_p + n_i:], examples, model)
    preamble = [f"{loc} = {_attr_path(p)}" for p, loc in zip(capture.param_names, locals_)]
    for a in tensors[n_p:n_p + n_i]:
        ex = examples[a]
        if ex.stride == _contiguous_strides(ex.shape):
            preamble.append(f"{names[a]} = {names[a]}.contiguous()")  # the kernels index row-major
    if not tensors:
        raise _Unsupported("no tensor argument to take the device from")
    wrapper_vars = {t.id for n in ast.walk(call) if isinstance(n, ast.Assign) for t in n.targets
                    if isinstance(t, ast.Name)} | {"device"}
    clash = sorted(wrapper_vars & set(names.values()))
    if clash:
        raise _Unsupported(f"forward/parameter names {clash} clash with wrapper variables")
    symbols = _symbols(call, arg_names, examples, names)
    preamble.append(f"device = {names[tensors[n_p] if n_i else tensors[0]]}.device")
    preamble += [f"{s} = {expr}" for s, expr in symbols.items()]
    return _Bindings(names, lifted, symbols, _specialised(call, set(model.forward_args), names), preamble)


def _specialised(call: ast.FunctionDef, inputs: set[str], names: dict[str, str]) -> list[str]:
    out = []
    for node in ast.walk(call):
        if isinstance(node, ast.Call) and _dotted(node.func) == "assert_size_stride" and \
                isinstance(node.args[0], ast.Name) and names.get(node.args[0].id) in inputs and \
                isinstance(node.args[1], ast.Tuple):
            out += [f"{names[node.args[0].id]}.shape[{i}] = {d.value}" for i, d in enumerate(node.args[1].elts)
                    if isinstance(d, ast.Constant)]
    return out


def _contiguous_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    strides, acc = [], 1
    for size in reversed(shape):
        strides.append(acc)
        acc *= max(size, 1)
    return tuple(reversed(strides))


def _bind_lifted(extra: list[str], examples: dict, model: _ModelInfo) -> dict[str, str]:
    if not extra:
        return {}
    for a in extra:
        ex = examples[a]
        if ex.shape != () or ex.device != "cpu" or ex.dtype != "torch.float64":
            raise _Unsupported(f"extra call argument {a} is not a lifted float scalar")
    if len(model.float_attrs) != len(extra):
        raise _Unsupported(f"{len(extra)} lifted float argument(s) but forward reads attributes "
                           f"{model.float_attrs}: cannot map them")
    # Dynamo lifts attributes in the order forward first reads them.
    return {a: f"self.{attr}" for a, attr in zip(extra, model.float_attrs)}


def _symbols(call: ast.FunctionDef, arg_names: list[str], examples: dict, names: dict[str, str]) -> dict[str, str]:
    """Every size symbol bound in call(), as an expression on a tensor's shape."""
    bound = [s.targets[0].id for s in call.body
             if isinstance(s, ast.Assign) and isinstance(s.value, ast.Name) and s.value.id in arg_names
             and isinstance(examples[s.value.id], int)]
    shapes: dict[str, str] = {}
    for node in ast.walk(call):
        if isinstance(node, ast.Call) and _dotted(node.func) == "assert_size_stride":
            arg = node.args[0]
            if isinstance(arg, ast.Name) and arg.id in names and isinstance(node.args[1], ast.Tuple):
                for i, size in enumerate(node.args[1].elts):
                    if isinstance(size, ast.Name) and size.id not in shapes:
                        shapes[size.id] = f"{names[arg.id]}.shape[{i}]"
    missing = [s for s in bound if s not in shapes]
    if missing:
        raise _Unsupported(f"size symbols {missing} are not a dimension of any tensor argument")
    return {s: shapes[s] for s in bound}


class _WrapperExpr(ast.NodeTransformer):
    """One wrapper expression rewritten for ModelNew.forward."""

    def __init__(self, bindings: _Bindings, renames: dict[str, str]):
        self.b = bindings
        self.renames = renames

    def visit_Name(self, node: ast.Name):
        if node.id in self.b.lifted:
            raise _Unsupported(f"lifted scalar {node.id} used other than through .item()")
        new = self.b.names.get(node.id) or self.renames.get(node.id)
        return ast.copy_location(ast.Name(new, node.ctx), node) if new else node

    def visit_Call(self, node: ast.Call):
        func = _dotted(node.func)
        if func == "reinterpret_tensor":
            base, size, stride, offset = (self.visit(a) for a in node.args)
            return _parse_expr(f"{ast.unparse(base)}.as_strided({ast.unparse(size)}, "
                               f"{ast.unparse(stride)}, {ast.unparse(offset)})")
        if func == "empty_strided_cuda":
            size, stride, dtype = (self.visit(a) for a in node.args)
            return _parse_expr(f"torch.empty_strided({ast.unparse(size)}, {ast.unparse(stride)}, "
                               f"device=device, dtype={ast.unparse(dtype)})")
        if func.endswith(".item") and func[:-5] in self.b.lifted:
            return _parse_expr(self.b.lifted[func[:-5]])
        if func in ("max", "min") or func.startswith("math."):
            return self.generic_visit(node)
        raise _Unsupported(f"wrapper calls {func or ast.unparse(node.func)}, which is not rewritten")


def _parse_expr(text: str) -> ast.expr:
    return parse_source(text).body[0].value


_SKIPPED_CALLS = frozenset({"assert_size_stride", "assert_alignment", "get_raw_stream", "torch.cuda.set_device",
                            "args.clear"})


@dataclass
class _Launch:
    kernel: _Kernel
    args: list[str]  # argument expressions, positional
    grid: str
    numel: dict[str, str]  # xnumel/ynumel/r0_numel -> argument expression
    sizes: dict[str, str]  # the same, with wrapper variables expanded (for the reasoning)


def _translate(call: ast.FunctionDef, kernels: dict[str, _Kernel], b: _Bindings,
               model: _ModelInfo) -> tuple[list[str | _Launch], str]:
    """call()'s body as forward statements (strings) and launches, plus the return line."""
    renames = {}
    for k in kernels.values():
        base = k.name.removesuffix("_kernel")
        renames.update({f"{k.inductor_name}_{s}": f"{base}_{s}" for s in ("xnumel", "ynumel", "r0_numel")})
    expr = _WrapperExpr(b, renames)
    out: list[str | _Launch] = []
    values: dict[str, str] = {}  # wrapper variable -> the expression assigned to it
    ret = ""
    for stmt in _flatten(call.body[1:]):
        if isinstance(stmt, ast.Return):
            ret = _return_line(stmt, expr, model)
        elif isinstance(stmt, ast.Delete) or _skipped(stmt, b):
            continue
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and \
                _dotted(stmt.value.func).endswith(".run"):
            out.append(_launch(stmt.value, kernels, expr, values))
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            target = renames.get(stmt.targets[0].id, stmt.targets[0].id)
            values[target] = ast.unparse(expr.visit(stmt.value))
            out.append(f"{target} = {values[target]}")
        else:
            raise _Unsupported(f"wrapper statement not rewritten: {ast.unparse(stmt)[:100]}")
    if not ret:
        raise _Unsupported("call() returns nothing")
    return out, ret


def _flatten(stmts: list[ast.stmt]) -> list[ast.stmt]:
    """The body with `with torch.cuda._DeviceGuard(...)` blocks opened up."""
    out = []
    for s in stmts:
        out += _flatten(s.body) if isinstance(s, ast.With) else [s]
    return out


def _skipped(stmt: ast.stmt, b: _Bindings) -> bool:
    """Guards, streams, device selection, and `sN = argK` (bound from shapes instead)."""
    value = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else None
    if isinstance(value, ast.Call) and _dotted(value.func) in _SKIPPED_CALLS:
        return True
    return (isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id in b.symbols)


def _return_line(stmt: ast.Return, expr: _WrapperExpr, model: _ModelInfo) -> str:
    value = stmt.value
    items = value.elts if isinstance(value, ast.Tuple) else [value]
    parts = [ast.unparse(expr.visit(v)) for v in items]
    if len(parts) == 1 and not model.returns_tuple:
        return f"return {parts[0]}"
    return f"return ({', '.join(parts)}{',' if len(parts) == 1 else ''})"


def _launch(run: ast.Call, kernels: dict[str, _Kernel], expr: _WrapperExpr, values: dict[str, str]) -> _Launch:
    name = _dotted(run.func).removesuffix(".run")
    if name not in kernels:
        raise _Unsupported(f"launch of unknown kernel {name}")
    k = kernels[name]
    if len(run.args) != len(k.params):
        raise _Unsupported(f"{name}: {len(run.args)} launch arguments for {len(k.params)} parameters")
    args = [ast.unparse(expr.visit(a)) for a in run.args]
    numel = {p: a for p, a in zip(k.params, args) if p in ("xnumel", "ynumel", "r0_numel")}
    return _Launch(k, args, _grid(k, numel), numel, {p: values.get(a, a) for p, a in numel.items()})


# ------------------------------------------------------------------ tiling


def _choose_blocks(k: _Kernel) -> None:
    """Block sizes, fixed here where Inductor autotunes among configs at run time.

    Pointwise: 1024 elements per program (4 warps, 8 per thread), fewer when the whole
    tensor is smaller. 2-D tiles: 32x32. Persistent reductions keep Inductor's R0_BLOCK
    (the padded row) and take up to 8 rows per program, at most 4096 elements in
    registers. Looped reductions: a single-output reduction streams 2048-wide chunks
    from one program; otherwise chunks of up to 512 with up to 2048 elements per tile."""
    hx, hy, hr = (k.size_hints.get(d, 1) for d in ("x", "y", "r0_"))
    if k.kind == "pointwise":
        chosen = {"YBLOCK": min(hy, 32), "XBLOCK": min(hx, 32)} if "YBLOCK" in k.constexprs else \
            {"XBLOCK": min(hx, 1024)}
    elif k.kind == "persistent_reduction":
        r0 = k.body_consts.get("R0_BLOCK", hr)
        chosen = {"XBLOCK": max(1, min(hx, 8, 4096 // r0))}
    elif hx == 1:
        chosen = {"XBLOCK": 1, "R0_BLOCK": min(hr, 2048)}
    else:
        r0 = min(hr, 512)
        chosen = {"XBLOCK": max(1, min(hx, 2048 // r0, 64)), "R0_BLOCK": r0}
    unknown = [c for c in k.constexprs if c not in chosen]
    if unknown:
        raise _Unsupported(f"{k.inductor_name}: no block-size rule for {unknown}")
    k.blocks = {c: chosen[c] for c in k.constexprs}
    elements = 1
    for key in ("XBLOCK", "YBLOCK", "R0_BLOCK"):
        elements *= k.blocks.get(key, k.body_consts.get(key, 1))
    # About 8 elements per thread, between 1 and 8 warps.
    k.num_warps = max(1, min(8, 1 << max(0, (elements // 256).bit_length() - 1)))


def _block(k: _Kernel, name: str) -> int:
    return k.blocks.get(name, k.body_consts.get(name, 1))


def _cdiv(numel: str, block: int) -> str:
    if numel.isdigit():
        return str(-(-int(numel) // block))
    return numel if block == 1 else f"triton.cdiv({numel}, {block})"


def _grid(k: _Kernel, numel: dict[str, str]) -> str:
    x = _cdiv(numel.get("xnumel", "1"), _block(k, "XBLOCK"))
    if k.grid_type == "Grid1D":
        return f"({x},)"
    if "ynumel" not in numel:
        raise _Unsupported(f"{k.inductor_name}: 2-D grid without ynumel")
    if k.grid_type == "Grid2D":
        return f"({x}, {_cdiv(numel['ynumel'], _block(k, 'YBLOCK'))})"
    return f"tiled_grid({numel['xnumel']}, {numel['ynumel']}, {_block(k, 'XBLOCK')}, {_block(k, 'YBLOCK')})"


_TILED_GRID = '''
def tiled_grid(xnumel, ynumel, XBLOCK, YBLOCK):
    """(x, y, z) programs for a 2-D tiled kernel. CUDA caps grid y at 65535, so the
    y tiles spill into z; the kernel's row offset is (pid_y + pid_z * num_programs_y)."""
    y_tiles = triton.cdiv(ynumel, YBLOCK)
    z = triton.cdiv(y_tiles, 65535)
    return (triton.cdiv(xnumel, XBLOCK), triton.cdiv(y_tiles, z), z)
'''


# ------------------------------------------------------------------ emitting the module


def _rename_params(k: _Kernel, launches: list[_Launch], b: _Bindings) -> None:
    """in_ptr0 -> x_ptr when every launch passes the same input/parameter; lifted floats
    take the attribute's name."""
    used = {n.id for n in ast.walk(k.fn) if isinstance(n, ast.Name)} | {a.arg for a in k.fn.args.args}
    readable = set(b.names.values())
    mapping: dict[str, str] = {}
    for i, param in enumerate(k.params):
        passed = {launch.args[i] for launch in launches if launch.kernel is k}
        if len(passed) != 1 or not param.startswith(("in_ptr", "in_out_ptr")):
            continue
        arg = passed.pop()
        new = f"{arg}_ptr" if arg in readable else arg.removeprefix("self.") if arg.startswith("self.") else ""
        if new and new not in used and new not in mapping.values():
            mapping[param] = new
    if not mapping:
        return
    for node in ast.walk(k.fn):
        if isinstance(node, ast.Name) and node.id in mapping:
            node.id = mapping[node.id]
        elif isinstance(node, ast.arg) and node.arg in mapping:
            node.arg = mapping[node.arg]
    k.params = [mapping.get(p, p) for p in k.params]


def _kernel_source(k: _Kernel) -> str:
    k.fn.name = k.name
    lines = []
    if k.notes.source_nodes or k.notes.aten:
        lines.append(f"# Source nodes: [{k.notes.source_nodes}]; original ATen: [{k.notes.aten}]")
    lines += [f"#   {m}" for m in k.notes.mapping]
    return "\n".join(lines + [ast.unparse(ast.fix_missing_locations(k.fn))])


def _launch_lines(launch: _Launch) -> list[str]:
    k = launch.kernel
    meta = [f"{c}={v}" for c, v in k.blocks.items()] + [f"num_warps={k.num_warps}"]
    kind = {"pointwise": "pointwise", "persistent_reduction": "persistent reduction",
            "reduction": "looped reduction"}[k.kind]
    head = f"# [{k.notes.source_nodes}] {kind}" if k.notes.source_nodes else f"# {kind}"
    return [head, f"{k.name}[{launch.grid}]({', '.join(launch.args + meta)})"]


def _module_source(capture: Capture, model: _ModelInfo, kernels: list[_Kernel], body: list[str | _Launch],
                   ret: str, b: _Bindings) -> str:
    helpers = _helper_closure({h for k in kernels for h in k.helpers})
    tiled = any(isinstance(s, _Launch) and s.grid.startswith("tiled_grid") for s in body)
    header = [f'"""Inductor\'s Triton kernels for {capture.task_id}, rewritten as a standalone module.',
              "", f"Captured with torch {capture.torch_version}; block sizes and grids chosen by the rewriter.",
              '"""', "", "import math", "", "import torch", "import torch.nn as nn", "import triton",
              "import triton.language as tl"]
    parts = ["\n".join(header)]
    parts += [_HELPERS[h][1].strip() for h in helpers]
    parts += model.helpers_src
    parts += [_kernel_source(k) for k in kernels]
    if tiled:
        parts.append(_TILED_GRID.strip())
    forward = b.preamble + [line for s in body for line in (_launch_lines(s) if isinstance(s, _Launch) else [s])]
    cls = [f"class ModelNew({model.base}):"]
    if model.init_src:
        cls += [model.init_src.rstrip(), ""]
    cls += ["    " + model.forward_sig] + [f"        {line}" for line in forward + [ret]]
    parts.append("\n".join(cls))
    return "\n\n\n".join(parts) + "\n"


# ------------------------------------------------------------------ reasoning


def _graph_line(raw: str, names: dict[str, str]) -> str:
    """'%sub : Tensor "f32[s21, 37]..." = call_function[target=torch.ops.aten.sub.Tensor](args = (%arg4_1,
    %getitem_1), kwargs = {})' -> 'sub = aten.sub(x, getitem_1)  # f32[s21, 37]'."""
    m = re.search(r"^%(\w+) : (.*?)= call_function\[target=([\w.]+)\]\(args = \((.*)\), kwargs = \{(.*)\}\)",
                  raw)
    if not m:
        return raw
    name, typ, target, args, kwargs = m.groups()
    op = target.removeprefix("torch.ops.")
    if op.count(".") >= 2:
        op = op.rsplit(".", 1)[0]  # drop the overload (.Tensor, .default)
    call_args = re.sub(r"%(\w+)", lambda a: names.get(a.group(1), a.group(1)), args.rstrip(", "))
    if kwargs:
        call_args += ", " + kwargs
    shape = re.search(r'Tensor "(\w+\[.*?\])', typ)
    return f"{name} = {op}({call_args})" + (f"  # {shape.group(1)}" if shape else "")


def _tiling_text(launch: _Launch) -> str:
    k = launch.kernel
    xn = launch.sizes.get("xnumel", "1")
    xb = _block(k, "XBLOCK")
    if k.kind == "pointwise" and "YBLOCK" in k.blocks:
        yb = k.blocks["YBLOCK"]
        return (f"2-D tiled pointwise over (ynumel = {launch.sizes.get('ynumel')}) x (xnumel = {xn}). The loads "
                "and the store walk memory along different indices (a permutation or a row gather), so Inductor "
                f"tiles in 2-D: each program owns a YBLOCK={yb} x XBLOCK={xb} tile and both sides touch "
                "contiguous runs. `ymask & xmask` switch off the lanes past either edge. Grid = "
                f"(cdiv(xnumel, {xb}), cdiv(ynumel, {yb})), the y tiles spilling into grid z past CUDA's "
                "65535 limit on grid y." + _index_text(k))
    if k.kind == "pointwise":
        return (f"Pointwise over the flattened {xn} elements: program p handles XBLOCK={xb} consecutive "
                f"indices xindex = p*{xb} + arange({xb}), grid = cdiv(xnumel, {xb}) programs, and "
                "`xmask = xindex < xnumel` disables the lanes past the end in the last program."
                + _index_text(k))
    rows = (f"Each program reduces XBLOCK={xb} row(s): grid = cdiv(xnumel = {xn}, {xb}), `xmask` guards the "
            "rows past the end.")
    if k.kind == "persistent_reduction":
        r0 = k.body_consts.get("R0_BLOCK", 0)
        rn = k.body_consts.get("r0_numel", "r0_numel")
        return (f"Persistent reduction: the reduced length is the constant {rn}, which fits one R0_BLOCK={r0} "
                "tile (the next power of two), so each program loads its rows once, keeps them in registers "
                "and runs every reduction on the resident tile without re-reading memory. "
                f"{rows} `r0_mask = r0_index < {rn}` masks the {r0 - rn if isinstance(rn, int) else ''} "
                "padding lanes, which tl.where fills with the reduction's neutral value.".replace("  ", " "))
    single = xn == "1"
    return (f"Looped reduction: the reduced length r0_numel = {launch.sizes.get('r0_numel', '?')} is a run-time "
            "size with no compile-time bound, so the kernel walks it in chunks of "
            f"R0_BLOCK={k.blocks.get('R0_BLOCK')}, accumulating into an [XBLOCK, R0_BLOCK] register tile that "
            "is reduced once after the loop; `r0_mask` guards the last partial chunk. " + _passes_text(k) + " "
            + ("The whole input reduces to one value, so a single program (XBLOCK=1) streams all of it."
               if single else rows))


_REDUCERS = {"tl.sum": "a sum", "reduce_max": "a max", "reduce_min": "a min", "reduce_prod": "a product",
             "reduce_any": "an any", "welford": "Welford's mean and variance", "max_with_index": "an argmax",
             "min_with_index": "an argmin", "tl.max": "a max", "tl.min": "a min"}


def _passes_text(k: _Kernel) -> str:
    """What each loop over the reduced dimension produces, from the statements after it."""
    passes = []
    body = k.fn.body
    for i, stmt in enumerate(body):
        if not isinstance(stmt, ast.For):
            continue
        following = []
        for after in body[i + 1:]:
            if isinstance(after, ast.For):
                break
            following.append(after)
        made = [_REDUCERS[_dotted(n.func)] for s in following for n in ast.walk(s)
                if isinstance(n, ast.Call) and _dotted(n.func) in _REDUCERS]
        stores = any(isinstance(n, ast.Call) and _dotted(n.func) == "tl.store" for n in ast.walk(stmt))
        what = (", then ".join(dict.fromkeys(made)) if made else "") + (
            " and " if made and stores else "") + ("writes the output" if stores else "")
        passes.append(f"pass {len(passes) + 1} {'computes ' if made else ''}{what or 'accumulates'}")
    if len(passes) <= 1:
        return f"One pass: {passes[0].removeprefix('pass 1 ')}." if passes else ""
    return (f"{len(passes)} passes over each row, because every pass needs the previous one's result: "
            + "; ".join(passes) + ".")


def _index_text(k: _Kernel) -> str:
    """Index decompositions like x0 = xindex % ks0 (broadcast, strided or windowed operands)."""
    decomp = [ast.unparse(s) for s in k.fn.body
              if isinstance(s, ast.Assign) and isinstance(s.targets[0], ast.Name)
              and re.fullmatch(r"[xy]\d+", s.targets[0].id) and not isinstance(s.value, ast.Name)]
    if not decomp:
        return ""
    return (" The flat index is split into coordinates (" + "; ".join(decomp) + ") to address operands "
            "of another shape or layout (a broadcast, a pooling window, a permutation).")


def _reasoning(capture: Capture, model: _ModelInfo, body: list[str | _Launch], b: _Bindings, ret: str) -> str:
    launches = [s for s in body if isinstance(s, _Launch)]
    n_kernels = len(dict.fromkeys(l.kernel.name for l in launches))
    names = {**b.names, **{a: v.removeprefix("self.") for a, v in b.lifted.items()}}
    lines = [f"Task: {(model.doc or capture.task_id).rstrip('.')}.",
             f"torch.compile (Inductor, dynamic shapes) lowers forward into {n_kernels} Triton kernel(s) and "
             "no library calls, so all the compute can stay in Triton."]
    if b.symbols:
        lines.append("Dynamic sizes, read from the tensors at run time: " + ", ".join(
            f"{s} = {e}" for s, e in b.symbols.items()) + ".")
    if b.specialised:
        lines.append("Inductor baked " + ", ".join(b.specialised) + " into the kernels as literals, so they "
                     "are valid for that size only.")
    if b.lifted:
        lines.append("Float attributes reach the kernels as scalar arguments: " + ", ".join(
            sorted(set(b.lifted.values()))) + ".")
    for step, launch in enumerate(launches, 1):
        k = launch.kernel
        lines += ["", f"Step {step}: `{k.name}` fuses source nodes [{k.notes.source_nodes}] "
                  f"(ATen: {k.notes.aten or '?'}) into one kernel."]
        if k.notes.mapping:
            lines.append("  Source node -> ATen nodes: " + "; ".join(k.notes.mapping) + ".")
        if k.notes.graph:
            lines.append("  Fused graph, in order:")
            lines += [f"    {_graph_line(g, names)}" for g in k.notes.graph]
        lines.append("  Tiling: " + _tiling_text(launch))
        lines.append(f"  Launch: grid {launch.grid}, " + ", ".join(
            f"{c}={v}" for c, v in k.blocks.items()) + f", num_warps={k.num_warps}.")
    lines += ["", "Buffers are allocated with torch.empty_strided at Inductor's exact sizes and strides; "
              f"forward ends with `{ret}`."]
    return "\n".join(lines)


# ------------------------------------------------------------------ entry point


def rewrite(capture: Capture, task_source: str) -> Rewrite:
    """Inductor's captured code for a task -> a standalone ModelNew module (or why not)."""
    if not capture.ok:
        return Rewrite(False, f"capture failed: {capture.reason}")
    if len(capture.codes) != 1:
        return Rewrite(False, f"{len(capture.codes)} compiled graphs (graph breaks); one is needed")
    code = capture.codes[0]
    try:
        tree = parse_source(code)
    except SyntaxError as exc:
        return Rewrite(False, f"wrapper does not parse: {exc.msg} (line {exc.lineno})")
    try:
        call = _call_function(tree)
        extern = _extern_calls(call)
        if extern:
            return Rewrite(False, "extern kernels: " + ", ".join(extern), extern=extern)
        return _rewrite(capture, task_source, tree, code, call)
    except _Unsupported as exc:
        return Rewrite(False, str(exc))


def _rewrite(capture: Capture, task_source: str, tree: ast.Module, code: str, call: ast.FunctionDef) -> Rewrite:
    kernels = _kernels(tree, code)
    if not kernels:
        raise _Unsupported("the wrapper defines no Triton kernels")
    for k in kernels.values():
        _choose_blocks(k)
    model = _model_info(task_source, {p.split(".")[0] for p in capture.param_names})
    bindings = _bind(call, _example_args(tree), capture, model)
    body, ret = _translate(call, kernels, bindings, model)
    launches = [s for s in body if isinstance(s, _Launch)]
    if not launches:
        raise _Unsupported("call() launches no kernel")
    used = [k for k in kernels.values() if any(l.kernel is k for l in launches)]
    for k in used:
        _rename_params(k, launches, bindings)
    source = _module_source(capture, model, used, body, ret, bindings)
    return Rewrite(True, code=source, reasoning=_reasoning(capture, model, body, bindings, ret),
                   kernels=[k.name for k in used])
