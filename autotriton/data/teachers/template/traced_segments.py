"""Modules no one listing lowering covers, lowered in segments (data v22).

Data v16-v18 lowered a listing when one kernel could hold all of it: elementwise lines (traced.py),
a reduction along one dim with elementwise lines around it (traced_rows.py), or products with
their epilogues (traced_gemm.py). A module as people write a block mixes them: a norm and then a
projection, two products of the same input multiplied (a gated MLP), a product and then a
softmax over another dim. Of the 14 level-2 modules of our dev suite the three lowerings covered 3,
and run 22's adapter passed 1.8% of their samples.

Here the listing is cut into segments, each one a listing a lowering covers, taken greedily, the
longest first:

    t1 = linalg_vector_norm(in0, ...)      segment 1, rows: t4 is stored
    ...
    t4 = div(in0, t3)
    t5 = t(self.proj.weight)               segment 2, a product reading t4 as its A
    t6 = mm(t4, t5)

A segment may read the module's inputs, its parameters and the results of earlier segments, and
only its own result may be read after it: forward stores that result under its listing name
(`t4 = out`) and the next segment's kernel reads it as an input. Each segment's kernel and its
reasoning are the lowering's own, so the answer reads as the listing does, one segment after
another.
"""

from __future__ import annotations

import re

from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import numbered
from autotriton.data.teachers.template.traced import (Piece, Unsupported, _constructor_scalars, _forward_args, answer,
                                                     elementwise_piece, loaded_and_traced)
from autotriton.data.teachers.template import traced_gemm, traced_rows
from autotriton.tasks.trace import Operand, Step, Trace

# Names some segment's launch binds in forward (each lowering's own, and the product's views):
# a forward argument of one of these names would be overwritten before a later segment reads it.
_BOUND = traced_rows._LAUNCH_NAMES | traced_gemm._LAUNCH_NAMES | {n for names in traced_gemm._VIEW_NAMES for n in names}
# The kernels the lowerings define, renamed per segment (two segments may use the same lowering).
_KERNEL_NAME = re.compile(r"\b(traced_\w*?kernel(?:_\d+)?)\b")


def traced_segment_answer(source: str) -> Solution | None:
    """The answer for the task file `source` as several segments' kernels in a row, or None where
    one lowering covers the whole listing (its own answer is the one to give) or no cut into
    lowered segments is found."""
    traced = loaded_and_traced(source, whole=True)
    if traced is None:
        return None
    trace = traced[1]
    try:
        args = _forward_args(source)
        if set(args) & _BOUND:
            raise Unsupported(f"forward's arguments {sorted(set(args) & _BOUND)} are names a launch binds")
        segments = _segments(trace, args, _constructor_scalars(trace))
        if len(segments) < 2:
            return None
        return answer(source, args, _joined(trace, args, segments))
    except Unsupported:
        return None


def _segments(trace: Trace, args: list[str], scalars: dict) -> list[tuple[range, str, Piece]]:
    """(the listing lines, the stored result, its piece) for each segment, longest first."""
    if trace.n_ops != len(trace.steps) or trace.result is None:
        raise Unsupported("the forward was cut off or returns no single tensor")
    found, start, n = [], 0, len(trace.steps)
    while start < n:
        for end in range(n, start, -1):
            sub = _sub_trace(trace, start, end, args, scalars)
            piece = sub and _lowered(*sub)
            if piece is not None:
                found.append((range(start, end), sub[1].result, piece))
                start = end
                break
        else:
            raise Unsupported(f"no lowering covers the listing from line {start + 1}")
    return found


def _sub_trace(trace: Trace, start: int, end: int, args: list[str], scalars: dict):
    """(forward's names for the segment's inputs, the segment as a listing of its own, its
    constructor scalars) for lines start..end, or None where a value computed inside is read after
    it (only the segment's result is stored). The segment's inputs (the module's inputs and earlier
    segments' results) become its in0, in1... in the order it first reads them."""
    steps = trace.steps[start:end]
    result = steps[-1].outs[0]
    made = {o for s in steps for o in s.outs}
    later = {o.tensor for s in trace.steps[end:] for o in s.operands if o.tensor}
    if (made - {result}) & later or (end == len(trace.steps)) != (result == trace.result):
        return None
    outside = list(dict.fromkeys(o.tensor for s in steps for o in s.operands
                                 if o.tensor and o.tensor not in made and not o.tensor.startswith(("self.", "c"))))
    rename = {name: f"in{k}" for k, name in enumerate(outside)}
    header = [f"in{k} = {_forward_name(name, args)}: {_typed(trace, name)}" for k, name in enumerate(outside)]
    sub = Trace(header=tuple(header), ops=tuple(_renamed(s.line, rename) for s in steps), n_ops=len(steps),
                returned=f"{result} {_typed(trace, result)}", steps=tuple(_renamed_step(s, rename) for s in steps),
                result=result, scalars=tuple((k - start, key, attr, name) for k, key, attr, name in trace.scalars
                                             if start <= k < end))
    sub_scalars = {(k - start, key): v for (k, key), v in scalars.items() if start <= k < end}
    return [_forward_name(name, args) for name in outside], sub, sub_scalars


def _lowered(args: list[str], sub: Trace, scalars: dict) -> Piece | None:
    """The first lowering that covers the segment: elementwise, rows, a product."""
    try:
        return elementwise_piece(args, sub, scalars, "flat")
    except Unsupported:
        pass
    try:
        layout = traced_rows._layout(sub)
        if any(o.value in (layout.n_cols, 1 / layout.n_cols) for s in sub.steps for o in s.operands
               if o.tensor is None and type(o.value) in (int, float) and o.key not in ("dim", "size")):
            raise Unsupported("a value equal to the row length, which the segment cannot follow to other sizes")
        return traced_rows.row_piece(args, sub, layout, scalars, {})
    except Unsupported:
        pass
    try:
        return traced_gemm._Writer(args, sub, scalars, "plain").piece()
    except Unsupported:
        return None


def _joined(trace: Trace, args: list[str], segments: list[tuple[range, str, Piece]]) -> Piece:
    """One piece: each segment's kernels (renamed `_s1`, `_s2`...), and in forward each segment's
    output, launch, and its result kept under its listing name for the segments after it."""
    kernels, lines, used = [], [], []
    for k, (lines_of, result, piece) in enumerate(segments, 1):
        rename = lambda text, k=k: _KERNEL_NAME.sub(rf"\1_s{k}", text)  # noqa: E731 - one use
        kernels.append(rename(piece.kernels))
        alloc = piece.alloc or f"out = torch.empty_like({piece.used[0]})"
        quoted = f"# segment {k}: {_lines(lines_of)} of the listing, stored as {result}"
        lines += [quoted, alloc, rename(piece.launch)]
        if k < len(segments):
            lines.append(f"{result} = out  # read by the segments after this one")
        used += [u for u in piece.used if u in args and u not in used]
    return Piece("".join(kernels), lines[0], "\n".join(lines[1:]), used, _reasoning(trace, segments))


def _reasoning(trace: Trace, segments: list[tuple[range, str, Piece]]) -> str:
    parts = [f"{_lines(r)} ({_kind(p)}, stored as {res})" for r, res, p in segments]
    steps = [f"No one kernel covers the listing's {len(trace.steps)} lines, so it is cut into {len(segments)} "
             f"segments, each one kernel's work: {'; '.join(parts)}.",
             "Only a segment's result is read after it: forward stores it under its listing name and the next "
             "segment's kernel reads it as an input, so every value inside a segment stays in registers."]
    for k, (_, result, piece) in enumerate(segments, 1):
        summary, *rest = piece.reasoning.splitlines()
        summary = re.sub(r"^The module\b", f"Segment {k} ({result})", summary)
        steps.append(" ".join([summary] + [re.sub(r"^\d+\. ", "", line) for line in rest]))
    return numbered(f"The module runs {len(segments)} kernels in a row, one per segment of its listing.", steps)


def _lines(r: range) -> str:
    return f"line {r.start + 1}" if len(r) == 1 else f"lines {r.start + 1}-{r.stop}"


def _kind(piece: Piece) -> str:
    if "tl.dot" in piece.kernels:
        return "a product"
    return "one row per program" if "traced_row_kernel" in piece.kernels else "elementwise"


def _forward_name(name: str, args: list[str]) -> str:
    """forward's variable for a listed tensor: an argument for in0..., the listing name for a result
    an earlier segment stored."""
    return args[int(name[2:])] if re.fullmatch(r"in\d+", name) else name


def _typed(trace: Trace, name: str) -> str:
    """A tensor's listed type and shape, `f32[3000,768]`, from the header or a line that reads it."""
    for text in list(trace.header) + [s.line for s in trace.steps] + [trace.returned or ""]:
        m = re.search(rf"(?:^|[\s(,]){re.escape(name)}(?: = \w+:)? ((?:f|bf|i|u|c)\d+\[[\d,]*\]|bool\[[\d,]*\])", text)
        if m:
            return m.group(1)
    raise Unsupported(f"no type listed for {name}")


def _renamed(text: str, rename: dict[str, str]) -> str:
    return re.sub(r"\b(in\d+|t\d+)\b", lambda m: rename.get(m.group(1), m.group(1)), text) if rename else text


def _renamed_step(step: Step, rename: dict[str, str]) -> Step:
    operands = tuple(Operand(o.key, rename.get(o.tensor, o.tensor), o.shape, o.value) for o in step.operands)
    return Step(step.outs, step.out_shapes, step.op, operands, _renamed(step.line, rename))
