"""A task pinned to one shape setting: what an Inductor rewrite is judged against.

Inductor specialises some sizes into literals (LayerNorm's normalized_shape becomes `37`), so a
rewrite is only guaranteed at the sizes it was captured at."""

from __future__ import annotations

import ast
from dataclasses import replace

from autotriton.tasks.contract import METADATA_MARKER, PINNED_SETTING, ShapeSetting, Task, parse_source, task_from_source
from autotriton.tasks.sizes import as_judged

# Metadata that still applies at a fixed size; the shape tables, split and tags do not
# (split and tags are carried on the Task object instead).
_KEPT_METADATA = ("TOLERANCE", "TOLERANCE_REASON", "REFERENCE_FP64")


def fixed_shape_task(task: Task, setting: ShapeSetting) -> Task:
    """`task` at exactly `setting`'s sizes, in both CPU and GPU mode.

    The size constants are rewritten in the source and the shape tables replaced by one
    PINNED_SETTING with no overrides, which both modes run, so the file is checked at its own
    constants and nowhere else (no derived interp sizes, no random-size trial). Tolerance
    metadata stays."""
    head, _, meta = task.source.partition(METADATA_MARKER)
    head = _set_constants(head, setting.overrides, task.id)
    pinned = [f'GPU_SHAPES = {{"{PINNED_SETTING}": {{}}}}\n']
    source = head.rstrip() + f"\n\n\n{METADATA_MARKER}\n" + "".join(_kept_metadata(meta) + pinned)
    fixed = task_from_source(source, task_id=f"{task.id}@{setting.name}", suite=task.suite,
                             level=task.level, solution_source=task.solution_source)
    # The tolerance the judge derives for the unpinned file (sizes.as_judged: a harvested Linear
    # gets TF32's) is not in the source, and a pinned file gets none: a rewrite's TF32 matmul was
    # judged at float32's 1e-4 and every harvested MLP failed.
    judged = task if task.tolerance else as_judged(task)
    if not fixed.tolerance and judged.tolerance:
        fixed = replace(fixed, tolerance=judged.tolerance, tolerance_reason=judged.tolerance_reason)
    return replace(fixed, split=task.split, tags=task.tags)


def _set_constants(source: str, values: dict[str, int], where: str) -> str:
    lines = source.splitlines()
    found = set()
    assigns = [n for n in parse_source(source).body
               if isinstance(n, ast.Assign) and len(n.targets) == 1
               and isinstance(n.targets[0], ast.Name) and n.targets[0].id in values]
    for node in sorted(assigns, key=lambda n: -n.lineno):  # bottom-up keeps line numbers valid
        name = node.targets[0].id
        found.add(name)
        tail = lines[node.end_lineno - 1].encode()[node.end_col_offset:].decode().strip()
        comment = f"  {tail}" if tail.startswith("#") else ""
        lines[node.lineno - 1:node.end_lineno] = [f"{name} = {values[name]!r}{comment}"]
    missing = sorted(set(values) - found)
    if missing:
        raise ValueError(f"{where}: shape setting names constants not assigned at module level: {missing}")
    return "\n".join(lines) + "\n"


def _kept_metadata(meta: str) -> list[str]:
    if not meta.strip():
        return []
    return [ast.get_source_segment(meta, n) + "\n" for n in parse_source(meta).body
            if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name) and n.targets[0].id in _KEPT_METADATA]
