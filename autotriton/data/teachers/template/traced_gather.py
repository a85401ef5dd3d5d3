"""Modules that look rows up in a table, lowered from their op listing (data v26).

`nn.Embedding` and `F.embedding` list as one `embedding(table, ids)` op; what follows it (a scale
by the square root of the model width, a bias, an activation) is elementwise on the looked-up
rows. One program per id: it loads the id, reads that row of the table (its D elements are
contiguous), computes each later listing line under its own name, and stores the row.

    # t1 = embedding(self.table.weight, in0)
    idx = tl.load(in0_ptr + row)
    t1 = tl.load(self_table_weight_ptr + idx * n_cols + cols, mask=mask, other=0.0).to(tl.float32)

A value the listing computes from the width (`* math.sqrt(d_model)` lists `mul(t1, other=27.71)`)
is written from n_cols when it moves with the width: the module is built again with the
constructor argument equal to D three larger, and a value that moves as D, its square root or
their reciprocals does is that expression of n_cols; any other value that moves is declined.

Decided on our development suite: its scaled token embedding had no lowering (session 32).
"""

from __future__ import annotations

import math

from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import numbered
from autotriton.data.teachers.template.traced import (_TYPE_SPEC, Piece, Unsupported, _constructor_scalars,
                                                     _forward_args, _lower, answer, loaded_and_traced, scalar_step,
                                                     step_operands)
from autotriton.tasks.trace import Trace, trace_module

# The forms of the width a listed value may follow, as kernel expressions of n_cols.
_OF_WIDTH = {"n_cols": lambda d: d, "(1.0 / n_cols)": lambda d: 1 / d,
             "tl.sqrt(n_cols * 1.0)": math.sqrt, "tl.rsqrt(n_cols * 1.0)": lambda d: 1 / math.sqrt(d)}


def traced_gather_answer(source: str) -> Solution | None:
    """The one-program-per-id kernel for the task file `source`, or None where its forward is not
    an embedding followed by elementwise lines."""
    traced = loaded_and_traced(source, whole=True)
    if traced is None:
        return None
    mod, trace = traced
    try:
        args = _forward_args(source)
        return answer(source, args, gather_piece(args, trace, _constructor_scalars(trace), _width_values(mod, trace)))
    except Unsupported:
        return None


def _table(trace: Trace) -> tuple[str, tuple[int, int]]:
    first = trace.steps[0] if trace.steps else None
    if first is None or first.op != "embedding":
        raise Unsupported("the listing does not start with an embedding")
    table, ids = first.operands[0], first.operands[1]
    if not (table.tensor or "").startswith("self.") or ids.tensor != "in0" or len(table.shape or ()) != 2:
        raise Unsupported("an embedding of another table than a parameter, or of ids other than the first input")
    if not trace.header[0].split(": ")[1].startswith(("i64[", "i32[")):
        raise Unsupported("the ids are not an integer tensor")
    return table.tensor, table.shape


def _width_values(mod, trace: Trace) -> dict[tuple[int, str], str]:
    """(step index, operand key) -> an expression of n_cols, for each listed value that moves with
    the table's width D, found by building the module again with the constructor argument equal to
    D three larger."""
    _, (_, width) = _table(trace)
    init = list(mod.get_init_inputs())
    at = [i for i, v in enumerate(init) if type(v) is int and v == width]
    numbers = [(k, o) for k, s in enumerate(trace.steps) for o in s.operands
               if o.tensor is None and type(o.value) in (int, float)]
    if len(at) != 1:
        if any(math.isclose(o.value, f(width), rel_tol=1e-6) for _, o in numbers for f in _OF_WIDTH.values()):
            raise Unsupported("a value that looks like a function of the width, which no one argument sets")
        return {}
    wider = list(init)
    wider[at[0]] = width + 3
    other = trace_module(mod, wider, mark_constructor=False)
    if other is None or [s.op for s in other.steps] != [s.op for s in trace.steps]:
        raise Unsupported("the module cannot be traced at another width")
    found = {}
    for k, (s0, s1) in enumerate(zip(trace.steps, other.steps)):
        for o0, o1 in zip(s0.operands, s1.operands):
            if o0.tensor is not None or o0.value == o1.value or type(o0.value) not in (int, float):
                continue
            form = next((name for name, f in _OF_WIDTH.items() if math.isclose(o0.value, f(width), rel_tol=1e-6)
                         and math.isclose(o1.value, f(width + 3), rel_tol=1e-6)), None)
            if form is None:
                raise Unsupported(f"{s0.op}'s {o0.key} follows the width through other arithmetic")
            found[(k, o0.key)] = form
    return found


def gather_piece(args: list[str], trace: Trace, scalars: dict, sized: dict) -> Piece:
    """The kernel of an embedding listing whose inputs forward holds as `args`."""
    table, (_, width) = _table(trace)
    rows_shape = trace.steps[0].out_shapes[0]
    var = table.replace(".", "_")
    body = ["# " + _TYPE_SPEC.sub("", trace.steps[0].line), "idx = tl.load(in0_ptr + row)  # this program's id",
            f"t1 = tl.load({var}_ptr + idx * n_cols + cols, mask=mask, other=0.0).to(tl.float32)  # its row"]
    vectors, kernel_scalars = {}, {}  # kernel variable -> the parameter forward passes
    for k, step in enumerate(trace.steps[1:], start=1):
        operands = step_operands(k, step, lambda o: _operand(o.tensor, o.shape, rows_shape, width, vectors),
                                 scalars, kernel_scalars, sized)
        if step.out_shapes[0] != rows_shape:
            raise Unsupported(f"{step.op} does not keep the looked-up rows' shape")
        body += ["# " + _TYPE_SPEC.sub("", step.line)] + _lower(step, operands)
    returned = trace.returned or ""
    if not returned.startswith(f"{trace.result} f32[") or trace.result != trace.steps[-1].outs[0]:
        raise Unsupported("the result is not the last line's float rows")
    loads = [f"{v} = tl.load({v}_ptr + cols, mask=mask, other=0.0).to(tl.float32)  # a vector along the row"
             for v in vectors]
    ptrs = ["in0_ptr", f"{var}_ptr"] + [f"{v}_ptr" for v in vectors]
    lines = (["row = tl.program_id(0).to(tl.int64)", "cols = tl.arange(0, BLOCK)",
              "mask = cols < n_cols  # BLOCK is the width rounded up to a power of two"] + loads + [""] + body
             + [f"tl.store(out_ptr + row * n_cols + cols, {trace.result}.to(out_ptr.dtype.element_ty), mask=mask)"])
    params = ", ".join(ptrs + ["out_ptr"] + list(kernel_scalars.values()) + ["n_cols"])
    kernel = ("\n@triton.jit\n" f"def traced_gather_kernel({params}, BLOCK: tl.constexpr):\n"
              + "\n".join(("    " + line) if line else "" for line in lines) + "\n")
    ids = args[0]
    launch_args = [ids, table] + list(vectors.values()) + ["out"] + list(kernel_scalars)
    alloc = f"out = torch.empty({ids}.shape + ({table}.shape[1],), device={table}.device, dtype={table}.dtype)"
    launch = "\n".join([f"n_cols = {table}.shape[1]  # the width of a row of the table",
                        "BLOCK = triton.next_power_of_2(n_cols)",
                        f"traced_gather_kernel[({ids}.numel(),)]({', '.join(launch_args + ['n_cols'])}, BLOCK=BLOCK, "
                        "num_warps=4 if BLOCK <= 2048 else 8)"])
    return Piece(kernel, alloc, launch, [ids], _reasoning(trace, table, width, vectors, kernel_scalars, sized))


def _operand(name: str, shape, rows_shape, width: int, vectors: dict[str, str]) -> str:
    """A later line's tensor operand: a value computed here, or a parameter vector along the row."""
    var = name.replace(".", "_")
    if name.startswith("t"):
        return var
    if name.startswith("self.") and tuple(shape) in ((width,), (1, width)) and len(rows_shape) >= 1:
        vectors[var] = name
        return var
    raise Unsupported(f"{name} of shape {tuple(shape)} against the looked-up rows")


def _reasoning(trace: Trace, table: str, width: int, vectors: dict[str, str], scalars: dict, sized: dict) -> str:
    n = len(trace.steps)
    ids = trace.header[0].split(": ")[1]
    steps = [f"The listing starts with embedding({table}, in0): each id in in0 ({ids}) picks one row of the table, "
             f"{width} contiguous floats (n_cols, {table}.shape[1]); every later line is elementwise on those rows.",
             "So one program per id: it loads its id, reads that row once (offset idx * n_cols), computes each "
             "listed line in registers, and stores the row at row * n_cols in out, whose shape is in0's with the "
             "width added; BLOCK = next_power_of_2(n_cols) lanes hold the row, mask = cols < n_cols.",
             f"The kernel body follows the listing line by line: each of its {n} lines is quoted as a comment, then "
             "computed under the listing's own names (t1, t2, ...)."]
    if vectors:
        steps.append(f"{', '.join(vectors)} {'is a vector' if len(vectors) == 1 else 'are vectors'} along the row: "
                     "loaded once at cols.")
    if sized:
        steps.append("A listed value follows the width (the module computes it from its width argument), so the kernel "
                     f"computes it from n_cols: {', '.join(sorted(set(sized.values())))}, right at any width.")
    steps += [scalar_step(attr, name) for attr, name in scalars.items()]
    steps.append("Arithmetic is done in float32 registers and cast to the table's dtype only at the store.")
    return numbered(f"The module looks rows up in a table: {n} listed op{'s' if n > 1 else ''}.", steps)
