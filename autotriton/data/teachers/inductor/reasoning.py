"""The rewrite's reasoning: a step-by-step account built from Inductor's "Graph fragment" comments
and the tiling chosen (grid, blocks, masks, persistent vs looped reductions)."""

from __future__ import annotations

import ast
import re

from autotriton.data.teachers.inductor import gemm
from autotriton.data.teachers.inductor.capture import Capture
from autotriton.data.teachers.inductor.model import ModelInfo
from autotriton.data.teachers.inductor.tiling import block_size
from autotriton.data.teachers.inductor.translate import Bindings, Launch
from autotriton.data.teachers.inductor.wrapper import Kernel, dotted


def _graph_line(raw: str, names: dict[str, str]) -> str:
    """'%sub : Tensor "f32[s21, 37]..." = call_function[target=torch.ops.aten.sub.Tensor](args = (%arg4_1,
    %getitem_1), kwargs = {})' -> 'sub = aten.sub(x, getitem_1)  # f32[s21, 37]'."""
    m = re.search(r"^%(\w+) : (.*?)= call_function\[target=([\w.]+)\]\(args = \((.*)\), kwargs = \{(.*)\}\)",
                  raw)
    if not m:
        return raw
    name, typ, target, args, kwargs = m.groups()
    op = target.removeprefix("torch.ops.")
    if op.count(".") >= 2:
        op = op.rsplit(".", 1)[0]  # drop the overload (.Tensor, .default)
    call_args = re.sub(r"%(\w+)", lambda a: names.get(a.group(1), a.group(1)), args.rstrip(", "))
    if kwargs:
        call_args += ", " + kwargs
    shape = re.search(r'Tensor "(\w+\[.*?\])', typ)
    return f"{name} = {op}({call_args})" + (f"  # {shape.group(1)}" if shape else "")


def _tiling_text(launch: Launch) -> str:
    k = launch.kernel
    xn = launch.sizes.get("xnumel", "1")
    xb = block_size(k, "XBLOCK")
    if k.kind == "pointwise" and "YBLOCK" in k.blocks:
        yb = k.blocks["YBLOCK"]
        return (f"2-D tiled pointwise over (ynumel = {launch.sizes.get('ynumel')}) x (xnumel = {xn}). The loads "
                "and the store walk memory along different indices (a permutation or a row gather), so Inductor "
                f"tiles in 2-D: each program owns a YBLOCK={yb} x XBLOCK={xb} tile and both sides touch "
                "contiguous runs. `ymask & xmask` switch off the lanes past either edge. Grid = "
                f"(cdiv(xnumel, {xb}), cdiv(ynumel, {yb})), the y tiles spilling into grid z past CUDA's "
                "65535 limit on grid y." + _index_text(k))
    if k.kind == "pointwise":
        return (f"Pointwise over the flattened {xn} elements: program p handles XBLOCK={xb} consecutive "
                f"indices xindex = p*{xb} + arange({xb}), grid = cdiv(xnumel, {xb}) programs, and "
                "`xmask = xindex < xnumel` disables the lanes past the end in the last program."
                + _index_text(k))
    rows = (f"Each program reduces XBLOCK={xb} row(s): grid = cdiv(xnumel = {xn}, {xb}), `xmask` guards the "
            "rows past the end.")
    if k.kind == "persistent_reduction":
        r0 = k.body_consts.get("R0_BLOCK", 0)
        rn = k.body_consts.get("r0_numel", "r0_numel")
        return (f"Persistent reduction: the reduced length is the constant {rn}, which fits one R0_BLOCK={r0} "
                "tile (the next power of two), so each program loads its rows once, keeps them in registers "
                "and runs every reduction on the resident tile without re-reading memory. "
                f"{rows} `r0_mask = r0_index < {rn}` masks the {r0 - rn if isinstance(rn, int) else ''} "
                "padding lanes, which tl.where fills with the reduction's neutral value.".replace("  ", " "))
    single = xn == "1"
    return (f"Looped reduction: the reduced length r0_numel = {launch.sizes.get('r0_numel', '?')} is a run-time "
            "size with no compile-time bound, so the kernel walks it in chunks of "
            f"R0_BLOCK={k.blocks.get('R0_BLOCK')}, accumulating into an [XBLOCK, R0_BLOCK] register tile that "
            "is reduced once after the loop; `r0_mask` guards the last partial chunk. " + _passes_text(k) + " "
            + ("The whole input reduces to one value, so a single program (XBLOCK=1) streams all of it."
               if single else rows))


_REDUCERS = {"tl.sum": "a sum", "reduce_max": "a max", "reduce_min": "a min", "reduce_prod": "a product",
             "reduce_any": "an any", "welford": "Welford's mean and variance", "max_with_index": "an argmax",
             "min_with_index": "an argmin", "tl.max": "a max", "tl.min": "a min"}


def _passes_text(k: Kernel) -> str:
    """What each loop over the reduced dimension produces, from the statements after it."""
    passes = []
    body = k.fn.body
    for i, stmt in enumerate(body):
        if not isinstance(stmt, ast.For):
            continue
        following = []
        for after in body[i + 1:]:
            if isinstance(after, ast.For):
                break
            following.append(after)
        made = [_REDUCERS[dotted(n.func)] for s in following for n in ast.walk(s)
                if isinstance(n, ast.Call) and dotted(n.func) in _REDUCERS]
        stores = any(isinstance(n, ast.Call) and dotted(n.func) == "tl.store" for n in ast.walk(stmt))
        what = (", then ".join(dict.fromkeys(made)) if made else "") + (
            " and " if made and stores else "") + ("writes the output" if stores else "")
        passes.append(f"pass {len(passes) + 1} {'computes ' if made else ''}{what or 'accumulates'}")
    if len(passes) <= 1:
        return f"One pass: {passes[0].removeprefix('pass 1 ')}." if passes else ""
    return (f"{len(passes)} passes over each row, because every pass needs the previous one's result: "
            + "; ".join(passes) + ".")


def _index_text(k: Kernel) -> str:
    """Index decompositions like x0 = xindex % ks0 (broadcast, strided or windowed operands)."""
    decomp = [ast.unparse(s) for s in k.fn.body
              if isinstance(s, ast.Assign) and isinstance(s.targets[0], ast.Name)
              and re.fullmatch(r"[xy]\d+", s.targets[0].id) and not isinstance(s.value, ast.Name)]
    if not decomp:
        return ""
    return (" The flat index is split into coordinates (" + "; ".join(decomp) + ") to address operands "
            "of another shape or layout (a broadcast, a pooling window, a permutation).")


def _plan_line(launches: list[Launch], gemms: list[gemm.Gemm]) -> str:
    n_kernels = len(dict.fromkeys(l.kernel.name for l in launches))
    if not gemms:
        return (f"torch.compile (Inductor, dynamic shapes) lowers forward into {n_kernels} Triton kernel(s) and "
                "no library calls, so all the compute can stay in Triton.")
    calls = ", ".join(dict.fromkeys(f"extern_kernels.{g.op}" for g in gemms))
    fused = f"{n_kernels} Triton kernel(s) and " if n_kernels else ""
    convs = any(g.op == "convolution" for g in gemms)
    library = "cuBLAS, cuDNN" if convs and len({g.op for g in gemms}) > 1 else "cuDNN" if convs else "cuBLAS"
    return (f"torch.compile (Inductor, dynamic shapes) lowers forward into {fused}"
            f"{len(gemms)} library matrix product(s) ({calls}, {library}). A ModelNew computes in Triton, so each "
            "product becomes a tiled Triton " + ("matmul or implicit-GEMM convolution" if convs else "matmul")
            + " on the same operands" + ("; the fused kernels stay as Inductor wrote them." if n_kernels else "."))


def rewrite_reasoning(capture: Capture, model: ModelInfo, body: list, b: Bindings, ret: str) -> str:
    launches = [s for s in body if isinstance(s, Launch)]
    names = {**b.names, **{a: v.removeprefix("self.") for a, v in b.lifted.items()}}
    # The module's own docstring, where it has one; never the task id, which no prompt shows (445 of
    # data v30's Inductor answers opened "Task: composed/s0/00002_chain." on undocumented tasks)
    lines = [f"Task: {model.doc.rstrip('.')}."] if model.doc else []
    lines.append(_plan_line(launches, [s for s in body if isinstance(s, gemm.Gemm)]))
    if model.left_default:
        lines.append("get_inputs() passes " + ", ".join(model.forward_args) + " only; "
                     + ", ".join(model.left_default) + " keep their defaults, which the kernels are "
                     "written for, so ModelNew.forward takes just the inputs passed.")
    if b.symbols:
        lines.append("Dynamic sizes, read from the tensors at run time: " + ", ".join(
            f"{s} = {e}" for s, e in b.symbols.items()) + ".")
    if b.specialised:
        lines.append("Inductor baked " + ", ".join(b.specialised) + " into the kernels as literals, so they "
                     "are valid for that size only.")
    if b.lifted:
        lines.append("Float attributes reach the kernels as scalar arguments: " + ", ".join(
            sorted(set(b.lifted.values()))) + ".")
    for step, launch in enumerate((s for s in body if isinstance(s, (Launch, gemm.Gemm))), 1):
        if isinstance(launch, gemm.Gemm):
            lines += gemm.reasoning(step, launch)
            continue
        k = launch.kernel
        lines += ["", f"Step {step}: `{k.name}` fuses source nodes [{k.notes.source_nodes}] "
                  f"(ATen: {k.notes.aten or '?'}) into one kernel."]
        if k.notes.mapping:
            lines.append("  Source node -> ATen nodes: " + "; ".join(k.notes.mapping) + ".")
        if k.notes.graph:
            lines.append("  Fused graph, in order:")
            lines += [f"    {_graph_line(g, names)}" for g in k.notes.graph]
        lines.append("  Tiling: " + _tiling_text(launch))
        lines.append(f"  Launch: grid {launch.grid}, " + ", ".join(
            f"{c}={v}" for c, v in k.blocks.items()) + f", num_warps={k.num_warps}.")
    lines += ["", "Buffers are allocated with torch.empty_strided at Inductor's exact sizes and strides; "
              f"forward ends with `{ret}`."]
    return "\n".join(lines)
