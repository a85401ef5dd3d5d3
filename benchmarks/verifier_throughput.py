"""Verifier throughput: candidates verified per second.

CPU mode (Triton interpreter): fork-server vs a naive fresh `python` per
candidate, one worker, then all cores. GPU mode: all workers, with
compilation and timing included. Every candidate is made unique (a comment
inside each kernel) so Triton's compile cache cannot serve a repeat: RL
rollouts are all different too.

Writes docs/perf/verifier_<mode>.json and .md with device, versions, date
and the command.

usage: python benchmarks/verifier_throughput.py [--mode cpu|gpu] [-n 40]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import sys
import time
from pathlib import Path

import torch
import triton

from autotriton.tasks import get_task
from autotriton.verify import Verifier, VerifyConfig

SIMPLE_L1 = ["relu", "gelu", "silu", "sigmoid", "tanh", "leaky_relu", "hardtanh", "add", "maximum", "mul_broadcast"]
ROOT = Path(__file__).resolve().parents[1]


def unique_candidates(n: int, tag: str) -> list:
    tasks = [get_task(f"builtin/l1/{name}") for name in SIMPLE_L1]
    pairs = []
    for i in range(n):
        task = tasks[i % len(tasks)]
        # A comment as the first line of every kernel body changes Triton's cache key.
        src = re.sub(r"(@triton\.jit\ndef [^\n]*\n)", rf"\1    # bench {tag} {i}\n", task.solution_source)
        pairs.append((task, src))
    return pairs


def measure(config: VerifyConfig, pairs, label: str) -> dict:
    with Verifier(config) as verifier:
        # Start the fork-servers (one-off cost, like a trainer's first step) outside the clock.
        verifier.verify_many(unique_candidates(verifier.n_workers(), f"warm-{label}"))
        start = time.perf_counter()
        results = verifier.verify_many(pairs)
        wall = time.perf_counter() - start
        workers = verifier.n_workers()
    correct = sum(r.correct for r in results)
    row = {"label": label, "workers": workers, "candidates": len(pairs), "correct": correct,
           "wall_s": round(wall, 2), "per_s": round(len(pairs) / wall, 2),
           "per_min": round(60 * len(pairs) / wall, 1), "per_s_per_worker": round(len(pairs) / wall / workers, 2)}
    print(json.dumps(row), flush=True)
    return row


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=["cpu", "gpu"], default="cpu")
    parser.add_argument("-n", type=int, default=40, help="candidates per measurement")
    parser.add_argument("--out", default=str(ROOT / "docs" / "perf"))
    args = parser.parse_args()
    tag = str(time.time_ns())
    rows = []
    if args.mode == "cpu":
        base = dict(device="cpu", cache_dir=None)
        rows.append(measure(VerifyConfig(**base, workers=1, fresh_process=True),
                            unique_candidates(max(6, args.n // 5), tag + "naive"), "naive fresh python, 1 worker"))
        rows.append(measure(VerifyConfig(**base, workers=1), unique_candidates(args.n, tag + "fs1"),
                            "fork-server, 1 worker"))
        cores = os.cpu_count() or 1
        rows.append(measure(VerifyConfig(**base, workers=cores), unique_candidates(args.n, tag + "fsN"),
                            f"fork-server, {cores} workers"))
        device = platform.processor() or platform.machine()
        device = f"CPU ({os.cpu_count()} cores, {device})"
    else:
        rows.append(measure(VerifyConfig(device="cuda", cache_dir=None, timeout_s=300),
                            unique_candidates(args.n, tag + "gpu"), "GPU, compile + correctness + timing"))
        device = torch.cuda.get_device_name(0)
    record = {"device": device, "torch": torch.__version__, "triton": triton.__version__,
              "python": platform.python_version(), "date": datetime.date.today().isoformat(),
              "command": "python " + " ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:]), "rows": rows}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / f"verifier_{args.mode}.json").write_text(json.dumps(record, indent=2) + "\n")
    lines = [f"Device: {device}; torch {record['torch']}, triton {record['triton']}, "
             f"Python {record['python']}; {record['date']}; `{record['command']}`", "",
             "| setup | workers | candidates | correct | wall s | per s | per min | per s per worker |",
             "|---|---|---|---|---|---|---|---|"]
    lines += [f"| {r['label']} | {r['workers']} | {r['candidates']} | {r['correct']} | {r['wall_s']} | "
              f"{r['per_s']} | {r['per_min']} | {r['per_s_per_worker']} |" for r in rows]
    (out / f"verifier_{args.mode}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
