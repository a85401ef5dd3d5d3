"""A data build's verified answers judged again on another device, a sample of each family.

Builds are judged on the CPU (Triton's interpreter at the interpreter's sizes). An answer can pass
there and fail at a task's own size on a GPU: data v18's totals added one float32 share per row with
`tl.atomic_add`, exact enough over a few hundred rows and 0.4% off over millions (run 18,
docs/results/ablation_h200_run18). This judges up to N verified answers of each family of the build's
log (the last record of each sample; stale ones and duplicates are not filtered out, as the
build's export does) on `--device`, by family and teacher label (a family's answers can come from
several lowerings), and writes each group's count of answers that still pass, with the first
failures' messages. Correctness only: no timing, no torch.compile of the references.

    python benchmarks/data_on_device.py runs/data-ablation-v19 --device cuda --per-family 6 --out OUT.json
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
from pathlib import Path

from autotriton.data.build import latest_records
from autotriton.data.teachers import Solution
from autotriton.rundir import atomic_write, read_jsonl
from autotriton.tasks import task_from_source
from autotriton.train.report import local_provenance
from autotriton.verify import VERIFIER_VERSION, Verifier, VerifyConfig


def verified_answers(build: Path) -> list[dict]:
    """The last record of each (task, teacher, sample) in the build's log, where it verified."""
    return [r for r in latest_records(read_jsonl(build / "candidates.jsonl")) if r["correct"]]


def family(record: dict) -> str:
    """The task's family (or harvested package), with the teacher's label for the answer's form."""
    provenance = json.loads(record["provenance"]) if isinstance(record["provenance"], str) else record["provenance"]
    name = provenance.get("family") or provenance.get("source", "other")
    return f"{name}/{record['label']}" if record.get("label") else name


def sample(records: list[dict], per_family: int, seed: int) -> list[dict]:
    by_family = collections.defaultdict(list)
    for r in sorted(records, key=lambda r: (r["task_id"], r["sample"])):
        by_family[family(r)].append(r)
    rng = random.Random(seed)
    return [r for recs in by_family.values() for r in rng.sample(recs, min(per_family, len(recs)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build", type=Path, help="a data build folder (candidates.jsonl)")
    parser.add_argument("--device", default="cuda", choices=["auto", "cpu", "cuda"])
    parser.add_argument("--per-family", type=int, default=6, help="answers judged per family and label")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout-s", type=float, default=120.0)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.per_family < 1:
        parser.error("--per-family must be at least 1")
    if not (args.build / "candidates.jsonl").is_file():
        parser.error(f"{args.build} holds no candidates.jsonl")
    chosen = sample(verified_answers(args.build), args.per_family, args.seed)
    pairs = [(task_from_source(r["task_source"], task_id=r["task_id"], suite="data", level=r["level"]),
              Solution(r["reasoning"], r["code"]).answer()) for r in chosen]
    start, done = time.perf_counter(), [0]

    def progress(_) -> None:
        done[0] += 1
        if done[0] % 20 == 0 or done[0] == len(pairs):
            print(f"{done[0]}/{len(pairs)} judged, {time.perf_counter() - start:.0f} s", flush=True)

    config = VerifyConfig(device=args.device, timeout_s=args.timeout_s, time_it=False, measure_compile=False)
    with Verifier(config) as verifier:
        device = verifier.config.resolved_device()
        results = verifier.verify_many(pairs, progress=progress)
    families = collections.defaultdict(lambda: {"judged": 0, "pass": 0, "failures": []})
    for r, res in zip(chosen, results):
        f = families[family(r)]
        f["judged"] += 1
        f["pass"] += bool(res.correct)
        if not res.correct and len(f["failures"]) < 5:
            f["failures"].append({"task_id": r["task_id"], "sample": r["sample"], "error_kind": res.error_kind.value,
                                  "error_msg": res.error_msg[:400]})
    report = {"build": str(args.build), "device": device, "verifier_version": VERIFIER_VERSION,
              "provenance": local_provenance(), "command": " ".join(sys.argv),
              "wall_s": round(time.perf_counter() - start, 1), "per_family": args.per_family,
              "judged": len(pairs), "pass": sum(f["pass"] for f in families.values()),
              "families": dict(sorted(families.items()))}
    atomic_write(args.out, json.dumps(report, indent=2) + "\n")
    for name, f in sorted(families.items()):
        print(f"{name:36s} {f['pass']:3d}/{f['judged']:3d}")
    print(f"{report['pass']}/{report['judged']} pass on {device} in {report['wall_s']} s; {args.out}")


if __name__ == "__main__":
    main()
