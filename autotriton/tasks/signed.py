"""Signed inputs: a task file whose get_inputs draws `torch.rand` turned into `torch.randn`.

`torch.rand` draws from [0, 1), where `return x` passes ReLU-like tasks and a bf16 or half-K
matmul stays inside TF32's tolerance; on randn inputs both fail (TritonRL's input
augmentation). The judge draws half of every such task's trials from this variant, shuffled
among the task's own draws (verify/judge.py, Judge.plan), so every path that judges gets the
same verdict and a candidate cannot tell a signed trial from the rest by when it comes.
"""

from __future__ import annotations

import ast
from functools import lru_cache

from autotriton.tasks.sizes import parse_checked

_SIGNED = {"rand": "randn", "rand_like": "randn_like"}


@lru_cache(maxsize=4096)
def signed_variant(source: str) -> str | None:
    """`source` with torch.rand/rand_like in get_inputs turned into randn/randn_like.

    Only calls inside the module-level get_inputs are rewritten (located with
    ast, spliced into the text so everything else is byte-identical). Returns
    None when there is nothing to rewrite. Not covered: rand calls in helpers
    that get_inputs calls, `from torch import rand`, `x.uniform_()`.
    """
    tree = parse_checked(source)
    fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "get_inputs"), None)
    if fn is None:
        return None
    aliases = {"torch"} | {a.asname for n in ast.walk(tree) if isinstance(n, ast.Import)
                           for a in n.names if a.name == "torch" and a.asname}
    edits = [(n.func.end_lineno, n.func.end_col_offset, n.func.attr) for n in ast.walk(fn)
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _SIGNED
             and isinstance(n.func.value, ast.Name) and n.func.value.id in aliases]
    if not edits:
        return None
    lines = source.splitlines(keepends=True)
    # ast columns are UTF-8 byte offsets; splice right to left so earlier offsets hold.
    for lineno, end_col, attr in sorted(edits, reverse=True):
        raw = lines[lineno - 1].encode()
        start = end_col - len(attr)
        assert raw[start:end_col].decode() == attr, (lineno, raw)
        lines[lineno - 1] = (raw[:start] + _SIGNED[attr].encode() + raw[end_col:]).decode()
    return "".join(lines)
