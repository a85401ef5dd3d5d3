"""Export of a build: SFT and RL datasets (HF `datasets` on disk, and JSONL) plus a dataset card.

SFT rows: `messages` (system, user instruction with the task; assistant reasoning
plus one fenced code block), `task_id`, `teacher`, `provenance` (JSON text, since
its keys differ by source), `level`, `speedup` (GPU-measured, else None).

RL rows: `prompt` (system + user messages), `task_source` (the full task file,
shape metadata included, which is what the execution reward verifies against),
`task_id`, `level`, `source_kind`, `solved_by` (teachers with a verified answer).
Every decontaminated task is an RL prompt, including those no teacher solved and
harvested modules the template teacher cannot write: RL prompts are a superset of
SFT's, with the harder items in them, as in the paper. With `rl_holdout` > 0 a share of the tasks
(chosen by a hash of the task id) is kept out of SFT and only those are RL prompts: GRPO on SFT's
own tasks rewards answers SFT already memorised (run 22: 16 of 64 prompts informative, rollouts
+10 points on them, the development suite unmoved).
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import asdict
import json
import shutil
from collections import Counter, defaultdict
from pathlib import Path

from autotriton.rundir import atomic_write
from autotriton.models.prompts import initial_messages, write_prompt_format


def sft_row(pair: dict, trace: bool = False) -> dict:
    answer = f"{pair['reasoning'].strip()}\n\n```python\n{pair['code'].strip()}\n```\n"
    return {"messages": initial_messages(pair["prompt_source"], trace) + [{"role": "assistant", "content": answer}],
            "task_id": pair["task_id"], "teacher": pair["teacher"], "provenance": json.dumps(pair["provenance"]),
            "level": pair["level"], "speedup": pair["speedup"]}


def rl_rows(items, pairs: list[dict], trace: bool = False) -> list[dict]:
    solved = defaultdict(set)
    for p in pairs:
        solved[p["task_id"]].add(p["teacher"])
    return [{"prompt": initial_messages(it.task.prompt_source, trace), "task_source": it.task.source,
             "task_id": it.task.id, "level": it.task.level, "source_kind": it.source_kind,
             "solved_by": sorted(solved[it.task.id])} for it in items]


def held_for_rl(task_id: str, share: float) -> bool:
    """Whether `task_id` is among the `share` of tasks kept out of SFT for RL: a hash of the id, so
    a task stays on its side when the build grows."""
    return int(hashlib.sha256(task_id.encode()).hexdigest()[:8], 16) < share * 2 ** 32


def save_dataset(rows: list[dict], target: Path) -> None:
    """save_to_disk into a temp dir, then swap it in: a kill never leaves half a dataset."""
    import datasets
    datasets.disable_progress_bars()  # the build shows its own progress; per-save bars are noise
    tmp = target.with_name(f".{target.name}.tmp")
    old = target.with_name(f".{target.name}.old")
    for p in (tmp, old):
        if p.exists():
            shutil.rmtree(p)
    datasets.Dataset.from_list(rows).save_to_disk(str(tmp))
    if target.exists():
        target.rename(old)
    tmp.rename(target)
    if old.exists():
        shutil.rmtree(old)
    atomic_write(target.with_suffix(".jsonl"), "".join(json.dumps(r) + "\n" for r in rows))


def _table(head: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(x) for x in r) + " |" for r in rows]
    return "\n".join(lines)


def card(pairs, items, config, task_report, pair_report, stats, n_sft: int, n_rl: int) -> str:
    import torch
    import triton
    by_level = Counter(p["level"] for p in pairs)
    by_teacher = Counter(p["teacher"] for p in pairs)
    by_source = Counter(p["source_kind"] for p in pairs)
    rl_level = Counter(it.task.level for it in items)
    teacher_rows = [[t, s["candidates"], s["passed"], f"{100 * s['pass_rate']:.1f}%",
                     ", ".join(f"{k}: {v}" for k, v in s["error_kinds"].items()) or "-",
                     ", ".join(f"{k}: {v}" for k, v in s["labels"].items()) or "-",
                     ", ".join(f"{k}: {v}" for k, v in s["judged_on"].items())] for t, s in stats.items()]
    return f"""# AutoTriton training data

Built by `autotriton data build` on {datetime.date.today()} (torch {torch.__version__}, triton {triton.__version__}).
Every SFT pair passed the AutoTriton verifier: rule checks, a real Triton launch,
correctness over several random trials and shapes, and the anti-hacking checks.

- SFT rows: {n_sft} (`sft/`, `sft.jsonl`; chat `messages`)
- RL rows: {n_rl} (`rl/`, `rl.jsonl`; `prompt` + `task_source` for the execution reward)

## SFT pairs per level, teacher and source
{_table(["level", "pairs"], [[k, v] for k, v in sorted(by_level.items())])}

{_table(["teacher", "pairs"], [[k, v] for k, v in sorted(by_teacher.items())])}

{_table(["source", "pairs"], [[k, v] for k, v in sorted(by_source.items())])}

## RL prompts per level
{_table(["level", "prompts"], [[k, v] for k, v in sorted(rl_level.items())])}

## Teachers: verification pass rate and rejection reasons
{_table(["teacher", "candidates", "passed", "pass rate", "rejections (error_kind)", "labels", "judged on"], teacher_rows)}

## Tasks
{_table(["generated", "duplicates", "dropped: exact AST", "dropped: n-gram overlap", "kept"],
        [[task_report["generated"], task_report["duplicate"], task_report["exact_ast"],
          task_report["ngram_overlap"], task_report["kept"]]])}

## Decontamination of pairs
Checked against: {", ".join(["builtin:heldout", "dev (with rewrites)"] + list(config.decontaminate_against))}
(normalised-AST fingerprints, and 13-gram overlap >= 0.5 with an eval item that calls the same operations).

{_table(["verified", "duplicates", "dropped: exact AST", "dropped: n-gram overlap", "kept"],
        [[pair_report["verified"], pair_report["duplicate"], pair_report["exact_ast"],
          pair_report["ngram_overlap"], pair_report["kept"]]])}

## Config
```yaml
{json.dumps(asdict(config), indent=2, default=str)}
```
"""


def export(pairs, records, items, out: Path, config, task_report, pair_report, stats) -> tuple[int, int]:
    trace, share = config.prompt_trace, config.rl_holdout
    sft = [sft_row(p, trace) for p in pairs if not held_for_rl(p["task_id"], share)]
    rl = rl_rows([it for it in items if not share or held_for_rl(it.task.id, share)], pairs, trace)
    save_dataset(sft, out / "sft")
    save_dataset(rl, out / "rl")
    write_prompt_format(out, trace)  # the trainers copy it into the model they save
    atomic_write(out / "decontam_pairs.json", json.dumps(pair_report, indent=2) + "\n")
    atomic_write(out / "README.md", card(pairs, items, config, task_report, pair_report, stats, len(sft), len(rl)))
    return len(sft), len(rl)
