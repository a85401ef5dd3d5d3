"""A listing that permutes its first input and then reduces, read where the elements lie (data v25).

People move the channels of an (N, C, H, W) map last to normalise them (`x.permute(0, 2, 3, 1)`,
`movedim(1, -1)`, `transpose(1, -1)`), then permute back or return the channels-last tensor. A
permute copies nothing: a layer norm over t1's last dim is a row along in0's dim 1 with H W
elements between neighbours, which traced_rows already reads. So the permuted part of the listing
is written again in in0's own dims (`unpermuted`): every shape and every `dim` mapped through the
permutation, the permutes kept as aliases (op `alias`, their listing line quoted as it is), and the
result's order recorded, so the rows are
stored where the listing's result keeps them.

Decided on our development suite: its channels-last layer norm had no lowering (session 31).
"""

from __future__ import annotations

import dataclasses

from autotriton.data.teachers.template.traced import Unsupported
from autotriton.tasks.trace import Operand, Step, Trace

PERMUTES = frozenset({"permute", "transpose"})  # movedim lists as a permute


@dataclasses.dataclass(frozen=True)
class Unpermuted:
    """The listing in in0's dims; `order`: the result's dims as in0's (t1's permutation) where the
    result keeps the permuted order, None where it is in in0's order (permuted back, or no permute)."""

    trace: Trace
    order: tuple[int, ...] | None
    perm: tuple[int, ...] | None


def unpermuted(trace: Trace) -> Unpermuted:
    """`trace` with a permute of in0, and the permute back if there is one, read in place."""
    at = [k for k, s in enumerate(trace.steps) if s.op in PERMUTES]
    if not at:
        return Unpermuted(trace, None, None)
    first = trace.steps[at[0]]
    rank = len(first.operands[0].shape or ())
    perm = _perm(first, rank)
    if first.operands[0].tensor != "in0" or len(at) > 2:
        raise Unsupported("a permute of another value than the first input, or more than two")
    back = trace.steps[at[1]] if len(at) == 2 else None
    if back is not None and (_perm(back, rank) != _inverse(perm) or back.outs[0] != trace.result):
        raise Unsupported("a second permute that is not the first's inverse giving the result")
    permuted = {first.outs[0]}  # values in t1's dims
    steps = list(trace.steps)
    for k in range(at[0] + 1, len(steps)):
        step = steps[k]
        if any(o.tensor == "in0" for o in step.operands):
            raise Unsupported("in0 read again beside its permute")
        if step is back:
            steps[k] = _alias(step, step.operands[0].tensor, trace.header[0])
            continue
        if any(o.tensor in permuted for o in step.operands):
            if back is not None and k > at[1]:
                raise Unsupported("a permuted value read after the permute back")
            steps[k] = _mapped(step, perm, permuted)
            permuted.update(step.outs)
    steps[at[0]] = _alias(first, "in0", trace.header[0])
    order = None if back is not None else perm
    if order is not None and trace.result not in permuted:
        raise Unsupported("a result that is not computed from the permuted input")
    return Unpermuted(dataclasses.replace(trace, steps=tuple(steps)), order, perm)


def _perm(step: Step, rank: int) -> tuple[int, ...]:
    kw = {o.key: o.value for o in step.operands if o.key}
    if step.op == "permute":
        return tuple(d % rank for d in kw["dims"])
    a, b = kw["dim0"] % rank, kw["dim1"] % rank
    order = list(range(rank))
    order[a], order[b] = b, a
    return tuple(order)


def _inverse(perm: tuple[int, ...]) -> tuple[int, ...]:
    inv = [0] * len(perm)
    for i, d in enumerate(perm):
        inv[d] = i
    return tuple(inv)


def _alias(step: Step, of: str, header: str) -> Step:
    """A permute read as the value it permutes: in0's shape, one operand."""
    shape = tuple(int(s) for s in header.split("[")[1].rstrip("]").split(","))
    return dataclasses.replace(step, op="alias", out_shapes=(shape,), operands=(Operand("self", of, shape),))


def _mapped(step: Step, perm: tuple[int, ...], permuted: set[str]) -> Step:
    """A step on permuted values written in in0's dims: shapes and `dim`s through `perm`."""
    rank = len(perm)
    operands = []
    for o in step.operands:
        if o.tensor is not None and o.tensor not in permuted and len(o.shape or ()) == rank:
            raise Unsupported(f"{o.tensor}, of the permuted input's rank, is read in the permuted order")
        if o.tensor is not None:
            operands.append(dataclasses.replace(o, shape=_shape(o.shape, perm, o.tensor in permuted)))
        elif o.key in ("dim", "dims") and o.value is not None:
            operands.append(dataclasses.replace(o, value=_dims(o.value, perm, step)))
        else:
            operands.append(o)
    if step.op == "native_layer_norm":  # over t1's last dim: in0's perm[-1] (traced_rows._reduced_dims)
        operands.append(Operand("dim", None, None, [perm[rank - 1]]))
    if any(s is not None and len(s) < rank for s in step.out_shapes) and not _kept_order(step, perm):
        raise Unsupported("a reduction of the permuted input whose kept dims change order")
    return dataclasses.replace(step, operands=tuple(operands),
                               out_shapes=tuple(_shape(s, perm, True) for s in step.out_shapes))


def _dims(value, perm: tuple[int, ...], step: Step):
    rank = len(perm)
    if (len(step.operands[0].shape or ()) != rank):
        raise Unsupported(f"{step.op} along dims of a value of another rank than the permuted input")
    if isinstance(value, (list, tuple)):
        return [perm[d % rank] for d in value]
    return perm[value % rank]


def _shape(shape, perm: tuple[int, ...], computed: bool):
    """A shape of t1's dims in in0's. Full rank: permuted back. A computed value of lower rank is
    a reduction's output without its dims: the same elements in the same order where the kept
    dims keep their order (`_mapped` checks). A broadcast operand of lower rank is aligned right in
    t1's dims, then moved: a LayerNorm weight (C,) along t1's last dim is (C, 1, 1)."""
    if shape is None:
        return None
    rank = len(perm)
    if len(shape) == rank:
        out = [0] * rank
        for i, d in enumerate(perm):
            out[d] = shape[i]
        return tuple(out)
    if computed:
        return tuple(shape)
    full = (1,) * (rank - len(shape)) + tuple(shape)
    moved = _shape(full, perm, True)
    while len(moved) > 1 and moved[0] == 1:
        moved = moved[1:]
    return moved


def _kept_order(step: Step, perm: tuple[int, ...]) -> bool:
    """Whether the dims `step` keeps appear in in0 in the order t1 has them."""
    kw = {o.key: o.value for o in step.operands if o.key}
    dims = kw.get("dim")
    reduced = set(dims if isinstance(dims, (list, tuple)) else [dims]) if dims is not None else set()
    reduced = {d % len(perm) for d in reduced}
    kept = [perm[i] for i in range(len(perm)) if i not in reduced]
    return kept == sorted(kept)
