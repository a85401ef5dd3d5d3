"""Interpreter sizes for task files that bring only their own (GPU) sizes.

KernelBench sizes target big GPUs (a 4096 x 393216 fp32 input is 6 GB), far beyond
the Triton interpreter on a CPU. `derive_interp(source)` shrinks the module-level
size constants statically (read with `ast`, never executed); `with_interp_shapes`
turns that into an "interp_auto" shape setting next to the file's own sizes. Every
entry point loads task files through it (suite.get_task, the KernelBench loader),
so `verify`, `generate`, `eval` and `data` judge a file at the same sizes.

Not covered: the derived sizes are a static guess. A file whose shapes satisfy
relations other than divisibility (a LayerNorm over a width that equals a channel
count only by coincidence, a model that asserts its input resolution) may fail at
them; such a reference is `invalid_task` for every model alike.
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass, replace

from autotriton.tasks.contract import PINNED_SETTING, ShapeSetting, Task, TaskError, parse_source

# Interp sizing. 4096 fp32 elements per input keeps one interpreted kernel
# launch well under a second on a 2-core CPU.
INTERP_TARGET_ELEMS = 4096
SMALL_MAX = 8  # constants <= this (kernel sizes, strides, dims, group counts) are kept
INITIAL_CAP = 64  # every shrinkable constant starts here, then inputs are shrunk to the target
_MAX_STEPS = 1000
# Names that describe a window or a partition, not an extent: never shrunk.
STRUCTURAL_SIZE = re.compile(r"kernel|stride|pad|dilation|group|window|pool|ksize", re.IGNORECASE)
# Extents must stay >= 2x the largest window, so a convolution or pool still has output.
_WINDOW_RE = re.compile(r"kernel|window|pool|ksize", re.IGNORECASE)
_SPATIAL_RE = re.compile(r"height|width|image|img|resolution|^h$|^w$", re.IGNORECASE)
# Level 3 spatial floor: five stride-2 stages (ResNet, DenseNet, MobileNet) need 32 pixels.
L3_SPATIAL_FLOOR = 32
_FACTORIES = {"rand", "randn", "zeros", "ones", "empty", "full", "randint", "arange", "randperm"}


@dataclass(frozen=True)
class InterpDerivation:
    """What `derive_interp` decided for one source file."""

    overrides: dict[str, int]  # only the constants whose value changes
    # "estimated": input sizes were read from get_inputs and shrunk to the target;
    # "clamped": no input size could be read, every extent was clamped to INITIAL_CAP;
    # "none": nothing needs to shrink; "conflict": no smaller sizes keep every
    # divisibility relation (the file keeps its own sizes).
    method: str
    max_input_elems: int | None  # largest estimated input after the overrides


# Ops whose fp32 form an honest Triton kernel computes with tl.dot, i.e. TF32 by default on
# a GPU. A simulated default tl.dot at N = 4096 with signed inputs put 55% of elements
# outside fp32's 1e-4, so such tasks get TF32's 1e-2 (KernelBench v0/v0.1 used 1e-2 everywhere;
# 423217d uses 1e-4 for fp32). The judge's rms bound (judge.TF32_FACTOR) rejects bf16 tiles on
# signed inputs only: on torch.rand inputs the output's mean hides them, and the eval's
# signed-input trial is what rejects them there (docs/EVAL.md).
# mv, addmv, dot, vdot, inner and multi_dot too: a traced answer for torch.mv ran tl.dot and was
# judged at fp32's 1e-4 once the interpreter's dot took TF32 operands (verifier 32, verify/tf32.py).
DOT_OPS = frozenset({"matmul", "mm", "bmm", "addmm", "baddbmm", "einsum", "tensordot", "linear", "bilinear",
                     "mv", "addmv", "dot", "vdot", "inner", "multi_dot", "chain_matmul",
                     "Linear", "Bilinear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
                     "conv_transpose3d", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d",
                     "ConvTranspose3d", "scaled_dot_product_attention", "MultiheadAttention", "LSTM", "GRU", "RNN",
                     # the recurrent cells are two matrix products a step (torch.nn's RNNCell and GRUCell, whose
                     # Inductor answers were 85% outside fp32's 1e-4 by TF32 alone, max error 4e-4: session 67)
                     "RNNCell", "GRUCell", "LSTMCell", "rnn_tanh_cell", "rnn_relu_cell", "gru_cell", "lstm_cell",
                     # transformers' Conv1D (GPT-2's projections) is an addmm with the weight transposed
                     "Conv1D"})
TF32_TOLERANCE = (1e-2, 1e-2)


def with_dot_tolerance(task: Task) -> Task:
    """A task file without its own TOLERANCE that uses dot-product ops (DOT_OPS or `@`)
    gets TF32's fp32 tolerance, with the reason recorded."""
    if task.tolerance:
        return task
    tree = parse_checked(task.source)
    names = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)} | \
        {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    uses_at = any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult) for n in ast.walk(tree))
    found = sorted(names & DOT_OPS) + (["@"] if uses_at else [])
    if not found:
        return task
    return replace(task, tolerance={"float32": TF32_TOLERANCE},
                   tolerance_reason=f"derived: the task computes dot products ({', '.join(found[:4])}), which a "
                                    "default tl.dot runs in TF32 on a GPU")


def as_judged(task: Task) -> Task:
    """The task as the judge runs it, however it was loaded (a path, a dataset row's source,
    the Python API): a file with no interp sizes of its own is an outside file, and gets
    derived interp sizes and TF32's tolerance where it computes dot products, as a
    KernelBench file does. Files with our metadata are unchanged. `RewardScorer`, given a
    KernelBench source, once ran it at its full size on a CPU and blamed the candidate for
    the host's out-of-memory kill."""
    if any(s.mode == "interp" or s.name == PINNED_SETTING for s in task.shapes):
        return task
    return with_dot_tolerance(with_interp_shapes(task))


def with_interp_shapes(task: Task) -> Task:
    """`task` plus a derived "interp_auto" setting when the file has no interp sizes of
    its own (tagged "auto_interp_shape:<method>"); the file's sizes stay the GPU default."""
    if any(s.mode == "interp" for s in task.shapes) or any(t.startswith("auto_interp_shape") for t in task.tags):
        return task  # the file brings its own interp sizes, or derivation ran already
    derived = derive_interp(task.source, spatial_floor=L3_SPATIAL_FLOOR if task.level == 3 else 0)
    if not derived.overrides:
        return replace(task, tags=task.tags + (f"auto_interp_shape:{derived.method}",))
    # The default setting names the file's own values of every constant the
    # interp setting changes, so applying it resets them even where the runner
    # only resets UPPERCASE names (KernelBench mostly uses lowercase ones).
    tree = parse_checked(task.source)
    originals = _int_constants(tree)
    originals.update(_tuple_constants(tree, originals))
    default = ShapeSetting("default", "gpu", {k: originals[k] for k in derived.overrides})
    interp = ShapeSetting("interp_auto", "interp", dict(derived.overrides))
    gpu = tuple(s for s in task.shapes if not (s.name == "default" and not s.overrides))
    return replace(task, shapes=(default,) + gpu + (interp,),
                   tags=task.tags + ("auto_interp_shape", f"auto_interp_shape:{derived.method}"))


# ====================================================================== interp sizes

def derive_interp_overrides(source: str) -> dict[str, int]:
    """Smaller values for a task's size constants, for CPU interpreter runs."""
    return derive_interp(source).overrides


def derive_interp(source: str, target_elems: int = INTERP_TARGET_ELEMS, spatial_floor: int = 0) -> InterpDerivation:
    """Shrink the module-level integer constants of a task file, statically.

    Rules:
    - constants <= SMALL_MAX, and ones named like kernel/stride/padding/
      dilation/groups/window/pool, are kept;
    - constants no estimated input depends on (e.g. `out_features`) are
      clamped to INITIAL_CAP; then, among the constants feeding an input over
      `target_elems` elements (and their divisors), the one with the largest
      current value is halved, until all estimated inputs fit or nothing can
      shrink further;
    - no extent goes below min(value, max(SMALL_MAX, 2 x largest window));
    - if A is a multiple of B in the file (equal included), it stays one;
    - extents named like an image side (height, width, image_size) stay >=
      `spatial_floor` (level 3: whole networks downsample 32x; DenseNet, SqueezeNet
      and a UNet had no pixels left at 8).
    Names of any case count: KernelBench writes `batch_size = 16`.
    """
    tree = parse_checked(source)
    consts = _int_constants(tree)
    tuples = _tuple_constants(tree, consts)
    # `groups = in_channels` follows in_channels when the task runs (verify.loading
    # recomputes it): not a constant of its own, or it holds in_channels at 128.
    derived = [(k, e) for k, e in _module_exprs(tree) if k in consts and _names(e)]
    consts = {k: v for k, v in consts.items() if k not in dict(derived)}
    # Literal extents inside tuples (`input_shape = (32768,)`) shrink like constants, as
    # virtual names "input_shape[0]"; equal originals stay equal, so HingeLoss's
    # batch_size and input_shape[0] (both 32768) still broadcast.
    entries = _literal_entries(tree, tuples)
    # Small ints get_init_inputs passes as literals (`[8, channels]`: a GroupNorm's group count)
    # are kept, and the sizes they divide stay their multiples: a composed GroupNorm file with 96
    # channels shrank to 12 over 8 groups and its reference could not be built (invalid_task; 12
    # of 132 data-v29 rows judged from their prompt's source, session 43).
    fns = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    passed = {f"get_init_inputs[{i}]": c.value
              for i, c in enumerate(_returned_ints(fns.get("get_init_inputs"))) if c.value <= SMALL_MAX}
    consts = dict(consts, **entries, **passed)
    fixed = {k for k, v in consts.items() if v <= SMALL_MAX or STRUCTURAL_SIZE.search(k)}
    # Windows as ints and as tuples (`kernel_size = (5, 9)`: extents stay >= 18).
    windows = [v for k, v in consts.items() if _WINDOW_RE.search(k)] + \
        [max(t) for k, t in tuples.items() if _WINDOW_RE.search(k) and t]
    floor_all = max([SMALL_MAX] + [2 * w for w in windows])
    floors = {k: min(v, max(floor_all, spatial_floor if _SPATIAL_RE.search(k) else 0))
              for k, v in consts.items() if k not in fixed}
    shapes = _input_shapes(tree, consts, tuples, set(entries), derived)
    sized = {k for _, names in shapes for k in names}  # constants an estimated input depends on
    desired = {k: max(floors[k], v if k in sized else min(v, INITIAL_CAP))
               for k, v in consts.items() if k not in fixed}
    if not desired:
        return InterpDerivation({}, "none", None)
    values = _solve(consts, desired, fixed, floors)
    for _ in range(_MAX_STEPS):
        over = {k for shape, names in shapes if (_numel(shape, values) or 0) > target_elems for k in names}
        # A divisor of an oversized extent can hold it up (it must stay a multiple), so it may move too.
        blockers = {j for j in desired for k in over if consts[k] % consts[j] == 0}
        movable = {k for k in over | blockers if k in desired and desired[k] > floors[k]}
        if not movable:
            break
        # Largest value first; on a tie the smaller original, which may be what blocks the others.
        k = max(movable, key=lambda name: (values[name], -consts[name], name))
        for twin in (j for j in desired if consts[j] == consts[k]):
            desired[twin] = max(floors[twin], min(desired[twin], values[twin]) // 2)
        values = _solve(consts, desired, fixed, floors)
    if not _relations_hold(consts, values):
        return InterpDerivation({}, "conflict", None)
    sizes = [n for shape, _ in shapes if (n := _numel(shape, values)) is not None]
    overrides = {k: v for k, v in values.items() if v != consts[k] and k not in entries}
    for name, original in tuples.items():
        new = tuple(values.get(f"{name}[{i}]", v) for i, v in enumerate(original))
        if new != original:
            overrides[name] = new
    method = "none" if not overrides else ("estimated" if sizes else "clamped")
    return InterpDerivation(overrides, method, max(sizes) if sizes else None)


def _solve(consts: dict[str, int], desired: dict[str, int], fixed: set[str],
           floors: dict[str, int]) -> dict[str, int]:
    """Values as close to `desired` as divisibility allows, smallest original first.

    A constant whose original is a multiple of smaller (or equal) originals
    becomes a multiple of their new values' lcm, rounded down, or up to its
    floor; equal originals get equal values."""
    new = {k: consts[k] for k in fixed}
    for k in sorted(desired, key=lambda name: (consts[name], name)):
        v = consts[k]
        twin = next((j for j in new if j not in fixed and consts[j] == v), None)
        if twin is not None:
            new[k] = new[twin]
            continue
        lcm = 1
        for j, nv in new.items():
            if 1 < consts[j] <= v and v % consts[j] == 0:
                lcm = math.lcm(lcm, nv)
        if lcm > v:
            new[k] = v
            continue
        value = max(lcm, desired[k] // lcm * lcm)
        if value < floors[k]:
            value = -(-floors[k] // lcm) * lcm
        new[k] = value if value <= v else v // lcm * lcm
    return new


def grown_sizes(values: dict[str, int], desired: dict[str, int]) -> dict[str, int]:
    """`values` with each constant in `desired` grown to about its desired value (and above its
    own), keeping every divisibility among the sizes: a constant that is a multiple of others
    (equal ones included) becomes a multiple of their new values, and one that is a multiple
    of a grown constant grows with it. Smallest first, so divisors are settled before their
    multiples. The CPU judge's random-size trial (verify/judge.py): a size drawn at random
    broke `channels % groups == 0` and the like, the reference failed, and the trial was
    skipped without a word."""
    new: dict[str, int] = {}
    # Fixed sizes before grown ones of the same value: `channels = num_groups = 32` must keep
    # channels a multiple of the fixed group count.
    for k in sorted(values, key=lambda name: (values[name], name in desired, name)):
        v = values[k]
        twin = next((j for j in new if values[j] == v and (j in desired) == (k in desired)), None)
        if twin is not None:
            new[k] = new[twin]  # equal sizes stay equal (they broadcast against each other)
            continue
        lcm = math.lcm(1, *(new[j] for j in new if 1 < values[j] <= v and v % values[j] == 0))
        if k in desired:
            new[k] = -(-max(v + 1, desired[k]) // lcm) * lcm
        elif v > SMALL_MAX and not STRUCTURAL_SIZE.search(k) and v % lcm:
            new[k] = -(-v // lcm) * lcm  # a multiple of a grown size grows with it
        else:
            new[k] = v  # small constants (a dim, a kernel size) never move
    return new


def shrunk_sizes(values: dict[str, int], lead: list[str], small: int, twins: bool) -> dict[str, int] | None:
    """`values` with each constant in `lead` set to `small`, and with `twins` each constant equal to
    one of them too; None where that breaks a divisibility among the sizes: a size that was a
    multiple of a moved one must stay one (`embed % heads`). A moved size need not stay a
    multiple of the others: at GPU sizes most such relations are chance (a batch of 16,384 and a
    width of 4,096; a matmul's M = N = K = 4096), and 40 of the 60 built-in tasks had no small size
    while they held; with `twins`, a task whose equal sizes must broadcast against each other.
    Where a relation was the task's, its reference fails and the trial is not run (judge.py). The
    judge's small random size: batch-1 decoding, where a kernel may take another path."""
    same = {values[k] for k in lead}
    moved = {k for k, v in values.items() if k in lead or (twins and v in same)}
    new = {k: small if k in moved else v for k, v in values.items()}
    return new if _divisible(values, new, moved) else None


def _divisible(consts: dict[str, int], values: dict[str, int], moved: set[str] = frozenset()) -> bool:
    """Every divisibility among `consts` holds in `values`, but those that make a constant in
    `moved` a multiple of one outside it."""
    return all(values[a] % values[b] == 0 for a, va in consts.items() for b, vb in consts.items()
               if 1 < vb <= va and va % vb == 0 and not (a in moved and b not in moved))


def _relations_hold(consts: dict[str, int], values: dict[str, int]) -> bool:
    for a, va in consts.items():
        for b, vb in consts.items():
            if 1 < vb <= va and va % vb == 0 and values[a] % values[b] != 0:
                return False
    return all(1 <= values[k] <= consts[k] for k in values)


def parse_checked(source: str) -> ast.Module:
    """The source's AST (contract.parse_source: thread-safe), or TaskError."""
    try:
        return parse_source(source)
    except SyntaxError as exc:
        raise TaskError(f"not valid Python ({exc.msg}, line {exc.lineno})") from None


def _int_constants(tree: ast.Module) -> dict[str, int]:
    """Module-level `name = <int expression>` assigned once, with value >= 1. Chained
    (`height = width = 128`) and unpacked (`depth, height, width = 16, 32, 32`)
    assignments count too: 64 KernelBench L2 files size their inputs that way."""
    values: dict[str, int] = {}
    counts: dict[str, int] = {}
    for node in tree.body:
        for name, expr in _assigned(node):
            counts[name] = counts.get(name, 0) + 1
            value = _eval_int(expr, values) if expr is not None else None
            if value is None:
                values.pop(name, None)
            else:
                values[name] = value
    return {k: v for k, v in values.items() if counts[k] == 1 and v >= 1 and not k.startswith("_")}


def _assigned(node: ast.stmt) -> list[tuple[str, ast.expr | None]]:
    """(name, expression) pairs a module-level statement assigns; None when the value
    of that name cannot be read off the statement."""
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
        return [(node.target.id, node.value)]
    if not isinstance(node, ast.Assign):
        return []
    out = []
    for target in node.targets:
        if isinstance(target, ast.Name):
            out.append((target.id, node.value))
        elif isinstance(target, (ast.Tuple, ast.List)):
            values = node.value.elts if isinstance(node.value, (ast.Tuple, ast.List)) \
                and len(node.value.elts) == len(target.elts) else [None] * len(target.elts)
            out += [(t.id, v) for t, v in zip(target.elts, values) if isinstance(t, ast.Name)]
    return out


_BINOPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
           ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b}


def _eval_int(expr: ast.expr, env: dict[str, int]) -> int | None:
    """An integer expression over literals and known names, or None."""
    if isinstance(expr, ast.Constant):
        return expr.value if type(expr.value) is int else None
    if isinstance(expr, ast.Name):
        return env.get(expr.id)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        v = _eval_int(expr.operand, env)
        return None if v is None else (-v if isinstance(expr.op, ast.USub) else v)
    if isinstance(expr, ast.BinOp):
        a, b = _eval_int(expr.left, env), _eval_int(expr.right, env)
        if a is None or b is None:
            return None
        if isinstance(expr.op, ast.Pow):
            return a ** b if 0 <= b <= 64 and abs(a) < (1 << 20) else None
        op = _BINOPS.get(type(expr.op))
        if op is None or (isinstance(expr.op, (ast.FloorDiv, ast.Mod)) and b == 0):
            return None
        return op(a, b)
    return None


Shape = tuple[list[ast.expr], list[tuple[str, ast.expr]]]  # (dims, get_inputs' local assignments)


def _tuple_constants(tree: ast.Module, consts: dict[str, int] | None = None) -> dict[str, tuple[int, ...]]:
    """Module-level tuples of ints, e.g. KernelBench's `input_shape = (4096,)` or
    `kernel_size = (3, 5)`; entries may name int constants (`(out_channels, 1, 1)`).

    They enter size estimates and window floors but are never overridden (overrides
    are ints; derived tuples are recomputed when a task runs, see verify.loading)."""
    out = {}
    for node in tree.body:
        for name, expr in _assigned(node):
            if isinstance(expr, (ast.Tuple, ast.List)):
                items = [_eval_int(e, consts or {}) for e in expr.elts]
                if items and all(v is not None for v in items):
                    out[name] = tuple(items)
    return out


def _literal_entries(tree: ast.Module, tuples: dict[str, tuple[int, ...]]) -> dict[str, int]:
    """{"name[i]": value} for literal entries > SMALL_MAX of module-level size tuples
    (not windows, strides or paddings), assigned once."""
    out: dict[str, int] = {}
    counts: dict[str, int] = {}
    for node in tree.body:
        for name, expr in _assigned(node):
            counts[name] = counts.get(name, 0) + 1
            if name in tuples and not STRUCTURAL_SIZE.search(name) and isinstance(expr, (ast.Tuple, ast.List)):
                for i, e in enumerate(expr.elts):
                    if isinstance(e, ast.Constant) and type(e.value) is int and e.value > SMALL_MAX:
                        out[f"{name}[{i}]"] = e.value
    return {k: v for k, v in out.items() if counts[k.split("[")[0]] == 1}


def _module_exprs(tree: ast.Module) -> list[tuple[str, ast.expr]]:
    return [(name, expr) for node in tree.body for name, expr in _assigned(node) if expr is not None]


def _names(expr: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}


def _input_shapes(tree: ast.Module, consts: dict[str, int], tuples: dict[str, tuple[int, ...]],
                  virtual: set[str] = frozenset(),
                  derived: list[tuple[str, ast.expr]] = ()) -> list[tuple[Shape, set[str]]]:
    """Size expressions of tensors made by torch factories in get_inputs.

    Each entry is ((dims, locals), constant names the dims depend on). Tensors
    whose size cannot be evaluated from the constants are left out."""
    fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "get_inputs"), None)
    if fn is None:
        return []
    local: list[tuple[str, ast.expr]] = list(derived)  # module-level, evaluated before get_inputs' own
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            local.append((node.targets[0].id, node.value))
    out = []
    for node in ast.walk(fn):
        dims = _factory_dims(node, dict(local)) if isinstance(node, ast.Call) else None
        if dims is None:
            continue
        dims = [e for d in dims for e in _unstar(d, tuples, virtual)]
        shape = (dims, local)
        if _numel(shape, consts) is None:
            continue
        out.append((shape, _depends_on(dims, dict(local), set(consts))))
    return out


def _factory_dims(call: ast.Call, local: dict[str, ast.expr]) -> list[ast.expr] | None:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if name not in _FACTORIES:
        return None

    def as_dims(expr: ast.expr) -> list[ast.expr] | None:
        if isinstance(expr, ast.Name) and isinstance(local.get(expr.id), (ast.Tuple, ast.List)):
            expr = local[expr.id]
        return list(expr.elts) if isinstance(expr, (ast.Tuple, ast.List)) else None

    size = next((kw.value for kw in call.keywords if kw.arg == "size"), None)
    if size is not None:
        return as_dims(size) or [size]
    if name in ("randint", "full"):
        return next((d for d in map(as_dims, call.args) if d is not None), None)
    if name in ("arange", "randperm"):
        return call.args[-1:] if name == "randperm" or len(call.args) == 1 else None
    if len(call.args) == 1:
        return as_dims(call.args[0]) or list(call.args)
    return list(call.args) or None


def _unstar(dim: ast.expr, tuples: dict[str, tuple[int, ...]], virtual: set[str] = frozenset()) -> list[ast.expr]:
    """`*input_shape` -> its entries: virtual names where they shrink, else literals
    (unknown names stay, and fail to evaluate)."""
    if isinstance(dim, ast.Starred) and isinstance(dim.value, ast.Name) and dim.value.id in tuples:
        name = dim.value.id
        return [ast.Name(f"{name}[{i}]") if f"{name}[{i}]" in virtual else ast.Constant(v)
                for i, v in enumerate(tuples[name])]
    return [dim]


def _numel(shape: Shape, values: dict[str, int]) -> int | None:
    dims, local = shape
    env = dict(values)
    for name, expr in local:
        v = _eval_int(expr, env)
        if v is not None:
            env[name] = v
    sizes = [_eval_int(d, env) for d in dims]
    if any(s is None or s < 0 for s in sizes):
        return None
    return math.prod(sizes)


def _depends_on(dims: list[ast.expr], local: dict[str, ast.expr], consts: set[str]) -> set[str]:
    names: set[str] = set()
    todo = [n.id for d in dims for n in ast.walk(d) if isinstance(n, ast.Name)]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name in consts:
            names.add(name)
        elif name in local:
            todo += [n.id for n in ast.walk(local[name]) if isinstance(n, ast.Name)]
    return names


# ====================================================================== literal sizes

# Literal sizes made names (named_sizes): the prefix keeps them apart from a file's own constants.
LIFTED_PREFIX = "AUTOTRITON_SIZE_"


def named_sizes(source: str) -> str:
    """`source` with the integer literals that size get_inputs()'s tensors named as module
    constants (`torch.randn(8, 16)` -> `torch.randn(AUTOTRITON_SIZE_8, AUTOTRITON_SIZE_16)`, one
    name per value), and get_init_inputs()'s entries equal to one of them (a Linear's in_features
    must grow with the input's width), line numbers kept. The judge runs the reference from this
    text, so the random-size and small-rows trials grow and shrink every size, as they do a
    file's named constants: with literals only the leading rows moved, and a kernel that added
    only when `x.shape[-1] == 16` passed (outside red team, ninth pass, 2026-11-29). Values
    used for anything else (a literal in Model's body) keep their own literal; a size the
    reference cannot run at is drawn again (judge._random_size_trial)."""
    tree = ast.parse(source)
    fns = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    dims = [c for call in _factory_calls(fns.get("get_inputs")) for c in _size_literals(call)]
    values = {d.value for d in dims}
    inits = [c for c in _returned_ints(fns.get("get_init_inputs")) if c.value in values]
    if not dims:
        return source
    lines = source.splitlines(keepends=True)
    for node in sorted(dims + inits, key=lambda n: (n.lineno, n.col_offset), reverse=True):
        if node.lineno != node.end_lineno:
            continue
        line = lines[node.lineno - 1]
        b = len(line.encode()[:node.col_offset].decode())
        e = len(line.encode()[:node.end_col_offset].decode())
        lines[node.lineno - 1] = line[:b] + f"{LIFTED_PREFIX}{node.value}" + line[e:]
    text = "".join(lines)
    if not text.endswith("\n"):
        text += "\n"
    return text + "".join(f"{LIFTED_PREFIX}{v} = {v}\n" for v in sorted(values))


def _factory_calls(fn: ast.FunctionDef | None) -> list[ast.Call]:
    if fn is None:
        return []
    return [n for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
            and n.func.attr in _FACTORIES and isinstance(n.func.value, ast.Name) and n.func.value.id == "torch"]


def _ints(node: ast.expr) -> list[ast.Constant]:
    if isinstance(node, ast.Constant) and type(node.value) is int and node.value >= 2:
        return [node]
    if isinstance(node, (ast.Tuple, ast.List)):
        return [c for e in node.elts for c in _ints(e) if isinstance(e, ast.Constant)]
    return []


def _size_literals(call: ast.Call) -> list[ast.Constant]:
    name = call.func.attr
    size_kw = [k.value for k in call.keywords if k.arg == "size"]
    if name == "randint":  # low and high are values; only the size tuple sizes
        return [c for a in list(call.args) + size_kw if isinstance(a, (ast.Tuple, ast.List)) for c in _ints(a)]
    if name == "full":
        return _ints(call.args[0]) if call.args and isinstance(call.args[0], (ast.Tuple, ast.List)) else []
    if call.args and isinstance(call.args[0], (ast.Tuple, ast.List)):
        return _ints(call.args[0])
    return [c for a in call.args for c in _ints(a)] + [c for a in size_kw for c in _ints(a)]


def _returned_ints(fn: ast.FunctionDef | None) -> list[ast.Constant]:
    if fn is None:
        return []
    out = []
    for ret in (n for n in ast.walk(fn) if isinstance(n, ast.Return) and isinstance(n.value, (ast.List, ast.Tuple))):
        out += [e for e in ret.value.elts if isinstance(e, ast.Constant) and type(e.value) is int and e.value >= 2]
    return out
