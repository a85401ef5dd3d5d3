"""TritonBench-G and -T gold answers scored as answers: the harness's own sanity check.

Every item's gold code is run twice through the eval path (`run_tritonbench_item`): once as
the gold, once as a candidate answer, and the stored result objects are compared as tensors.
On a GPU the target (issue 12) is >= 95% exec on each channel, every failure explained; on CPU
the programs run under the Triton interpreter with their devices mapped to the CPU
(`tritonbench.on_cpu`), and the count that can run there is the figure.

usage: python benchmarks/tritonbench_gold.py --root external/tritonbench [--device cpu|cuda]
       [--workers 4] [--timeout 120] [--limit N] [--out docs/perf]
Writes <out>/tritonbench_gold_<device>.json and .md (rows stream to .jsonl as they finish).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import torch
import triton

from autotriton.eval import tritonbench

ROOT = Path(__file__).resolve().parents[1]


def score(item, device: str, timeout: float) -> dict:
    start = time.perf_counter()
    r = tritonbench.run_tritonbench_item(item, item.gold_code, device, timeout)
    return {"id": item.id, "channel": item.channel, "call": r.call_ok, "exec": r.exec_ok,
            "error_kind": r.error_kind or "", "error": (r.error_msg or "")[-300:], "speedup": r.speedup,
            "wall_s": round(time.perf_counter() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True, help="TritonBench checkout (holding data/TritonBench_G_v1.json ...)")
    parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per program run")
    parser.add_argument("--limit", type=int, default=0, help="first N items per channel (0 = all)")
    parser.add_argument("--only", default="", help="comma-separated item ids (e.g. tritonbench_g/kldiv_triton)")
    parser.add_argument("--out", default=str(ROOT / "docs" / "perf"))
    args = parser.parse_args()
    items = []
    for load in (tritonbench.load_tritonbench_g, tritonbench.load_tritonbench_t):
        loaded = load(Path(args.root))
        items += loaded[:args.limit] if args.limit else loaded
    if args.only:
        items = [it for it in items if it.id in set(args.only.split(","))]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    live = out / f"tritonbench_gold_{args.device}.jsonl"
    live.write_text("")
    rows = []
    with ThreadPoolExecutor(args.workers) as pool:
        for i, row in enumerate(pool.map(lambda it: score(it, args.device, args.timeout), items)):
            rows.append(row)
            with live.open("a") as f:
                f.write(json.dumps(row) + "\n")
            print(f"[{i + 1}/{len(items)}] {'ok ' if row['exec'] else 'BAD'} {row['id']} {row['error_kind']} "
                  f"{row['error'][-100:]!r}", flush=True)
    device = torch.cuda.get_device_name(0) if args.device == "cuda" else f"CPU ({os.cpu_count()} cores), interpreter"
    record = {"device": device, "torch": torch.__version__, "triton": triton.__version__,
              "python": platform.python_version(), "date": datetime.date.today().isoformat(),
              "command": "python " + " ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:]), "rows": rows}
    (out / f"tritonbench_gold_{args.device}.json").write_text(json.dumps(record, indent=1) + "\n")
    lines = [f"Device: {device}; torch {record['torch']}, triton {record['triton']}, Python {record['python']}; "
             f"{record['date']}; `{record['command']}`", "",
             "| channel | items | call (ran) | exec (results match) |", "|---|---|---|---|"]
    for ch in ("G", "T"):
        rs = [r for r in rows if r["channel"] == ch]
        if rs:
            lines.append(f"| TritonBench-{ch} | {len(rs)} | {sum(r['call'] for r in rs)} | "
                         f"{sum(r['exec'] for r in rs)} ({100 * sum(r['exec'] for r in rs) / len(rs):.1f}%) |")
    kinds: dict[str, int] = {}
    for r in rows:
        if not r["exec"]:
            kinds[r["error_kind"]] = kinds.get(r["error_kind"], 0) + 1
    lines += ["", "Failures by kind: " + (", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "none"), "",
              "| item | kind | last words |", "|---|---|---|"]
    lines += [f"| {r['id']} | {r['error_kind']} | {r['error'][-140:].replace('|', '/').replace(chr(10), ' ')} |"
              for r in rows if not r["exec"]]
    (out / f"tritonbench_gold_{args.device}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:8]))


if __name__ == "__main__":
    main()
