"""Verify every built-in reference solution and record per-task verdicts and timings.

On GPU this is the suite's own speed table: runtime of our Triton reference,
PyTorch eager and torch.compile, on each task's first GPU shape. Writes
docs/perf/references_<mode>.json and .md with device, versions, date, command.

usage: python benchmarks/reference_suite.py [--device cpu|cuda]
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import sys
import time
from pathlib import Path

import torch
import triton

from autotriton.tasks import builtin_tasks
from autotriton.verify import Verifier, VerifyConfig

ROOT = Path(__file__).resolve().parents[1]


def fmt(v, spec=".1f"):
    return "n/m" if v is None else format(v, spec)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    parser.add_argument("--out", default=str(ROOT / "docs" / "perf"))
    parser.add_argument("--no-compile", action="store_true",
                        help="skip the torch.compile baselines (seconds of Inductor time per task)")
    parser.add_argument("--compile-from", default=None,
                        help="take compile_us from an earlier references_gpu.json (recorded in the output)")
    args = parser.parse_args()
    tasks = builtin_tasks()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    live = (out / "references_live.jsonl").open("w")  # one row per finished task: a timeout keeps the data

    def progress(r):
        print(f"{r.task_id}: {r.correct} {r.error_kind.value} {fmt(r.speedup, '.2f')}", flush=True)
        live.write(json.dumps(r.to_dict()) + "\n")
        live.flush()

    start = time.perf_counter()
    config = VerifyConfig(device=args.device, cache_dir=None, timeout_s=300, measure_compile=not args.no_compile)
    with Verifier(config) as verifier:
        results = verifier.verify_many([(t, t.solution_source) for t in tasks], progress=progress)
        device = verifier.device_name
    if args.compile_from:
        earlier = {row["task"]: row["compile_us"] for row in json.loads(Path(args.compile_from).read_text())["rows"]}
        for t, r in zip(tasks, results):
            r.compile_us = earlier.get(t.id)
    wall = time.perf_counter() - start
    rows = [{"task": t.id, "split": t.split, "correct": r.correct, "error_kind": r.error_kind.value,
             "error_msg": r.error_msg[:300], "runtime_us": r.runtime_us, "p20_us": r.runtime_p20_us,
             "p80_us": r.runtime_p80_us, "eager_us": r.eager_us, "compile_us": r.compile_us,
             "speedup": r.speedup, "flags": r.hack_flags, "wall_s": round(r.wall_s, 1),
             "timing_shape": r.details.get("timing_shape")} for t, r in zip(tasks, results)]
    speedups = [r.speedup for r in results if r.speedup]
    summary = {"tasks": len(tasks), "correct": sum(r.correct for r in results), "wall_s": round(wall, 1),
               "geomean_speedup_vs_eager": round(math.exp(sum(map(math.log, speedups)) / len(speedups)), 3)
               if speedups else None}
    record = {"device": device, "torch": torch.__version__, "triton": triton.__version__,
              "python": platform.python_version(), "date": datetime.date.today().isoformat(),
              "command": "python " + " ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:]),
              "compile_us_source": args.compile_from or ("not measured" if args.no_compile else "this run"),
              "summary": summary, "rows": rows}
    mode = "gpu" if args.device == "cuda" else "cpu"
    (out / f"references_{mode}.json").write_text(json.dumps(record, indent=2) + "\n")
    lines = [f"Device: {device}; torch {record['torch']}, triton {record['triton']}; {record['date']}; "
             f"`{record['command']}`", "", f"Summary: {json.dumps(summary)}", "",
             "| task | split | correct | ours us (p20-p80) | eager us | torch.compile us | speedup vs eager |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['task']} | {r['split']} | {r['correct'] or r['error_kind']} | {fmt(r['runtime_us'])} "
                     f"({fmt(r['p20_us'])}-{fmt(r['p80_us'])}) | {fmt(r['eager_us'])} | {fmt(r['compile_us'])} | "
                     f"{fmt(r['speedup'], '.2f')} |")
    (out / f"references_{mode}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:4]))


if __name__ == "__main__":
    main()
