"""TritonBench-G and -T gold answers scored as answers: the harness's own sanity check.

Every item's gold code is run twice through the eval path (`run_tritonbench_item`): once as
the gold, once as a candidate answer, and the stored result objects are compared as tensors.
On a GPU the target (issue 12) is >= 95% exec on each channel, every failure explained; on CPU
the programs run under the Triton interpreter with their devices mapped to the CPU
(`tritonbench.on_cpu`), and the count that can run there is the figure.

usage: python benchmarks/tritonbench_gold.py --root external/tritonbench [--device cpu|cuda]
       [--workers 4] [--timeout 120] [--limit N] [--only ID,...] [--resume] [--out docs/perf]
       python benchmarks/tritonbench_gold.py --report RUN.json   (rebuild RUN.md from a saved run)
Writes <out>/tritonbench_gold_<device>.json and .md (rows stream to .jsonl as they finish).
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
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import torch
import triton

from autotriton.eval import tritonbench
from autotriton.tasks.tritonbench import load_tritonbench_g, load_tritonbench_t
from autotriton.verify.rules import check_rules

ROOT = Path(__file__).resolve().parents[1]


def score(item, device: str, timeout: float) -> dict:
    """One gold scored as an answer, in the sandbox with the tamper checks. The static rules
    and the launch check are reported, not applied: the gold is third-party code written
    without our rule table (and for T plain torch), see tritonbench.run_tritonbench_item."""
    start = time.perf_counter()
    r = tritonbench.run_tritonbench_item(item, item.gold_code, device, timeout, rules=False)
    rules = sorted({v.rule for v in check_rules(item.gold_code, contract="tritonbench")})
    return {"id": item.id, "channel": item.channel, "call": r.call_ok, "exec": r.exec_ok,
            "error_kind": r.error_kind or "", "error": (r.error_msg or "")[-300:], "speedup": r.speedup,
            "launches": r.launches, "rules_failed": rules, "undetermined": r.undetermined,
            "sandbox_missing": r.sandbox.get("missing", []), "wall_s": round(time.perf_counter() - start, 1)}


def report_lines(record: dict) -> list[str]:
    """The Markdown report of a run record (also rebuilt from a saved .json with --report)."""
    rows = record["rows"]
    lines = [f"Device: {record['device']}; torch {record['torch']}, triton {record['triton']}, "
             f"Python {record['python']}; {record['date']}; `{record['command']}`", "",
             "Every program ran in the sandbox (confined_run.py) with the tamper and thread checks. "
             "The last two columns are reported, not applied: golds that would also pass a model answer's "
             "static rule table (TritonBench form) and its launch check.", "",
             *([record["rules_note"] + ".", ""] if record.get("rules_note") else []),
             "| channel | items | call (ran) | exec (results match) | exec + rule table | exec + own kernel launched |",
             "|---|---|---|---|---|---|"]
    for ch in ("G", "T"):
        rs = [r for r in rows if r["channel"] == ch]
        if rs:
            ok = [r for r in rs if r["exec"]]
            lines.append(f"| TritonBench-{ch} | {len(rs)} | {sum(r['call'] for r in rs)} | "
                         f"{len(ok)} ({100 * len(ok) / len(rs):.1f}%) | {sum(not r['rules_failed'] for r in ok)} | "
                         f"{sum(r['launches'] > 0 for r in ok)} |")
    # One line per kind of missing protection, not per job (each names its own cgroup dir).
    missing = sorted({re.sub(r"'/sys/fs/cgroup/[^']*'", "<job cgroup dir>", m)
                      for r in rows for m in r.get("sandbox_missing", [])})
    lines += ["", "Sandbox protections missing on this machine: " + ("; ".join(missing) or "none")]
    masked = sorted((r["id"], r["undetermined"]) for r in rows if r.get("undetermined"))
    if masked:
        lines += ["", "Judged with elements left out where the gold's own runs disagree, count in brackets "
                  "(tritonbench.run_tritonbench_gold): " + ", ".join(f"{i} ({n})" for i, n in masked)]
    kinds: dict[str, int] = {}
    for r in rows:
        if not r["exec"]:
            kinds[r["error_kind"]] = kinds.get(r["error_kind"], 0) + 1
    lines += ["", "Failures by kind: " + (", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "none"), "",
              "| item | kind | last words |", "|---|---|---|"]
    lines += [f"| {r['id']} | {r['error_kind']} | {r['error'][-140:].replace('|', '/').replace(chr(10), ' ')} |"
              for r in sorted(rows, key=lambda r: r["id"]) if not r["exec"]]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", help="TritonBench checkout (holding data/TritonBench_G_v1.json ...)")
    parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per program run")
    parser.add_argument("--limit", type=int, default=0, help="first N items per channel (0 = all)")
    parser.add_argument("--only", default="", help="comma-separated item ids (e.g. tritonbench_g/kldiv_triton)")
    parser.add_argument("--out", default=str(ROOT / "docs" / "perf"))
    parser.add_argument("--resume", action="store_true",
                        help="keep the rows already in <out>/tritonbench_gold_<device>.jsonl and score only the rest")
    parser.add_argument("--report", type=Path, help="only rebuild the .md beside this saved run .json")
    args = parser.parse_args()
    if args.report:
        args.report.with_suffix(".md").write_text("\n".join(report_lines(json.loads(args.report.read_text()))) + "\n")
        return
    if not args.root:
        parser.error("--root is required (the TritonBench checkout)")
    items = []
    for load in (load_tritonbench_g, load_tritonbench_t):
        loaded = load(Path(args.root))
        items += loaded[:args.limit] if args.limit else loaded
    if args.only:
        items = [it for it in items if it.id in set(args.only.split(","))]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    live = out / f"tritonbench_gold_{args.device}.jsonl"
    rows = [json.loads(line) for line in live.read_text().splitlines() if line.strip()] \
        if args.resume and live.exists() else []
    done = {r["id"] for r in rows}
    items = [it for it in items if it.id not in done]
    if not args.resume:
        live.write_text("")
    print(f"{len(done)} rows kept, {len(items)} items to score", flush=True)
    with ThreadPoolExecutor(args.workers) as pool:
        # Rows are written as they finish, not in order: a call cut off by its time limit keeps
        # every finished row for --resume.
        futures = [pool.submit(score, it, args.device, args.timeout) for it in items]
        for i, future in enumerate(as_completed(futures)):
            row = future.result()
            rows.append(row)
            with live.open("a") as f:
                f.write(json.dumps(row) + "\n")
            print(f"[{len(done) + i + 1}/{len(done) + len(items)}] {'ok ' if row['exec'] else 'BAD'} {row['id']} {row['error_kind']} "
                  f"{row['error'][-100:]!r}", flush=True)
    device = torch.cuda.get_device_name(0) if args.device == "cuda" else f"CPU ({os.cpu_count()} cores), interpreter"
    record = {"device": device, "torch": torch.__version__, "triton": triton.__version__,
              "python": platform.python_version(), "date": datetime.date.today().isoformat(),
              "command": "python " + " ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:]), "rows": rows}
    (out / f"tritonbench_gold_{args.device}.json").write_text(json.dumps(record, indent=1) + "\n")
    lines = report_lines(record)
    (out / f"tritonbench_gold_{args.device}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:8]))


if __name__ == "__main__":
    main()
