"""`rewrite(capture, task_source)`: Inductor's captured wrapper -> a standalone ModelNew module
and its reasoning, or the reason it cannot be rewritten."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from autotriton.data.teachers.inductor.capture import Capture
from autotriton.data.teachers.inductor.emit import module_source, rename_params
from autotriton.data.teachers.inductor.gemm import GEMMS, Gemm
from autotriton.data.teachers.inductor.model import literal_getattrs, model_info
from autotriton.data.teachers.inductor.reasoning import rewrite_reasoning
from autotriton.data.teachers.inductor.tiling import choose_blocks
from autotriton.data.teachers.inductor.translate import Launch, bind, translate
from autotriton.data.teachers.inductor.wrapper import (Unsupported, example_args, extern_calls, read_kernels,
                                                      wrapper_call)
from autotriton.tasks.contract import parse_source


@dataclass
class Rewrite:
    ok: bool
    reason: str = ""  # why not, when ok is False (an input we cannot rewrite: data)
    code: str = ""  # the ModelNew module
    reasoning: str = ""  # step-by-step explanation of the kernels and their tiling
    kernels: list[str] = field(default_factory=list)  # kernel names in the rewrite
    extern: list[str] = field(default_factory=list)  # library calls (mm, bmm, aten.x) that block it


def rewrite(capture: Capture, task_source: str) -> Rewrite:
    """Inductor's captured code for a task -> a standalone ModelNew module (or why not)."""
    if not capture.ok:
        return Rewrite(False, f"capture failed: {capture.reason}")
    if len(capture.codes) != 1:
        return Rewrite(False, f"{len(capture.codes)} compiled graphs (graph breaks); one is needed")
    code = capture.codes[0]
    try:
        tree = parse_source(code)
    except SyntaxError as exc:
        return Rewrite(False, f"wrapper does not parse: {exc.msg} (line {exc.lineno})")
    try:
        call = wrapper_call(tree)
        extern = [e for e in extern_calls(call) if e not in GEMMS]  # mm, addmm, bmm: Triton matmuls (gemm.py)
        if extern:
            return Rewrite(False, "extern kernels: " + ", ".join(extern), extern=extern)
        return _rewrite(capture, literal_getattrs(task_source, set(capture.absent_attrs)), tree, code, call)
    except Unsupported as exc:
        return Rewrite(False, str(exc))


def _rewrite(capture: Capture, task_source: str, tree: ast.Module, code: str, call: ast.FunctionDef) -> Rewrite:
    kernels = read_kernels(tree, code)  # none at all where forward is one library product
    for k in kernels.values():
        choose_blocks(k)
    model = model_info(task_source, {p.split(".")[0] for p in capture.param_names}, len(capture.input_shapes))
    model.init_src = model.init_src.rstrip("\n") + _ties(capture.tied, model.init_src)
    bindings = bind(call, example_args(tree), capture, model)
    body, ret = translate(call, kernels, bindings, model)
    launches = [s for s in body if isinstance(s, Launch)]
    gemms = [s for s in body if isinstance(s, Gemm)]
    if not launches and not gemms:
        raise Unsupported("call() launches no kernel")
    used = [k for k in kernels.values() if any(l.kernel is k for l in launches)]
    clash = {g.kernel for g in gemms} & {k.name for k in used}
    if clash:
        raise Unsupported(f"Inductor kernel names {sorted(clash)} clash with the matmul kernels")
    for k in used:
        rename_params(k, launches, bindings)
    source = module_source(capture, model, used, body, ret, bindings)
    return Rewrite(True, code=source, reasoning=rewrite_reasoning(capture, model, body, bindings, ret),
                   kernels=[k.name for k in used] + list(dict.fromkeys(g.kernel for g in gemms)))


def _ties(tied: list[list[str]], init_src: str) -> str:
    """__init__ lines tying what Model ties (`self.lm_head.weight = self.model.embed_tokens.weight`):
    the copied __init__ leaves out transformers' post_init(), which ties a language model's output
    projection to its embedding, and ModelNew then held one parameter more than Model (10 of 487
    judged harvested tasks refused so, or wrong where the parameter count matched; session 68)."""
    if not tied:
        return ""
    if not init_src:
        raise Unsupported("Model ties parameters and has no __init__ to tie them in")

    def path(name: str) -> str:
        return "self" + "".join(f"[{part}]" if part.isdigit() else f".{part}" for part in name.split("."))
    return "".join(f"\n        {path(alias)} = {path(name)}" for alias, name in tied)
