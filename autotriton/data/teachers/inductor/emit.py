"""Emitting the standalone ModelNew module: helpers, kernels, launches and forward."""

from __future__ import annotations

import ast

from autotriton.data.teachers.inductor.capture import Capture
from autotriton.data.teachers.inductor.gemm import Gemm, kernel_sources
from autotriton.data.teachers.inductor.helpers import HELPERS, helper_closure
from autotriton.data.teachers.inductor.model import ModelInfo
from autotriton.data.teachers.inductor.tiling import TILED_GRID
from autotriton.data.teachers.inductor.translate import Bindings, Launch
from autotriton.data.teachers.inductor.wrapper import Kernel


def rename_params(k: Kernel, launches: list[Launch], b: Bindings) -> None:
    """in_ptr0 -> x_ptr when every launch passes the same input/parameter; lifted floats
    take the attribute's name."""
    used = {n.id for n in ast.walk(k.fn) if isinstance(n, ast.Name)} | {a.arg for a in k.fn.args.args}
    readable = set(b.names.values())
    mapping: dict[str, str] = {}
    for i, param in enumerate(k.params):
        passed = {launch.args[i] for launch in launches if launch.kernel is k}
        if len(passed) != 1 or not param.startswith(("in_ptr", "in_out_ptr")):
            continue
        arg = passed.pop()
        new = f"{arg}_ptr" if arg in readable else arg.removeprefix("self.") if arg.startswith("self.") else ""
        if new and new not in used and new not in mapping.values():
            mapping[param] = new
    if not mapping:
        return
    for node in ast.walk(k.fn):
        if isinstance(node, ast.Name) and node.id in mapping:
            node.id = mapping[node.id]
        elif isinstance(node, ast.arg) and node.arg in mapping:
            node.arg = mapping[node.arg]
    k.params = [mapping.get(p, p) for p in k.params]


def _kernel_source(k: Kernel) -> str:
    k.fn.name = k.name
    lines = []
    if k.notes.source_nodes or k.notes.aten:
        lines.append(f"# Source nodes: [{k.notes.source_nodes}]; original ATen: [{k.notes.aten}]")
    lines += [f"#   {m}" for m in k.notes.mapping]
    combines = [ast.unparse(ast.fix_missing_locations(c)) for c in k.combines]
    return "\n\n\n".join(combines + ["\n".join(lines + [ast.unparse(ast.fix_missing_locations(k.fn))])])


def _launch_lines(launch: Launch) -> list[str]:
    k = launch.kernel
    meta = [f"{c}={v}" for c, v in k.blocks.items()] + [f"num_warps={k.num_warps}"]
    kind = {"pointwise": "pointwise", "persistent_reduction": "persistent reduction",
            "reduction": "looped reduction"}[k.kind]
    head = f"# [{k.notes.source_nodes}] {kind}" if k.notes.source_nodes else f"# {kind}"
    return [head, f"{k.name}[{launch.grid}]({', '.join(launch.args + meta)})"]


def _lines(stmt: str | Launch | Gemm) -> list[str]:
    if isinstance(stmt, Launch):
        return _launch_lines(stmt)
    return stmt.lines() if isinstance(stmt, Gemm) else [stmt]


def module_source(capture: Capture, model: ModelInfo, kernels: list[Kernel], body: list[str | Launch | Gemm],
                  ret: str, b: Bindings) -> str:
    helpers = helper_closure({h for k in kernels for h in k.helpers})
    tiled = any(isinstance(s, Launch) and s.grid.startswith("tiled_grid") for s in body)
    header = [f'"""Inductor\'s Triton kernels for {capture.task_id}, rewritten as a standalone module.',
              "", f"Captured with torch {capture.torch_version}; block sizes and grids chosen by the rewriter.",
              '"""', "", "import math", "", "import torch", "import torch.nn as nn", "import triton",
              "import triton.language as tl"]
    parts = ["\n".join(header)]
    parts += [HELPERS[h][1].strip() for h in helpers]
    parts += model.helpers_src
    parts += [_kernel_source(k) for k in kernels]
    parts += kernel_sources([s for s in body if isinstance(s, Gemm)])
    if tiled:
        parts.append(TILED_GRID.strip())
    forward = b.preamble + [line for s in body for line in _lines(s)]
    cls = [f"class ModelNew({model.base}):"]
    if model.init_src:
        cls += [model.init_src.rstrip(), ""]
    cls += ["    " + model.forward_sig] + [f"        {line}" for line in forward + [ret]]
    parts.append("\n".join(cls))
    return "\n\n\n".join(parts) + "\n"
