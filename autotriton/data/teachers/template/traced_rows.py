"""Modules that reduce along one dim, lowered from their op listing line by line (data v17).

Data v16 wrote every elementwise answer from the listing (traced.py), and the ten elementwise
tasks of the dev suite went from 7 to 33 passing samples of 80 (docs/results/ablation_h200_run17).
The reductions, softmaxes and norms kept their family writers, whose kernels are keyed by op
name: for `x.pow(2).mean(-1, keepdim=True)` the answer is an RMSNorm template, not the listed
`pow`, `mean`, `add`, `rsqrt`, `mul`. Here a forward whose listed ops are elementwise or act along
one dim D of the first input (sum, mean, amax, var, std, logsumexp, softmax, log-softmax, a vector
norm, a cumulative sum or product, layer norm over the last dim) becomes one program per row
along D: the row is loaded once, each listing line is quoted and computed under its own name, a
reduced value is one number per program, and the result is stored as a row or as one value.

    # t2 = mean(t1, dim=[2], keepdim=True)
    t2 = tl.sum(tl.where(mask, t1, 0.0), axis=0) / n_cols

Padded lanes (cols >= n_cols) hold whatever the arithmetic made of the 0.0 they were loaded as,
so every reduction masks them with its identity first. A value the listing computes from the
input's size (`x.sum(-1) / x.shape[-1]` lists `div(t1, other=512)`) is written as n_cols when it
moves with the size, found by tracing again at another length of D; the judge changes sizes.

Data v23: a row may also be a tuple of dims (`x.mean(dim=(2, 3))`, a batch norm's statistics over
N, H and W), read as one run of neighbouring dims anywhere or two runs with kept dims between them
(`_Layout`); the offsets of a row's elements say which (`_offsets`).
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass

import torch

from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import log1p_of, numbered
from autotriton.data.teachers.template.traced import (_TYPE_SPEC, Piece, Unsupported, _constructor_scalars, literal,
                                                     _forward_args, _lower, _num, answer, loaded_and_traced,
                                                     scalar_step, step_operands)
from autotriton.data.teachers.template.traced_permute import Unpermuted, unpermuted
from autotriton.tasks.trace import Step, Trace, trace_module

# Ops that reduce their first operand along `dim` to one value per row.
_REDUCE = frozenset({"sum", "mean", "amax", "amin", "max", "min", "var", "std", "logsumexp", "linalg_vector_norm",
                     "argmax", "argmin"})
# Reductions whose result is an index (int64), not a value of the input's dtype.
_INDEX = frozenset({"argmax", "argmin"})
# Reductions that may act on several dims at once (`x.mean(dim=(2, 3))`, `x.amax((0, 2))`): the
# reduced elements are one row whatever their order. Not max/min with a dim (they return indices)
# nor argmax/argmin (torch takes one dim).
_OVER_SEVERAL = frozenset({"sum", "mean", "amax", "amin", "var", "std", "logsumexp", "linalg_vector_norm"})
# Ops that map a row to a row of the same length, each element depending on the whole row or its prefix.
_ROW_MAP = frozenset({"_softmax", "_log_softmax", "cumsum", "cumprod", "native_layer_norm"})
# Ops that only change how a value is viewed (keepdim by unsqueeze, a broadcast back to the row).
_VIEWS = frozenset({"view", "_unsafe_view", "reshape", "unsqueeze", "squeeze", "expand", "expand_as", "clone",
                    "contiguous"})
# Rows longer than this do not fit one program's registers in one tile: a program reads such a row
# in tiles, in passes (data v24; before, such tasks kept their family writer).
MAX_COLS = 16384
# Reductions over every dim that the rows add up (data v18: a loss is a mean over the whole tensor):
# each program stores its row's share, and a second kernel adds the shares (_TOTAL_KERNEL).
_TOTAL = frozenset({"sum", "mean"})
# Losses listed as one op: their elementwise term, then the total by `reduction` (0 none, 1 mean, 2 sum).
_LOSSES = frozenset({"mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss", "binary_cross_entropy_with_logits"})
ALL = "all"  # a reduction over every dim of its operand
# Tensors made in forward that a lowering computes from the element's place instead of reading:
# a mask over the trailing (n_q, n_cols) of the rows, banded by triu/tril (a causal mask).
_FACTORIES = frozenset({"ones", "zeros", "full"})
_BANDS = frozenset({"triu", "tril"})
# Names forward's launch binds: an argument of the same name would be overwritten before its last use.
_LAUNCH_NAMES = frozenset({"out", "part", "rows", "n_cols", "inner", "mid", "n_b", "BLOCK"})

FULL, ROW, COL = "full", "row", "col"  # a tensor of the input's shape, one value per row, a vector along D
EXPANDED = "expanded"  # one value per row broadcast to the input's shape: a row to elementwise ops, not to a sum
TOTAL = "total"  # the one number of a reduction over every dim: rows add their shares
CONST = "const"  # a 0-dim constant made in forward (scalar_tensor): one number for every row
BAND = "band"  # a value of the rows' trailing (n_q, n_cols) computed in lanes (a causal mask): a row to elementwise ops


@dataclass(frozen=True)
class _Layout:
    """The first input's shape and the dims every reduction acts along: the run D, D+1, ... of
    `span` dims (a mean over H and W is one run), and, `gap` kept dims after it, a second run of
    `span2` dims (a batch norm's statistics over N, H and W: runs (0,) and (2, 3) around C)."""

    shape: tuple[int, ...]
    dim: int
    span: int = 1
    gap: int = 0
    span2: int = 0

    @property
    def reduced(self) -> tuple[int, ...]:
        second = self.dim + self.span + self.gap
        return tuple(range(self.dim, self.dim + self.span)) + tuple(range(second, second + self.span2))

    @property
    def n_cols(self) -> int:
        return math.prod(self.shape[d] for d in self.reduced)

    @property
    def last(self) -> bool:
        """Rows are contiguous: one run of reduced dims, the trailing ones."""
        return not self.span2 and self.dim + self.span == len(self.shape)

    def kind(self, shape) -> str | None:
        """FULL, COL (only D, right-aligned) or ROW (D removed or kept as 1), or None. COL comes
        before ROW: for a square (N, N) input a vector (N,) broadcasts along the last dim, as torch
        aligns shapes from the right."""
        shape = tuple(shape)
        if shape == self.shape:
            return FULL
        right = len(self.shape) - self.dim  # a vector along D, right-aligned: (N,) when D is last, (N, 1, 1) before
        if self.span == 1 and not self.span2 and len(shape) == right and shape[0] == self.n_cols \
                and all(s == 1 for s in shape[1:]):
            return COL
        if shape in (self.removed, self.kept):
            return ROW
        r = len(self.removed)
        if self.last and r < len(shape) < len(self.shape) and shape[:r] == self.removed \
                and all(s == 1 for s in shape[r:]):
            return ROW  # on its way to the kept shape, one unsqueeze at a time (a row meeting it is declined)
        return None

    @property
    def removed(self) -> tuple[int, ...]:
        return tuple(s for d, s in enumerate(self.shape) if d not in self.reduced)

    @property
    def kept(self) -> tuple[int, ...]:
        return tuple(1 if d in self.reduced else s for d, s in enumerate(self.shape))


def traced_row_answer(source: str) -> Solution | None:
    """The one-program-per-row kernel for the task file `source`, or None where its forward is not
    a listing this lowering covers (no reduction, several dims, a shape it cannot follow)."""
    traced = loaded_and_traced(source)
    if traced is None:
        return None
    mod, trace = traced
    try:
        outs = _results(trace)
        if len(outs) > 1:  # each output is one more store of a computed row (data v27)
            trace = dataclasses.replace(trace, result=outs[0], returned=trace.returned[1:-1].split(", ")[0])
        flat = unpermuted(trace)  # a permute of in0 read in place (data v25)
        layout = _layout(flat.trace)
        scalars = _constructor_scalars(trace)
        sized = _size_values(mod, trace, layout)
        args = _forward_args(source)
        return answer(source, args, row_piece(args, flat.trace, layout, scalars, sized, flat, tuple(outs[1:])))
    except Unsupported:
        return None


def _results(trace: Trace) -> list[str]:
    """The names of the tensors forward returns: one, or each of a tuple of computed ones (a fused
    residual add and norm returns the normed rows and the new residual), of one dtype."""
    if trace.n_ops != len(trace.steps) or not trace.steps or trace.returned is None:
        raise Unsupported("the forward was cut off")
    if trace.result is not None:
        return [trace.result]
    parts = re.fullmatch(r"\((.+)\)", trace.returned)
    items = [re.fullmatch(r"(t\d+) (f32|f16|bf16)\[[\d,]*\]", x) for x in (parts.group(1).split(", ") if parts else [])]
    if len(items) < 2 or not all(items) or len({m.group(2) for m in items}) > 1 \
            or len({m.group(1) for m in items}) < len(items):
        raise Unsupported(f"forward returns {trace.returned}, not computed tensors of one dtype")
    return [m.group(1) for m in items]


def _layout(trace: Trace) -> _Layout:
    first = re.match(r"in0 = \w+: (f32|f16|bf16)\[([\d,]*)\]", trace.header[0]) if trace.header else None
    if not first or not first.group(2):
        raise Unsupported("the first input is not a float tensor")
    shape = tuple(int(s) for s in first.group(2).split(","))
    found = [_reduced_dims(st) for st in trace.steps if st.op in _REDUCE | _ROW_MAP | _LOSSES]
    found = [d for d in found if d != ()]  # a loss with reduction none is elementwise
    if not found:
        found = [_broadcast_dims(trace, shape)]
    if None in found:
        raise Unsupported("no reduction, or one along dims this lowering cannot follow")
    dims = {d for d in found if d != ALL}
    if len(dims) > 1:
        raise Unsupported("reductions along several dims")
    dim = dims.pop() if dims else (len(shape) - 1,)  # only totals: rows along the last dim add them up
    if dim[-1] >= len(shape):  # a reduction of a value of higher rank than in0 (a segment's broadcast)
        raise Unsupported(f"a reduction along dims {dim} of a {len(shape)}-dim first input")
    layout = _runs(shape, dim)
    if layout.n_cols < 2:
        raise Unsupported(f"a row of {layout.n_cols}")
    return layout


def _broadcast_dims(trace: Trace, shape: tuple[int, ...]) -> tuple[int, ...] | None:
    """With no reduction: the trailing dims along which an input or parameter of in0's leading
    shape broadcasts (a squeeze-excite gate (B, C, 1, 1) over (B, C, H, W), a mask (B, S) made
    (B, S, 1) over (B, S, D)), so that each of its values is one row's; None where there is none,
    or two that disagree."""
    found = set()
    for step in trace.steps:
        for o in step.operands:
            if o.tensor is None or o.tensor.startswith(("t", "c")) or o.shape is None or tuple(o.shape) == shape:
                continue
            for k in range(1, len(shape)):
                if tuple(o.shape) in (shape[:k], shape[:k] + (1,) * (len(shape) - k)):
                    found.add(tuple(range(k, len(shape))))
    return found.pop() if len(found) == 1 else None


def _runs(shape: tuple[int, ...], dims: tuple[int, ...]) -> _Layout:
    """The layout of a reduction over `dims` (sorted): one run of neighbouring dims, or two runs
    with kept dims between them; three runs have no offsets of this form."""
    runs: list[list[int]] = []
    for d in dims:
        if runs and d == runs[-1][-1] + 1:
            runs[-1].append(d)
        else:
            runs.append([d])
    if len(runs) > 2:
        raise Unsupported(f"reduced dims {dims} in more than two runs")
    if len(runs) == 1:
        return _Layout(shape, dims[0], len(dims))
    first, second = runs
    return _Layout(shape, first[0], len(first), second[0] - first[-1] - 1, len(second))


def _reduced_dims(step: Step) -> tuple[int, ...] | str | None:
    """The dims `step` reduces (ALL for every dim of its operand), or None where unreadable."""
    kw = {o.key: o.value for o in step.operands if o.key}
    rank = len(step.operands[0].shape or ()) if step.operands else 0
    if step.op == "native_layer_norm":  # over the last dim, or the dim a permute put last (traced_permute)
        if len(kw.get("normalized_shape") or ()) != 1:
            return None
        return tuple(kw["dim"]) if "dim" in kw else (rank - 1,)
    if step.op in _LOSSES:
        return () if kw.get("reduction", 1) == 0 else ALL
    dim = kw.get("dim")
    if dim is None and step.op in _TOTAL:
        return ALL
    dims = tuple(dim) if isinstance(dim, (list, tuple)) else (dim,)
    if not dims or not all(isinstance(d, int) and not isinstance(d, bool) for d in dims):
        return None
    dims = tuple(sorted(d % rank for d in dims)) if rank else dims
    if step.op in _TOTAL and dims == tuple(range(rank)) and rank > 1:
        return ALL
    if len(dims) > 1 and (step.op not in _OVER_SEVERAL or dims == tuple(range(rank))):
        return None  # a max over every dim is one row of the whole tensor: no program per row
    return dims


def _size_values(mod, trace: Trace, layout: _Layout) -> dict[tuple[int, str], str]:
    """(step index, operand key) -> "n_cols" for each listed value that is the row length (or its
    reciprocal), found by tracing again with D three longer; a value that moves otherwise has no
    form here."""
    longer = _Longer(mod, layout)
    other = trace_module(longer, mark_constructor=False)
    if other is None or [s.op for s in other.steps] != [s.op for s in trace.steps]:
        if any(o.value in (layout.n_cols, 1 / layout.n_cols) for s in trace.steps for o in s.operands
               if o.tensor is None and isinstance(o.value, (int, float)) and not isinstance(o.value, bool)):
            raise Unsupported("a value equal to the row length, and the module cannot be traced at another")
        return {}
    found = {}
    n0, n1 = layout.n_cols, layout.n_cols // layout.shape[layout.dim] * (layout.shape[layout.dim] + 3)
    for k, (s0, s1) in enumerate(zip(trace.steps, other.steps)):
        for o0, o1 in zip(s0.operands, s1.operands):
            if o0.tensor is not None or o0.value == o1.value or o0.key in ("dim", "size", "normalized_shape"):
                continue
            if (o0.value, o1.value) == (n0, n1):
                found[(k, o0.key)] = "n_cols"
            elif isinstance(o0.value, float) and math.isclose(o0.value, 1 / n0) and math.isclose(o1.value, 1 / n1):
                found[(k, o0.key)] = "(1.0 / n_cols)"
            else:
                raise Unsupported(f"{s0.op}'s {o0.key} follows the input's size through arithmetic")
    return found


class _Longer:
    """The task module with every float input three longer along D (meta tensors)."""

    def __init__(self, mod, layout: _Layout):
        self.Model, self.get_init_inputs = mod.Model, mod.get_init_inputs
        self._mod, self._layout = mod, layout

    def get_inputs(self):
        shape = list(self._layout.shape)
        shape[self._layout.dim] += 3
        return [torch.randn(shape) if isinstance(x, torch.Tensor) and tuple(x.shape) == self._layout.shape
                and x.is_floating_point() else x for x in self._mod.get_inputs()]


def row_piece(args: list[str], trace: Trace, layout: _Layout, scalars: dict, sized: dict,
              flat: Unpermuted | None = None, also: tuple[str, ...] = ()) -> Piece:
    """The row kernel of a listing whose inputs in0, in1... forward holds as `args`; `sized`: the
    listed values that are the row length (_size_values); `flat`: where the listing permuted in0
    first, how (traced_permute); `also`: the outputs forward returns after trace.result, each a
    row stored like it into an out of its own."""
    kinds: dict[str, str] = {}
    flips: set[str] = set()  # "load": an input read back to front; "store": the result written so
    body, loads, ptrs, passed, kernel_scalars = [], [], [], {}, {}
    groups: list[tuple[str, list[str], Step, list]] = []  # (quoted line, statements, step, operands)
    if set(args) & _LAUNCH_NAMES:
        raise Unsupported(f"forward's arguments {sorted(set(args) & _LAUNCH_NAMES)} are names the launch binds")
    if any(st.op in _FACTORIES | _BANDS for st in trace.steps):
        body.append(_band_rows(layout, args, kernel_scalars))
    for k, step in enumerate(trace.steps):
        operands = step_operands(k, step, lambda o: _operand(o.tensor, o.shape, layout, kinds, loads, ptrs, passed, args),
                                 scalars, kernel_scalars, sized)
        lines = _lower_row_step(step, operands, layout, kinds, trace.result, flips)
        groups.append(("# " + _TYPE_SPEC.sub("", step.line), lines, step, operands))
        body += [groups[-1][0]] + lines
    result_kind = kinds.get(trace.result)
    if result_kind == EXPANDED:
        result_kind = FULL  # a scalar stored through the row's offsets fills the row
    if result_kind not in (FULL, ROW, TOTAL) or "in0" not in kinds:
        raise Unsupported("the result is not a row or one value per row, or the first input is not read")
    last = trace.steps[-1]
    # an int64 result: an argmax's indices, or a count of a comparison (`(x != 0).sum(dim)`: torch
    # sums a bool to int64; the float sum of the row is exact to 2**24 elements, past MAX_COLS)
    index = last.outs[0] == trace.result and (last.op in _INDEX or last.op == "sum" and " bool[" in last.line)
    returned = re.search(r" (f32|f16|bf16|i64)\[([\d,]*)\]$", trace.returned or "")
    if not returned or not (index and returned.group(1) == "i64"
                            or trace.header[0].split(": ")[1].startswith(returned.group(1) + "[")):
        raise Unsupported("the output is not a float tensor of the first input's dtype, nor int64 indices or counts")
    if index and result_kind == TOTAL:  # a float32 total of the rows' counts rounds past 2**24 elements
        raise Unsupported("an int64 total over every dim")
    out_shape = tuple(int(s) for s in returned.group(2).split(",")) if returned.group(2) else ()
    order = flat.order if flat else None
    stored = _stored_in_order(layout, order, result_kind)
    outs = ["out"] + [f"out{i}" for i in range(1, len(also) + 1)]
    if also:
        if any(kinds.get(r) not in (FULL, EXPANDED) for r in (trace.result,) + also) or order or flips \
                or layout.n_cols > MAX_COLS or set(args) & set(outs):
            raise Unsupported("several outputs that are not all rows stored in in0's order in one tile")
        body += [f"tl.store({o}_ptr + offs, {r}.to({o}_ptr.dtype.element_ty), mask=mask)  # output {i + 2}"
                 for i, (o, r) in enumerate(zip(outs[1:], also))]
    code = [line.split("#")[0] for line in body]
    # an input read only back to front (flip loads it through rev) is not loaded front to back too
    loads = [ld for ld in loads if any(re.search(rf"\b{ld.split(' = ')[0]}\b", c) for c in code)]
    looped = None
    if layout.n_cols > MAX_COLS:
        nodes = _nodes(groups, kinds)
        at, passes = _schedule(nodes, set(kinds) - {n.out for n in nodes}, trace.result, result_kind)
        kernel = _looped_kernel(layout, ptrs, loads, nodes, (at, passes), trace.result, result_kind,
                                list(kernel_scalars.values()), kinds, stored)
        looped = _passes_step(nodes, at, passes, result_kind)
    else:
        kernel = _kernel(layout, ptrs, loads, body, trace.result, result_kind, list(kernel_scalars.values()), flips,
                         stored, [f"{o}_ptr" for o in outs[1:]])
    launch_args = [passed[p] for p in ptrs] + outs + list(kernel_scalars)
    lead = passed["in0_ptr"]
    alloc = _alloc_in_order(lead, out_shape, layout, order, result_kind, index) if order and result_kind != TOTAL \
        else _alloc(layout, lead, out_shape, result_kind, index)
    extra = [_permute_step(flat.perm, layout, order, result_kind)] if flat and flat.perm else []
    if also:
        alloc += "".join(f"\n{o} = torch.empty_like({lead})" for o in outs[1:])
        extra.append(f"forward returns {len(outs)} tensors, ({', '.join((trace.result,) + also)}): each is a row of "
                     f"in0's shape, stored with the same offsets into an output of its own ({', '.join(outs)}).")
    return Piece(kernel, alloc, _launch(layout, lead, launch_args, result_kind),
                 [passed[p] for p in ptrs if passed[p] in args],
                 _reasoning(trace, layout, result_kind, kernel_scalars, out_shape, looped, extra), ", ".join(outs))


def _operand(name: str, shape, layout: _Layout, kinds: dict, loads: list, ptrs: list, passed: dict,
             args: list[str]) -> str:
    """A tensor operand's kernel variable; an input or parameter is loaded once, as a row (FULL),
    one value per row (ROW) or a vector along D (COL)."""
    var = name.replace(".", "_")
    if name in kinds or var in kinds:
        return var
    if name.startswith(("t", "c")):
        raise Unsupported(f"{name} is not computed by a listed op")  # a constant made in forward
    kind = layout.kind(shape)
    if kind is None or (name.startswith("self.") and kind == FULL):
        raise Unsupported(f"{name} of shape {tuple(shape)} against rows along dim {layout.dim} of {layout.shape}")
    ptr = f"{var}_ptr"
    where = {FULL: "offs, mask=mask, other=0.0", ROW: "row", COL: "cols, mask=mask, other=0.0"}[kind]
    loads.append(f"{var} = tl.load({ptr} + {where}).to(tl.float32)")
    ptrs.append(ptr)
    passed[ptr] = args[int(name[2:])] if name.startswith("in") else name
    kinds[var] = kind
    return var


def _lower_row_step(step: Step, operands: list, layout: _Layout, kinds: dict, result: str,
                    flips: set[str]) -> list[str]:
    """The statements for one listed op, recording its output's kind."""
    out = step.outs[0]
    for extra in step.outs[1:]:
        kinds[extra] = "unused"  # max's indices, layer norm's saved statistics: never read below
    if step.op.endswith("_") and not step.op.startswith("_"):  # clamp_min_: in place on a fresh value, as clamp_min
        step = dataclasses.replace(step, op=step.op[:-1])
    x = operands[0][1] if operands else None
    if step.op == "alias":  # a permute of in0 or its inverse, read in place (traced_permute)
        kinds[out] = kinds[x]
        return [f"{out} = {x}  # the same elements: a permute moves no data, the offsets follow in0's dims"]
    if step.op == "scalar_tensor":
        kinds[out] = CONST
        value = dict(op for op in operands if op[0]).get("s")
        return [f"{out} = {_num(value)}"]
    if step.op in _FACTORIES:
        return _made(step, out, dict(op for op in operands if op[0]), layout, kinds)
    if step.op in _BANDS:
        return _band(step, out, x, dict(op for op in operands if op[0]), kinds)
    if step.op in _LOSSES:
        return _loss(step, out, operands, layout, kinds, result)
    if step.op in _TOTAL and _reduced_dims(step) == ALL:
        return _total(step.op, out, x, kinds, result)
    if step.op == "flip":
        return _flip(out, x, dict(op for op in operands if op[0]), layout, kinds, result, flips)
    if step.op in _REDUCE | _ROW_MAP:
        if kinds.get(x) != FULL:
            raise Unsupported(f"{step.op} of {x}, which is not a whole row")
        kinds[out] = ROW if step.op in _REDUCE else FULL
        return _reduction(step.op, out, x, dict(op for op in operands if op[0]), operands)
    used = [kinds.get(v) for _, v in operands if isinstance(v, str) and v in kinds and kinds.get(v) != CONST]
    if TOTAL in used:
        raise Unsupported("a line after a total over every dim")
    if "unused" in used:
        raise Unsupported("an op reads max's indices or a saved statistic")
    if {FULL, COL, EXPANDED, BAND} & set(used) and any(o.shape not in (None, layout.kept) and kinds.get(v) == ROW
                                                 for o, (_, v) in zip(step.operands, operands) if o.tensor):
        # (R,) against (R, N) is aligned from the right by torch, not broadcast per row
        raise Unsupported("a reduced value without its kept dim meets a row")
    if step.op in _VIEWS:
        kinds[out] = _view_kind(step, layout, used)
        return [f"{out} = {x}"]
    if set(used) == {BAND}:  # a mask made in forward, compared or combined before it meets a row
        if tuple(step.out_shapes[0] or ()) != layout.shape[-2:]:
            raise Unsupported(f"{step.op} gives {step.out_shapes[0]}, not the rows' trailing {layout.shape[-2:]}")
        kinds[out] = BAND
        return _lower(step, operands)
    kinds[out] = FULL if {FULL, COL, BAND} & set(used) else EXPANDED if EXPANDED in used else ROW
    expected = FULL if kinds[out] == EXPANDED else kinds[out]
    if layout.kind(step.out_shapes[0] or ()) != expected:
        raise Unsupported(f"{step.op} gives {step.out_shapes[0]}, not a {kinds[out]}")
    return _lower(step, operands)


def _flip(out: str, x: str, kw: dict, layout: _Layout, kinds: dict, result: str, flips: set[str]) -> list[str]:
    """A row reversed along D: registers cannot be permuted, so an input is loaded back to front
    and the result is stored so; a flip anywhere else is declined."""
    if list(kw.get("dims") or ()) != [layout.dim] or layout.reduced != (layout.dim,) or kinds.get(x) != FULL:
        raise Unsupported("a flip along another dim, or of a value that is not a row")
    kinds[out] = FULL
    if re.fullmatch(r"in\d+", x):
        flips.add("load")
        return [f"{out} = tl.load({x}_ptr + rev, mask=mask, other=0.0).to(tl.float32)  # lane c: element n_cols - 1 - c"]
    if out == result:
        flips.add("store")
        return [f"{out} = {x}  # stored back to front below"]
    raise Unsupported("a flip of a computed value that is not the result")


def _band_rows(layout: _Layout, args: list[str], kernel_scalars: dict) -> str:
    """The line placing a row along the second-last dim (qi), which a band (triu, tril) and a mask
    made in forward are computed from: rows along the last dim, in one tile."""
    if not layout.last or layout.span != 1 or len(layout.shape) < 2 or layout.n_cols > MAX_COLS:
        raise Unsupported("a band or a tensor made in forward beside rows that are not one tile of the last dim")
    kernel_scalars[f"{args[0]}.shape[-2]"] = "n_q"
    return "qi = row % n_q  # this row's index along the second-last dim, which a band compares with cols"


def _made(step: Step, out: str, kw: dict, layout: _Layout, kinds: dict) -> list[str]:
    """ones/zeros/full of the rows' trailing (n_q, n_cols), as a causal mask starts: the same value
    in every lane, never read from memory. The size the listing shows is the traced one; the kernel's
    follows the input."""
    if tuple(kw.get("size") or ()) != layout.shape[-2:]:
        raise Unsupported(f"{step.op} of size {kw.get('size')}, not the rows' trailing {layout.shape[-2:]}")
    value = {"ones": 1.0, "zeros": 0.0}.get(step.op, kw.get("fill_value"))
    kinds[out] = BAND
    if kw.get("dtype") is torch.bool:
        return [f"{out} = cols {'>=' if value else '<'} 0  # {'True' if value else 'False'} in every lane"]
    return [f"{out} = tl.full([BLOCK], {literal(value)}, tl.float32)"]


def _band(step: Step, out: str, x: str, kw: dict, kinds: dict) -> list[str]:
    """triu/tril along the trailing two dims: element (qi, col) is kept where col - qi is at least
    (triu) or at most (tril) the diagonal, else zero (False for a mask)."""
    if kinds.get(x) not in (FULL, BAND):
        raise Unsupported(f"{step.op} of {x}, which is not a whole row")
    cond = f"cols - qi {'>=' if step.op == 'triu' else '<='} {int(kw.get('diagonal', 0))}"
    kinds[out] = kinds[x]
    if re.search(r"\(\w+ bool\[", step.line):
        return [f"{out} = {x} & ({cond})"]
    return [f"{out} = tl.where({cond}, {x}, 0.0)"]


def _total(op: str, out: str, x: str, kinds: dict, result: str) -> list[str]:
    """A sum or mean over every dim: each program's share, which the store adds to out."""
    if out != result or kinds.get(x) not in (FULL, ROW):
        raise Unsupported("a total that is not the result, or of a value that is not a row or one per row")
    kinds[out] = TOTAL
    if kinds[x] == FULL:
        share = f"tl.sum(tl.where(mask, {x}, 0.0), axis=0)" + (" / (n_rows * n_cols)" if op == "mean" else "")
    else:
        share = x + (" / n_rows" if op == "mean" else "")
    return [f"{out} = {share}  # this row's share of the total"]


def _loss(step: Step, out: str, operands: list, layout: _Layout, kinds: dict, result: str) -> list[str]:
    """A loss listed as one op: its elementwise term on the row, then the total by `reduction`."""
    kw = {k: v for k, v in operands if k}
    a, b = (v for k, v in operands[:2])
    if kinds.get(a) != FULL or kinds.get(b) != FULL or kw.get("weight") is not None or kw.get("pos_weight") is not None:
        raise Unsupported(f"{step.op} of values that are not rows, or weighted")
    d = f"{out}_d"
    if step.op == "binary_cross_entropy_with_logits":  # max(x, 0) - x y + log1p(e^-|x|): no overflow
        term = [f"e = tl.exp(-tl.abs({a}))", "w = 1.0 + e",
                f"{d} = tl.maximum({a}, 0.0) - {a} * {b} + {log1p_of('e')}"]
    elif step.op == "mse_loss":
        term = [f"{d} = ({a} - {b}) * ({a} - {b})"]
    else:
        term = [f"{d} = tl.abs({a} - {b})"]
        beta = kw.get("beta", 1.0) if step.op == "smooth_l1_loss" else kw.get("delta", 1.0)
        if step.op == "smooth_l1_loss" and beta:
            term.append(f"{d} = tl.where({d} < {_num(beta)}, 0.5 * {d} * {d} / {_num(beta)}, {d} - 0.5 * {_num(beta)})")
        elif step.op == "huber_loss":
            term.append(f"{d} = tl.where({d} < {_num(beta)}, 0.5 * {d} * {d}, {_num(beta)} * ({d} - 0.5 * {_num(beta)}))")
    kinds[d] = FULL
    reduction = kw.get("reduction", 1)
    if reduction == 0:
        kinds[out] = FULL
        return term + [f"{out} = {d}"]
    return term + _total("mean" if reduction == 1 else "sum", out, d, kinds, result)


def _view_kind(step: Step, layout: _Layout, used: list) -> str:
    kind = layout.kind(step.out_shapes[0] or ())
    if kind is None or not used or used[0] == COL or (used[0] in (FULL, EXPANDED) and kind != FULL):
        raise Unsupported(f"{step.op} reshapes a row")
    if used[0] in (ROW, EXPANDED) and kind == FULL:
        return EXPANDED
    return kind


def _reduction(op: str, out: str, x: str, kw: dict, operands: list) -> list[str]:
    """tl statements for a listed reduction or row map of the row `x` (padded lanes masked)."""
    s = "tl.sum(tl.where(mask, {v}, 0.0), axis=0)"
    if op in ("sum", "mean"):
        return [f"{out} = {s.format(v=x)}" + (" / n_cols" if op == "mean" else "")]
    if op in ("amax", "max"):
        return [f"{out} = tl.max(tl.where(mask, {x}, float('-inf')), axis=0)"]
    if op in ("amin", "min"):
        return [f"{out} = tl.min(tl.where(mask, {x}, float('inf')), axis=0)"]
    if op in _INDEX:  # the first index of the extreme, as torch (tie_break_left is tl's default)
        fill = "float('-inf')" if op == "argmax" else "float('inf')"
        return [f"{out} = tl.{op}(tl.where(mask, {x}, {fill}), axis=0)"]
    if op in ("var", "std"):
        correction = kw.get("correction", 1 if kw.get("unbiased", True) else 0)
        lines = [f"{out}_mean = {s.format(v=x)} / n_cols",
                 f"{out}_d = tl.where(mask, {x} - {out}_mean, 0.0)",
                 f"{out} = tl.sum({out}_d * {out}_d, axis=0) / (n_cols - {_num(correction)})"]
        return lines + ([f"{out} = tl.sqrt({out})"] if op == "std" else [])
    if op == "linalg_vector_norm":
        order = kw.get("ord", 2)
        if order == 1:
            return [f"{out} = {s.format(v=f'tl.abs({x})')}"]
        if order != 2:
            raise Unsupported(f"a vector norm of order {order}")
        return [f"{out} = tl.sqrt({s.format(v=f'{x} * {x}')})"]
    if op in ("logsumexp", "_softmax", "_log_softmax"):
        lines = [f"{out}_max = tl.max(tl.where(mask, {x}, float('-inf')), axis=0)",
                 f"{out}_max = tl.where({out}_max > float('-inf'), {out}_max, 0.0)  # a row all -inf: no inf - inf",
                 f"{out}_exp = tl.where(mask, tl.exp({x} - {out}_max), 0.0)"]
        if op == "_softmax":
            return lines + [f"{out} = {out}_exp / tl.sum({out}_exp, axis=0)"]
        lse = f"tl.log(tl.sum({out}_exp, axis=0))"
        return lines + [f"{out} = {out}_max + {lse}" if op == "logsumexp" else f"{out} = {x} - {out}_max - {lse}"]
    if op in ("cumsum", "cumprod"):
        return [f"{out} = tl.{op}({x}, axis=0)  # lanes past the row come after it: the prefix is untouched"]
    if op == "native_layer_norm":
        pos = [v for _, v in operands]
        weight, bias, eps = pos[2], pos[3], pos[4]
        lines = [f"{out}_mean = {s.format(v=x)} / n_cols",
                 f"{out}_d = tl.where(mask, {x} - {out}_mean, 0.0)",
                 f"{out} = {out}_d * tl.rsqrt(tl.sum({out}_d * {out}_d, axis=0) / n_cols + {_num(eps)})"]
        if weight is not None:
            lines.append(f"{out} = {out} * {weight}")
        if bias is not None:
            lines.append(f"{out} = {out} + {bias}")
        return lines
    raise Unsupported(f"no row form for {op}")


def _kernel(layout: _Layout, ptrs: list[str], loads: list[str], body: list[str], result: str, kind: str,
            scalars: list[str], flips: set[str], stored: list[str], more_outs: list[str] = ()) -> str:
    where, back = _where(layout)
    where += ([back] if flips else []) + stored
    at = "rev" if "store" in flips else "lst" if stored else "offs"
    lines = (["row = tl.program_id(0).to(tl.int64)", "cols = tl.arange(0, BLOCK)",
              "mask = cols < n_cols  # BLOCK is n_cols rounded up to a power of two"] + where + loads + [""]
             + body + [_store(kind, at).format(r=result)])
    return _jit(_params(layout, ptrs, kind, list(more_outs) + scalars), lines, kind)


def _params(layout: _Layout, ptrs: list[str], kind: str, scalars: list[str]) -> str:
    return ", ".join(ptrs + ["part_ptr" if kind == TOTAL else "out_ptr"] + scalars + ["n_cols"]
                     + _strides(layout) + (["n_rows"] if kind == TOTAL else []))


def _jit(params: str, lines: list[str], kind: str) -> str:
    return ("\n@triton.jit\n"
            f"def traced_row_kernel({params}, BLOCK: tl.constexpr):\n"
            + "\n".join(("    " + line) if line else "" for line in lines) + "\n"
            + (_TOTAL_KERNEL if kind == TOTAL else ""))


def _where(layout: _Layout) -> tuple[list[str], str]:
    """The statements placing a row's elements (offs) and the same row back to front (rev)."""
    if layout.last:
        return (["offs = row * n_cols + cols  # rows are contiguous: the reduced dim is the last"],
                "rev = row * n_cols + (n_cols - 1 - cols)  # the same row back to front (flip)")
    if layout.span2:
        return ([f"# the reduced {_along(layout)} are two runs with mid kept elements between them:",
                 "# row = (outer, mid, inner) over the kept dims, col = (a, b) with b along the second run",
                 "offs = ((row // (mid * inner)) * n_cols * mid + (cols // n_b) * mid * n_b",
                 "        + ((row // inner) % mid) * n_b + cols % n_b) * inner + row % inner"],
                "")  # _flip takes one reduced dim only
    what = f"dim {layout.dim} is" if layout.span == 1 else f"{_along(layout)} are"
    return ([f"# the reduced {what} not the last: row = (outer, inner) and neighbours along it",
             "# lie inner elements apart",
             "offs = (row // inner) * n_cols * inner + row % inner + cols * inner"],
            "rev = (row // inner) * n_cols * inner + row % inner + (n_cols - 1 - cols) * inner  # back to front")


def _store(kind: str, at: str = "offs") -> str:
    return (f"tl.store(out_ptr + {at}, {{r}}.to(out_ptr.dtype.element_ty), mask=mask)" if kind == FULL
            else "tl.store(part_ptr + row, {r})  # traced_total_kernel adds the rows' shares" if kind == TOTAL
            else "tl.store(out_ptr + row, {r}.to(out_ptr.dtype.element_ty))  # one value per row")


# ------------------------------------------------------------ rows longer than one tile (data v24)
# A row of more than MAX_COLS elements is read in tiles of LOOP_BLOCK lanes, in as many passes as
# the listing's reductions need one after another: a reduction's value is known only when a pass
# has ended, so a line that reads it runs in the next pass, and the tile values that pass needs are
# computed again from the loaded row (the row does not fit registers; keeping them would mean a
# scratch row written and read back). The dev suite's longest row is 327,680 elements (session 31).
LOOP_BLOCK = 4096  # lanes a tile: each accumulator is 16 float32 registers a thread at 8 warps
TILE, SCALAR, ACC = "tile", "scalar", "acc"


@dataclass(frozen=True)
class _Node:
    """One value of a looped row kernel: a TILE (computed in a pass for the tile in hand), a SCALAR
    (one number a program, computed between passes) or an ACC (a number gathered over a pass's
    tiles: `init` before the loop, `lines` in it, `finish` after it). `quoted`: its listing line."""

    out: str
    lines: tuple[str, ...]
    reads: tuple[str, ...]
    kind: str
    quoted: str
    init: tuple[str, ...] = ()
    finish: tuple[str, ...] = ()


def _nodes(groups: list[tuple[str, list[str], Step, list]], kinds: dict) -> list[_Node]:
    """The looped kernel's values, in listing order, from the one-tile lowering's groups: an
    elementwise line keeps its statements; a reduction becomes one accumulator a pass."""
    nodes: list[_Node] = []
    for quoted, lines, step, operands in groups:
        op, out = step.op, step.outs[0]
        if op.endswith("_") and not op.startswith("_"):
            op = op[:-1]
        kw = {k: v for k, v in operands if k}
        x = operands[0][1] if operands else None
        reads = tuple(dict.fromkeys(v for _, v in operands if isinstance(v, str) and v in kinds))
        if op in ("flip", "cumprod"):
            raise Unsupported(f"{op} of a row longer than a tile")
        if op in _LOSSES and kw.get("reduction", 1) != 0:  # the term as a tile, then its total
            nodes.append(_Node(f"{out}_d", tuple(lines[:-1]), reads, TILE, quoted))
            nodes.append(_total_acc(out, f"{out}_d", "mean" if kw.get("reduction", 1) == 1 else "sum", quoted))
        elif op in _TOTAL and _reduced_dims(step) == ALL and kinds.get(x) == FULL:
            nodes.append(_total_acc(out, x, op, quoted))
        elif op in _REDUCE | _ROW_MAP:
            nodes += _looped_reduction(op, out, x, kw, operands, quoted)
        else:
            nodes.append(_Node(out, tuple(lines), reads, TILE if kinds.get(out) in (FULL, COL) else SCALAR, quoted))
    return nodes


def _acc(out: str, v: str, reads: tuple[str, ...], quoted: str, fill: str = "0.0", step: str = "{acc} + {v}",
         finish: str = "tl.sum({acc}, axis=0)") -> _Node:
    """An accumulator of one [BLOCK] vector: `step` combines it with the tile's values `v` (padded
    lanes set to `fill`, the combination's identity), `finish` folds its lanes into `out`."""
    acc = f"{out}_acc"
    return _Node(out, (f"{acc} = {step.format(acc=acc, v=f'tl.where(mask, {v}, {fill})')}",), reads, ACC, quoted,
                 (f"{acc} = tl.full([BLOCK], {fill}, dtype=tl.float32)",), (f"{out} = {finish.format(acc=acc)}",))


def _total_acc(out: str, x: str, op: str, quoted: str) -> _Node:
    share = "tl.sum({acc}, axis=0)" + (" / (n_rows * n_cols)" if op == "mean" else "")
    return _acc(out, x, (x,), quoted, finish=share + "  # this row's share of the total")


def _mean_and_spread(out: str, x: str, quoted: str) -> tuple[_Node, _Node]:
    """Two passes, as the one-tile lowering computes them: the mean, then the squares about it
    ({out}_m2, their sum)."""
    mean = _acc(f"{out}_mean", x, (x,), quoted, finish="tl.sum({acc}, axis=0) / n_cols")
    spread = _acc(f"{out}_m2", f"({x} - {out}_mean) * ({x} - {out}_mean)", (x, f"{out}_mean"), quoted)
    return mean, spread


def _looped_reduction(op: str, out: str, x: str, kw: dict, operands: list, quoted: str) -> list[_Node]:
    """The accumulators (one a pass) and the closing value of a listed reduction or row map."""
    if op in ("sum", "mean"):
        return [_acc(out, x, (x,), quoted, finish="tl.sum({acc}, axis=0)" + (" / n_cols" if op == "mean" else ""))]
    if op in ("amax", "max", "amin", "min"):
        top = "max" if op in ("amax", "max") else "min"
        return [_acc(out, x, (x,), quoted, "float('-inf')" if top == "max" else "float('inf')",
                     f"tl.{top}imum({{acc}}, {{v}})", f"tl.{top}({{acc}}, axis=0)")]
    if op in _INDEX:
        return [_arg_extreme(op, out, x, quoted)]
    if op in ("var", "std"):
        correction = kw.get("correction", 1 if kw.get("unbiased", True) else 0)
        mean, spread = _mean_and_spread(out, x, quoted)
        last = f"{out}_m2 / (n_cols - {_num(correction)})"
        return [mean, spread, _Node(out, (f"{out} = " + (f"tl.sqrt({last})" if op == "std" else last),),
                                    (f"{out}_m2",), SCALAR, quoted)]
    if op == "linalg_vector_norm":
        order = kw.get("ord", 2)
        if order not in (1, 2):
            raise Unsupported(f"a vector norm of order {order}")
        if order == 1:
            return [_acc(out, f"tl.abs({x})", (x,), quoted)]
        return [_acc(out, f"{x} * {x}", (x,), quoted, finish="tl.sqrt(tl.sum({acc}, axis=0))")]
    if op in ("logsumexp", "_softmax", "_log_softmax"):
        top = _acc(f"{out}_max", x, (x,), quoted, "float('-inf')", "tl.maximum({acc}, {v})", "tl.max({acc}, axis=0)")
        top = dataclasses.replace(top, finish=top.finish + (
            f"{out}_max = tl.where({out}_max > float('-inf'), {out}_max, 0.0)  # a row all -inf: no inf - inf",))
        total = _acc(f"{out}_sum", f"tl.exp({x} - {out}_max)", (x, f"{out}_max"), quoted)
        reads = (x, f"{out}_max", f"{out}_sum")
        if op == "logsumexp":
            last = _Node(out, (f"{out} = {out}_max + tl.log({out}_sum)",), reads[1:], SCALAR, quoted)
        elif op == "_softmax":
            last = _Node(out, (f"{out} = tl.exp({x} - {out}_max) / {out}_sum",), reads, TILE, quoted)
        else:
            last = _Node(out, (f"{out} = {x} - {out}_max - tl.log({out}_sum)",), reads, TILE, quoted)
        return [top, total, last]
    if op == "cumsum":  # every lane of the carry holds the sum of the tiles before this one
        return [_Node(out, (f"{out} = tl.cumsum({x}, axis=0) + {out}_carry",
                            f"{out}_carry = {out}_carry + tl.sum(tl.where(mask, {x}, 0.0), axis=0)"),
                      (x,), TILE, quoted, (f"{out}_carry = tl.zeros([BLOCK], dtype=tl.float32)",))]
    if op == "native_layer_norm":
        pos = [v for _, v in operands]
        weight, bias, eps = pos[2], pos[3], pos[4]
        mean, spread = _mean_and_spread(out, x, quoted)
        rstd = _Node(f"{out}_rstd", (f"{out}_rstd = tl.rsqrt({out}_m2 / n_cols + {_num(eps)})",), (f"{out}_m2",),
                     SCALAR, quoted)
        line = f"{out} = ({x} - {out}_mean) * {out}_rstd" + (f" * {weight}" if weight is not None else "") \
            + (f" + {bias}" if bias is not None else "")
        reads = (x, f"{out}_mean", f"{out}_rstd") + tuple(v for v in (weight, bias) if v is not None)
        return [mean, spread, rstd, _Node(out, (line,), reads, TILE, quoted)]
    raise Unsupported(f"no looped form for {op}")


def _arg_extreme(op: str, out: str, x: str, quoted: str) -> _Node:
    """argmax / argmin over tiles: each lane keeps its best value and the first column it was seen
    at (a later tile replaces it only when strictly better); then the first column of the best."""
    top, fill, better = ("max", "float('-inf')", ">") if op == "argmax" else ("min", "float('inf')", "<")
    return _Node(out, (f"{out}_v = tl.where(mask, {x}, {fill})",
                       f"{out}_new = {out}_v {better} {out}_best",
                       f"{out}_best = tl.where({out}_new, {out}_v, {out}_best)",
                       f"{out}_at = tl.where({out}_new, cols, {out}_at)"),
                 (x,), ACC, quoted,
                 (f"{out}_best = tl.full([BLOCK], {fill}, dtype=tl.float32)",
                  f"{out}_at = tl.zeros([BLOCK], dtype=tl.int32)"),
                 (f"{out}_top = tl.{top}({out}_best, axis=0)",
                  f"{out} = tl.min(tl.where({out}_best == {out}_top, {out}_at, n_cols), axis=0)"))


def _schedule(nodes: list[_Node], inputs: set[str], result: str, kind: str) -> tuple[dict[str, int], int]:
    """(when each value is ready, passes): a tile's pass, a scalar's gap (0 before the first pass,
    p after pass p); an accumulator gathers in the pass its reads allow and is ready after it."""
    at = dict.fromkeys(inputs, 0)
    for node in nodes:
        ready = max((at[r] for r in node.reads if r in at), default=0)
        at[node.out] = ready + 1 if node.kind == ACC else ready
    passes = max([at[n.out] for n in nodes if n.kind == ACC] + ([at[result] + 1] if kind == FULL else []))
    return at, passes


def _looped_kernel(layout: _Layout, ptrs: list[str], loads: list[str], nodes: list[_Node],
                   schedule: tuple[dict[str, int], int], result: str, kind: str, scalars: list[str],
                   kinds: dict, stored: list[str]) -> str:
    tiles_in = {ld.split(" = ")[0]: ld for ld in loads if kinds[ld.split(" = ")[0]] in (FULL, COL)}
    at, passes = schedule
    lines = ["row = tl.program_id(0).to(tl.int64)", "lanes = tl.arange(0, BLOCK)"]
    lines += [ld for ld in loads if ld.split(" = ")[0] not in tiles_in]
    lines += _quoted([n for n in nodes if n.kind == SCALAR and at[n.out] == 0])
    for p in range(passes):
        accs = [n for n in nodes if n.kind == ACC and at[n.out] == p + 1]
        store_here = kind == FULL and p == passes - 1
        wanted = _needed([r for n in accs for r in n.reads] + ([result] if store_here else []), nodes)
        tiles = [n for n in nodes if n.kind == TILE and n.out in wanted]
        gathered = ", ".join(n.out for n in accs) or "nothing"
        lines += ["", f"# pass {p + 1} of {passes}: gathers {gathered}" + ("; stores the result" if store_here else "")]
        lines += [i for n in accs + tiles for i in n.init]
        body = ["cols = start + lanes", "mask = cols < n_cols", *_where(layout)[0], *(stored if store_here else [])]
        body += [ld for name, ld in tiles_in.items() if name in wanted]
        body += _quoted(tiles + accs)
        body += [_store(FULL, "lst" if stored else "offs").format(r=result)] if store_here else []
        lines += ["for start in range(0, n_cols, BLOCK):"] + ["    " + line for line in body]
        lines += _quoted(accs, "finish", [n for n in nodes if n.kind == SCALAR and at[n.out] == p + 1])
    if kind != FULL:
        lines += [_store(kind).format(r=result)]
    return _jit(_params(layout, ptrs, kind, scalars), lines, kind)


def _passes_step(nodes: list[_Node], at: dict[str, int], passes: int, kind: str) -> str:
    """The reasoning's step on the passes a looped row kernel makes."""
    said = []
    for p in range(passes):
        gathered = [n.out for n in nodes if n.kind == ACC and at[n.out] == p + 1]
        what = f"gathers {', '.join(gathered)}" if gathered else ""
        if kind == FULL and p == passes - 1:
            what += (" and " if what else "") + "computes and stores the result"
        said.append(f"pass {p + 1} {what}")
    return (f"A reduced value is known only once the whole row has been read, so each program reads its row "
            f"{ {1: 'once', 2: 'twice'}.get(passes, f'{passes} times')}: {'; '.join(said)}. An accumulator is a vector of BLOCK "
            "lanes that each pass's tiles add into (or take the extreme with), folded into one number after the "
            "pass; a value a later pass reads is computed again there from the loaded tiles, which costs reads, "
            "not a scratch row written and read back.")


def _needed(names: list[str], nodes: list[_Node]) -> set[str]:
    """The tile values and inputs `names` read, directly or through tiles computed from them."""
    tiles = {n.out: n for n in nodes if n.kind == TILE}
    seen, todo = set(), list(names)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += tiles[name].reads if name in tiles else []
    return seen


def _quoted(nodes: list[_Node], part: str = "lines", then: list[_Node] = ()) -> list[str]:
    """The nodes' statements (`part`: "lines" or "finish"), then those of `then`; each listing
    line quoted before the first of its nodes in a row."""
    lines, last = [], None
    for n, statements in [(n, getattr(n, part)) for n in nodes] + [(n, n.lines) for n in then]:
        lines += ([n.quoted] if n.quoted != last else []) + list(statements)
        last = n.quoted
    return lines


# The rows' shares of a total, added by one program: each lane adds every BLOCK-th share, then the
# lanes are summed as a tree. Data v18 added the shares into out one by one with tl.atomic_add, in
# no fixed order: a model's answer of that form (rows of 3 over 64 x 3 x 256 x 256, 4,194,304
# shares) gave an MSE 0.4% off on an H200. In float32, 4,194,304 shares added in order lose 1.4e-3
# of their sum, this kernel 3e-9 (tests/test_traced_rows.py).
_TOTAL_KERNEL = """
@triton.jit
def traced_total_kernel(part_ptr, out_ptr, n_parts, BLOCK: tl.constexpr):
    lanes = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_parts, BLOCK):
        acc += tl.load(part_ptr + start + lanes, mask=start + lanes < n_parts, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0).to(out_ptr.dtype.element_ty))
"""


def _strides(layout: _Layout) -> list[str]:
    """The sizes a row's offsets need beyond n_cols (the kernel's parameters and the launch's arguments)."""
    return [] if layout.last else ["mid", "n_b", "inner"] if layout.span2 else ["inner"]


def _along(layout: _Layout) -> str:
    """The reduced dims in words: "dim 1", "dims 2-3", "dims 0 and 2-3"."""
    def run(start: int, n: int) -> str:
        return f"{start}" if n == 1 else f"{start}-{start + n - 1}"
    first = run(layout.dim, layout.span)
    if not layout.span2:
        return f"dim {first}" if layout.span == 1 else f"dims {first}"
    return f"dims {first} and {run(layout.dim + layout.span + layout.gap, layout.span2)}"


def _launch(layout: _Layout, lead: str, launch_args: list[str], kind: str) -> str:
    d = layout.dim
    lines = [f"n_cols = {' * '.join(f'{lead}.shape[{i}]' for i in layout.reduced)}"]
    if layout.span2:
        second = d + layout.span + layout.gap
        lines += [f"mid = {' * '.join(f'{lead}.shape[{i}]' for i in range(d + layout.span, second))}"
                  "  # kept elements between the two reduced runs",
                  f"n_b = {' * '.join(f'{lead}.shape[{i}]' for i in range(second, second + layout.span2))}"
                  "  # elements of the second run"]
    if not layout.last:
        end = layout.reduced[-1]
        lines.append(f"inner = {lead}.stride({end})  # elements after dim {end}, as {lead} is contiguous")
    lines += [f"rows = {lead}.numel() // n_cols",
              f"BLOCK = {LOOP_BLOCK}  # a tile: each program reads its row in tiles" if layout.n_cols > MAX_COLS
              else "BLOCK = triton.next_power_of_2(n_cols)"]
    if kind == TOTAL:  # the row kernel writes one share per row, the total kernel adds them into out
        lines.append(f"part = torch.empty(rows, device={lead}.device, dtype=torch.float32)")
        launch_args = ["part" if a == "out" else a for a in launch_args]
    lines.append(f"traced_row_kernel[(rows,)]({', '.join(launch_args + ['n_cols'] + _strides(layout))}"
                 f"{', rows' if kind == TOTAL else ''}, BLOCK=BLOCK, num_warps=4 if BLOCK <= 2048 else 8)")
    if kind == TOTAL:
        lines.append("traced_total_kernel[(1,)](part, out, rows, BLOCK=1024)")
    return "\n".join(lines)


def _alloc(layout: _Layout, lead: str, out_shape: tuple, kind: str, index: bool) -> str:
    if kind == FULL:
        return f"out = torch.empty_like({lead})"
    if kind == TOTAL:
        return f"out = torch.empty((), device={lead}.device, dtype={lead}.dtype)"
    keep = out_shape == layout.kept
    d, end = layout.dim, layout.dim + layout.span
    shape = f"{lead}.shape[:{d}] + " + (f"{(1,) * layout.span} + " if keep else "")
    if layout.span2:
        second = end + layout.gap
        shape += f"{lead}.shape[{end}:{second}] + " + (f"{(1,) * layout.span2} + " if keep else "")
        end = second + layout.span2
    shape += f"{lead}.shape[{end}:]"
    return f"out = torch.empty({shape}, device={lead}.device, dtype={'torch.int64' if index else f'{lead}.dtype'})"


def _stored_in_order(layout: _Layout, order: tuple[int, ...] | None, kind: str) -> list[str]:
    """Where a result that keeps a permute's order (traced_permute) is stored: its rows contiguous,
    when the reduced dims are its last and the kept dims keep in0's order; [] for in0's order."""
    if order is None or kind == TOTAL:
        return []
    n = len(layout.reduced)
    kept = [d for d in order if d not in layout.reduced]
    if kept != sorted(kept) or (kind == FULL and tuple(order[len(order) - n:]) != layout.reduced):
        raise Unsupported("a result in a permuted order whose rows are not contiguous")
    if kind != FULL:
        return []  # one value per row: the rows are numbered in the kept dims' order, the same in both
    return ["lst = row * n_cols + cols  # the result keeps the permute's order: each row is contiguous there"]


def _alloc_in_order(lead: str, out_shape: tuple, layout: _Layout, order: tuple[int, ...], kind: str,
                    index: bool) -> str:
    """`out` in the permuted order the listing returns: in0's sizes taken in that order."""
    keep = kind == FULL or len(out_shape) == len(order)
    dims = [f"{lead}.shape[{d}]" if kind == FULL or d not in layout.reduced else "1" for d in order
            if keep or d not in layout.reduced]
    return (f"out = torch.empty(({', '.join(dims)}{',' if len(dims) == 1 else ''}), device={lead}.device, "
            f"dtype={'torch.int64' if index else f'{lead}.dtype'})  # in the order the listing returns")


def _permute_step(perm: tuple[int, ...], layout: _Layout, order: tuple[int, ...] | None, kind: str) -> str:
    along = _along(layout)
    said = (f"The listing permutes in0 first (dims {list(perm)}): t1's dim i is in0's dim {list(perm)}[i]. A "
            "permute moves no data, so the kernel reads in0 where its elements lie: every dim a listed op names "
            f"is read as in0's, and the rows are along in0's {along}.")
    if order is None:
        return said + " The listing permutes back at the end, so the result is in in0's order."
    if kind == FULL:
        return said + (f" The result keeps t1's order, in which {along} comes last: out is allocated in that "
                       "order and each row is stored contiguously, at lst = row * n_cols + cols.")
    return said + " The result keeps t1's order; its rows are numbered in the same order as in0's."


def _reasoning(trace: Trace, layout: _Layout, kind: str, scalars: dict[str, str], out_shape: tuple,
               looped: str | None = None, extra: list[str] = ()) -> str:
    """Numbered steps; the shapes are the listing's, so the row layout and the allocation read off
    it (run 18's answers kept a reduced dim the module drops, or called a middle dim the last: 67 of
    dev-L1's 286 failures were outputs of the wrong shape, docs/results/ablation_h200_run18)."""
    n, d = len(trace.steps), layout.dim
    along = _along(layout)
    first = trace.header[0].split(": ")[1]  # in0's type as listed, f32[64,300,512]
    ops = sorted({st.op for st in trace.steps if st.op in _REDUCE | _ROW_MAP | _LOSSES})
    acts = f"acts along {along}" if kind != TOTAL else f"acts along {along} or totals every element"
    steps = [f"Every listed op is elementwise or {acts} ({', '.join(ops)}), so one program handles "
             f"one row along {along}: "
             + ("the row is read once, every value the listing computes stays in registers, " if not looped
                else "every value the listing computes is made tile by tile in registers, ")
             + "and only the result is written.",
             f"in0 is {first}: n_cols = {layout.n_cols}, the size of {along}, and there are "
             f"{math.prod(layout.shape) // layout.n_cols} rows (numel / n_cols), one program each; "
             + ("BLOCK = next_power_of_2(n_cols) lanes hold the whole row, and mask = cols < n_cols." if not looped
                else f"a row is longer than one program's registers hold ({MAX_COLS} lanes at most), so each "
                     f"program reads it in tiles of BLOCK = {LOOP_BLOCK}: cols = start + lanes, mask = cols < n_cols."),
             _offsets(layout, along)] + list(extra) + ([looped] if looped else []) + [
             "Padded lanes hold whatever the arithmetic made of the 0.0 they were loaded as, so every reduction "
             "first replaces them with its identity (0 for a sum, -inf for a max).",
             f"The kernel body follows the listing line by line: each of its {n} lines is quoted as a comment, then "
             "computed under the listing's own names (in0, t1, ...); a reduced value is one number per program and "
             "broadcasts against the row where a later line uses it.",
             _stored(trace, layout, kind, out_shape, along)]
    steps += [scalar_step(attr, name) for attr, name in scalars.items()]
    steps.append("Arithmetic is done in float32 registers and cast to the output dtype only at the store.")
    one = layout.reduced == (d,)
    what = "totals every element" if kind == TOTAL else f"reduces along {'one dim' if one else along}"
    return numbered(f"The module {what}: {n} listed op{'s' if n > 1 else ''}, rows along {along}.", steps)


def _offsets(layout: _Layout, along: str) -> str:
    """The reasoning's step on where a row's elements lie."""
    d, rank, end = layout.dim, len(layout.shape), layout.reduced[-1]
    inner = math.prod(layout.shape[end + 1:])
    if layout.last:
        return (f"{along.capitalize()} {'is' if layout.span == 1 else 'are'} the last of in0's {rank} dims, so a row "
                "is contiguous: offs = row * n_cols + cols.")
    if layout.span2:
        second = d + layout.span + layout.gap
        mid, n_b = math.prod(layout.shape[d + layout.span:second]), math.prod(layout.shape[second:end + 1])
        return (f"The reduced {along} are two runs with kept dims between them: a row is (outer, mid, inner) over the "
                f"kept dims and its elements are (a, b) over the reduced ones, with mid = {mid} kept elements between "
                f"the runs, n_b = {n_b} elements of the second run and inner = {inner} after it (in0.stride({end})): "
                "offs = ((row // (mid * inner)) * n_cols * mid + (cols // n_b) * mid * n_b "
                "+ ((row // inner) % mid) * n_b + cols % n_b) * inner + row % inner.")
    what = f"Dim {d} is" if layout.span == 1 else f"{along.capitalize()} are"
    return (f"{what} not the last of in0's {rank} dims: {inner} elements follow {'it' if layout.span == 1 else 'them'} "
            f"(inner, in0.stride({end})), so a row is (outer, inner) and its elements lie inner apart: "
            "offs = (row // inner) * n_cols * inner + row % inner + cols * inner.")


def _stored(trace: Trace, layout: _Layout, kind: str, out_shape: tuple, along: str) -> str:
    returned = f"The listing returns {trace.returned}"
    if kind == FULL and out_shape != layout.shape:
        return f"{returned}: the result is a row in the permuted order (above)."
    if kind == FULL:
        return f"{returned}, in0's shape: the result is a row, stored with the same offsets into out = empty_like."
    if kind == TOTAL:
        return (f"{returned}, one number: each program stores its row's share (a mean divides it by the count "
                "first) in a float32 buffer of one value per row, and a second kernel of one program adds the shares, "
                "each lane every BLOCK-th one and then the lanes as a tree; added one by one into one number, "
                "float32 loses the small shares of a large tensor.")
    it = "it" if layout.reduced == (layout.dim,) else "them"
    how = f"with {along} kept as 1" if out_shape == layout.kept else f"without {along}"
    return (f"{returned}: in0's shape {how}, so out is allocated with that shape and each program stores its one "
            f"value at out[row] (the rows are numbered in in0's order with {it} taken out).")
