"""How long a data build's verified answers are, by level, in the embedded model's tokens (DATA.md's
table of the Inductor pairs on harvested modules): what of a build a small model's context holds.

Reads the build's candidates log (the latest record of each task), counts the reasoning and code of
each verified answer, and the prompt's module source beside it, with SmolLM2's tokenizer.

usage: python benchmarks/pair_lengths.py runs/data-inductor-cpu6/candidates.jsonl [--context 6144]
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict

from autotriton.data.build import latest_records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", help="a build's candidates.jsonl")
    parser.add_argument("--context", type=int, default=6144, help="prompt + answer tokens that fit (ablation SFT)")
    args = parser.parse_args()
    from transformers import AutoTokenizer

    from autotriton.models.embedded import embedded_model_dir
    tokenizer = AutoTokenizer.from_pretrained(embedded_model_dir())
    rows = latest_records(json.loads(line) for line in open(args.log))
    by_level: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for r in rows:
        if r["correct"]:
            answer = len(tokenizer(r["reasoning"] + "\n" + r["code"])["input_ids"])
            by_level[r["level"]].append((answer, len(tokenizer(r["task_source"])["input_ids"])))
    print(f"{sum(map(len, by_level.values()))} verified of {len(rows)} judged tasks\n")
    print(f"| level | verified | answer median (tokens) | answers ≤ 2,048 | answers ≤ 4,096 | prompt + answer ≤ {args.context:,} |")
    print("|---|---|---|---|---|---|")
    for level, pairs in sorted(by_level.items()):
        answers = sorted(a for a, _ in pairs)
        print(f"| {level} | {len(pairs)} | {answers[len(answers) // 2]:,} | {sum(a <= 2048 for a in answers)} | "
              f"{sum(a <= 4096 for a in answers)} | {sum(a + p <= args.context for a, p in pairs)} |")


if __name__ == "__main__":
    main()
