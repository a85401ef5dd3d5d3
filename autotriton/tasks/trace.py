"""What a task's reference computes, as the ATen ops its forward runs: a listing that
reads the same however the module is written.

The same LeakyReLU can be an `nn.LeakyReLU` attribute, `F.leaky_relu(x, 0.1)`,
`torch.where(x > 0, x, 0.1 * x)` in another file, with any names, docstrings and
keyword spellings. A 135M model that learned one spelling misreads the others (issue 31:
on our dev suite it named the op right and wrote a ReLU). Run on the meta device the
forward dispatches to ATen ops whose names and arguments do not depend on how the
Python was spelled: `nn.LeakyReLU(0.1)(x)` and `F.leaky_relu(x, negative_slope=0.1)`
both trace to `leaky_relu(in0 f32[16,16384], negative_slope=0.1)`; `dim=-1` and the
same dim by index both show the index. The listing goes into the prompt beside the
source (models/prompts.py) when the model was trained with it.

Meta tensors carry shapes and dtypes and no data, so tracing costs no memory at full
size. Code that needs values (`.item()`, data-dependent shapes) cannot run on meta:
such a task gets no listing, never a wrong one.
"""

from __future__ import annotations

import inspect
import math
import re
from dataclasses import dataclass, replace

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from autotriton.tasks.contract import module_from_source

# Ops that only re-wrap a tensor: they say nothing about the computation.
_SKIP = frozenset({"detach", "alias", "lift_fresh", "lift_fresh_copy", "_has_compatible_shallow_copy_type"})
# Arguments that name a dim of the first tensor argument, and the ops whose dim counts in the
# output's rank (one more than the input's).
_DIM_KEYS = frozenset({"dim", "dims", "dim0", "dim1", "start_dim", "end_dim", "source", "destination"})
_NEW_DIM = frozenset({"unsqueeze", "stack"})
# Level-3 networks run hundreds of ops; the prompt keeps the first ones and says how many
# more there were (a 2,048-token answer budget leaves little room for a longer listing).
MAX_LINES = 32
# Past this many ops the forward is stopped: listing them would not fit anyway.
_MAX_OPS = 400

_DTYPES = {torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16", torch.float64: "f64",
           torch.int64: "i64", torch.int32: "i32", torch.int16: "i16", torch.int8: "i8", torch.uint8: "u8",
           torch.bool: "bool", torch.complex64: "c64"}


@dataclass(frozen=True)
class Operand:
    """One argument of a listed op: a tensor by its listing name (in0, t1, self.bias, c1) and
    shape, or a plain value as the op received it (not rounded as the listing prints it)."""

    key: str | None
    tensor: str | None
    shape: tuple[int, ...] | None
    value: object = None


@dataclass(frozen=True)
class Step:
    """One listed op, structured: what a teacher lowers line by line (data/teachers/template/traced.py)."""

    outs: tuple[str, ...]
    out_shapes: tuple[tuple[int, ...] | None, ...]
    op: str
    operands: tuple[Operand, ...]
    line: str


@dataclass(frozen=True)
class Trace:
    """One forward's listing: which input is which argument, the ops (the first
    MAX_LINES of `n_ops`), and what it returns (None where the forward was cut off).
    `steps` are the listed ops structured, `result` the returned tensor's name where the
    forward returns one tensor."""

    header: tuple[str, ...]
    ops: tuple[str, ...]
    n_ops: int
    returned: str | None
    steps: tuple[Step, ...] = ()
    result: str | None = None
    # (step index, operand key, attribute, name) for each listed value the constructor sets, which
    # the listing shows by a name of its own, declared in the header as the inputs are
    # (`s0 = self.act.negative_slope: float`, then `negative_slope=s0`); None where a listed value
    # follows a constructor float through arithmetic, or the ops change with one (shown as values).
    scalars: tuple[tuple[int, str, str, str], ...] | None = ()

    def render(self) -> str:
        lines = list(self.header) + list(self.ops)
        if self.n_ops > len(self.ops):
            lines.append(f"... {self.n_ops - len(self.ops)} more ops")
        if self.returned is not None:
            lines.append(f"return {self.returned}")
        return "\n".join(lines)


class _Stop(Exception):
    """Raised inside the forward once it has run more ops than a listing can hold."""


class _Recorder(TorchDispatchMode):
    def __init__(self, names: dict[int, str]):
        super().__init__()
        self.names = names  # id(tensor) -> in0 / w0 / t1 ...
        self.lines: list[str] = []
        self.steps: list[Step] = []
        self.n_ops = 0
        self.n_named = {"t": 0, "c": 0}  # results t1, t2, ...; constants c1, c2, ...
        self._keep: list[torch.Tensor] = []  # ids stay unique while the tensors live

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        name = func.overloadpacket.__name__
        if name in _SKIP:
            if isinstance(out, torch.Tensor) and args and isinstance(args[0], torch.Tensor):
                self._alias(out, args[0])
            return out
        self.n_ops += 1
        if self.n_ops > _MAX_OPS:
            raise _Stop
        if len(self.lines) < MAX_LINES:
            self.lines.append(self._line(func, name, args, kwargs, out))
        else:
            self._name_outputs(out)
        return out

    def _alias(self, new: torch.Tensor, old: torch.Tensor) -> None:
        if id(old) in self.names:
            self.names[id(new)] = self.names[id(old)]
            self._keep.append(new)

    def _line(self, func, name: str, args, kwargs, out) -> str:
        schema = func._schema.arguments
        rank = _rank(args) + (1 if name in _NEW_DIM else 0)
        keyed = [(schema[i].name if i < len(schema) else None, v) for i, v in enumerate(args)]
        keyed += list(kwargs.items())
        parts = [self._arg(_dim(v, k, rank), k) for k, v in keyed]
        operands = tuple(self._operand(k, _dim(v, k, rank)) for k, v in keyed)
        names = self._name_outputs(out)
        outs = names[0] if len(names) == 1 else "(" + ", ".join(names) + ")"
        line = f"{outs} = {name}({', '.join(p for p in parts if p)})"
        results = out if isinstance(out, (list, tuple)) else [out]
        self.steps.append(Step(tuple(names), tuple(tuple(o.shape) if isinstance(o, torch.Tensor) else None
                                                   for o in results), name, operands, line))
        return line

    def _operand(self, key: str | None, value) -> Operand:
        if isinstance(value, torch.Tensor):
            return Operand(key, self.names[id(value)], tuple(value.shape))
        return Operand(key, None, None, value)

    def _arg(self, value, key: str | None) -> str:
        if isinstance(value, torch.Tensor):
            return self._tensor(value)
        if isinstance(value, (list, tuple)) and any(isinstance(v, torch.Tensor) for v in value):
            return "[" + ", ".join(self._arg(v, None) for v in value) + "]"
        if key is None or value is None:
            return _value(value)
        return f"{key}={_value(value)}"

    def _tensor(self, t: torch.Tensor) -> str:
        name = self.names.get(id(t))
        if name is None:  # a constant the forward made without a traced op (a Python scalar's tensor)
            name = self._fresh("c")
            self.names[id(t)] = name
            self._keep.append(t)
        return f"{name} {_spec(t)}"

    def _fresh(self, prefix: str) -> str:
        self.n_named[prefix] += 1
        return f"{prefix}{self.n_named[prefix]}"

    def _name_outputs(self, out) -> list[str]:
        """Names for an op's outputs (t1, t2, ...; a non-tensor output by its value)."""
        outs = out if isinstance(out, (list, tuple)) else [out]
        names = []
        for o in outs:
            if isinstance(o, torch.Tensor):
                n = self._fresh("t")
                self.names[id(o)] = n
                self._keep.append(o)
                names.append(n)
            else:
                names.append(_value(o))
        return names


def _rank(args) -> int:
    """The rank of an op's first tensor argument (of a tensor list's first, as cat's)."""
    for a in args:
        if isinstance(a, (list, tuple)) and a and isinstance(a[0], torch.Tensor):
            a = a[0]
        if isinstance(a, torch.Tensor):
            return a.dim()
    return 0


def _dim(value, key: str | None, rank: int):
    """A dim argument as its index from the front: `dim=-1` of a rank-3 input reads as 2,
    the same as a module that wrote 2."""
    if key not in _DIM_KEYS or rank <= 0:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return value % rank
    if isinstance(value, (list, tuple)) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return [v % rank if v < 0 else v for v in value]
    return value


def _spec(t: torch.Tensor) -> str:
    return f"{_DTYPES.get(t.dtype, str(t.dtype).removeprefix('torch.'))}[{','.join(map(str, t.shape))}]"


def _value(v) -> str:
    if isinstance(v, float):
        if math.isinf(v) or math.isnan(v):
            return str(v)
        return f"{v:.6g}"
    if isinstance(v, torch.dtype):
        return _DTYPES.get(v, str(v).removeprefix("torch."))
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, torch.device):
        return "device"  # the meta device says nothing about the task
    if isinstance(v, torch.memory_format):
        return str(v).removeprefix("torch.")
    return repr(v) if isinstance(v, str) else str(v)


def trace_module(task_mod, init_inputs: list | None = None, *, mark_constructor: bool = True) -> Trace | None:
    """The ops `task_mod.Model` (built from `init_inputs`, by default the task's own) runs on
    `task_mod.get_inputs()`, all on the meta device; None where the forward cannot run there.
    With `mark_constructor`, listed values that a float constructor argument sets read as the
    attribute that holds them (_constructor_floats)."""
    init = None
    try:
        with torch.device("meta"):
            init = list(task_mod.get_init_inputs() if init_inputs is None else init_inputs)
    except Exception:  # noqa: BLE001 - a reference that cannot be built on meta gets no listing
        return None
    traced = _traced(task_mod, init)
    if traced is None or traced[1].returned is None or not mark_constructor \
            or not any(_is_float(v) or _is_int(v) for v in init):
        return traced and traced[1]  # (a forward cut off at the op cap is not traced again)
    return _constructor_floats(task_mod, init, *traced)


def _traced(task_mod, init: list) -> tuple[torch.nn.Module, Trace] | None:
    try:
        with torch.device("meta"):
            model = task_mod.Model(*init)
            inputs = list(task_mod.get_inputs())
    except Exception:  # noqa: BLE001 - a reference that cannot be built on meta gets no listing
        return None
    names: dict[int, str] = {}
    keep = []
    for i, x in enumerate(inputs):
        if isinstance(x, torch.Tensor):
            names[id(x)] = f"in{i}"
    params = [(n, p) for n, p in list(model.named_parameters()) + list(model.named_buffers())]
    for n, p in params:
        names[id(p)] = f"self.{n}"
        keep.append(p)
    recorder = _Recorder(names)
    header = tuple(_header(model, inputs))
    try:
        with recorder, torch.no_grad():
            out = model(*inputs)
    except _Stop:
        return model, Trace(header, tuple(recorder.lines), recorder.n_ops, None)
    except Exception:  # noqa: BLE001 - data-dependent code (.item(), nonzero) cannot run on meta
        return None
    result = recorder.names.get(id(out)) if isinstance(out, torch.Tensor) else None
    return model, Trace(header, tuple(recorder.lines), recorder.n_ops, _returned(out, recorder),
                        tuple(recorder.steps), result)


def _constructor_floats(task_mod, init: list, model, trace: Trace) -> Trace:
    """`trace` with each listed value that a float constructor argument sets shown by a name of its
    own (s0, s1, ...) that the header binds to the attribute holding it, found by building again
    with each such argument moved by 37%. A module written `self.slope = slope` lists
    `leaky_relu(in0, negative_slope=0.1)` whatever slope it was built with; a kernel that bakes 0.1
    in fails at any other, and run 18's answers did on three of the dev suite's level-1 tasks
    (docs/results/ablation_h200_run18). Listed as the attribute itself (data v19), the value read
    like a parameter, `self.weight`: run 20's answers put `self.eps` inside the kernel, or loaded it
    through a pointer, on 6 of those 44 tasks (docs/results/ablation_h200_run20). A name of the
    listing's own is lowered as in0 and t1 are, under that name. A value equal to the op's default
    is left out of the op's arguments (`nn.HuberLoss(delta=delta)` built with 1.0 lists no delta):
    the listing adds it back, named, where the moved build lists it."""
    before, found, extras = _float_attributes(model), {}, {}
    for i, value in enumerate(init):
        if not _is_float(value):
            continue
        other = _rebuilt(task_mod, init, i, value * 1.37 if value else 0.37, trace)
        if other is None:
            return replace(trace, scalars=None)  # the ops themselves change with the argument
        after = _float_attributes(other[0])
        for k, (s0, s1) in enumerate(zip(trace.steps, other[1].steps)):
            for o1 in s1.operands[len(s0.operands):]:  # left out at its default, listed once moved
                if not o1.key or o1.tensor is not None:
                    return replace(trace, scalars=None)
                attr = next((a for a in before if after.get(a) == o1.value), None) if _is_float(o1.value) else None
                extras.setdefault(k, {})[o1.key] = before[attr] if attr else o1.value
                if attr:
                    found[(k, o1.key)] = (attr, before[attr])
            for o0, o1 in zip(s0.operands, s1.operands):
                if o0.tensor is not None or _value(o0.value) == _value(o1.value):
                    continue  # (a list of tensors, as cat's, compares by its text: == on tensors raises)
                attr = _setter(before, after, o0.value, o1.value) if _is_float(o0.value) else None
                if attr is None or not o0.key:
                    return replace(trace, scalars=None)  # arithmetic on a constructor float
                found[(k, o0.key)] = (attr, o0.value)
    _int_set(task_mod, init, trace, before, found)
    steps, ops, names = list(trace.steps), list(trace.ops), {}
    for k, added in extras.items():  # arguments left out at their defaults, listed as the moved build lists them
        line = steps[k].line[:-1] + "".join(f", {key}={_value(v)}" for key, v in added.items()) + ")"
        steps[k] = replace(steps[k], line=line,
                           operands=steps[k].operands + tuple(Operand(key, None, None, v) for key, v in added.items()))
        ops[k] = line
    for (k, key), (attr, value) in sorted(found.items()):
        name = names.setdefault(attr, f"s{len(names)}")
        # the whole argument, not a suffix of another: elu lists `scale=` and `input_scale=`
        line = re.sub(rf"(?<![\w.]){re.escape(key)}={re.escape(_value(value))}(?=[,)])", f"{key}={name}",
                      steps[k].line, count=1)
        steps[k] = replace(steps[k], line=line)
        ops[k] = line
    header = trace.header + tuple(f"{name} = {attr}: float" for attr, name in names.items())
    return replace(trace, header=header, ops=tuple(ops), steps=tuple(steps),
                   scalars=tuple((k, key, attr, names[attr]) for (k, key), (attr, _) in sorted(found.items())))


# A listed value the constructor sets through arithmetic, as people write one: `1 - self.alpha`
# (a focal loss's class weight), `-self.T` (an energy score), `1 / self.temperature`,
# `self.scale ** 2`. Before these, every such module got no listing lowering at all: 3 of the 14
# level-2 files of our development suite (2026-11-30). Each form must give the listed value at
# the built argument and at the moved one.
DERIVED = (
    ("-{a}", lambda v: -v), ("1.0 - {a}", lambda v: 1.0 - v), ("{a} - 1.0", lambda v: v - 1.0),
    ("1.0 + {a}", lambda v: 1.0 + v), ("1.0 / {a}", lambda v: 1.0 / v), ("-1.0 / {a}", lambda v: -1.0 / v),
    ("2.0 * {a}", lambda v: 2.0 * v), ("0.5 * {a}", lambda v: 0.5 * v), ("{a} * {a}", lambda v: v * v),
    ("math.sqrt({a})", lambda v: math.sqrt(v)), ("1.0 / math.sqrt({a})", lambda v: 1.0 / math.sqrt(v)),
)


def _int_set(task_mod, init: list, trace: Trace, before: dict[str, float], found: dict) -> None:
    """Adds to `found` each listed float that a float attribute computed from an int constructor
    argument holds (`self.scale = head_dim ** -0.5`), found by building again with the int doubled.
    The judge changes such an int where it is a size of the file (a head dim), and an answer that
    baked 0.125 in then failed (the development suite's causal softmax, 2026-11-30). Where the
    module cannot run on the same inputs once the int moves (a layer's width), or its ops change,
    nothing is learned and the values stay."""
    for i, value in enumerate(init):
        if not _is_int(value):
            continue
        other = _rebuilt(task_mod, init, i, value * 2 if value else 3, trace)
        if other is None:
            continue
        after = _float_attributes(other[0])
        for k, (s0, s1) in enumerate(zip(trace.steps, other[1].steps)):
            for o0, o1 in zip(s0.operands, s1.operands):
                if o0.tensor is None and o0.key and _is_float(o0.value) and _is_float(o1.value) \
                        and (k, o0.key) not in found and o0.value != o1.value:
                    attr = _setter(before, after, o0.value, o1.value)
                    if attr:
                        found[(k, o0.key)] = (attr, o0.value)


def _rebuilt(task_mod, init: list, i: int, value, trace: Trace) -> tuple[torch.nn.Module, Trace] | None:
    """The module built with constructor argument `i` set to `value`, and its trace, where it runs
    the same ops as `trace`; else None."""
    moved = list(init)
    moved[i] = value
    other = _traced(task_mod, moved)
    if other is None or [s.op for s in other[1].steps] != [s.op for s in trace.steps]:
        return None
    return other


def _is_int(value) -> bool:
    return type(value) is int


def _setter(before: dict[str, float], after: dict[str, float], listed: float, moved: float) -> str | None:
    """The attribute that sets a listed value (`self.slope`), or the expression of one that does
    (`1.0 - self.alpha`), checked at the built value and at the moved one; None if none does."""
    changed = [a for a in before if after.get(a) is not None and after[a] != before[a]]
    for form, f in (("{a}", lambda v: v),) + DERIVED:
        for a in changed:
            try:
                if _same(f(before[a]), listed) and _same(f(after[a]), moved):
                    return form.format(a=a)
            except (ValueError, ZeroDivisionError):
                continue
    return None


def _same(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=0.0)


def _is_float(value) -> bool:
    return type(value) is float


def _float_attributes(model: torch.nn.Module) -> dict[str, float]:
    """Every float attribute of the module and its submodules, by its path from `self`."""
    out = {}
    for prefix, sub in model.named_modules():
        for name, value in vars(sub).items():
            if _is_float(value):
                out[".".join(["self", prefix, name] if prefix else ["self", name])] = value
    return out


def _returned(out, recorder: _Recorder) -> str:
    if isinstance(out, torch.Tensor):
        return recorder._tensor(out)
    if isinstance(out, (list, tuple)):
        return "(" + ", ".join(_returned(o, recorder) for o in out) + ")"
    return _value(out)


def _header(model, inputs: list) -> list[str]:
    """Which input is which forward argument: the listing calls them in0, in1, ..."""
    try:
        params = [p for p in inspect.signature(model.forward).parameters]
    except (TypeError, ValueError):
        params = []
    lines = []
    for i, x in enumerate(inputs):
        arg = params[i] if i < len(params) else f"inputs[{i}]"
        what = _spec(x) if isinstance(x, torch.Tensor) else _value(x)
        lines.append(f"in{i} = {arg}: {what}")
    return lines


def trace_source(source: str) -> Trace | None:
    """trace_module of a task file's text."""
    try:
        mod = module_from_source(source, "autotriton_traced_task", "<task>")
    except Exception:  # noqa: BLE001 - a task that does not even import gets no listing
        return None
    return trace_module(mod)
