"""The `template` teacher: offline code generation of Triton solutions, with the
reasoning that explains them, for every point of the compose grammar.

No model is involved: for each family a kernel is written out from the task's
`COMPOSE_SPEC` (fused ops, epilogues), with block sizes and the reduction
strategy chosen from the shapes, and a step-by-step explanation of why.
The generated code follows the same rules as any candidate: only torch
allocation/view calls in forward, every op inside `@triton.jit` kernels,
boundary masks everywhere, fp32 accumulation.

One module per group of families (`elementwise`, `expr`, `reductions`, `scans`, `rows`,
`normalize`, `groupnorm`, `conv`, `matmul`, `attention`, `movement`, `pooling`, `losses`), each with a
`write_<family>(spec[, style]) -> Solution`; `common` holds what they share. FAMILY_WRITERS names
the writer of every family in data/families.py FAMILIES (where each family's grammar point, its
type and its docstrings' words are), plus the expression family's (data/exprs.py).
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING, Callable

from autotriton.data.families import AnySpec
from autotriton.data.teachers import Candidate, Solution
from autotriton.data.teachers.template.attention import write_attention
from autotriton.data.teachers.template.common import launch_arguments
from autotriton.data.teachers.template.conv import write_conv2d
from autotriton.data.teachers.template.elementwise import write_elementwise
from autotriton.data.teachers.template.expr import write_expr
from autotriton.data.teachers.template.groupnorm import write_groupnorm
from autotriton.data.teachers.template.losses import write_loss, write_mse
from autotriton.data.teachers.template.matmul import write_linear_norm, write_matmul, write_mlp
from autotriton.data.teachers.template.movement import write_embedding, write_layout
from autotriton.data.teachers.template.normalize import write_normalize
from autotriton.data.teachers.template.pooling import write_maxpool, write_pool
from autotriton.data.teachers.template.reductions import write_reduce
from autotriton.data.teachers.template.rows import write_norm, write_softmax
from autotriton.data.teachers.template.scans import write_scan
from autotriton.data.teachers.template.traced import forward_def, traced_answer
from autotriton.data.teachers.template.traced_gemm import traced_gemm_answer
from autotriton.data.teachers.template.traced_gather import traced_gather_answer
from autotriton.data.teachers.template.traced_rows import traced_row_answer
from autotriton.data.teachers.template.traced_segments import traced_segment_answer

if TYPE_CHECKING:
    from autotriton.data.teachers import TaskItem

# The writer of each family in data/families.py FAMILIES, and of the expression family (data/exprs.py):
# tests/test_data_families.py checks that the two tables name the same families.
FAMILY_WRITERS: dict[str, Callable[..., Solution]] = {
    "unary": write_elementwise, "chain": write_elementwise, "reduce": write_reduce, "norm": write_norm,
    "softmax": write_softmax, "matmul": write_matmul, "mlp": write_mlp, "linear_norm": write_linear_norm,
    "layout": write_layout, "embedding": write_embedding, "maxpool": write_maxpool, "mse": write_mse,
    "attention": write_attention, "scan": write_scan, "normalize": write_normalize, "loss": write_loss,
    "pool": write_pool, "groupnorm": write_groupnorm, "conv2d": write_conv2d, "expr": write_expr,
}


# Distinct, equally correct ways the teacher writes a family (issue 13: one kernel shape per
# family taught the model a single template); the first is the default.
STYLES = {"unary": ("flat", "rows2d", "autotune"), "chain": ("flat", "rows2d", "autotune"),
          "expr": ("flat", "rows2d", "autotune"),
          "softmax": ("single_block", "online"), "matmul": ("plain", "grouped"),
          "norm": ("one_tile", "looped"), "reduce": ("tiled", "split"), "scan": ("looped", "one_tile"),
          "normalize": ("one_tile", "looped")}


def styles(spec: AnySpec) -> tuple[str, ...]:
    """The kernel styles the teacher can write for this grammar point (at least one)."""
    if spec["family"] == "matmul" and spec["form"] in ("matvec", "diag_mm"):
        return ("plain",)  # not tiled products: no tile order to vary
    if spec["family"] == "softmax" and spec.get("shape"):
        return ("strided",)  # any dim of any rank: one (OUTER, RED, INNER) kernel
    if spec["family"] == "expr":
        return (spec["style"],)  # drawn per task (data/exprs.py)
    return STYLES.get(spec["family"], ("default",))


def teach(spec: AnySpec, style: str | None = None) -> Solution:
    """The template solution for one compose grammar point (its COMPOSE_SPEC), in `style`
    (one of `styles(spec)`; the first by default)."""
    known = styles(spec)
    if style is not None and style not in known:
        raise ValueError(f"family {spec['family']!r} has styles {known}, not {style!r}")
    writer = FAMILY_WRITERS[spec["family"]]
    return writer(spec, style or known[0]) if spec["family"] in STYLES else writer(spec)


# The forward's first statements quoted at the top of the answer; past this many, "...".
QUOTED_STATEMENTS = 6


def forward_quote(source: str) -> str:
    """The reference forward's statements as written in the task file (docstring left out), for the
    answer's first line. The 135M model, asked about a file laid out unlike ours, named the right op
    and then wrote another family's kernel (run-6 SFT adapter on KernelBench's ReLU: "a ReLU
    activation, followed by softmax", then a matmul): copying the forward first puts the op, its
    constants and its keepdim right above the kernel the model writes from them."""
    forward = forward_def(source)
    body = forward.body[1:] if ast.get_docstring(forward) is not None else forward.body
    lines = [re.sub(r"\s+", " ", ast.get_source_segment(source, st)) for st in body[:QUOTED_STATEMENTS]]
    more = "; ..." if len(body) > QUOTED_STATEMENTS else ""
    return "; ".join(f"`{line}`" for line in lines) + more


def grounded(solution: Solution, source: str) -> Solution:
    """The solution with its reasoning opened by the quoted forward and closed, since data v29, by
    what each kernel takes and what the launch passes for it (common.launch_arguments), numbered on
    from the reasoning's last step."""
    reasoning = f"The reference's forward: {forward_quote(source)}.\n{solution.reasoning.rstrip()}"
    step = launch_arguments(solution.code)
    if step is not None:
        last = re.match(r"(\d+)\. ", reasoning.rsplit("\n", 1)[-1])
        reasoning += f"\n{int(last.group(1)) + 1}. {step}" if last else f"\n{step}"
    return Solution(reasoning, solution.code)


def _init_params(code: str, cls: str) -> list[tuple[str, str | None]]:
    """(name, default as written or None) of each constructor parameter of class `cls`."""
    tree = ast.parse(code)
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    init = next((n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
    if init is None:  # nn.Module's own constructor: no parameters but self
        return [("self", None)]
    args = init.args.args
    defaults = [None] * (len(args) - len(init.args.defaults)) + [ast.unparse(d) for d in init.args.defaults]
    return [(a.arg, d) for a, d in zip(args, defaults)]


def named_like(solution: Solution, source: str) -> Solution:
    """The solution with its ModelNew's constructor parameters named as the reference's, by position
    (the rewritten task files of data v11 rename them: tasks/rewrite.py). Only the constructor's own
    lines change, and only bare names (`self.slope` keeps its attribute, `f(slope=s)` its keyword)."""
    ours, ref = _init_params(solution.code, "ModelNew"), _init_params(source, "Model")
    mapping = {a: b for (a, _), (b, _) in zip(ours, ref) if a != b}
    if len(ours) != len(ref) or not mapping:
        return solution
    tree = ast.parse(solution.code)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "ModelNew")
    init = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    lines = solution.code.split("\n")
    # a bare name, not an attribute (`self.slope`) nor a keyword (`f(slope=...)`)
    pattern = re.compile(r"(?<![.\w])(" + "|".join(map(re.escape, mapping)) + r")\b(?!\s*=[^=])")
    for i in range(init.lineno - 1, init.end_lineno):
        lines[i] = pattern.sub(lambda m: mapping[m.group(1)], lines[i])
    return Solution(solution.reasoning, "\n".join(lines))


def same_constructor(solution: Solution, source: str) -> Solution:
    """The solution, once its ModelNew is known to take the reference's constructor parameters
    with the same defaults (raises ValueError, our bug, otherwise). The prompt asks for the same
    signature, and a teacher that left out `= 0.01` taught the model to, so KernelBench's
    LeakyReLU (`negative_slope: float = 0.01`, built with no arguments) failed at construction
    (run-7 SFT; 45 of KernelBench's 100 level-1 modules have a default in the constructor)."""
    ours, ref = _init_params(solution.code, "ModelNew"), _init_params(source, "Model")
    if ours != ref:
        raise ValueError(f"the template's ModelNew takes {ours}, the reference's Model {ref}")
    return solution


# Families whose answers are lowered from the op listing line by line (traced.py, data v16): one
# mapping from a listed op to its statement, for every spelling of the module; the family writer
# stays for a task the lowering does not cover.
TRACED_FAMILIES = ("unary", "chain", "expr")
# Families whose answers are lowered from the listing one row at a time (traced_rows.py, data v17;
# the losses since v18, totals over every element): every style of such a task gets the one lowered
# answer, and the build keeps one pair per distinct code (select_pairs).
ROW_TRACED_FAMILIES = ("reduce", "softmax", "norm", "scan", "normalize", "loss", "mse")
# Families whose answers are one product lowered from the listing (traced_gemm.py, data v18); a
# task with two products or work before its product keeps the family writer.
GEMM_TRACED_FAMILIES = ("matmul", "mlp", "linear_norm")


def answer(spec: AnySpec, source: str, style: str | None = None) -> Solution:
    """The teacher's whole answer to the task file `source` of grammar point `spec`: the kernel in
    `style` (the first by default), checked against the reference's constructor, its reasoning
    opened by the quoted forward."""
    traced = None
    if spec["family"] in TRACED_FAMILIES:
        traced = traced_answer(source, style or styles(spec)[0])
    elif spec["family"] in ROW_TRACED_FAMILIES and not spec.get("init_dim"):
        # A dim the constructor takes (self.dim) is read at run time by the family writer; the
        # listing's lowering writes the traced dim in, and verifier 39, which moves constructor
        # ints, rejected 7 of 300 template answers that did (session 42).
        traced = traced_row_answer(source)
    elif spec["family"] in GEMM_TRACED_FAMILIES:
        traced = traced_gemm_answer(source, style if style == "grouped" else "plain")
    if traced is not None:
        return grounded(same_constructor(traced, source), source)
    return grounded(same_constructor(named_like(teach(spec, style), source), source), source)


def listing_answers(source: str) -> list[tuple[str, Solution]]:
    """(style, answer) for a task with no grammar point (a harvested module, as its library wrote
    it): every style of the first listing lowering that covers its forward (elementwise, one row
    at a time, one product), else its listing in segments (data v22), or none."""
    found = [(style, traced_answer(source, style)) for style in STYLES["unary"]]
    if not any(sol for _, sol in found):
        found = [("rows", traced_row_answer(source))]
    if not any(sol for _, sol in found):
        found = [(style, traced_gemm_answer(source, style)) for style in STYLES["matmul"]]
    if not any(sol for _, sol in found):
        found = [("gather", traced_gather_answer(source))]
    if not any(sol for _, sol in found):
        found = [("segments", traced_segment_answer(source))]
    return [(style, grounded(same_constructor(sol, source), source)) for style, sol in found if sol is not None]


class TemplateTeacher:
    """Every style the family has for each composed task, one sample each: several
    distinct correct kernels per task, not one shape per family. A harvested task, which has no
    grammar point, gets the listing lowerings' answers where one covers it (data v18), and so does
    an idiom task (data v21), whose point only says which way the file is written."""

    def teaches(self, item: TaskItem) -> bool:
        return True

    def candidates(self, batch: list[TaskItem]) -> list[Candidate]:
        out = []
        for it in batch:
            source = it.task.prompt_source
            # an idiom task (data/idioms.py) has a grammar point but no family writer: its answer is the listing's
            written = ([(style, answer(it.spec, source, style)) for style in styles(it.spec)]
                       if it.spec and it.spec["family"] in FAMILY_WRITERS else listing_answers(source))
            out += [Candidate(it, "template", i, it.task, sol, label=style) for i, (style, sol) in enumerate(written)]
        return out

    def explain(self, verified: list[Candidate]) -> list[Solution]:
        return [c.solution for c in verified]  # the template's reasoning is already complete

    def close(self) -> None:
        pass
