"""Our verifier beside KernelBench's own harness, on the same candidates, one GPU.

KernelBench's `eval_kernel_against_ref` is imported from the user's checkout (its
`src/` on the path), never copied, and run as its scripts run it: one spawned
process per candidate, 5 correctness and 100 perf trials, the triton backend,
fp32. Ours is `Verifier.verify_many` with its defaults on the task files at full
size and a cold cache (fork-servers, footprints and Triton compiles included in
its time); torch.compile baselines are off, since KernelBench does not measure them.

    python benchmarks/kernelbench_side_by_side.py --kernelbench external/kernelbench \\
        --answers benchmarks/kernelbench_answers --tasks level1/19_ReLU level1/23_Softmax \\
        --out docs/perf/raw/side_by_side.json

KernelBench's imports need pydantic, python-dotenv, openai and a few more
(../shared/docs/BENCHMARKS.md); `--litellm-stub` writes the one-line `litellm`
module its utils import and evaluation never uses.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _kernelbench_child(src_dir: str, ref: str, cand: str, build_dir: str, queue) -> None:
    sys.path.insert(0, src_dir)
    import torch
    from kernelbench.eval import eval_kernel_against_ref
    try:
        res = eval_kernel_against_ref(ref, cand, seed_num=42, num_correct_trials=5, num_perf_trials=100,
                                      measure_performance=True, backend="triton", device=0,
                                      build_dir=build_dir, precision=torch.float32)
        queue.put({"compiled": bool(res.compiled), "correct": bool(res.correctness),
                   "runtime_ms": res.runtime, "ref_runtime_ms": getattr(res, "ref_runtime", None),
                   "metadata": {k: str(v)[:300] for k, v in (res.metadata or {}).items()}})
    except Exception as exc:  # noqa: BLE001 - recorded as the harness's failure for this candidate
        queue.put({"compiled": False, "correct": False, "error": f"{type(exc).__name__}: {exc}"[:500]})


def run_kernelbench(src_dir: Path, pairs: list[tuple[str, str, str]], timeout_s: float) -> tuple[list[dict], float]:
    """KernelBench's harness, one spawned process per candidate, as its scripts do."""
    ctx = mp.get_context("spawn")
    rows, start = [], time.monotonic()
    for name, ref, cand in pairs:
        queue = ctx.Queue()
        t0 = time.monotonic()
        with tempfile.TemporaryDirectory() as build:
            proc = ctx.Process(target=_kernelbench_child, args=(str(src_dir), ref, cand, build, queue))
            proc.start()
            proc.join(timeout_s)
            if proc.is_alive():
                proc.kill()
                proc.join()
                row = {"compiled": False, "correct": False, "error": f"timeout after {timeout_s:g} s"}
            else:
                row = queue.get() if not queue.empty() else {"compiled": False, "correct": False,
                                                              "error": f"exit code {proc.exitcode}"}
        row.update(task=name, wall_s=round(time.monotonic() - t0, 2))
        if row.get("runtime_ms") and row.get("ref_runtime_ms") and row["runtime_ms"] > 0:
            row["speedup"] = row["ref_runtime_ms"] / row["runtime_ms"]
        print(f"kernelbench  {name:45s} correct={row['correct']} {row['wall_s']:7.1f} s "
              f"{row.get('speedup', float('nan')):.2f}x {row.get('error', '')}", flush=True)
        rows.append(row)
    return rows, time.monotonic() - start


def run_ours(task_paths: list[Path], answers: list[str], workers_per_gpu: int) -> tuple[list[dict], float, float]:
    """(rows, cold wall s, warm wall s). Cold counts everything from a fresh Verifier;
    warm starts the clock once every fork-server is up (each verified one built-in
    reference first), as in a generation or RL loop whose Verifier lives for the run.
    The tasks' footprints, eager baselines and Triton compiles are in both."""
    from autotriton.tasks.suite import list_tasks, load_task_file
    from autotriton.verify import Verifier, VerifyConfig
    tasks = [load_task_file(p) for p in task_paths]
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as cache:
        config = VerifyConfig(device="cuda", cache_dir=cache, measure_compile=False, workers_per_gpu=workers_per_gpu)
        with Verifier(config) as verifier:
            warm_tasks = list_tasks()[:verifier.n_workers()]
            verifier.verify_many([(t, t.solution_source) for t in warm_tasks])
            warm_start = time.monotonic()
            results = verifier.verify_many(list(zip(tasks, answers)))
    wall = time.monotonic() - start
    warm = time.monotonic() - warm_start
    rows = []
    for path, r in zip(task_paths, results):
        rows.append({"task": f"{path.parent.name}/{path.stem}", "correct": r.correct, "compiled": r.compiled,
                     "error_kind": r.error_kind.value, "error": (r.error_msg or "")[:300],
                     "speedup": r.speedup, "runtime_us": r.runtime_us, "eager_us": r.eager_us,
                     "wall_s": round(r.wall_s, 2), "stages": r.details.get("stages"),
                     "gpu_plan": r.details.get("gpu_plan"), "gpu_peak_bytes": r.details.get("gpu_peak_bytes"),
                     "fp64_unavailable": r.details.get("reference_fp64_unavailable")})
        print(f"ours         {rows[-1]['task']:45s} correct={r.correct} {r.wall_s:7.1f} s "
              f"{(r.speedup or float('nan')):.2f}x {r.error_kind.value} {(r.error_msg or '')[:120]}", flush=True)
    return rows, wall, warm


def stage_totals(rows: list[dict]) -> dict:
    """Where our batch's time went, summed over candidates (details.stages): job time, and the
    GPU timing lock held and waited for; the held total is the floor of the batch's wall time,
    since timing runs one job at a time per GPU."""
    def total(key: str) -> float:
        return round(sum((r.get("stages") or {}).get(key, 0.0) for r in rows), 1)
    return {"job_s": total("total_s"), "first_forward_s": total("candidate_first_forward_s"),
            "timing_lock_held_s": total("timing_lock_held_s"), "timing_lock_wait_s": total("timing_lock_wait_s"),
            "footprint_s": total("footprint_s"), "ledger_wait_s": total("ledger_wait_s")}


def ieee_dots(answer: str) -> str:
    """The answer with every `tl.dot(a, b, acc)` in full fp32 (input_precision="ieee"):
    KernelBench's fp32 check (atol = rtol = 1e-4 at 423217d) rejects TF32 dots, which we
    accept by design, so verdicts can only be compared on dots both harnesses accept."""
    return re.sub(r"tl\.dot\(([^()]*)\)", r'tl.dot(\1, input_precision="ieee")', answer)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernelbench", type=Path, required=True, help="checkout with level1..3/ and src/kernelbench")
    ap.add_argument("--answers", type=Path, required=True, help="answers named after the task files")
    ap.add_argument("--tasks", nargs="+", required=True, help="level<N>/<stem> of each task")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--timeout", type=float, default=600, help="per candidate, KernelBench's harness")
    ap.add_argument("--skip-kernelbench", action="store_true", help="ours only (e.g. to rerun one side)")
    ap.add_argument("--litellm-stub", action="store_true", help="write a stub litellm module on the path")
    ap.add_argument("--workers-per-gpu", type=int, nargs="+", default=[6],
                    help="our sandboxes per GPU; several values run ours once per value (the first is the headline)")
    ap.add_argument("--ieee-dots", action="store_true",
                    help="run every tl.dot of the answers in full fp32 (both harnesses), see ieee_dots")
    args = ap.parse_args()
    paths = [args.kernelbench / f"{t}.py" for t in args.tasks]
    answers = [(args.answers / f"{t}.py").read_text() for t in args.tasks]
    if args.ieee_dots:
        answers = [ieee_dots(a) for a in answers]
    refs = [p.read_text() for p in paths]
    for p in paths:
        if not p.is_file():
            raise SystemExit(f"no task file {p}")

    import torch
    import triton
    device = torch.cuda.get_device_name() if torch.cuda.is_available() else "no GPU"
    runs = {w: run_ours(paths, answers, w) for w in args.workers_per_gpu}
    ours, ours_wall, ours_warm = runs[args.workers_per_gpu[0]]
    theirs, theirs_wall = [], None
    if not args.skip_kernelbench:
        stub_dir = Path(tempfile.mkdtemp())
        if args.litellm_stub:
            (stub_dir / "litellm.py").write_text("def completion(*args, **kwargs):\n    raise RuntimeError('stub')\n")
        src = args.kernelbench / "src"
        sys.path.insert(0, str(stub_dir))
        import os
        os.environ["PYTHONPATH"] = os.pathsep.join([str(stub_dir), os.environ.get("PYTHONPATH", "")])
        theirs, theirs_wall = run_kernelbench(src, list(zip(args.tasks, refs, answers)), args.timeout)
    n = len(paths)
    summary = {"device": device, "torch": torch.__version__, "triton": triton.__version__,
               "python": sys.version.split()[0], "date": time.strftime("%Y-%m-%d"),
               "command": " ".join(sys.argv), "candidates": n,
               "ours_wall_s": round(ours_wall, 1), "ours_per_min": round(60 * n / ours_wall, 2),
               "ours_warm_wall_s": round(ours_warm, 1), "ieee_dots": args.ieee_dots}
    if theirs_wall:
        summary.update(kernelbench_wall_s=round(theirs_wall, 1), kernelbench_per_min=round(60 * n / theirs_wall, 2),
                       ratio=round(theirs_wall / ours_wall, 1), ratio_warm=round(theirs_wall / ours_warm, 1),
                       verdicts_agree=sum(a["correct"] == b["correct"] for a, b in zip(ours, theirs)))
    summary["ours_by_workers_per_gpu"] = {
        w: {"wall_s": round(cold, 1), "warm_wall_s": round(warm, 1), "correct": sum(r["correct"] for r in rows),
            **stage_totals(rows),
            **({"ratio": round(theirs_wall / cold, 1), "ratio_warm": round(theirs_wall / warm, 1),
                "verdicts_agree": sum(a["correct"] == b["correct"] for a, b in zip(rows, theirs))} if theirs_wall else {})}
        for w, (rows, cold, warm) in runs.items()}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"summary": summary, "ours": ours, "kernelbench": theirs}, indent=1))
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
