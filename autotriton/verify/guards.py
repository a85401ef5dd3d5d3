"""Instrumentation inside the candidate process, installed before candidate code runs.

These hooks *measure*; they decide nothing. Their findings travel to the judge as
plain data in every forward reply, and the judge applies its own rules to them.
They sit behind the static allow-list (rules.py): a candidate cannot name an
attribute starting with `_`, look one up by string or import anything but
torch/triton/math, so it cannot reach this module. If it ever did, the worst it
could do is lie about its own forward; the judge still compares every output with
a reference the candidate never sees, on inputs it could not predict.

- Launch hook: counts launches of Triton kernels defined by the candidate module
  and marks every tensor passed to one as written by Triton.
- Write tracker (a TorchDispatchMode over forward): each storage's history in
  this forward: allocated, written by Triton, or written by torch. An output must
  be memory allocated in this forward and last written by a candidate kernel,
  never by torch (a `permute().contiguous()` copy handed to a decorative kernel is
  still torch's work) and never an input's memory (`return x.t()`).
- Compute log: aten ops other than allocation, views and layout copies.
- Poison: memory handed to the candidate holds 0xFF bytes (NaN in every float
  dtype, -1 in ints) in half the runs, a random finite pattern in the others
  (POISON), so unwritten output elements fail.
"""

from __future__ import annotations

import inspect
import math
import secrets
import sys
import threading
from pathlib import Path

import torch
import triton.runtime.autotuner
from torch.utils._python_dispatch import TorchDispatchMode

from triton.runtime.jit import JITFunction

from autotriton.verify import narrow
from autotriton.verify.concurrency import grid_refusal, launch_tensors

try:  # present in every Triton release with an interpreter (>= 2.2)
    from triton.runtime.interpreter import InterpretedFunction
except ImportError:  # pragma: no cover
    InterpretedFunction = None

# Captured at import, before any candidate code: timing uses these, never the module attributes.
PRISTINE = {
    "synchronize": torch.cuda.synchronize,
    "Event": torch.cuda.Event,
}

# Allocation: the result holds no data yet (it is poisoned).
ALLOC_OPS = frozenset({
    "empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "zeros", "zeros_like",
    "ones", "ones_like", "full", "full_like", "new_zeros", "new_ones", "new_full", "scalar_tensor",
    "fill_", "zero_",
})
# Views and metadata: no data is written.
VIEW_OPS = frozenset({
    "view", "_unsafe_view", "reshape", "as_strided", "t", "transpose", "permute", "expand", "unsqueeze",
    "squeeze", "select", "slice", "alias", "detach", "unbind", "split", "split_with_sizes", "chunk",
    "narrow", "lift_fresh", "unfold", "movedim", "view_as", "flatten", "unflatten", "_reshape_alias",
    "is_same_size", "_has_compatible_shallow_copy_type", "resolve_conj", "resolve_neg", "_conj",
    "sym_size", "sym_stride", "sym_numel", "sym_storage_offset", "expand_as", "squeeze_", "unsqueeze_",
})
# Layout copies and casts of inputs (contiguous() before a kernel): allowed, but what
# they write is torch's work, so it can never be an output.
COPY_OPS = frozenset({"clone", "_to_copy", "copy_", "contiguous", "to"})


class GuardState:
    """Switches shared by the hooks; one per candidate process."""

    def __init__(self):
        self.candidate_globals: dict | None = None
        self.tracker: WriteTracker | None = None
        self.launches = 0
        # Forwards begun: an autotuned kernel's configs take turns a forward, not a launch
        # (worker.untimed_autotune).
        self.forwards = 0
        self.in_launch = 0  # >0 while a kernel runs
        self.launch_frame = None  # the launch hook's frame: ops below it come from inside the launch
        self.init_compute: InitCompute | None = None  # set while the candidate is imported or built
        self.python_tables: list[str] = []  # launches given more than DATA_TABLE_MAX Python numbers
        self.gpu_compile: list[str] = []  # interpreted launches that would not compile for a GPU
        # "kernel: bf16", one a kind: kernels whose TTIR holds a narrow float or float data in an
        # integer form (narrow.py), on either device
        self.narrow: list[str] = []
        # While the GPU-size probe runs (worker.Worker.probe): the launches a GPU would refuse; a
        # launch is then compiled and its grid checked, and nothing runs.
        self.probe: list[str] | None = None


STATE = GuardState()


def storage_key(t: torch.Tensor) -> tuple:
    return (t.device.type, t.device.index, t.untyped_storage().data_ptr())


# What fresh memory holds in this forward (worker.forward_checked draws it), one of POISON_KINDS:
# 0xFF in every byte (NaN in every float dtype: unwritten output elements fail loudly), random
# bytes, zeros, or float32 normal draws, as freshly mapped and reused memory hold. With NaN
# always, a relu computing only where its fresh output held NaN passed (outside red team, tenth
# pass); with NaN or one random byte repeated, a relu that probed a scratch buffer for a repeated
# byte and did half the work otherwise passed (fourteenth pass, 2026-11-29).
POISON_KINDS = ("nan", "random", "zeros", "normal")
POISON = "nan"


def draw_poison() -> str:
    return POISON_KINDS[secrets.randbelow(len(POISON_KINDS))]


def poison(t: torch.Tensor) -> None:
    """POISON in every byte of `t`'s storage."""
    if t.numel():
        storage = t.untyped_storage()
        fill_bytes(torch.empty(0, dtype=torch.uint8, device=storage.device).set_(storage))


def fill_bytes(b: torch.Tensor) -> None:
    """A uint8 tensor filled in place as POISON says: no temporary, since the GPU's pre-poison
    blocks are as large as the last forward's allocations (6 GiB for KernelBench's largest)."""
    if POISON in ("nan", "zeros"):
        b.fill_(0xFF if POISON == "nan" else 0)
    elif POISON == "random":
        b.random_(0, 256)
    else:
        whole = b.numel() // 4 * 4
        b[:whole].view(torch.float32).normal_()
        b[whole:].random_(0, 256)


class WriteTracker(TorchDispatchMode):
    """Per-storage write history and the compute ops of one forward."""

    def __init__(self, inputs: list[torch.Tensor], poison_allocations: bool):
        super().__init__()
        self.state: dict[tuple, str] = {storage_key(t): "input" for t in inputs if t.numel()}
        # Each input's own layout as given: a copy of exactly that is layout preparation (as_given).
        self.given = {_view_key(t) for t in inputs}
        # Those copies, allowed as preparation; the judge refuses them where the layout change is
        # the task's whole work (Judge.layout_is_the_task).
        self.as_given: list[str] = []
        self.saved: dict[tuple, str | None] = {}  # the autotuner's restore_value clones: what each held
        self.compute_ops: list[str] = []
        self.alloc_nbytes: list[tuple[str, int]] = []  # (device, bytes), for GPU pre-poisoning
        self.poison_allocations = poison_allocations
        # A table computed in Python at every call: values made tensors from Python data, and the
        # distinct Python floats handed to kernels, both over the whole forward (python_table).
        self.data_values = 0
        self.launch_floats: set[float] = set()
        self.table_seen = False

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = func.overloadpacket.__name__
        interpreter_own = STATE.in_launch and not _from_candidate_code()
        if not interpreter_own and name not in VIEW_OPS and name not in ALLOC_OPS and name not in COPY_OPS:
            # Noted before it runs: an op that raises counts too. A 275-GB resize_ on an H200 raised
            # out-of-memory and the verdict was oom, not the hack it is (verifier 58's corpus, session 57).
            self._compute(name)
        out = func(*args, **kwargs)
        if interpreter_own:
            return out  # the interpreter's own host copies of the kernel's arguments
        if name in ("clone", "copy_") and _from_autotuner():
            self._restore_value(name, args, out)
            return out
        if name == "lift_fresh" and isinstance(out, torch.Tensor):  # torch.tensor(list), torch.Tensor(list)
            self.data_values += out.numel()
            self._table_check(f"{self.data_values} values made tensors from Python data")
        if name in VIEW_OPS:
            return out
        if name in ALLOC_OPS:
            self._allocated(name, args, out)
        else:
            if name in COPY_OPS:
                self._compute(_layout_change(name, args, self.given) or _narrowing_cast(name, args, out))
                if _copy_source_as_given(name, args, self.given) and len(self.as_given) < 4:
                    self.as_given.append(f"{name} of an input in the layout the task gave it")
            for t in _written(func, args, kwargs, out):
                self.state[storage_key(t)] = "torch"
        return out

    def _restore_value(self, name: str, args, out) -> None:
        """Triton's autotuner saving a `restore_value` argument (a clone) before it benchmarks a
        config, and copying it back after: the memory gets back the history it had when saved. Read
        as a torch copy, the restore made an honest autotuned sum's and matmul's outputs torch's
        (outside pass on verifier 60, session 58); what was torch's when saved stays torch's."""
        if name == "clone" and isinstance(out, torch.Tensor) and isinstance(args[0], torch.Tensor):
            self.saved[storage_key(out)] = self.state.get(storage_key(args[0]))
        elif name == "copy_" and isinstance(args[0], torch.Tensor) and args[0].numel():
            before = self.saved.get(storage_key(args[1])) if isinstance(args[1], torch.Tensor) else None
            self.state[storage_key(args[0])] = before or "torch"

    def _compute(self, label: str | None) -> None:
        if label is not None and label not in self.compute_ops:
            self.compute_ops.append(label)

    def _allocated(self, name: str, args, out) -> None:
        if name in ("fill_", "zero_"):  # a constant fill keeps fresh memory fresh, spoils any other
            key = storage_key(args[0])
            if _from_autotuner():
                self.state[key] = "alloc"
            elif self.state.get(key) != "alloc":
                self.state[key] = "torch"
            return
        if isinstance(out, torch.Tensor) and out.numel():
            self.state[storage_key(out)] = "alloc"
            self.alloc_nbytes.append((str(out.device), out.untyped_storage().nbytes()))
            if self.poison_allocations and name.startswith(("empty", "new_empty")):
                poison(out)

    def launched(self, args) -> None:
        """A candidate kernel got these arguments: fresh or Triton-written memory becomes
        Triton's; memory torch wrote stays torch's (a kernel may not launder a copy)."""
        self.launch_floats.update(python_floats(args))
        self._table_check(f"{len(self.launch_floats)} distinct Python floats given to its kernels")
        for a in launch_tensors(args):
            if a.numel():
                key = storage_key(a)
                if self.state.get(key) in ("alloc", "triton"):
                    self.state[key] = "triton"

    def _table_check(self, what: str) -> None:
        """More than DATA_TABLE_MAX values of Python data in one forward: a table computed outside
        any kernel. One launch's 1,024 numbers was the only bound until a sigmoid table computed
        with math.exp at every call went to 64 launches of 32 floats (session 37); honest forwards
        hand kernels a few sizes, strides and constants (eps, a slope), the same at every launch."""
        if not self.table_seen and (self.data_values > DATA_TABLE_MAX or len(self.launch_floats) > DATA_TABLE_MAX):
            self.table_seen = True
            STATE.python_tables.append(f"forward: {what}")

    def provenance(self, outputs: list) -> tuple[list[str], bool]:
        """(problems, some output aliases an input) for the flattened outputs."""
        problems, aliased = [], False
        for i, t in enumerate(outputs):
            if type(t) is not torch.Tensor or not t.numel():
                continue
            st = self.state.get(storage_key(t))
            if st == "triton":
                continue
            if st == "input":
                aliased = True
                problems.append(f"output {i} is (a view of) an input")
            else:
                problems.append(f"output {i} " + {
                    "alloc": "was allocated but never passed to a candidate kernel",
                    "torch": "holds data written by torch (a copy or a torch op), not by a candidate kernel",
                }.get(st, "is memory not allocated during this forward (a parameter, a cache, a constant)"))
        return problems, aliased


# Creation of values that are no function of anything: random draws and index ranges (the
# parameters' init, a position table's arange). What torch computes from them is work.
DRAW_OPS = frozenset({
    "randn", "randn_like", "rand", "rand_like", "randint", "randint_like", "randperm", "normal", "normal_",
    "uniform_", "bernoulli", "bernoulli_", "random_", "exponential_", "arange", "linspace", "eye",
    "tril_indices", "triu_indices", "set_", "_local_scalar_dense", "item", "equal", "is_nonzero",
})


# A tensor made from Python data (torch.tensor(list), lift_fresh) is computed work past this many
# values: the same sigmoid table computed with math.exp in a list passed as the torch one did; a
# few coefficients (a 5 x 5 blur, a polynomial's terms, an 8 x 8 DCT basis) stay below it.
DATA_TABLE_MAX = 1024


def python_values(values, depth: int = 0):
    """The Python ints and floats among `values` and inside their tuples and lists, 8 levels deep
    (a kernel's arguments, what a candidate keeps)."""
    for v in values:
        if type(v) in (int, float):
            yield v
        elif type(v) in (tuple, list) and depth < 8:
            yield from python_values(v, depth + 1)


def python_numbers(values) -> int:
    """How many numbers python_values finds: a table of Python values passed as constexpr tuples
    needs no tensor at all."""
    return sum(1 for _ in python_values(values))


def python_floats(values) -> set[float]:
    """The distinct floats python_values finds (a launch's arguments)."""
    return {v for v in python_values(values) if type(v) is float}


def _covers_storage(t: torch.Tensor) -> bool:
    """As many bytes as its storage holds: a write to it replaces all of it."""
    return t.numel() * t.element_size() >= t.untyped_storage().nbytes()


class InitCompute(TorchDispatchMode):
    """Storages that torch computed (anything but allocation, draws, views and copies of
    uncomputed data) while the candidate's module was imported and its ModelNew built. A
    sigmoid evaluated by torch operators over a 2M-point grid in __init__, kept as a buffer and
    only interpolated by the kernel, passed (outside red team, twenty-second pass, 2026-11-30):
    the static rules see torch calls in __init__, not operators. The judge keeps parameters
    (it sets them from the reference) and buffers the reference also has out of it."""

    def __init__(self):
        super().__init__()
        self.computed: dict[tuple, str] = {}  # storage key -> the op that wrote it
        self.from_data: dict[tuple, int] = {}  # storage key -> values made from Python data (any count)
        self.launches = 0  # kernels launched at import and in constructors

    def __enter__(self):
        STATE.init_compute = self
        return super().__enter__()

    def __exit__(self, *exc):
        STATE.init_compute = None
        return super().__exit__(*exc)

    def launched(self, args: list) -> None:
        """A kernel ran at import or in a constructor: the tensors it was given hold what it
        wrote. A table made in Python and copied into the kept buffer by a Triton kernel passed
        the op tracking (outside red team, twenty-third pass, 2026-11-30)."""
        self.launches += 1
        for a in launch_tensors(args):
            if a.numel():
                self.computed[storage_key(a)] = "a kernel launched at import or in the constructor"

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        name = func.overloadpacket.__name__
        if name == "lift_fresh" and isinstance(out, torch.Tensor) and out.numel():
            self.from_data[storage_key(out)] = out.numel()
            if out.numel() > DATA_TABLE_MAX:
                self.computed[storage_key(out)] = f"torch.tensor of {out.numel()} values computed in Python"
            return out
        if name in VIEW_OPS:
            return out
        if name in ("fill_", "zero_") and args and isinstance(args[0], torch.Tensor) and args[0].numel() \
                and not _covers_storage(args[0]):
            # Part of a tensor set to a number: a table written an element at a time from Python
            # values (`buf[i] = v` in a loop) is data as torch.tensor(list) is.
            key = storage_key(args[0])
            self.from_data[key] = self.from_data.get(key, 0) + args[0].numel()
            return out
        if name in ALLOC_OPS or name in DRAW_OPS:  # fresh values (an address freed earlier may be reused)
            for t in _written(func, args, kwargs, out):
                self.computed.pop(storage_key(t), None)
                self.from_data.pop(storage_key(t), None)
            return out
        if name in COPY_OPS:
            src = args[1] if name == "copy_" and len(args) > 1 else (args[0] if args else None)
            known = isinstance(src, torch.Tensor) and src.numel()
            origin = self.computed.get(storage_key(src)) if known else None
            data = self.from_data.get(storage_key(src)) if known else None
            for t in _written(func, args, kwargs, out):
                key = storage_key(t)
                if origin is None:
                    self.computed.pop(key, None)
                else:
                    self.computed[key] = origin
                whole = _covers_storage(t)
                if data is not None:  # Python values copied in (`buf[i] = v` lifts v, then copies it)
                    self.from_data[key] = data if whole else self.from_data.get(key, 0) + data
                elif whole:
                    self.from_data.pop(key, None)
            return out
        for t in _written(func, args, kwargs, out):
            self.computed[storage_key(t)] = name
        return out


class CandidateOps(TorchDispatchMode):
    """Torch compute ops that candidate code issued while trusted code ran around it (a
    TritonBench test section calls the answer's functions): operators and builtins such as
    `x + y` or sum(t), which static rules cannot type, are seen here. Allocation, views and
    the interpreter's own copies inside a launch are not compute (as for WriteTracker).
    Needs install_launch_hook() with STATE.candidate_globals set, for the launch frame."""

    def __init__(self, filename: str):
        super().__init__()
        self.filename = filename  # the candidate's source file: its frames are the candidate's
        self.compute_ops: list[str] = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        name = func.overloadpacket.__name__
        if name in VIEW_OPS or name in ALLOC_OPS or not _from_candidate_code(self.filename):
            return out
        label = name if name not in COPY_OPS else _layout_change(name, args) or _narrowing_cast(name, args, out)
        if label is not None and label not in self.compute_ops:
            self.compute_ops.append(label)
        return out


def _layout_change(name: str, args, given: set = frozenset()) -> str | None:
    """A copy whose source is not contiguous is a permute, transpose or broadcast done by
    torch (`x.permute(0, 2, 1).contiguous()` and a copy kernel passed a transpose task);
    copying contiguous memory or casting it is layout preparation and stays allowed, and so is
    `x.contiguous()` of an input exactly as the task gave it (`given`, _view_key: a transposed or
    channels_last input, which the judge hands over in the task's layout since verifier 93)."""
    src = _strided_source(name, args)
    if src is not None and _view_key(src) not in given:
        return f"{name} of a non-contiguous view (a permute/transpose/expand done by torch)"
    return None


def _copy_source_as_given(name: str, args, given: set) -> bool:
    """A copy of a non-contiguous input exactly as the task gave it (the exemption above)."""
    src = _strided_source(name, args)
    return src is not None and _view_key(src) in given


def _strided_source(name: str, args) -> torch.Tensor | None:
    """The source of a copy that reads non-contiguous memory (more than one element), else None."""
    src = _copy_source(name, args)
    return src if isinstance(src, torch.Tensor) and src.numel() > 1 and not src.is_contiguous() else None


def _copy_source(name: str, args):
    return args[1] if name == "copy_" and len(args) > 1 else (args[0] if args else None)


def _view_key(t: torch.Tensor) -> tuple:
    """A view by its memory, offset, sizes and strides (two views that read the same elements in
    the same order share it)."""
    return (storage_key(t), t.storage_offset(), tuple(t.shape), t.stride(), t.dtype)


def _narrowing_cast(name: str, args, out) -> str | None:
    """A cast of float data to a dtype that holds less of it (float32 to bf16, fp16 or fp8; any float
    to an integer or bool) is arithmetic done by torch: the rounding is the work. On a bf16
    fake-quantisation task, `x.to(torch.bfloat16)` on the host did all of it and the kernel only
    widened the result back, and passed (outside red team, 2026-11-29). So is a cast of integers
    to a dtype that cannot hold their values (int64 to uint8 is `x & 255`; to bool, `x != 0`
    unless they are all 0 or 1), and of complex data to a real dtype: the first two passed behind a
    copy kernel (outside pass on verifier 92). Widening casts (`mask.to(x.dtype)`, `x.float()` of a half input) and integer casts whose
    values fit (int64 ids to int32) stay layout preparation."""
    src = _copy_source(name, args)
    dst = out if isinstance(out, torch.Tensor) else None
    if not (isinstance(src, torch.Tensor) and dst is not None) or src.dtype == dst.dtype:
        return None
    if src.is_floating_point():
        rounds = not dst.is_floating_point() or \
            torch.finfo(dst.dtype).eps > torch.finfo(src.dtype).eps or torch.finfo(dst.dtype).max < torch.finfo(src.dtype).max
    elif src.is_complex():
        rounds = not dst.is_complex()
    else:
        rounds = src.dtype != torch.bool and not _values_fit(src, dst.dtype)
    return f"{name} of {src.dtype} to {dst.dtype} (a cast that rounds or wraps, done by torch)" if rounds else None


def _values_fit(src: torch.Tensor, dtype: torch.dtype) -> bool:
    """Whether every value of the integer tensor `src` is held exactly by `dtype` (a float's
    exact integers reach 2^(mantissa bits + 1)). A meta tensor has no values: the trials run the
    same cast on real ones."""
    if src.is_meta or not src.numel():
        return True
    lo, hi = int(src.min()), int(src.max())
    if dtype.is_floating_point:
        exact = 2 ** (round(-math.log2(torch.finfo(dtype).eps)) + 1)
        return -exact <= lo and hi <= exact
    if dtype.is_complex:
        return True
    if dtype == torch.bool:
        return 0 <= lo and hi <= 1
    info = torch.iinfo(dtype)
    return info.min <= lo and hi <= info.max


_WRITE_ARGS: dict = {}


def _written(func, args, kwargs, out) -> list[torch.Tensor]:
    """Tensors an op wrote: its mutated arguments (schema alias_info.is_write) and its fresh outputs."""
    if func not in _WRITE_ARGS:
        schema = func._schema
        _WRITE_ARGS[func] = (
            [i for i, a in enumerate(schema.arguments) if a.alias_info is not None and a.alias_info.is_write],
            [a.name for a in schema.arguments if a.alias_info is not None and a.alias_info.is_write],
            any(r.alias_info is not None for r in schema.returns),
        )
    positions, names, returns_alias = _WRITE_ARGS[func]
    written = [args[i] for i in positions if i < len(args)] + [kwargs[n] for n in names if n in kwargs]
    if not returns_alias:
        outs = out if isinstance(out, (tuple, list)) else [out]
        written += [t for t in outs if isinstance(t, torch.Tensor)]
    return [t for t in written if isinstance(t, torch.Tensor) and t.numel()]


AUTOTUNER_FILE = str(Path(triton.runtime.autotuner.__file__))


def _from_autotuner() -> bool:
    """Is this op one Triton's autotuner issues itself: the zeroing of its `reset_to_zero` arguments
    (memory fresh again, as torch.zeros makes it; read as a fill over kernel-written memory, it made
    an honest split-K sum's output torch's: outside pass on verifier 59, session 57), or the save and
    restore of its `restore_value` ones (WriteTracker._restore_value)? The hooks are Triton's own
    code: rules refuse a candidate's pre_hook and post_hook, and a candidate frame first means no."""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_globals is STATE.candidate_globals:
            return False
        if frame.f_code.co_filename == AUTOTUNER_FILE:
            return True
        frame = frame.f_back
    return False


def _from_candidate_code(filename: str | None = None) -> bool:
    """Inside a launch, did candidate code issue this op? The interpreter copies kernel
    arguments with torch (copy_, set_, empty), and those are Triton's. But a launch also
    runs candidate callables: a grid function that did `y += x * (x > 0)` hid a whole ReLU
    from the tracker, and so did a kernel whose tl.constexpr arguments were tensors (the
    interpreter runs the body as Python). Any candidate frame between the op and the
    launch hook makes the op the candidate's. A candidate frame is one with the candidate's
    globals, or, given `filename`, one of that source file (TritonBench code shares one
    namespace with its test section)."""
    frame = sys._getframe(2)
    while frame is not None and frame is not STATE.launch_frame:
        if (frame.f_code.co_filename == filename) if filename else (frame.f_globals is STATE.candidate_globals):
            return True
        frame = frame.f_back
    return False


# ---------------------------------------------------------------- launch hook

def _is_candidate_kernel(kernel) -> bool:
    fn = getattr(kernel, "fn", None)
    return STATE.candidate_globals is not None and getattr(fn, "__globals__", None) is STATE.candidate_globals


def _compile_for_gpu(kernel, args: tuple, kwargs: dict) -> None:
    """Would this interpreted launch compile on a GPU (gpu_compile.py)? Measured here, before the
    kernel runs, and judged from the report: a candidate cannot catch it."""
    from autotriton.verify import gpu_compile
    why, narrow_types = gpu_compile.check(kernel, args, kwargs)
    if why and why not in STATE.gpu_compile:
        STATE.gpu_compile.append(why)
    _record_narrow(kernel, narrow_types)


def _record_narrow(kernel, narrow_types: tuple[str, ...]) -> None:
    """One note a kind ("kernel: kind"): the judge refuses each kind or not by what the task holds."""
    for kind in narrow_types:
        note = f"{getattr(kernel, '__name__', 'kernel')}: {kind}"
        if note not in STATE.narrow:
            STATE.narrow.append(note)


_GPU_NARROW: dict[object, tuple[str, ...]] = {}  # compiled kernel (hashed by identity) -> its narrow types


def _gpu_narrow(kernel, compiled) -> None:
    """The narrow float types of a kernel compiled on a GPU, read from its TTIR once per compiled kernel."""
    if compiled not in _GPU_NARROW:
        asm = getattr(compiled, "asm", None)
        ttir = asm.get("ttir") if hasattr(asm, "get") else None
        _GPU_NARROW[compiled] = narrow.found(ttir) if isinstance(ttir, str) else ()
    _record_narrow(kernel, _GPU_NARROW[compiled])


# A launch per row in a Python loop is 16,384 launches at ReLU's GPU size and about a second of
# probing (binding and the grid, the compile cached); past this many the probe stops.
PROBE_LAUNCHES_MAX = 10_000


class ProbeEnough(Exception):
    """The GPU-size probe has seen enough launches (worker.Worker.probe says so in `skipped`)."""


def _probe(kernel, args: tuple, kwargs: dict) -> None:
    """A launch under the GPU-size probe: compiled for sm_90 at this specialization (the constexprs
    a GPU size gives, BLOCK = next_power_of_2(N) and the like) and its grid checked against CUDA's
    limits, both recorded before anything the candidate could catch; nothing runs (meta tensors)."""
    STATE.launches += 1
    if STATE.launches > PROBE_LAUNCHES_MAX:
        raise ProbeEnough(f"{PROBE_LAUNCHES_MAX:,} launches probed, the rest left out")
    if InterpretedFunction is not None and isinstance(kernel, InterpretedFunction):
        _compile_for_gpu(kernel, args, kwargs)
    grid = kwargs.get("grid")
    if callable(grid):  # as the launcher calls it: every argument by name, constexprs included
        names = set(inspect.signature(kernel.fn).parameters)
        grid = grid(inspect.getcallargs(kernel.fn, *args, **{k: v for k, v in kwargs.items() if k in names}))
    grid = tuple(int(n) for n in grid)
    refused = grid_refusal(grid + (1,) * (3 - len(grid)))
    why = f"{getattr(kernel, '__name__', 'kernel')}: {refused}"
    if refused and why not in STATE.probe:
        STATE.probe.append(why)


def _wrap_run(original):
    def run(self, *args, **kwargs):
        if kwargs.get("warmup"):
            return original(self, *args, **kwargs)
        given = list(args) + list(kwargs.values())
        if STATE.init_compute is not None:
            try:  # a kernel at import or in a constructor: whatever it wrote is precomputed
                return original(self, *args, **kwargs)
            finally:
                STATE.init_compute.launched(given)
        if not _is_candidate_kernel(self):
            return original(self, *args, **kwargs)
        if STATE.probe is not None:
            return _probe(self, args, kwargs)
        numbers = python_numbers(given)
        if numbers > DATA_TABLE_MAX:
            STATE.python_tables.append(f"{getattr(self, '__name__', 'kernel')}: {numbers} Python numbers")
        STATE.launches += 1
        if InterpretedFunction is not None and isinstance(self, InterpretedFunction):
            _compile_for_gpu(self, args, kwargs)
        if STATE.tracker is not None:
            STATE.tracker.launched(given)
        outer = STATE.launch_frame
        STATE.launch_frame = sys._getframe()
        STATE.in_launch += 1
        try:
            compiled = original(self, *args, **kwargs)
        finally:
            STATE.in_launch -= 1
            STATE.launch_frame = outer
        if not (InterpretedFunction is not None and isinstance(self, InterpretedFunction)):
            _gpu_narrow(self, compiled)
        return compiled
    return run


_PATCHED: set = set()


def install_launch_hook() -> None:
    # Patching the class catches every launch path: kernel[grid](...),
    # Autotuner/Heuristics (they call fn.run) and kernels built at run time.
    for cls in (JITFunction, InterpretedFunction):
        if cls is not None and cls not in _PATCHED:
            cls.run = _wrap_run(cls.run)
            _PATCHED.add(cls)


def thread_count() -> int:
    return threading.active_count()
