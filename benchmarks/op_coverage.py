"""The op coverage table of DATA.md: for composed training tasks, each op's task count and the
forms its calls are written in (an `nn` layer held as an attribute, torch.nn.functional, torch.*,
a tensor method), with the share of files the rewriter wrote again.

usage: python benchmarks/op_coverage.py [-n 1800] [--seed 0]   (prints a markdown table)
"""

from __future__ import annotations

import argparse
import ast
import random
from collections import Counter, defaultdict

from autotriton.data.compose import REWRITE_SHARE, _spec_ops, compose
from autotriton.tasks.contract import METADATA_MARKER
from autotriton.tasks.rewrite import _Aliases, _layer_attrs, _recognise


def forms_in(source: str) -> Counter:
    """(op, form) of every recognised op call in the file's classes."""
    tree = ast.parse(source.split(METADATA_MARKER)[0])
    al = _Aliases.read(tree)
    out: Counter = Counter()
    for cls in [n for n in tree.body if isinstance(n, ast.ClassDef)]:
        layers = {a: (op, args) for a, (op, _, args) in _layer_attrs(cls, al).items()}
        for node in ast.walk(cls):
            if isinstance(node, ast.Call):
                found = _recognise(node, al, layers)
                if found is not None:
                    func = ast.unparse(node.func)
                    form = ("layer" if func.startswith("self.") else "functional" if "functional" in func
                            or func.startswith(f"{al.functional}.") else "torch" if func.startswith(f"{al.torch}.")
                            else "method")
                    out[(found.op, form)] += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=1800)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    items = compose(args.n, args.seed)
    tasks: Counter = Counter()
    rewritten: Counter = Counter()
    forms: dict[str, Counter] = defaultdict(Counter)
    for c in items:
        ops = _spec_ops(c.spec) or [c.spec["family"]]
        index = int(c.task_id.rsplit("/", 1)[1].split("_")[0])
        is_rw = random.Random(f"{args.seed}:{index}:rewrite").random() < REWRITE_SHARE  # as compose.rewritten draws
        for op in ops:
            tasks[op] += 1
            rewritten[op] += is_rw
        for (op, form), k in forms_in(c.source).items():
            forms[op][form] += k
    print(f"| op | tasks | rewritten | call forms (layer / functional / torch / method) |\n|---|---|---|---|")
    for op, n in sorted(tasks.items(), key=lambda kv: -kv[1]):
        f = forms.get(op, Counter())
        cells = " / ".join(str(f[k]) for k in ("layer", "functional", "torch", "method")) if f else "-"
        print(f"| {op} | {n} | {rewritten[op]} | {cells} |")


if __name__ == "__main__":
    main()
