"""The op coverage tables of DATA.md.

Composed tasks (the default): each op's task count and the forms its calls are written in (an
`nn` layer held as an attribute, torch.nn.functional, torch.*, a tensor method), with the share of
files the rewriter wrote again.

A built data set (`--sft PATH`, an sft.jsonl): each ATen op of the listings its prompts show
(what the module's forward runs, traced), in how many rows and from how many sources (composed
families, idioms, blocks, harvested modules), with the call forms of the ops the rewriter knows.

usage: python benchmarks/op_coverage.py [-n 1800] [--seed 0]     (prints a markdown table)
       python benchmarks/op_coverage.py --sft runs/data-ablation-v22/sft.jsonl [--min-rows 5]
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import re
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


LISTING_OP = re.compile(r"^\s*\(?[\w, ]+\)? = (\w+)\(", re.M)


def source_kind(task_id: str) -> str:
    """Where a row's task came from: a composed family (`composed:norm`), or the id's first part."""
    if task_id.startswith("composed/"):
        return "composed:" + task_id.rsplit("_", 1)[-1]
    return task_id.split("/", 1)[0].split("_", 1)[0]


def sft_table(path: str, min_rows: int) -> None:
    rows: Counter = Counter()
    sources: dict[str, set] = defaultdict(set)
    forms: dict[str, Counter] = defaultdict(Counter)
    total = 0
    with open(path) as f:
        for line in f:
            row = json.loads(line)
            user = next(m["content"] for m in row["messages"] if m["role"] == "user")
            blocks = re.findall(r"```(\w*)\n(.*?)```", user, re.S)
            module = next((b for lang, b in blocks if lang == "python"), "")
            listing = next((b for lang, b in blocks if lang == "text"), "")
            total += 1
            for op in set(LISTING_OP.findall(listing)):
                rows[op] += 1
                sources[op].add(source_kind(row["task_id"]))
            try:
                for (op, form), k in forms_in(module).items():
                    forms[op][form] += k
            except SyntaxError:
                continue
    print(f"{total} rows, {len(rows)} ATen ops in their listings; ops in at least {min_rows} rows:\n")
    print("| ATen op | rows | sources | call forms of the module op (layer / functional / torch / method) |\n"
          "|---|---|---|---|")
    for op, n in sorted(rows.items(), key=lambda kv: -kv[1]):
        if n < min_rows:
            continue
        f = forms.get(op, Counter())
        cells = " / ".join(str(f[k]) for k in ("layer", "functional", "torch", "method")) if f else "-"
        print(f"| {op} | {n} | {len(sources[op])} | {cells} |")
    rare = sorted(op for op, n in rows.items() if n < min_rows)
    print(f"\nIn fewer than {min_rows} rows ({len(rare)}): {', '.join(rare)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=1800)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--sft", help="an sft.jsonl of a built data set: its listings' ATen ops instead")
    ap.add_argument("--min-rows", type=int, default=5)
    args = ap.parse_args()
    if args.sft:
        sft_table(args.sft, args.min_rows)
        return
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
