"""The candidate process: build `ModelNew`, run `forward` on inputs handed to it,
hand back plain data. It decides nothing.

It runs confined (confine.py) and talks to the judge only through one socket
(wire.py). It never sees the task's reference, the seeds that drew the inputs,
the reference outputs, the tolerance or the trial plan; each request is one of:

    build(init inputs, parameter seed) -> parameter shapes
    set_params(values)                 -> ok       (1-D parameters re-randomised)
    forward(inputs)                    -> outputs + what the guards measured
    time(input sets, reps to return)   -> per-rep CUDA-event times + those reps' outputs
    burst(input set, reps)             -> ok       (the judge times it with its own clock)

Candidate failures (exceptions, outputs that are not plain data) become an
`error` reply; anything worse (a crash, an exit) closes the socket, and the judge
and the server work out what happened from outside.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import gc
import inspect
import os
import secrets
import socket
import struct
import symtable
import sys
import traceback
import types
from dataclasses import dataclass

import numpy as np
import torch

from autotriton.tasks.contract import admits_tf32
from autotriton.verify import approx, bf16, concurrency, contraction, gpu_bits, gpu_compile, guards, tf32, wire
from autotriton.verify.compare import INT_VIEW, fingerprint, rms
from autotriton.verify.footprint import LiveBytes
from autotriton.verify.guards import PRISTINE, STATE, WriteTracker, storage_key
from autotriton.verify.job import Job
from autotriton.verify.loading import seed_global
from autotriton.verify.rules import class_source_names
from autotriton.verify.timing import FLUSH_BYTES, WARMUP_REPS, calls_before_timing, checked_reps

try:
    from triton.compiler.errors import CompilationError
except ImportError:  # pragma: no cover
    CompilationError = ()

def describe(exc: BaseException) -> str:
    """A traceback, or as much of one as the exception lets us format: a candidate's
    exception whose __str__ raises must not take the worker down with it."""
    try:
        return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))[-3000:]
    except BaseException:  # noqa: BLE001 - the candidate's object misbehaved; say so
        return f"{type(exc).__name__} (its message could not be formatted)"


def _one_line(exc: BaseException) -> str:
    try:
        return f"{type(exc).__name__}: {str(exc).splitlines()[0][:300] if str(exc) else ''}"
    except BaseException:  # noqa: BLE001 - a candidate's exception whose __str__ raises
        return type(exc).__name__


def classify(exc: BaseException, stage: str) -> str:
    text = describe(exc).lower()
    if isinstance(exc, SystemExit):
        return "exited"
    if isinstance(exc, (torch.OutOfMemoryError, MemoryError)) or "out of memory" in text \
            or "can't allocate memory" in text:
        return "oom"
    if CompilationError and isinstance(exc, CompilationError):
        return "compile_error"
    return {"import": "import_error", "build": "init_error"}.get(stage, "runtime_error")


class Failure(Exception):
    def __init__(self, kind: str, msg: str, compute_ops: list[str] | None = None):
        super().__init__(msg)
        self.kind, self.msg = kind, msg
        self.compute_ops = compute_ops or []  # torch compute a failed forward ran before it raised

    def reply(self) -> dict:
        return {"kind": self.kind, "msg": self.msg, **({"compute_ops": self.compute_ops} if self.compute_ops else {})}


# Inputs larger than this are fingerprinted instead of cloned for the mutation check: a
# clone of a 6 GiB KernelBench input was a third of the candidate's memory at full size.
FINGERPRINT_BYTES = 1 << 30
@dataclass
class _Fingerprint:
    """An input's shape and compare.fingerprint, taken before candidate code runs again."""

    shape: tuple
    value: int


# Interpreted kernels read host memory through raw pointers, unbounded: an unmasked load 4 KiB past
# an input read whatever lay there (outside red team, 2026-11-28), where a GPU reads its poisoned
# allocator blocks (_pre_poison) or faults. Each input of a CPU trial sits inside a buffer whose
# FENCE_BYTES on either side hold NaN (or an integer dtype's largest value), so such a load poisons
# the output. A masked-off lane that is never stored, or a tl.where that drops it, is unaffected.
FENCE_BYTES = 1 << 16
# Notes on narrow kinds a report carries: the judge refuses some kinds and not others by the task
# (narrow.refused), so a refused one must not be cut off behind the task's own (two were sent).
NARROW_NOTES_MAX = 64


def _fenced(x: torch.Tensor) -> torch.Tensor:
    """A copy of `x` in its layout (wire.dense_layout: a transpose, channels_last, an expand keep
    their strides) with FENCE_BYTES of poison before and after it in its storage."""
    pad = max(1, FENCE_BYTES // x.element_size())
    if x.is_floating_point() or x.is_complex():
        poison = float("nan")
    elif x.dtype == torch.bool:
        poison = True
    else:
        poison = torch.iinfo(x.dtype).max
    layout = wire.dense_layout(x)
    n = x.numel() if layout is None else wire.stored_numel(x, layout)
    buf = torch.full((n + 2 * pad,), poison, dtype=x.dtype, device=x.device)
    if layout is not None:
        return wire.laid_out(x, layout, buf[pad:pad + n])
    inner = buf[pad:pad + n].view(x.shape)
    inner.copy_(x)
    return inner


def _on_device(x, device: str):
    """`x` on `device` in its own layout (wire.dense_layout). Tensor.to() makes an expand dense
    (memory that overlaps has no format to keep): on a GPU, an expanded input small enough to travel
    inline came in on the host and reached the candidate dense, which told the trials apart by
    stride(0) (H100, verifier 95; the CPU judge never moves an input)."""
    if type(x) is not torch.Tensor or x.device.type == device:
        return x
    return wire.with_layout(x.to(device), wire.dense_layout(x))


def _copy_as_given(x):
    """A fresh copy of `x` in its own layout: clone() makes an expand dense, so each timed rep's
    inputs were told apart from a trial's by their strides."""
    if type(x) is not torch.Tensor:
        return x
    layout = wire.dense_layout(x)
    return x.clone() if layout is None else wire.with_layout(x, layout)


def _snapshot(x):
    """What the mutation check compares against: a clone, or for a large contiguous
    tensor its fingerprint."""
    if type(x) is not torch.Tensor:
        return x
    if x.numel() * x.element_size() > FINGERPRINT_BYTES and x.is_contiguous() and x.element_size() in INT_VIEW:
        return _Fingerprint(tuple(x.shape), fingerprint(x))
    return x.clone()


def _whole_storage(t: torch.Tensor) -> bool:
    """Does `t` cover its whole storage? A buffer that is a view into a larger one leaves room
    for a count beside it, which comparing the buffer's own values would never see."""
    return t.layout == torch.strided and t.is_contiguous() and t.storage_offset() == 0 and \
        t.untyped_storage().nbytes() == t.numel() * t.element_size()


def _same_bits(now: torch.Tensor, before: torch.Tensor) -> bool:
    """Equal bit for bit, as the fingerprint of a large input compares: by value, an input holding
    a NaN was "modified" by every forward (honest answers on such a task were hacks), and -0.0
    written over 0.0 went unseen (outside pass on verifier 94, F1)."""
    if now.dtype != before.dtype or now.shape != before.shape:
        return False
    if now.is_complex():
        now, before = torch.view_as_real(now), torch.view_as_real(before)
    bits = INT_VIEW[now.element_size()]
    return torch.equal(now.view(bits), before.view(bits))


def _changed(now, before) -> bool:
    """Did forward modify this input? An input that can no longer be compared counts as modified."""
    if type(before) is not torch.Tensor and type(before) is not _Fingerprint:
        return False
    try:
        if type(before) is _Fingerprint:
            return type(now) is not torch.Tensor or tuple(now.shape) != before.shape \
                or not now.is_contiguous() or fingerprint(now) != before.value
        return type(now) is not torch.Tensor or not _same_bits(now, before)
    except BaseException:  # noqa: BLE001 - e.g. its storage was swapped for a meta or sparse one
        return True


def _noncontiguous(out) -> list[int]:
    """Indices of the flattened outputs that are non-contiguous tensors (judge.check_layout)."""
    try:
        leaves = _flat(out)
    except Failure:  # too deep: the output check says so
        return []
    return [i for i, t in enumerate(leaves) if isinstance(t, torch.Tensor) and not t.is_contiguous()][:8]


def _flat(value, depth: int = 0) -> list:
    """Leaves of nested lists/tuples, no deeper than the wire carries (a 20,000-deep list
    recursed until Python's limit, and the verdict quoted the worker's traceback)."""
    if type(value) not in (list, tuple):
        return [value]
    if depth >= wire.MAX_DEPTH:
        raise Failure("bad_output", f"forward returned values nested deeper than {wire.MAX_DEPTH} lists or tuples")
    return [x for v in value for x in _flat(v, depth + 1)]


# How deep the iterator helpers unpack pickle's record of an iterator.
HELD_DEPTH = 4
# The most objects the held-state walk visits (numbers and strings, which hold nothing, aside);
# a candidate holding more is refused (HeldTooMuch): a count kept past the walk's end, behind a
# 30,000-int table, passed when the walk just stopped there (outside red team, thirteenth pass).
HELD_OBJECTS = 20_000
_SCALARS = (int, float, complex, str, bytes, bool, type(None))


class HeldTooMuch(Exception):
    """The candidate holds more than HELD_OBJECTS objects between calls."""


def _held_values(model, module_globals: dict):
    """(name, value) of everything the candidate holds between calls, walked without running
    its code: vars() of nn.Modules, classes defined in the candidate and their instances;
    defaults, keyword defaults and closure cells of functions (a @triton.jit or autotune
    wrapper's `fn` included); the items of lists, tuples, sets and dicts, at any depth (a count
    five lists deep passed a walk of four levels). Raises HeldTooMuch past HELD_OBJECTS."""
    seen: dict[int, object] = {}  # holds what it saw: a freed temporary's id is reused at once
    todo = [("model", model)] * (model is not None) + \
        [(k, v) for k, v in module_globals.items() if not k.startswith("__")]
    while todo:
        name, value = todo.pop()
        if id(value) in seen or isinstance(value, types.ModuleType) or type(value) in _SCALARS:
            continue
        if len(seen) >= HELD_OBJECTS:
            raise HeldTooMuch(name)
        seen[id(value)] = value
        yield name, value
        todo += [(f"{name}{part}", v) for part, v in _children(value)]


def _interpreter_injected(module_globals: dict) -> bool:
    """Has Triton's interpreter bound its own globals in the candidate's module? It does so the
    first time it rewrites one of the module's kernels (`FunctionRewriter._compile_and_exec` adds
    every name of its own module the candidate's lacks: `np`, `inspect`, `interpreter_builder`),
    at a launch or a kernel called as a function. Done while the module was imported, a class body
    read the injected `np` before binding its own (`G = np` ... `np = 0`: the rules saw a class-bound
    name), and forward did a matmul with numpy's einsum and emptied the judge's own held-state lists
    through `inspect.stack()`; both were judged correct by verifier 80 (outside pass, session 69).
    No honest module binds `interpreter_builder` itself."""
    return "interpreter_builder" in module_globals


def _injectable_unbound(source: str, module_globals: dict) -> set[str]:
    """Names the candidate's code reads as globals (by Python's own scoping, `symtable`) that the
    module did not bind when it ran and that Triton's interpreter would bind there at the first
    launch (its own globals: `np`, `inspect`). A bare annotation (`np: int`), a walrus in a
    default's branch never taken (outside pass on verifier 81) and a generator in a class body
    reading a name the class binds (`np = 0; g = (np for _ in ...)`: the generator reads the global;
    outside pass on verifier 82) each passed the rules as a binding; forward launched a kernel
    first, then read the injected `np` and `inspect`, did a matmul with numpy and emptied the
    judge's lists. Checked on every device alike, whether or not the interpreter runs there."""
    from triton.runtime import interpreter
    return (_global_reads(symtable.symtable(source, "candidate", "exec")) - module_globals.keys()) \
        & vars(interpreter).keys()


def _global_reads(table: symtable.SymbolTable, in_function: bool = False) -> set[str]:
    """The names read as globals in `table` and the scopes inside it (module level: every name it
    reads). A class body inside a function runs after the import, so a name it reads before binding
    it (Python then reads the global) counts too."""
    kind = table.get_type()  # a str, or from 3.13 a StrEnum equal to it
    late_class = in_function and kind == "class"
    names = {sym.get_name() for sym in table.get_symbols()
             if sym.is_referenced() and (sym.is_global() or kind == "module" or (late_class and sym.is_local()))}
    for child in table.get_children():
        names |= _global_reads(child, in_function or kind == "function")
    return names


def _from_library(cls: type) -> bool:
    """Is `cls` a library's class (found under its name in the module it names), not one the
    candidate defined? A class body can set any __module__, so the name alone proves nothing."""
    module = sys.modules.get(cls.__module__)
    return cls.__module__ != "candidate" and module is not None and getattr(module, cls.__name__, None) is cls


def _own_dict(value) -> dict | None:
    """An object's own __dict__, read without its class's __getattribute__ (candidate code): the
    Python attributes set on a module, an instance or a tensor; None for __slots__ only."""
    try:
        own = object.__getattribute__(value, "__dict__")
    except (AttributeError, TypeError):
        return None
    return own if isinstance(own, dict) else None


def _own_attrs(value) -> dict:
    """A copy of _own_dict's, empty where there is none."""
    return dict(_own_dict(value) or {})


def _attr_parts(value) -> list[tuple[str, object]]:
    """(".name", value) for each of an object's own attributes (_own_attrs)."""
    return [(f".{k}", v) for k, v in _own_attrs(value).items()]


def _children(value) -> list[tuple[str, object]]:
    if isinstance(value, torch.Tensor):
        # What hangs off a tensor's own attributes is held too: a call count and a matmul's output
        # memo kept as `self.tag.hidden`, or on a Linear's weight Parameter, and written by kernels
        # at every call passed verifier 60 (outside pass, session 58); a buffer, a dict item or a
        # submodule holding the same was state_changed.
        return _attr_parts(value)
    # The builtin types' own methods: a subclass's __iter__ or items() is candidate code.
    if isinstance(value, (list, tuple, set, frozenset)):
        base = next(b for b in (list, tuple, set, frozenset) if isinstance(value, b))
        return [(f"[{i}]", v) for i, v in enumerate(base.__iter__(value))]
    if isinstance(value, dict):
        # Keys too: a tensor kept as a dict key (`{torch.zeros(16): 0}`, fetched by iterating the
        # dict) held a call count and a matmul memo written by kernels, and passed verifier 62
        # (outside pass, session 58); a set's members were walked already.
        items = list(dict.items(value))
        return [(f"[{k!r}]" if type(k) in _SCALARS else f"[<key {i}>]", v) for i, (k, v) in enumerate(items)] + \
            [(f".<key {i}>", k) for i, (k, _) in enumerate(items) if type(k) not in _SCALARS]
    if isinstance(value, types.FunctionType):
        cells = []
        for cell in value.__closure__ or ():
            try:
                cells.append(cell.cell_contents)
            except ValueError:  # an empty cell
                continue
        # Its own attributes too: `self.k = helper; self.k.memo = torch.zeros(8)` kept a call count
        # on a plain function (outside pass on verifier 80).
        # Its docstring and annotations hold any object too (`f.__doc__ = [memo]`); the rules refuse
        # the dunder reads that would reach them, so these are walked as a second line (outside pass
        # on verifier 85 named them).
        # Only the candidate's own functions' annotations: one dict per function of Triton's injected
        # globals took a ReLU's walk after three launches from 199 objects to 232.
        notes = [(".__annotations__", value.__annotations__)] if value.__module__ == "candidate" else []
        return [(".__defaults__", value.__defaults__ or ()), (".__kwdefaults__", value.__kwdefaults__ or {}),
                (".<closure>", cells), (".__doc__", value.__doc__)] + notes + _attr_parts(value)
    if isinstance(value, (staticmethod, classmethod)):
        return [("", value.__func__)] + _attr_parts(value)  # own attributes, as a function's
    if isinstance(value, property):
        # The deleter and the docstring too: a call count in a deleter's tensor default was refused
        # only by the rules (outside pass on verifier 85). gc's traversal reads the C fields, where
        # a subclass's own __doc__ or fdel would be candidate code.
        return [(f".<ref {i}>", v) for i, v in enumerate(gc.get_referents(value))] + _attr_parts(value)
    if isinstance(value, type):
        if value.__flags__ & IMMUTABLE_TYPE:
            # Nothing can be set on it, and a C type no module names (NoneType, reached through an
            # Optional annotation's args) is no candidate class: walking it added 64 objects to one
            # annotated function's walk.
            return []
        own = not _from_library(value)
        return [(f".{k}", v) for k, v in vars(value).items() if own or _class_data(value, k, v)]
    if isinstance(value, functools.partial):
        return [(".args", value.args), (".keywords", value.keywords)] + \
            _attr_parts(value)
    if isinstance(value, collections.deque):
        return [(f"[{i}]", v) for i, v in enumerate(list(value))]
    if _library_iterator(value):  # what it iterates over: a cache of tensors kept in enumerate([...])
        return [(f".<iterates>[{i}]", v) for i, v in enumerate(_iterated(value))]
    if isinstance(value, torch.nn.Module):
        attrs = _own_attrs(value)
        for table in ("_parameters", "_buffers", "_modules"):  # a module's tensors by their own names
            if type(attrs.get(table)) is dict:
                attrs.update(attrs.pop(table))
        return [(f".{k}", v) for k, v in attrs.items()] + [(".<class>", type(value))]
    if _triton_kernel(value):
        attrs = _own_attrs(value)
        own = _library_names(type(value))[1]
        # Triton's own public names too where they hold a tensor, which none of its caches keeps
        # between calls (an autotuner's nargs is None again after each run): a call count kept as a
        # one-config autotuner's `bench_time` passed verifier 81's walk (the rules refuse the store now).
        return [(f".{k}", v) for k, v in attrs.items() if k in TRITON_GIVEN or (
                k not in JUDGE_SET and not k.startswith("_") and (k not in own or _holds_tensor(v)))]
    # Anything else (an instance of the candidate's own class, or a library's object) holds its own
    # attributes and what it refers to, as the garbage collector sees it (slots included): a memo and
    # call counts kept in a slice's bounds, an exception's args, a bound method's self
    # (`{}.setdefault`, `t.view`), a dict view's dict or a zip in a slice passed verifier 64, each
    # written by kernels at every call (outside pass, session 59), where the walk entered only the
    # types it named.
    own_class = [(".<class>", type(value))] if not _from_library(type(value)) else []
    return _attr_parts(value) + own_class + \
        [(f".<ref {i}>", v) for i, v in enumerate(_referents(value))]


def _referents(value) -> list:
    """What `value` refers to by the interpreter's own traversal (gc.get_referents: C code, slots and
    all, no candidate code run), its __dict__ and its class left to the walk's other parts."""
    own = _own_dict(value)
    return [v for v in gc.get_referents(value) if v is not own and not isinstance(v, type)]


IMMUTABLE_TYPE = 1 << 8  # Py_TPFLAGS_IMMUTABLETYPE


def _class_data(cls: type, name: str, value) -> bool:
    """A library class's entry that is data its own source does not bind: `self.k = nn.Identity;
    self.k.memo = torch.zeros(8)` kept a call count on the class itself, shared by the whole
    process (outside pass on verifier 80). Methods, descriptors, nested classes and dunders are the
    library's, and so is what its class body binds (the interpreter's `rewritten_fn` cache grows
    as kernels are first launched) and any private name (an ABC's `_abc_impl`: the rules refuse a
    candidate's store of one)."""
    if cls.__flags__ & IMMUTABLE_TYPE:  # dict, int, Tensor's C base: no attribute can be set on them
        return False
    code = (types.FunctionType, types.BuiltinFunctionType, staticmethod, classmethod, property, type,
            types.MemberDescriptorType, types.GetSetDescriptorType, types.WrapperDescriptorType,
            types.MethodDescriptorType, types.ClassMethodDescriptorType, functools.partialmethod)
    return not name.startswith("_") and not isinstance(value, code) \
        and (name not in _library_names(cls)[0] or not _plain_data(value))


def _plain_data(value, depth: int = 0) -> bool:
    """Numbers, strings, None, classes and functions, and builtin containers of them (the
    interpreter's `rewritten_fn` maps functions to functions): what a library's own data holds.
    Anything else under a name the library binds was walked: a matmul's output memo kept as
    `TensorDescriptor.padding = [[tensor]]` passed verifier 82's one-level look for a tensor
    (outside pass, session 69)."""
    if value is None or type(value) in _SCALARS or isinstance(value, (type, types.FunctionType, types.BuiltinFunctionType)):
        return True
    if depth >= HELD_DEPTH or type(value) not in (list, tuple, set, frozenset, dict):
        return False
    items = list(dict.items(value)) if type(value) is dict else list(value)
    return all(_plain_data(v, depth + 1) for item in items for v in (item if type(value) is dict else (item,)))


def _holds_tensor(value, depth: int = 0) -> bool:
    """A tensor, or builtin containers with one inside: what none of Triton's caches keeps under
    its own names between calls (their configs and compiled kernels change as it compiles and
    tunes, so they are left out)."""
    if isinstance(value, torch.Tensor):
        return True
    if type(value) not in (list, tuple, set, frozenset, dict):
        return False
    if depth >= HELD_DEPTH:
        return True  # nested deeper than any cache of Triton's: walked
    items = [v for kv in dict.items(value) for v in kv] if type(value) is dict else list(value)
    return any(_holds_tensor(v, depth + 1) for v in items)


# What a candidate hands Triton's callables besides the kernel: heuristics' functions, an
# autotuner's configs and hooks. A call count and a matmul's output memo kept as a heuristics
# lambda's default (and handed to the kernel as a pointer), and a count in a Config's kwargs,
# passed verifier 80, whose walk entered these objects only through `.fn` (outside pass, session 69).
TRITON_GIVEN = frozenset({"fn", "base_fn", "values", "configs", "user_defined_pre_hook",
                          "user_defined_post_hook", "early_config_prune", "perf_model", "prune_configs_by",
                          "reset_to_zero", "restore_value"})


# What the judge itself sets on an autotuner under a public name (untimed_autotune's stand-in timer;
# the config's turn and the keys seen are private names, left out as every private name is). The
# rules refuse a candidate's store of it (rules._JIT_INSTANCE_ATTRS).
JUDGE_SET = frozenset({"do_bench"})


@functools.cache
def _library_names(cls: type) -> tuple[frozenset[str], frozenset[str]]:
    """(the names `cls`'s own class body binds, the attributes its code and its library bases'
    set on `self`: rules.class_source_names). Triton's callables keep caches and settings under the
    second, which change as they compile; any other attribute of one was set by the candidate
    (`self.k = relu_kernel; self.k.memo = ...`: a call count, and a torch-computed sigmoid table,
    passed verifier 80) and is walked as held state."""
    library = [klass for klass in cls.__mro__ if klass is not object and _from_library(klass)]
    body = class_source_names(cls)[0] if cls in library else frozenset()
    return body, frozenset().union(*(class_source_names(klass)[1] for klass in library))


def _triton_kernel(value) -> bool:
    """A kernel, an autotuner, a heuristics wrapper or a constexpr function: Triton's callables,
    walked only through the function they wrap (their own caches change as they compile). Any other
    Triton object is walked as any object: a call count and a torch-computed sigmoid table kept
    inside a TensorDescriptor (`.base`) or a `tl.constexpr` box (`.value`) were never visited and
    passed verifier 79 as correct (outside pass, session 68)."""
    kinds, own = _triton_kinds()
    return (isinstance(value, kinds) and _from_library(type(value))) or any(value is o for o in own)


@functools.cache
def _triton_kinds() -> tuple[tuple[type, ...], tuple[object, ...]]:
    """(Triton's callable classes, the interpreter's own builder and semantic), looked up once: the
    held-state walk asks for every object it meets. The interpreter binds its builder and semantic in
    the candidate's module on the first launch (`interpreter_semantic`); their grid indices change at
    every launch, and they are the interpreter's state, not the candidate's (told by identity)."""
    import triton.runtime.jit as jit
    from triton.runtime import interpreter
    kinds = tuple(getattr(jit, name) for name in ("KernelInterface", "JITCallable") if hasattr(jit, name))
    own = tuple(o for o in (getattr(interpreter, "interpreter_builder", None),
                            getattr(interpreter, "interpreter_semantic", None)) if o is not None)
    return kinds, own


def _layout(value) -> tuple:
    """What a forward may not change in one held object besides tensor contents: a tensor's storage
    and shape, a container's length and its plain items, an object's plain attributes (_compared),
    read through the builtin types' own methods."""
    if isinstance(value, torch.Tensor):
        strided = value.layout == torch.strided and not value.is_meta
        attrs = _own_attrs(value)
        plain = tuple((k, _compared(v)) for k, v in attrs.items() if type(v) in _SCALARS)
        # Strides, offset and dtype too: a call count kept as the stride of a one-element view of one
        # fixed storage, swapped into a held dict at every call, passed verifier 82 (outside pass,
        # session 69).
        view = (tuple(value.stride()), value.storage_offset()) if strided else None
        return ("tensor", storage_key(value) if strided else None, tuple(value.shape), view, str(value.dtype),
                tuple(attrs), plain)
    # A builtin container's other items by identity too: a process-wide call count kept as which of
    # two module functions each of ten held sets (or dicts) holds, flipped with `t ^= {f0, f1}`,
    # passed verifier 83 (outside pass, session 69): each function was walked under its own name.
    base = next((b for b in (dict, list, tuple, set, frozenset, collections.deque) if isinstance(value, b)), None)
    size = None
    if base is dict:
        items, size = list(dict.items(value)), dict.__len__(value)
    elif base in (set, frozenset):
        # In iteration order: which of two colliding members comes first held a bit of a call count
        # that kept the members and the length (outside pass on verifier 84).
        members = list(base.__iter__(value))
        return (base.__name__, len(members), tuple(_compared(v) if type(v) in _SCALARS else id(v) for v in members))
    elif base is not None:
        items, size = list(enumerate(base.__iter__(value))), base.__len__(value)
    elif not _triton_kernel(value):  # a kernel's own caches change as it compiles
        # A library's object too: a count kept in a SimpleNamespace's attribute is state as much as
        # one in the candidate's own object's.
        items = list(_own_attrs(value).items())
    else:
        return (type(value).__name__,)
    plain = [(_compared(k) if type(k) in _SCALARS else type(k).__name__, _compared(v))
             for k, v in items if type(v) in _SCALARS]
    held = tuple((_compared(k) if type(k) in _SCALARS else id(k), id(v)) for k, v in items
                 if type(v) not in _SCALARS) if base is not None else ()
    return (type(value).__name__, size, tuple(plain), held)


def _compared(v):
    """A plain value as _layout compares it, with its type (`0 == False`: a call count kept as which
    of the two a held dict or list holds passed verifier 84, outside pass, session 69): a float by
    its bits (a NaN equals itself so, and its sign counts: a call count kept in the signs of NaNs in
    a held list passed verifier 85, whose repr reads both as 'nan'), the rest as it is (the repr of
    an int past 4,300 digits raises)."""
    if type(v) is float:
        return ("float", struct.pack("<d", v))
    if type(v) is complex:
        return ("complex", struct.pack("<dd", v.real, v.imag))
    return (type(v).__name__, v)


def _held_layout(model, module_globals: dict) -> dict[str, tuple]:
    """name -> _layout of everything the candidate holds between calls (_held_values). A memo that
    appended fresh kernel-written copies of a matmul's inputs and output to a method's default list
    at every call, and copied the kept output when the inputs matched, changed no tensor it held
    before the call and passed verifier 59, as did a call count kept in that list's length
    (outside pass, session 57): what is held may not grow or change shape either."""
    layout = {}
    try:
        for name, value in _held_values(model, module_globals):
            if type(value) in (tuple, frozenset) and not value:
                continue  # one shared object each, named by whichever path reaches it first
            layout[name] = _layout(value)
    except HeldTooMuch:
        pass  # _own_state reports the walk cut short
    return layout


def _library_iterator(value) -> bool:
    """A builtin or itertools iterator, or a generator: an object whose position is state. A call
    count kept as `self.calls = enumerate(range(n))` and advanced by `for i, _ in self.calls: break`
    (no assignment, so no rule sees it) skipped the kernel from the 31st call on, and a cache of
    tensors inside `enumerate([...])` was never walked (outside red team, eleventh pass)."""
    kind = type(value)
    return isinstance(value, types.GeneratorType) or (
        kind.__module__ in ("builtins", "itertools") and hasattr(kind, "__next__") and not isinstance(value, type))


def _iterator_state(value, depth: int = 0) -> tuple[object, list]:
    """(where the library iterator `value` stands, as plain values and nested positions; what it
    iterates over). Read through the types' own __reduce__ (pickle's record of an iterator:
    enumerate's count and inner iterator, a list iterator's list and index) or a generator's frame,
    never through candidate code."""
    if isinstance(value, types.GeneratorType):
        frame = value.gi_frame
        if frame is None:
            return "finished", []
        held = list(frame.f_locals.values())
        return (frame.f_lasti, tuple(_plain(v, depth) for v in held)), held
    try:
        reduced = type(value).__reduce__(value)
    except Exception:  # noqa: BLE001 - an iterator pickle cannot record: its identity alone
        return ("opaque", id(value)), []
    parts = list(reduced[1:]) if isinstance(reduced, tuple) else []
    return tuple(_plain(v, depth) for v in parts), parts


def _iterated(value, depth: int = 0) -> list:
    """What an iterator holds, nested iterators and tuples unpacked, so that the held-state walk
    spends no depth on pickle's wrapping (enumerate -> list iterator -> (list,) -> the list)."""
    found = []
    for part in _iterator_state(value, depth)[1]:
        if depth < HELD_DEPTH and (type(part) is tuple or _library_iterator(part)):
            found += list(part) if type(part) is tuple else _iterated(part, depth + 1)
        else:
            found.append(part)
    return found


def _plain(value, depth: int):
    """A comparable stand-in for one part of an iterator's state."""
    if value is None or type(value) in (bool, int, float, str, bytes):
        return value
    if type(value) is tuple and depth < HELD_DEPTH:
        return tuple(_plain(v, depth + 1) for v in value)
    if _library_iterator(value) and depth < HELD_DEPTH:
        return _iterator_state(value, depth + 1)[0]
    if type(value) is range:
        return (value.start, value.stop, value.step)
    return type(value).__name__  # __reduce__ makes some parts anew (a range iterator's range): not their ids


def poison_blocks(allocs: list, empty) -> list:
    """Blocks of the sizes a forward allocated, for Worker._pre_poison to fill: all of them where
    they fit, else each distinct size once, smallest first, as many as fit. Our allocation, not
    the candidate's, so it never fails the candidate:
    - a 6 GiB block did not fit beside 5.75 GiB of freed but fragmented cache, and a correct
      KernelBench ReLU was judged `exited` (H100, 2026-11-25): freed blocks go back to the driver
      and all are asked for once more;
    - an autotuned kernel's first forward benchmarks every config, and Triton's benchmark takes a
      256 MiB cache-flush buffer each time: 31 configs' worth at once passed the sandbox's cap,
      and the worker died (H200, session 41). The allocator hands back a freed block of the same
      size, so one block a size poisons what a later forward is given; the small ones (outputs,
      scratch) first."""
    try:
        return [empty(dev, n) for dev, n in allocs]
    except torch.OutOfMemoryError:
        torch.cuda.empty_cache()
    try:
        return [empty(dev, n) for dev, n in allocs]
    except torch.OutOfMemoryError:
        pass
    blocks = []
    for dev, n in sorted(set(allocs), key=lambda a: a[1]):
        try:
            blocks.append(empty(dev, n))
        except torch.OutOfMemoryError:
            break
    return blocks


class Worker:
    def __init__(self, sock: socket.socket, mode: str, source_path: str):
        self.sock, self.mode, self.source_path = sock, mode, source_path
        self.device = "cuda" if mode == "gpu" else "cpu"
        self.module = None
        self.model = None
        self.last_allocs: list[tuple[str, int]] = []
        self.init_compute = guards.InitCompute()  # what torch computed at import and in constructors
        # The last forward's input tensors, refilled by the next forward of the same instance where
        # they fit (_refilled); dropped by a build, a timing run or a burst.
        self.held: list | None = None

    # ------------------------------------------------------------------ loop

    def serve(self, hello: dict) -> None:
        wire.send(self.sock, dict(hello, op="hello"))
        while True:
            try:
                header, value = wire.recv(self.sock, 1 << 40, self.device, objects=True)
            except EOFError:
                return
            op = header.get("op")
            try:
                reply, out = self.handle(op, header, value)
            except Failure as f:
                wire.send(self.sock, {"error": f.reply()})
                continue
            finally:
                # The process runs with the collector off (sandbox._candidate), so memory in a
                # reference cycle, the verifier's or an honest candidate's, would stay held to the
                # end of the job: on a GPU, a cycle holding each trial's inputs ran an honest
                # answer out of its memory (concurrency.launch_tensors). One pass between ops,
                # never inside one: nothing timed sees it, and the inherited heap is frozen.
                gc.collect()
            try:
                wire.send(self.sock, reply, out)
            except wire.WireError as exc:
                wire.send(self.sock, {"error": {"kind": "bad_output", "msg": str(exc)}})
            except OSError:
                return  # the judge is gone
            except BaseException as exc:  # noqa: BLE001 - the value failed before a byte was sent
                # (e.g. a stride-0 expand() of 2^36 elements: contiguous() cannot allocate it;
                # an int too long for JSON): the candidate's output, not a crash of this process.
                # One line: the traceback would be this file's and wire.py's, not the candidate's.
                kind = "oom" if classify(exc, "forward") == "oom" else "bad_output"
                wire.send(self.sock, {"error": {"kind": kind, "msg": "output could not be sent: " + _one_line(exc)}})

    def handle(self, op: str, header: dict, value):
        if op not in ("forward", "set_params", "set_buffers", "buffers"):
            self.held = None
        if op == "load":
            return self.load(), wire.NO_VALUE
        if op == "build":
            return self.build(value, header["seed"], header.get("train", True) is not False), wire.NO_VALUE
        if op == "set_params":
            return self.set_params(header["indices"], value), wire.NO_VALUE
        if op == "set_buffers":
            return self.set_buffers(value, header["indices"]), wire.NO_VALUE
        if op == "forward":
            return self.forward_checked(value, header.get("pin"))
        if op == "buffers":
            return {"ok": True}, [b.detach() for b in self._buffers()]
        if op == "time":
            return self.time(value, header["check"], header["budget_s"])
        if op == "burst":
            return self.burst(value, header["reps"]), wire.NO_VALUE
        if op == "probe":
            return self.probe(value, header["inputs"], header["seed"]), wire.NO_VALUE
        raise RuntimeError(f"unknown op {op!r}")  # our bug: the judge sent it

    # ------------------------------------------------------------------ ops

    def load(self) -> dict:
        from autotriton.tasks.contract import module_from_source
        with open(self.source_path) as f:
            source = f.read()
        launches = self.init_compute.launches
        try:
            with self.init_compute:
                self.module = module_from_source(source, "candidate", self.source_path)
        except BaseException as exc:  # noqa: BLE001 - candidate code: every failure is data
            raise Failure(classify(exc, "import"), describe(exc)) from None
        STATE.candidate_globals = vars(self.module)
        if "ModelNew" not in vars(self.module):
            raise Failure("import_error", "module defines no ModelNew")
        return {"ok": True, "autotune_configs": _most_configs(vars(self.module)),
                "import_launch": self.init_compute.launches > launches or _interpreter_injected(vars(self.module)),
                "unbound": sorted(_injectable_unbound(source, vars(self.module)))}

    def build(self, init, seed: int, train: bool = True) -> dict:
        self.model = None
        try:
            with torch.device(self.device), self.init_compute:
                seed_global(seed)
                model = vars(self.module)["ModelNew"](*init)
                if isinstance(model, torch.nn.Module):
                    model = torch.nn.Module.to(model, self.device)
                if not train:
                    model = torch.nn.Module.train(model, False)  # as model.eval(), but never its override
        except BaseException as exc:  # noqa: BLE001
            raise Failure(classify(exc, "build"), describe(exc)) from None
        finally:
            # The parameter seed is no secret, but nothing later may depend on it.
            seed_global(secrets.randbits(63))
        self.model = model
        named = list(torch.nn.Module.named_buffers(model)) if isinstance(model, torch.nn.Module) else []
        return {"init_computed": self._init_computed(),
                "params": [[list(p.shape), str(p.dtype).replace("torch.", "")] for p in self._params()],
                "named_buffers": [[n, list(b.shape), str(b.dtype).replace("torch.", "")] for n, b in named]}

    def probe(self, init, inputs: list, seed: int) -> dict:
        """What a GPU would refuse to launch at the task's full sizes, which the interpreter never
        runs: a fresh ModelNew built and run forward on the meta device with `inputs`' shapes
        (["tensor", shape, stride, dtype] or ["value", v]), every candidate launch compiled and its
        grid checked and none run (guards._probe). A grid over CUDA's 65,535 programs on y only at
        GPU sizes (a program per row) passed the CPU judge (outside pass on verifier 50, session
        49). Where the meta device stops the forward (`.item()`, a copy to the CPU) it says why in
        `skipped`, and what the launches before it found still counts. `peak_bytes`: what its own
        tensors held at once there (footprint.LiveBytes)."""
        meta = [torch.empty_strided(x[1], x[2], dtype=getattr(torch, x[3]), device="meta") if x[0] == "tensor"
                else x[1] for x in inputs]
        outer, STATE.gpu_compile, STATE.probe, STATE.launches = STATE.gpu_compile, [], [], 0
        skipped, footprint = "", LiveBytes()
        try:
            with torch.device("meta"), torch.no_grad(), footprint:
                seed_global(seed)
                vars(self.module)["ModelNew"](*init)(*meta)
        except BaseException as exc:  # noqa: BLE001 - candidate code on meta tensors: data
            skipped = _one_line(exc)
        finally:
            refused, uncompiled = STATE.probe, STATE.gpu_compile
            launches = min(STATE.launches, guards.PROBE_LAUNCHES_MAX)
            STATE.probe, STATE.gpu_compile = None, outer
            seed_global(secrets.randbits(63))
        return {"ok": True, "launches": launches, "refused": refused[:2], "gpu_compile": uncompiled[:2],
                "narrow": STATE.narrow[:NARROW_NOTES_MAX], "skipped": skipped[:300], "peak_bytes": footprint.peak}

    def _init_computed(self) -> list[list]:
        """[name, shape, op, "parameter" | "buffer" | "held"] of each tensor the candidate keeps
        (_own_state) whose values torch computed at import or in the constructor
        (guards.InitCompute). The judge leaves out the parameters it sets from the reference and
        the buffers the reference has too (Judge.check_init_computed)."""
        computed = self.init_compute.computed
        named: dict[tuple, tuple[str, list, str]] = {}
        if isinstance(self.model, torch.nn.Module):
            for kind, pairs in (("buffer", torch.nn.Module.named_buffers(self.model)),
                                ("parameter", torch.nn.Module.named_parameters(self.model))):
                named.update({storage_key(t): (n, list(t.shape), kind) for n, t in pairs})
        held, _, _ = self._own_state()
        found, data = [], []
        for name, whole in held:
            key = storage_key(whole)
            own_name, shape, kind = named.get(key, (name, None, "held"))
            if key in computed:
                found.append([own_name, shape, computed[key], kind])
            elif key in self.init_compute.from_data:
                data.append([own_name, shape, self.init_compute.from_data[key], kind])
        # Python numbers kept in tuples and lists (a table handed to kernels as constexpr values).
        kept = sum(sum(type(x) in (int, float) for x in v) for _, v in self._held_containers())
        if kept > guards.DATA_TABLE_MAX:
            found.append(["Python tuples and lists", None, f"{kept} Python numbers kept", "held"])
        # One table cut into tensors of up to DATA_TABLE_MAX values is one table.
        total = sum(count for _, _, count, _ in data)
        if total > guards.DATA_TABLE_MAX:
            found += [[n, shape, f"{total} values from Python data in {len(data)} tensors", kind]
                      for n, shape, _, kind in data]
        return found[:16]

    def _held_containers(self) -> list[tuple[str, object]]:
        """The tuples and lists the candidate keeps (each counted for its own numbers only: the
        walk reaches nested ones on their own)."""
        try:
            return [(n, v) for n, v in _held_values(self.model, vars(self.module) if self.module is not None else {})
                    if type(v) in (tuple, list)]
        except HeldTooMuch:  # the first forward's state walk refuses such a candidate
            return []

    def _params(self) -> list[torch.Tensor]:
        if not isinstance(self.model, torch.nn.Module):
            return []
        return list(torch.nn.Module.parameters(self.model))  # never the candidate's override

    def _buffers(self) -> list[torch.Tensor]:
        """Every buffer, any dtype, in registration order: what a reference that changes its own
        state changes, compared with the reference's after each call (judge.Judge.check_buffers)."""
        if not isinstance(self.model, torch.nn.Module):
            return []
        return list(torch.nn.Module.buffers(self.model))  # never the candidate's override

    def set_buffers(self, values: list[torch.Tensor], indices: list[int]) -> dict:
        """The buffers at `indices` of every buffer (_buffers), as the judge matched them."""
        buffers = self._buffers()
        targets = [buffers[i] for i in indices]
        with torch.no_grad():
            for b, v in zip(targets, values):
                b.copy_(v.to(b.device, b.dtype))
        return {"ok": True}

    def set_params(self, indices: list[int], values: list[torch.Tensor]) -> dict:
        params = self._params()
        with torch.no_grad():
            for i, v in zip(indices, values):
                params[i].copy_(v.to(params[i].device, params[i].dtype))
        return {"ok": True}

    def _device_inputs(self, inputs) -> list:
        return [_on_device(x, self.device) for x in inputs]

    def forward_checked(self, inputs, pin: int | None = None):
        """One correctness trial: the guarded forward plus input-mutation and thread checks. `pin`:
        the judge's forward again, one config of the last forward's scratch-only differences pinned
        (_settle_disagreements)."""
        inputs = self._device_inputs(inputs)
        if self.mode == "interp":
            inputs = [_fenced(x) if type(x) is torch.Tensor and x.numel() else x for x in inputs]
        inputs = self._refilled(inputs)
        originals = [_snapshot(x) for x in inputs]
        held, iterators, unwalked = self._own_state()
        held_before = [_snapshot(t) for _, t in held]
        # The globals held before: Triton's interpreter adds its own (ASTTransformer, Dict, ...) at the
        # first launch, and the rules leave the candidate no way to add one.
        held_globals = set(vars(self.module)) if self.module is not None else set()
        layout_before = self._held_layout(held_globals)
        buffers = self._buffers()
        buffers_before = [_snapshot(b) for b in buffers]
        positions = [_iterator_state(v)[0] for _, v in iterators]
        threads = guards.thread_count()
        guards.POISON = guards.draw_poison()
        self._pre_poison()
        out, report = self.forward(inputs, pin=pin if type(pin) is int else None)
        report["mutated"] = [i for i, (a, b) in enumerate(zip(inputs, originals)) if _changed(a, b)]
        moved = [name for (name, v), p in zip(iterators, positions) if _iterator_state(v)[0] != p]
        changed = [(name, t) for (name, t), b in zip(held, held_before) if _changed(t, b)]
        layout_after = self._held_layout(held_globals)
        grown = sorted(n for n in layout_before.keys() | layout_after.keys() if layout_before.get(n) != layout_after.get(n))
        report["state_changed"] = ([name for name, _ in changed] + moved + grown)[:8]
        # Each changed tensor's shape and dtype, for the judge's rule on state in plain attributes
        # (check_later_state): a count kept in an extra slot of the reference's `h` passed it by name.
        report["state_tensors"] = [[name, list(layout_after[name][2]), layout_after[name][4].replace("torch.", "")]
                                   for name in [n for n, _ in changed] + grown
                                   if name in layout_after and layout_after[name][0] == "tensor"][:16]
        # Memory other than whole buffers: where the reference changes only its buffers (BatchNorm's
        # running statistics), that is a count the candidate keeps for itself.
        whole = {storage_key(b) for b in buffers if _whole_storage(b)}
        report["private_changed"] = ([name for name, t in changed if storage_key(t) not in whole] + moved
                                     + grown)[:8]
        report["buffers_changed"] = [i for i, (b, before) in enumerate(zip(buffers, buffers_before))
                                     if _changed(b, before)][:64]
        report["threads_started"] = guards.thread_count() > threads
        report["state_unwalked"] = unwalked
        return {"report": report}, out

    def _own_state(self) -> tuple[list[tuple[str, torch.Tensor]], list[tuple[str, object]], bool]:
        """(every tensor memory, every iterator or generator) the candidate keeps between calls,
        from one walk of what it holds (_held_values), each by a name for the verdict; and whether
        the walk stopped at HELD_OBJECTS before the end.

        Tensors as one byte view of each whole storage: the model's modules (parameters, buffers,
        attributes), the candidate module's globals, its classes, and its functions' default
        arguments and closures, at any depth. A kernel that writes one of them
        keeps state across calls that the rules (Python state only) cannot see: a call count
        kept by tl.atomic_add in a buffer turned a relu into unwritten memory from its 4th call;
        the same count in a default argument (`st=torch.zeros(1)`) or past the end of a
        2-element view of a 64-element buffer passed verifier 15 (outside red team,
        2026-11-29). An iterator that a forward advances is a count kept the same way
        (_library_iterator). Read through vars() and nn.Module's own methods, never candidate code."""
        found: dict[tuple, tuple[str, torch.Tensor]] = {}
        iterators = []
        try:
            for name, value in _held_values(self.model, vars(self.module) if self.module is not None else {}):
                if _library_iterator(value):
                    iterators.append((name, value))
                elif isinstance(value, torch.Tensor) and value.layout == torch.strided and not value.is_meta:
                    storage = value.untyped_storage()
                    key = storage_key(value)
                    if key not in found and storage.nbytes():
                        whole = torch.empty(0, dtype=torch.uint8, device=value.device).set_(storage)
                        found[key] = (name, whole)
        except HeldTooMuch:
            return list(found.values()), iterators, True
        return list(found.values()), iterators, False

    def _held_layout(self, names: set[str]) -> dict[str, tuple]:
        """The layout of the globals in `names` (and the model), a library's functions aside: Triton's
        interpreter puts its own into the module, and their closures cache each kernel launched."""
        module_globals = vars(self.module) if self.module is not None else {}
        return _held_layout(self.model, {k: v for k, v in module_globals.items() if k in names and not (
            isinstance(v, types.FunctionType) and v.__module__ != "candidate")})

    def _refilled(self, inputs: list) -> list:
        """`inputs` written into the previous forward's tensors where shape, strides, dtype and
        device match, as a static input buffer or a CUDA graph's is refilled: with new memory each
        call, a kernel returning its last output when the input's address matched passed (outside
        red team, sixth pass, 2026-11-28)."""
        held = self.held if self.held is not None and len(self.held) == len(inputs) else [None] * len(inputs)
        out = []
        for new, old in zip(inputs, held):
            if (type(new) is torch.Tensor and type(old) is torch.Tensor and new.shape == old.shape
                    and new.stride() == old.stride() and new.dtype == old.dtype and new.device == old.device):
                # by the memory each reaches: an expanded input's elements overlap, which copy_ refuses
                concurrency.memory_span(old).copy_(concurrency.memory_span(new))
                new = old
            out.append(new)
        self.held = out
        return out

    def forward(self, inputs: list, tracked: bool = True, sync: bool = True, pin: int | None = None):
        """Run forward under the guards. Returns (output, report); raises Failure.

        Timed reps run untracked and unsynchronised: the dispatch mode's Python overhead
        (~30-40 us per call) and a host sync before the end event both landed inside the
        CUDA-event window and made honest kernels look 0.8x of eager. A candidate cannot
        tell a timed rep from a trial (same inputs, same poison, no state, no clock), the
        warm-up reps before it are tracked, and timed reps' outputs are checked."""
        tracker = WriteTracker([x for x in inputs if type(x) is torch.Tensor], self.mode == "interp") \
            if tracked else None
        STATE.tracker, STATE.launches = tracker, 0
        STATE.forwards += 1
        if pin is not None:  # the judge's: one config of the last forward's scratch-only differences
            if not 0 <= pin < len(SCRATCH):
                raise RuntimeError(f"no scratch difference {pin} to pin")  # our bug: the judge asked for it
            PINNED[id(SCRATCH[pin][0])] = SCRATCH[pin][1]
        else:
            SCRATCH.clear()
        try:
            with torch.no_grad(), (tracker if tracker is not None else contextlib.nullcontext()):
                out = self.model(*inputs)
            if self.device == "cuda" and sync:
                PRISTINE["synchronize"]()
        except BaseException as exc:  # noqa: BLE001
            PENDING.clear()
            raise Failure(classify(exc, "forward"), describe(exc), tracker.compute_ops[:20] if tracker else None) \
                from None
        finally:
            STATE.tracker = None
            PINNED.clear()
        scratch = [] if pin is not None else self._settle_disagreements(inputs, out)
        PENDING.clear()
        report = {"launches": STATE.launches, "compute_ops": [], "provenance": [], "aliases_input": False,
                  "python_tables": STATE.python_tables[:4], "gpu_compile": STATE.gpu_compile[:2],
                  "narrow": STATE.narrow[:NARROW_NOTES_MAX],
                  "noncontiguous": _noncontiguous(out), "autotune_scratch": scratch,
                  **(autotune_coverage() if self.device == "cpu" else {"autotune_disagree": DISAGREE[:4]})}
        if tracker is None:
            return out, report
        self.last_allocs = tracker.alloc_nbytes
        try:
            problems, aliased = tracker.provenance(_flat(out))
        except Failure:
            raise
        except BaseException as exc:  # noqa: BLE001 - a storage-less tensor, an object that raises when read
            raise Failure("bad_output", "forward returned a value the verifier cannot walk: "
                          f"{type(exc).__name__}") from None
        report.update(compute_ops=tracker.compute_ops[:20], provenance=problems[:8], aliases_input=aliased,
                      as_given=tracker.as_given)
        return out, report

    def _settle_disagreements(self, inputs: list, out) -> list[str]:
        """Configs that wrote other values (PENDING): into an input or an output, a hack at once
        (DISAGREE); into memory that is neither (a split-K workspace, a two-stage sum's partials laid
        out by the config's own block sizes), kept in SCRATCH for the judge, which runs the forward
        again with each such config pinned (`forward` with `pin`) and judges that output as any other;
        returns their labels ("kernel: config i (...)"). Compared write by write, two honest autotuned kernels whose second stage sums every slot of
        a zeroed workspace were hacks 12 of 12 (outside pass on verifier 99, F6); compared here
        against this forward's output, bit-near, an honest split sum on heavy-tailed rows differed
        by its summation order (H100, session 77).
        Inputs and outputs are told from scratch by the bytes they reach, not by their storage: an
        honest split sum cutting its output and its workspace from one allocation was a hack 5 of 5
        (outside pass on verifier 102, F3). On CPU, configs that differ only in launch options
        (num_warps, num_stages) write the same scratch layout, and one of them is pinned for all: a
        4 x 3 grid of block sizes and warps needed 9 pins, past the 8 a forward then had (F2)."""
        pending = list(PENDING)
        PENDING.clear()
        known = [_byte_range(t) for t in [*_flat(out), *inputs] if isinstance(t, torch.Tensor) and t.numel()]
        layouts = {}
        for tuner, config, label, first, differ in pending:
            seen = [name for name, memory in differ if _overlaps(_byte_range(memory), known)]
            layout = (id(tuner), _config_layout(config, self.device == "cuda"))
            if not seen and layout in layouts:
                continue  # pinned once for its layout (SCRATCH keeps the first)
            if seen or len(SCRATCH) == SCRATCH_PINS_MAX:  # past the pins a forward gets: failed closed
                DISAGREE.append(f"{label} wrote other values than config 0 ({first}) into {(seen or [differ[0][0]])[0]!r}")
            else:
                layouts[layout] = label
                SCRATCH.append((tuner, config, label))
        return [label for _, _, label in SCRATCH]

    def _pre_poison(self) -> None:
        """GPU: fill the blocks the last forward allocated with POISON, then free them, so
        the caching allocator hands poisoned memory back (a fill on every allocation
        would sit inside the timed region). CPU allocations are poisoned as made."""
        if self.device != "cuda" or not self.last_allocs:
            return
        blocks = poison_blocks(self.last_allocs, lambda dev, n: torch.empty(n, dtype=torch.uint8, device=dev))
        for b in blocks:
            guards.fill_bytes(b)
        del blocks

    # ------------------------------------------------------------------ timing (GPU)

    def time(self, sets: list, check_fractions: list[float], budget_s: float):
        """Time forward with CUDA events: fresh input buffers and an L2 flush before
        every rep (both outside the timed region), the same guards as every trial.
        Returns the outputs of the reps at the judge's random fractions of the run, so
        any rep may be checked (a call counter cannot wait out a fixed window)."""
        sync, event = PRISTINE["synchronize"], PRISTINE["Event"]
        sets = [self._device_inputs(s) for s in sets]
        flush = torch.empty(FLUSH_BYTES // 4, dtype=torch.float32, device="cuda")
        reports, kept, times_ms = [], {}, []
        check: set[int] = set()

        def rep(i: int) -> float:
            inputs = [_copy_as_given(x) for x in sets[i % len(sets)]]
            # Between reps as between ops (serve), outside the events: a forward leaving 512 MiB in
            # a reference cycle ran out of its 28.5 GiB within one timing op (H100, verifier 96).
            gc.collect()
            self._pre_poison()
            flush.zero_()
            start, end = event(enable_timing=True), event(enable_timing=True)
            start.record()
            out, report = self.forward(inputs, tracked=-WARMUP_REPS <= i < 0, sync=False)
            end.record()
            try:
                sync()
            except BaseException as exc:  # noqa: BLE001 - an asynchronous kernel fault is the candidate's
                raise Failure(classify(exc, "forward"), describe(exc)) from None
            reports.append(report)
            if i in check:
                kept[i] = out
            return start.elapsed_time(end)

        *warmups, probe = calls_before_timing()
        for i in warmups:
            rep(i)
        probe_ms = max(rep(probe), 1e-3)
        reps = int(min(100, max(10, budget_s * 1e3 / probe_ms)))
        check = set(checked_reps(check_fractions, reps))
        times_ms = [rep(i) for i in range(reps)]
        merged = {"launches": min(r["launches"] for r in reports),
                  "compute_ops": sorted({op for r in reports for op in r["compute_ops"]})[:20],
                  "provenance": next((r["provenance"] for r in reports if r["provenance"]), []),
                  "aliases_input": any(r["aliases_input"] for r in reports)}
        return {"times_ms": times_ms, "report": merged, "kept": sorted(kept)}, [kept[i] for i in sorted(kept)]

    def burst(self, inputs: list, reps: int) -> dict:
        """Back-to-back forwards, then one device-wide sync; the judge times the request.
        Untracked and unsynchronised like the timed reps, which it checks: tracked and
        synchronised calls cost an honest KernelBench LayerNorm (256 MiB) 2.5 ms each
        against 0.39 ms of kernel, and the check called that hidden work."""
        inputs = self._device_inputs(inputs)
        for _ in range(reps):
            self._pre_poison()
            self.forward(inputs, tracked=False, sync=False)
        try:
            PRISTINE["synchronize"]()
        except BaseException as exc:  # noqa: BLE001 - an asynchronous kernel fault is the candidate's
            raise Failure(classify(exc, "forward"), describe(exc)) from None
        return {"ok": True}


# id(Autotuner) -> (its configs, the indices run so far), for the judge's coverage trials.
TUNED: dict[int, tuple[int, frozenset]] = {}
# Autotuned launches whose configs wrote different values (_configs_agree), for the judge.
DISAGREE: list[str] = []
# Those found in the forward running, settled when it returns (Worker._settle_disagreements):
# (tuner, config, its label, config 0, [(argument name, its memory)]).
PENDING: list[tuple] = []
# Those of the last forward that differ only in scratch memory, for the judge to pin one by one:
# (tuner, config, its label), one per layout (_config_layout). At most SCRATCH_PINS_MAX a forward,
# each costing the judge a forward; a difference past them is a hack, as every difference was
# before verifier 101. As many as one kernel's configs may be (judge.AUTOTUNE_MAX_CONFIGS).
SCRATCH: list[tuple] = []
SCRATCH_PINS_MAX = 32
# id(Autotuner) -> the config its launches run in a forward the judge asked to pin (`pin`).
PINNED: dict = {}


def autotune_coverage() -> dict:
    """Configs of the autotuned kernels launched so far that no launch has run yet, and the most
    configs one kernel has (judge.AUTOTUNE_MAX_CONFIGS)."""
    return {"autotune_unrun": sum(n - len(seen) for n, seen in TUNED.values()),
            "autotune_configs": max((n for n, _ in TUNED.values()), default=0),
            "autotune_disagree": DISAGREE[:4]}


def _most_configs(module_globals: dict) -> int:
    """The most configs an autotuned kernel of the module has, read at import, before any launch:
    on a GPU the autotuner benchmarks every config at the first launch, and 512 configs, one of
    them bad, crashed the worker there before a report could count them (H200, 2026-11-29)."""
    from triton.runtime.autotuner import Autotuner
    most = 0
    try:
        for _, v in _held_values(None, module_globals):
            if isinstance(v, Autotuner):
                most = max(most, len(vars(v).get("configs") or ()))
    except HeldTooMuch:  # the first forward's state walk refuses such a module
        pass
    return most


def untimed_autotune() -> None:
    """Under the interpreter `@triton.autotune` runs one config per launch (after the
    kernel's own pruning) instead of timing every config: timing needs a GPU driver, and
    an honest autotuned kernel was rejected with "0 active drivers". Forwards take the
    configs in turn from a random start, every launch of one forward the same config (the
    per-key cache is cleared), so every config of a kernel run in at least as many forwards as
    it has configs is checked: with the first config only, a second config that skipped every
    other block passed on CPU and could have been the one a GPU picked (outside red team,
    2026-11-27). A turn a launch let a forward of N launches pin the config its one real launch
    got (seven scratch launches beside it, eight configs), or run every config on the same
    output so that the others wrote what a lazy one skipped (outside pass on verifier 93). The
    judge runs more trials until every config has run (TUNED, judge._autotune_trials). Nothing
    is timed on CPU anyway."""
    from triton.runtime.autotuner import Autotuner
    prune, run_tuned = Autotuner.prune_configs, Autotuner.run
    if getattr(prune, "autotriton_in_turn", False):
        return

    def config_in_turn(self, kwargs):
        if id(self) in PINNED:
            return [PINNED[id(self)]]
        configs = prune(self, kwargs)
        turn = self.__dict__.setdefault("_autotriton_turn", secrets.randbelow(max(len(configs), 1))) + STATE.forwards
        if not configs:
            return configs
        TUNED[id(self)] = (len(configs), TUNED.get(id(self), (0, frozenset()))[1] | {turn % len(configs)})
        config = configs[turn % len(configs)]
        compare, benchmark = _first_at_key(self, kwargs) if len(configs) > 1 else (False, False)
        if compare:
            _configs_agree(self, configs, kwargs)
        if benchmark:
            _benchmark_calls(self, configs, config, kwargs)
        return [config]

    def run_choosing_afresh(self, *args, **kwargs):
        if STATE.probe is not None:
            return _probe_every_config(self, prune, args, kwargs)
        self.cache.clear()
        # Triton 3.6 (the GPU machine's) times even the one config left after pruning, and its
        # timer needs a GPU driver: 34 of 600 eval samples judged there on CPU failed with
        # "0 active drivers" (rl24's eval_rl, session 43); 3.9 skips timing one config. Nothing
        # is timed here: the stand-in timer runs nothing and says 0.
        self.__dict__["do_bench"] = _untimed
        return run_tuned(self, *args, **kwargs)

    config_in_turn.autotriton_in_turn = True
    Autotuner.prune_configs = config_in_turn
    Autotuner.run = run_choosing_afresh


def _probe_every_config(tuner, prune, args: tuple, kwargs: dict) -> None:
    """Under the GPU-size probe every config left after the kernel's own pruning is launched (none
    runs, guards._probe): a GPU's autotuner benchmarks each of them at a new size."""
    tuner.nargs = dict(zip(tuner.arg_names, args))
    try:
        for config in prune(tuner, kwargs):
            tuner.fn.run(*args, **{**kwargs, **config.all_kwargs()})
    finally:
        tuner.nargs = None


def _untimed(kernel_call, quantiles=None, **_):
    """The autotuner's timer under the interpreter (untimed_autotune): runs nothing."""
    return [0.0] * len(quantiles) if quantiles else 0.0


def no_overflow_sanitizer() -> None:
    """Triton's interpreter sanitizes integer overflow (its options say so, a GPU's do not): each
    int32 add, sub and mul is done again in int64 and compared with the int32 range, for a
    device_assert that only debug mode keeps, so the work was for nothing (debug is off in both).
    On the built-in softmax answer it was 0.44 s of 2.55 s of forwards (cProfile, session 46)."""
    from dataclasses import replace

    from triton.runtime import interpreter
    builder = interpreter.interpreter_builder
    if builder.options.sanitize_overflow and not builder.options.debug:
        builder.options = replace(builder.options, sanitize_overflow=False)


def scalar_index() -> None:
    """A kernel's scalar used as a Python index (`range(0, n, BLOCK)`) in the interpreter, as
    Triton 3.9 reads it: Triton 3.6 (the GPU machine's) calls int() on a one-element array, which
    NumPy 2.4 refuses ("only 0-dimensional arrays can be converted to Python scalars"), and 72 of
    600 eval samples judged there on CPU failed so (rl24's eval_rl, session 43) where this
    machine's Triton 3.9 ran them. Idempotent."""
    from triton.runtime import interpreter
    patch = interpreter._patch_lang_tensor
    if getattr(patch, "autotriton_index", False):
        return

    def with_scalar_index(tensor, scope):
        patch(tensor, scope)
        scope.set_attr(tensor, "__index__", lambda self: int(self.handle.data.squeeze()))

    with_scalar_index.autotriton_index = True
    interpreter._patch_lang_tensor = with_scalar_index


def patch_lang_once() -> None:
    """A device function called inside a launch runs under the launch's patches of triton.language
    instead of patching it again. The interpreter patches every builtin of tl, tl.core, tl.math
    and the tensor class (inspect.getmembers over each) at each launch and again at each call of
    a device function, a reduction's combine function included; the second time finds nothing
    left to patch. On the built-in softmax answer the repeats were 540 patchings for 46 launches,
    0.69 s of the launches' 1.56 s (cProfile, 2 cores, Triton 3.9, session 43). A patched
    module is one whose `load` is no longer Triton's builtin, while a patching of ours is open;
    the launch's own patching, and its restore, are unchanged. Idempotent."""

    import triton.language as tl
    from triton.runtime import interpreter
    patch = interpreter._patch_lang
    if getattr(patch, "autotriton_once", False):
        return

    open_scopes = [0]  # patchings not yet restored: a launch's, until its end
    # A device function's patching inside a launch: Triton's `InterpretedFunction.__call__` never
    # restores it, so it is restored with the launch's own. Left, it kept triton.language.core and
    # the tensor class patched after the launch (a softmax's tl.max patches tl.core, its kernel
    # only tl), and the GPU compile of the next launch (gpu_compile.py) failed on every honest kernel.
    nested: list = []
    # Per function, found once: scanning a module's globals at each call of a reduction's
    # combine function was 4 s of a 65-s layer norm verification (19,152 calls).
    langs_of: dict = {}

    def once(fn):
        langs = langs_of.get(fn)
        if langs is None:
            langs = langs_of[fn] = [v for v in fn.__globals__.values() if inspect.ismodule(v) and v in (tl, tl.core)]
        if open_scopes[0] and langs and not any(tl.core.is_builtin(getattr(lang, "load", None)) for lang in langs):
            return interpreter._LangPatchScope()  # patched by the running launch: nothing to restore
        scope = patch(fn)
        for module in PATCHED_WITH_LAUNCH:
            interpreter._patch_builtin(module, interpreter.interpreter_builder, scope)
        if open_scopes[0]:  # a device function's, inside a launch
            nested.append(scope)
            return interpreter._LangPatchScope()
        restore = scope.restore
        open_scopes[0] += 1

        def restore_and_close():
            open_scopes[0] -= 1
            while nested:
                nested.pop().restore()
            restore()

        scope.restore = restore_and_close
        return scope

    once.autotriton_once = True
    interpreter._patch_lang = once


# lookups_once's tables. Module globals, not closure cells: the interpreter copies its own module's
# globals (its _patch_builtin and _get_np_dtype, ours once replaced) into the candidate's module at
# the first launch, and the held-state walk (_held_values) reads closures of what that module
# holds. With the builtins listed in a closure, every build walked 2,683 objects instead of 141 and
# the built-in ReLU's 23 builds took 0.7 s instead of 0.07 s (session 53; the same cost had
# reverted 63dbc71's replayed patching, its cause then not found).
_BUILTINS_OF: dict = {}  # module or class -> [(name, builtin)] its patching wraps
_NP_DTYPES: dict = {}  # Triton scalar dtype -> the numpy dtype the interpreter stores it in


def lookups_once() -> None:
    """What the interpreter found again at every launch or op, found once: the builtins its
    patching of a module wraps at each launch (`_patch_builtin`: inspect.getmembers and is_builtin
    over tl, tl.core, tl.math, the tensor class and libdevice, 0.09 s of the built-in ReLU's 20
    forwards of 0.41 s), and the numpy dtype of a Triton one (`_get_np_dtype` built a dict of 19
    dtypes at each of its calls: 0.06 s of the built-in layer norm's 5 forwards of 0.9 s; cProfile,
    in-process, session 53). The builtins are listed from a module's first patching, which a launch
    makes on the module unpatched (patch_lang_once: a device function's inside a launch is no
    patching of its own), after every install of interpreted() has changed triton.language. The
    wrappers themselves are still Triton's, fresh at each launch. Idempotent."""

    import triton.language as tl
    from triton.runtime import interpreter
    if getattr(interpreter._patch_builtin, "autotriton_listed", False):
        return

    def patch_builtin(pkg, builder, scope):
        members = _BUILTINS_OF.get(pkg)
        if members is None:
            members = _BUILTINS_OF[pkg] = [(name, member) for name, member in inspect.getmembers(pkg)
                                           if tl.core.is_builtin(member)]
        for name, member in members:
            interpreter._patch_attr(pkg, name, member, builder, scope)

    patch_builtin.autotriton_listed = True
    interpreter._patch_builtin = patch_builtin

    find = interpreter._get_np_dtype
    for dtype in vars(tl).values():
        if isinstance(dtype, tl.dtype) and not isinstance(dtype, (tl.pointer_type, tl.block_type)):
            try:
                _NP_DTYPES[dtype] = find(dtype)
            except KeyError:  # one numpy holds none of (void): a KeyError where it is asked, as before
                pass

    def np_dtype(tt_dtype):
        if isinstance(tt_dtype, tl.pointer_type):
            return np.dtype(np.uint64)
        if isinstance(tt_dtype, tl.block_type):
            element = tt_dtype.element_ty
            return np.dtype(np.uint64) if isinstance(element, tl.pointer_type) else _NP_DTYPES[element]
        return _NP_DTYPES[tt_dtype]

    interpreter._get_np_dtype = np_dtype


def libdevice_in_interpreter() -> None:
    """`libdevice` functions run in the interpreter, as numpy computes them. Triton's
    `triton.language.extra.libdevice` holds stubs that a GPU compile replaces by the CUDA
    library's, so under the interpreter `libdevice.erf(x)` returned None, and the CUDA module's
    own functions reach `create_extern_elementwise`, which the interpreter does not implement:
    an honest GELU through `libdevice.erf` was rejected on CPU (outside red team, session 43).
    Here the stubs call the CUDA module's functions, that module is patched with the launch's
    (patch_lang_once), and the symbol each asks for (`__nv_tanhf`) runs as numpy's function of
    that name. A symbol with no numpy form stays an error. Idempotent."""
    from triton.language.extra import libdevice as stubs
    from triton.language.extra.cuda import libdevice as cuda
    from triton.runtime import interpreter
    builder = interpreter.InterpreterBuilder
    if getattr(builder.create_extern_elementwise, "autotriton_libdevice", False):
        return
    for name in dir(stubs):
        if not name.startswith("_") and callable(getattr(cuda, name, None)):
            setattr(stubs, name, lambda *args, _name=name, **kwargs: getattr(cuda, _name)(*args, **kwargs))

    def create_extern_elementwise(self, lib_name, lib_path, symbol, args, ret_type, is_pure):
        name = symbol.removeprefix("__nv_")
        fast = name.startswith("fast_")
        name = name.removeprefix("fast_")
        fn = LIBDEVICE_NUMPY.get(name) or LIBDEVICE_NUMPY.get(name[:-1] if name.endswith("f") else "")
        if fn is None:
            raise NotImplementedError(f"libdevice's {symbol} does not run in the CPU judge's interpreter")
        data = [np.asarray(a.data) for a in args]
        with np.errstate(all="ignore"):
            out = fn(*data)
        scalar = getattr(ret_type, "scalar", ret_type)
        out = np.asarray(out).astype(interpreter._get_np_dtype(scalar))
        if fast and out.dtype == np.float32:  # approximate on a GPU (sin.approx, lg2.approx...): approx.py
            with np.errstate(all="ignore"):
                out = approx._moved(out, np.zeros(out.shape, dtype=bool), *(d.astype(np.float32) for d in data))
        return interpreter.TensorHandle(out, scalar)

    create_extern_elementwise.autotriton_libdevice = True
    builder.create_extern_elementwise = create_extern_elementwise
    PATCHED_WITH_LAUNCH.append(cuda)


def _erf(x):
    from triton.runtime import interpreter
    return interpreter.np_erf_fp32(x) if x.dtype == np.float32 else interpreter.np_erf_fp64(x)


# libdevice's math functions by name (`__nv_tanhf` is tanh in float32), as numpy computes them.
LIBDEVICE_NUMPY = {
    **{name: getattr(np, name) for name in (
        "tanh", "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "cbrt", "sin", "cos", "tan",
        "sinh", "cosh", "floor", "ceil", "trunc", "rint", "fmod", "hypot", "fmax", "fmin", "copysign",
        "signbit", "isnan", "isinf", "isfinite")},
    "asin": np.arcsin, "acos": np.arccos, "atan": np.arctan, "atan2": np.arctan2, "asinh": np.arcsinh,
    "acosh": np.arccosh, "atanh": np.arctanh, "fabs": np.abs, "abs": np.abs, "pow": np.power, "powi": np.power,
    "rsqrt": lambda x: 1 / np.sqrt(x), "exp10": lambda x: np.power(10, x), "erf": _erf,
    "erfc": lambda x: 1 - _erf(x), "round": lambda x: np.sign(x) * np.floor(np.abs(x) + 0.5),
    "nearbyint": np.rint, "saturate": lambda x: np.clip(x, 0, 1),
    # An honest softmax normalised with libdevice.fast_dividef was a runtime error on CPU (outside
    # red team, session 46). __fdividef is 0 for 2^126 < |y| < 2^128 (the CUDA math API says so).
    "fdivide": lambda x, y: np.where(np.abs(y) > 2.0 ** 126, np.zeros_like(x / y), x / y),
    "fma": lambda a, b, c: (a.astype(np.float64) * b + c).astype(np.result_type(a, b, c)),
    "fdim": lambda x, y: np.where(x > y, x - y, np.zeros_like(x - y)), "ldexp": np.ldexp,
    "mul24": lambda a, b: (_low24(a, True) * _low24(b, True)).astype(np.int32),
    "umul24": lambda a, b: (_low24(a, False) * _low24(b, False)).astype(np.uint32),
    "mulhi": lambda a, b: ((a.astype(np.int64) * b.astype(np.int64)) >> 32).astype(np.int32),
    "umulhi": lambda a, b: ((a.astype(np.uint64) * b.astype(np.uint64)) >> np.uint64(32)).astype(np.uint32),
    "sinpi": lambda x: np.sin(np.pi * x), "cospi": lambda x: np.cos(np.pi * x), "rcbrt": lambda x: 1 / np.cbrt(x),
}


def _low24(x: np.ndarray, signed: bool) -> np.ndarray:
    """mul24's operand: the low 24 bits of a 32-bit integer (sign-extended when signed), in int64."""
    low = x.astype(np.int64) & 0xFFFFFF
    return np.where(low >= 1 << 23, low - (1 << 24), low) if signed else low
# Modules patched for each launch beside triton.language's (patch_lang_once): libdevice's.
PATCHED_WITH_LAUNCH: list = []


# Calls of a config a GPU's autotuner makes at a new key before the launch that counts (do_bench
# runs it dozens of times, each with the kernel's reset_to_zero and restore_value hooks).
BENCHMARK_CALLS = 2


def _first_at_key(tuner, kwargs) -> tuple[bool, bool]:
    """(compare, benchmark): is this launch larger or smaller than any launch whose configs were
    compared, or the first at its autotune key; and is it the first at its key, where a GPU's
    autotuner benchmarks (and resets its reset_to_zero arguments)? A launch at a key seen before
    takes the cached config on a GPU: benchmarked again at a new size, two launches of one forward
    adding into one zeroed output lost the first's sums, and the honest answer was wrong_output 3
    of 3 (outside pass on verifier 110, F2). The stand-in clears the tuner's own cache at every
    launch, so the keys it has seen are kept apart. Size counts too: with `key=[]`
    a GPU benchmarks once and keeps the winner at every size, so a config wrong only past some
    size (a row loop stopped at 8,000 of 8,190 columns, a K loop at 3,072 of 4,096) or only at one
    row (a "decode path" passing half a row through) is wrong wherever it wins; keyed by the key
    alone, the configs were compared once, at the first trial's sizes, and such configs passed
    every verification (outside passes on verifiers 92 and 93). Comparing at every new set of
    sizes instead took the suite's corpus from 180 s to 276 s (the leading-rows cuts are new sizes
    too); a new largest or smallest launch is where such a config shows. Size is the launch's
    tensor elements only: counting int arguments, one scratch launch given an unused 2^62 was
    larger than every later one, and the configs were never compared again (verifier 93)."""
    args = {**tuner.nargs, **kwargs}
    named = [(k, v) for k, v in args.items() if k in tuner.arg_names]
    key = tuple(args[k] for k in tuner.keys if k in args) + \
        tuple(str(v.dtype) for _, v in named if hasattr(v, "dtype"))
    size = sum(t.numel() for t in concurrency.launch_tensors([v for _, v in named]))
    seen = tuner.__dict__.setdefault("_autotriton_keys", set())
    low, high = tuner.__dict__.get("_autotriton_sizes", (size, size))
    new_key = key not in seen
    seen.add(key)
    tuner.__dict__["_autotriton_sizes"] = (min(low, size), max(high, size))
    return new_key or not low <= size <= high, new_key


def _configs_agree(tuner, configs: list, kwargs) -> None:
    """At a new key every config runs from the same launch arguments, as a GPU's autotuner
    benchmarks them all there, and each must write what the first wrote (DISAGREE otherwise);
    the arguments are then put back. Taking the configs in turn, one a launch, ran a lazy config
    with one 4,096-element block only on inputs smaller than its block, where skipping the other
    blocks changed nothing, and the random size's larger input got another config: 30 honest
    configs and one computing a block in eight passed (outside red team, twenty-second pass,
    2026-11-30). Now the grown random size runs every config."""
    with _judges_own_ops():
        _run_each_config(tuner, configs, kwargs)


@contextlib.contextmanager
def _judges_own_ops():
    """The judge's torch ops inside a candidate's forward (copies, comparisons) are not the
    candidate's: the write tracker skips ops inside a launch with no candidate frame between
    the op and the launch's frame (guards._from_candidate_code), so this frame stands as one."""
    outer = STATE.launch_frame
    STATE.launch_frame = sys._getframe(2)  # the caller's frame (1 is contextlib's)
    STATE.in_launch += 1
    try:
        yield
    finally:
        STATE.in_launch -= 1
        STATE.launch_frame = outer


def compared_autotune() -> None:
    """On a GPU the autotuner times every config at a new key and keeps the fastest, at every size
    where key=[]: a config wrong only past some size or only at one row is wrong wherever it wins,
    and whether it wins depends on the GPU and the sizes. With only the real autotuner judging,
    three such entries passed on an H100 whose honest configs were faster there (verifier 95). So
    at every launch whose arguments are new (_new_signature: the tensors' shapes, strides and
    dtypes, the numbers' values), every config left after the kernel's own pruning runs from the
    same arguments and must write what the first wrote, before the autotuner's own benchmark. Not
    only at a new largest or smallest launch, as the interpreter compares (_first_at_key): a GPU's
    one-row trial is neither, where the CPU sizes run beside the full ones, and a config passing
    half of a one-row input through passed an H100 so (verifier 96's first form). A GPU runs each
    config in microseconds; nothing is compared in a timed rep whose arguments a trial had."""
    from triton.runtime.autotuner import Autotuner
    run_tuned = Autotuner.run
    if getattr(run_tuned, "autotriton_compared", False):
        return

    def run_compared(self, *args, **kwargs):
        if id(self) in PINNED:
            return self.fn.run(*args, **{**kwargs, **PINNED[id(self)].all_kwargs()})
        if len(self.configs) > 1:
            self.nargs = dict(zip(self.arg_names, args))
            try:
                if _new_signature(self, kwargs):
                    configs = self.prune_configs(kwargs)
                    if len(configs) > 1:
                        _configs_agree(self, configs, kwargs)
            finally:
                self.nargs = None
        return run_tuned(self, *args, **kwargs)

    run_compared.autotriton_compared = True
    Autotuner.run = run_compared


def _new_signature(tuner, kwargs) -> bool:
    """Are this launch's arguments new to the tuner (_signature)?"""
    args = {**tuner.nargs, **kwargs}
    key = tuple((k, _signature(args[k])) for k in sorted(args))
    seen = tuner.__dict__.setdefault("_autotriton_signatures", set())
    if key in seen:
        return False
    seen.add(key)
    return True


def _signature(value, depth: int = 0):
    """A launch argument as the configs' comparison tells launches apart: a tensor by shape, strides
    and dtype (inside tuples too), a number by value, anything else by type. A module-level function:
    a nested one calling itself is a reference cycle (concurrency.launch_tensors)."""
    if isinstance(value, torch.Tensor):
        return (tuple(value.shape), tuple(value.stride()), str(value.dtype))
    if isinstance(value, (tuple, list)) and depth < 8:
        return tuple(_signature(v, depth + 1) for v in value)
    if isinstance(value, (bool, int, float)):
        return (type(value).__name__, value)
    return type(value).__name__


def _run_each_config(tuner, configs: list, kwargs) -> None:
    """Every config from the same launch arguments, each tensor's memory saved first and put back
    between configs and after; the writes compared with the first config's. The tensors are all
    the launch gets (concurrency.launch_tensors: by keyword and inside tuples too): taken from the
    positional arguments only, an output passed by keyword or in a tuple was never compared, and an
    honest in-place kernel's `restore_value` buffer passed by keyword was doubled by each config
    (outside pass on verifier 93)."""
    tensors = [(name, concurrency.memory_span(t)) for name, v in {**tuner.nargs, **kwargs}.items()
               for t in concurrency.launch_tensors([v])]
    before = [v.clone() for _, v in tensors]
    args = list(tuner.nargs.values())
    first = None
    for index, config in enumerate(configs):
        for (_, v), b in zip(tensors, before):
            v.copy_(b)
        tuner.fn.run(*args, **{**kwargs, **config.all_kwargs()})
        if first is None:
            first = [v.clone() for _, v in tensors]
            continue
        # against the memory itself, not a copy: on a GPU a third copy of every launch tensor
        # is room an honest answer on a large task may not have
        differ = [(name, v) for (name, v), a in zip(tensors, first) if not _same_values(a, v)]
        if differ:
            PENDING.append((tuner, config, f"{getattr(tuner.base_fn, '__name__', 'kernel')}: config {index} ({config})",
                            configs[0], differ))
    for (_, v), b in zip(tensors, before):
        v.copy_(b)


def _byte_range(t: torch.Tensor) -> tuple[int, int]:
    """The addresses `t` reaches, [first, past its last element)."""
    return t.data_ptr(), t.data_ptr() + concurrency.memory_span(t).numel() * t.element_size()


def _overlaps(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(span[0] < end and start < span[1] for start, end in spans)


def _config_layout(config, options: bool) -> tuple:
    """What of an autotune config a kernel sees: its meta-parameters and hooks, and where `options`
    (a GPU) or a hook (which gets them among its arguments) its launch options too. Interpreted, no
    kernel can read those: tl.extra.cuda.num_warps() raises there (Triton 3.9)."""
    hooked = getattr(config, "pre_hook", None) is not None or getattr(config, "post_hook", None) is not None
    launch = (config.num_warps, config.num_stages, getattr(config, "num_ctas", 1)) if options or hooked else ()
    return (tuple(sorted((k, repr(v)) for k, v in config.kwargs.items())), launch,
            id(getattr(config, "pre_hook", None)), id(getattr(config, "post_hook", None)))


def _same_values(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Two configs' writes into one argument: bit-equal, or floats as close as a reduction in
    another order leaves them (1e-4 of the rms and of each value; NaN where the other has NaN)."""
    if torch.equal(a, b):
        return True
    if not a.is_floating_point():
        return False
    x, y = a.double(), b.double()
    if not all(torch.equal(f(x), f(y)) for f in (torch.isnan, torch.isposinf, torch.isneginf)):
        return False
    x, y = x.nan_to_num(0.0, 0.0, 0.0), y.nan_to_num(0.0, 0.0, 0.0)
    return bool(((x - y).abs() <= 1e-4 * rms(y) + 1e-4 * y.abs()).all())


def _benchmark_calls(tuner, configs: list, winner, kwargs) -> None:
    """What benchmarking leaves in the launch's buffers: every config in the list's order, as
    Autotuner._bench runs them on the same arguments (hooks included), the one that counts
    BENCHMARK_CALLS times and the others once, then the reset the autotuner makes after timing. A
    sum accumulated with tl.atomic_add into a zeroed output, with no reset_to_zero, passed on CPU
    and returned 11x the answer at each new shape through the real autotuner (outside red team,
    fourteenth pass, 2026-11-29). The others too: a split sum whose wider chunks fill fewer slots of
    a workspace, with no reset_to_zero, read the narrower configs' partials left there and was
    wrong on an H100 at every new key, where the CPU judge, benchmarking only the config that
    counted, passed it (two of our own honest test fixtures, session 79)."""
    args = list(tuner.nargs.values())
    for config in configs:
        current = {**kwargs, **config.all_kwargs()}
        full = {**tuner.nargs, **current}
        for _ in range(BENCHMARK_CALLS if config is winner else 1):
            if config.pre_hook:
                config.pre_hook(full)
            tuner.pre_hook(full)
            tuner.fn.run(*args, **current)
            tuner.post_hook(full, exception=None)
    tuner.pre_hook({**tuner.nargs, **kwargs, **winner.all_kwargs()}, reset_only=True)


def interpreted() -> None:
    """What every interpreted candidate process runs under (the judge's worker and the fork-server's
    warm-up alike): autotune untimed, no overflow sanitizer, the interpreter read as Triton 3.9 reads
    it, triton.language patched once a launch, libdevice computed, bf16 computed by value, float32
    multiply-adds contracted
    and constants folded, float32 exp, sqrt and division approximated as a GPU's are, NaNs and fp8
    conversions with a GPU's bits, launches run as concurrent programs; each launch also compiled
    for a GPU (gpu_compile.py), from triton.language as it is before the first launch."""
    gpu_compile.snapshot()
    untimed_autotune()
    no_overflow_sanitizer()
    scalar_index()
    patch_lang_once()
    libdevice_in_interpreter()
    bf16.install()
    contraction.install()
    approx.install()
    gpu_bits.install()
    concurrency.install()
    lookups_once()
    comparisons_as_int1()


# The interpreter's comparisons, whose results a GPU holds as int1 (i1).
_COMPARISONS = (np.less, np.less_equal, np.greater, np.greater_equal, np.equal, np.not_equal)


def comparisons_as_int1() -> None:
    """Triton 3.9's interpreter gives a comparison's result the operands' dtype (bool values in an
    int32 or int64 handle): a scalar comparison splat to a block then became int64 ones, `m & (t < n)`
    an int32 mask, and an honest masked load raised "mask has unsupported dtype", a runtime_error a
    GPU never gives (outside pass on verifier 96). Here a comparison's result is int1, as on a GPU."""
    import triton.language as tl
    from triton.runtime import interpreter
    builder = interpreter.InterpreterBuilder
    original = builder.binary_op
    if getattr(original, "autotriton_int1", False):
        return

    def binary_op(self, lhs, rhs, op):
        out = original(self, lhs, rhs, op)
        if op in _COMPARISONS and out.data.dtype == np.bool_:
            return interpreter.TensorHandle(out.data, tl.int1)
        return out

    binary_op.autotriton_int1 = True
    builder.binary_op = binary_op


def run(sock: socket.socket, job: Job, hello: dict) -> None:
    """Entry point in the confined candidate process."""
    if job.mode == "gpu":
        torch.cuda.init()
        torch.cuda.set_per_process_memory_fraction(job.gpu_plan.candidate_fraction)
        compared_autotune()
    else:
        torch.set_num_threads(1)
        interpreted()
        tf32.allow_gpu_precisions()
        if not admits_tf32(job.task.tolerance):
            tf32.install()
    guards.install_launch_hook()
    Worker(sock, job.mode, os.path.join(job.workdir, "candidate.py")).serve(hello)
