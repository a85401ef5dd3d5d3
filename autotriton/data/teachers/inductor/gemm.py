"""Inductor's library matrix products as Triton: `extern_kernels.mm`, `addmm` and `bmm` in its
wrapper are cuBLAS calls, which a ModelNew may not make, so each becomes a launch of the template
teacher's tiled matmul (`template/matmul.py`, one home for that kernel), with the bias of `addmm`
fused into its epilogue.

On an H200 (session 49) 313 of 960 Inductor candidates on composed tasks failed only on these three
calls (mm 183, bmm 82, addmm 27, mm with addmm 21): the rest of those modules was already
rewritten Triton (docs/results/data_inductor_h200_s49/).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from autotriton.data.teachers.inductor.wrapper import Unsupported, dotted
from autotriton.data.teachers.template.matmul import MATMUL_GROUPED_WHY, matmul_kernel

GEMMS = ("mm", "addmm", "bmm")  # the extern calls rewritten here; any other keeps the module out
KERNELS = {"mm": "gemm_kernel", "bmm": "gemm_kernel", "addmm": "gemm_bias_kernel"}


@dataclass
class Gemm:
    """One library product of the wrapper, as forward expressions."""

    op: str  # mm, addmm or bmm
    a: str
    b: str
    out: str
    bias: str = ""  # addmm's (N,) bias

    @property
    def kernel(self) -> str:
        return KERNELS[self.op]

    def lines(self) -> list[str]:
        """Forward lines: the launcher takes (batch, M, K) @ (batch, K, N) -> (batch, M, N) views, so
        mm's and addmm's 2-D operands go as batches of one."""
        batch = "" if self.op == "bmm" else "[None]"
        bias = self.bias or self.out  # unread without the bias epilogue
        what = {"mm": "matmul", "addmm": "matmul plus bias", "bmm": "torch.bmm"}[self.op]
        return [f"# {what}: Inductor calls cuBLAS here (extern_kernels.{self.op}); a tiled Triton matmul instead",
                f"launch_{self.kernel}({self.a}{batch}, {self.b}{batch}, {bias}, {self.out}, {self.out}{batch})"]


def is_gemm(stmt: ast.stmt) -> bool:
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
            and dotted(stmt.value.func) in {f"extern_kernels.{g}" for g in GEMMS})


def gemm(call: ast.Call, render) -> Gemm:
    """`extern_kernels.mm(a, b, out=buf)` and kin -> a Gemm; `render(node)` gives an argument's
    forward expression. Scaled products (alpha or beta other than 1) are not rewritten."""
    op = dotted(call.func).split(".", 1)[1]
    kwargs = {k.arg: k.value for k in call.keywords}
    if "out" not in kwargs:
        raise Unsupported(f"extern_kernels.{op} without out=")
    for scale in ("alpha", "beta"):
        if scale in kwargs and not (isinstance(kwargs[scale], ast.Constant) and kwargs[scale].value == 1):
            raise Unsupported(f"extern_kernels.{op} with {scale}={ast.unparse(kwargs[scale])}")
    args = [render(a) for a in call.args]
    out = render(kwargs["out"])
    if op == "addmm":
        if len(args) != 3:
            raise Unsupported("extern_kernels.addmm without (bias, a, b)")
        return Gemm(op, args[1], args[2], out, bias=args[0])
    if len(args) != 2:
        raise Unsupported(f"extern_kernels.{op} without (a, b)")
    return Gemm(op, args[0], args[1], out)


def kernel_sources(gemms: list[Gemm]) -> list[str]:
    """The kernels and launchers the module's products use, once each."""
    used = dict.fromkeys(g.kernel for g in gemms)
    return [matmul_kernel(name, [{"op": "bias"}] if name == "gemm_bias_kernel" else [], grouped=True).strip()
            for name in used]


def reasoning(step: int, g: Gemm) -> list[str]:
    form = {"mm": "A @ B", "bmm": "a batched A[b] @ B[b]", "addmm": "A @ B + bias"}[g.op]
    return ["", f"Step {step}: `{g.kernel}` computes {form} (torch.compile calls cuBLAS for it: "
            f"extern_kernels.{g.op}), as a tiled Triton matmul over the same operands, views included: "
            f"A = {g.a}, B = {g.b}" + (f", bias = {g.bias}" if g.bias else "") + f", written into {g.out}.",
            "  " + MATMUL_GROUPED_WHY.replace("\n", "\n  ")
            + ("\n  The bias is added to each output tile in the epilogue, before the store: no second pass."
               if g.op == "addmm" else "")]


def now_rewritten(record: dict) -> bool:
    """Whether a logged Inductor verdict failed only on library products rewritten here since
    (`rewrite_failed: extern kernels: mm, addmm`): a resumed build captures and judges its task again."""
    prefix = "rewrite_failed: extern kernels: "
    msg = record.get("error_msg") or ""
    return msg.startswith(prefix) and set(msg[len(prefix):].split(", ")) <= set(GEMMS)
