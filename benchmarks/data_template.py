"""Benchmark: the offline template teacher on this machine's CPU (Triton interpreter).

Target (data issue): >= 2000 verified SFT pairs within 30 minutes on a 2-core CPU,
and > 90% of template outputs verifying.

    python benchmarks/data_template.py --out docs/perf   # builds into runs/bench-data (cold)
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", type=Path, default=Path("configs/data_offline.yaml"))
    parser.add_argument("--build-dir", type=Path, default=Path("runs/bench-data"))
    parser.add_argument("--out", type=Path, default=Path("docs/perf"))
    args = parser.parse_args()
    import torch
    import triton

    from autotriton.data.build import BuildConfig, run_build
    if args.build_dir.exists():
        shutil.rmtree(args.build_dir)  # cold: no cached verdicts, no resumed log
    config = BuildConfig.from_yaml(args.config)
    start = time.perf_counter()
    report = run_build(config, args.build_dir,
                       progress=lambda stage, d, t: print(f"{stage} {d}/{t} {time.perf_counter() - start:.0f}s",
                                                          flush=True))
    wall = time.perf_counter() - start
    t = report.teachers["template"]
    result = {
        "date": str(datetime.date.today()), "command": " ".join([sys.executable.split("/")[-1]] + sys.argv),
        "device": f"CPU ({os.cpu_count()} cores, {platform.processor() or platform.machine()})",
        "torch": torch.__version__, "triton": triton.__version__, "python": platform.python_version(),
        "config": str(args.config), "wall_s": round(wall, 1), "tasks": report.tasks,
        "template_candidates": t["candidates"], "template_verified": t["passed"],
        "template_pass_rate": round(t["pass_rate"], 4), "rejections": t["error_kinds"],
        "sft_pairs": report.sft_rows, "rl_prompts": report.rl_rows,
        "pairs_per_min": round(report.sft_rows / (wall / 60), 1),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "data_template_cpu.json").write_text(json.dumps(result, indent=2) + "\n")
    md = ["# Template teacher, offline build on CPU", "",
          f"{result['date']}, {result['device']}, torch {result['torch']}, triton {result['triton']}, "
          f"Python {result['python']}; `{result['command']}`", "",
          "| tasks kept | candidates | verified | pass rate | SFT pairs | wall | pairs/min |", "|---|---|---|---|---|---|---|",
          f"| {report.tasks['kept']} | {t['candidates']} | {t['passed']} | {100 * t['pass_rate']:.1f}% | "
          f"{report.sft_rows} | {wall / 60:.1f} min | {result['pairs_per_min']} |", "",
          f"Rejections by error_kind: {t['error_kinds'] or 'none'}.", ""]
    (args.out / "data_template_cpu.md").write_text("\n".join(md))
    print("\n".join(md))


if __name__ == "__main__":
    main()
