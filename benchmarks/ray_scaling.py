"""The verifier through Ray on 1 and on 2 actors (one per GPU, or per CPU), against the local pool,
on one batch: throughput and whether every verdict agrees (issue 34: at least 1.8x from 1 to 2 GPUs).

    python benchmarks/ray_scaling.py --actors 1,2 [--copies 2] [--device cuda] [--out DIR]

The batch is every built-in task's reference solution, `--copies` times, plus a wrong answer per
task (one wrong formula), so both verdicts are timed; no result cache, so every candidate runs.
Each pool is started before its clock starts: the numbers are verification only. Writes
ray_scaling.json and prints a markdown table.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from autotriton.tasks.suite import builtin_tasks
from autotriton.verify import Verifier, VerifyConfig


def batch(copies: int, limit: int = 0) -> list:
    """(task, text) pairs: each reference `copies` times (a comment apart, so none is a copy of
    another), and the reference with its first `+` turned into `-` (wrong wherever it changes math)."""
    pairs = []
    tasks = [t for t in builtin_tasks() if t.solution_source]
    for task in tasks[:limit or None]:
        pairs += [(task, f"{task.solution_source}\n# copy {i}\n") for i in range(copies)]
        pairs.append((task, task.solution_source.replace(" + ", " - ", 1)))
    return pairs


def timed(config: VerifyConfig, pairs: list) -> tuple[float, list, str]:
    """(seconds, verdicts, device) of one warm pool over the batch."""
    with Verifier(config) as verifier:
        verifier.verify_many(pairs[:1])  # fork-servers (or actors) up and warm before the clock
        start = time.perf_counter()
        results = verifier.verify_many(pairs)
        return time.perf_counter() - start, [(r.correct, r.error_kind.value) for r in results], verifier.device_name


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--actors", default="1,2", help="comma-separated actor counts to time")
    ap.add_argument("--copies", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0, help="only the first N built-in tasks (0 = all 60)")
    ap.add_argument("--device", default="auto", choices=["auto", "cpu", "cuda"])
    ap.add_argument("--workers", type=int, default=0, help="sandboxes per actor (0 = the verifier's default)")
    ap.add_argument("--out", default="runs/ray_scaling")
    args = ap.parse_args()
    import ray
    ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    pairs = batch(args.copies, args.limit)
    rows = []
    base = dict(device=args.device, cache_dir=None, workers=args.workers)
    for actors in [int(a) for a in args.actors.split(",")]:
        wall, verdicts, device = timed(VerifyConfig(**base, backend="ray", actors=actors), pairs)
        rows.append({"backend": "ray", "actors": actors, "wall_s": wall, "verdicts": verdicts, "device": device})
        print(f"ray, {actors} actor(s): {len(pairs)} candidates in {wall:.1f} s", file=sys.stderr)
    wall, local, device = timed(VerifyConfig(**base, backend="local"), pairs)
    rows.append({"backend": "local", "actors": 0, "wall_s": wall, "verdicts": local, "device": device})
    one = next((r["wall_s"] for r in rows if r["actors"] == 1), None)
    lines = [f"{len(pairs)} candidates ({sum(ok for ok, _ in local)} correct locally), device {device}, "
             f"Ray {ray.__version__}, cluster {ray.cluster_resources()}", "",
             "| backend | actors | wall s | candidates/min | vs 1 actor | verdicts as local | error kinds as local |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        # The verdict is `correct`; the kind of a rejection can differ run to run where the candidate's
        # behaviour is undefined (an out-of-bounds read crashed one run and read garbage in another).
        same = sum(a[0] == b[0] for a, b in zip(r["verdicts"], local))
        kinds = sum(a == b for a, b in zip(r["verdicts"], local))
        ratio = f"{one / r['wall_s']:.2f}x" if one and r["backend"] == "ray" else ""
        lines.append(f"| {r['backend']} | {r['actors'] or ''} | {r['wall_s']:.1f} | {60 * len(pairs) / r['wall_s']:.0f} "
                     f"| {ratio} | {same}/{len(pairs)} | {kinds}/{len(pairs)} |")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "ray_scaling.json").write_text(json.dumps({"rows": rows, "candidates": len(pairs), "argv": sys.argv}, indent=1))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
