"""Benchmark: the Inductor teacher on a CPU against its GPU captures.

For every builtin task of the recorded H100 captures (tests/fixtures/inductor), capture the task
again here with Inductor's Triton backend for CPU tensors (teachers/inductor/capture.py), rewrite
both captures, and report per task: whether each rewrites, whether the two rewrites are the same
text (the version line aside), their similarity, and the CPU rewrite's verdict at its captured size.

    python benchmarks/inductor_on_cpu.py --out docs/perf/inductor_on_cpu.json
"""

from __future__ import annotations

import argparse
import difflib
import json
import platform
import re
import time
from pathlib import Path

FIXTURE = Path("tests/fixtures/inductor/captures_train_h100.json")


def _text(rewrite) -> str:
    return re.sub(r"Captured with torch \S+", "", rewrite.code) if rewrite.ok else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/perf/inductor_on_cpu.json"))
    parser.add_argument("--workers", type=int, default=2, help="verifier sandboxes")
    args = parser.parse_args()

    import torch
    import triton

    from autotriton.data.teachers.inductor import fixed_shape_task, rewrite
    from autotriton.data.teachers.inductor.capture import Capture, capture
    from autotriton.tasks import get_task
    from autotriton.verify.api import Verifier
    from autotriton.verify.config import VerifyConfig

    rows, judged = [], []
    for record in json.loads(FIXTURE.read_text()):
        task = get_task(record["task_id"])
        start = time.perf_counter()
        cpu = capture(task, device="cpu")
        capture_s = time.perf_counter() - start
        gpu_rw = rewrite(Capture(**record), task.source)
        cpu_rw = rewrite(cpu, task.source) if cpu.ok else None
        ok = bool(cpu_rw and cpu_rw.ok)
        rows.append({"task": task.id, "gpu_rewrites": gpu_rw.ok, "cpu_captures": cpu.ok, "cpu_rewrites": ok,
                     "same_text": ok and gpu_rw.ok and _text(gpu_rw) == _text(cpu_rw),
                     "similarity": round(difflib.SequenceMatcher(None, _text(gpu_rw), _text(cpu_rw) if ok else "").ratio(), 3),
                     "why_not": "" if ok else (cpu.reason if not cpu.ok else cpu_rw.reason)[:200],
                     "capture_s": round(capture_s, 2)})
        if ok:
            judged.append((len(rows) - 1, fixed_shape_task(task, task.shapes_for("interp")[0]), cpu_rw.code))
        print(rows[-1], flush=True)
    verifier = Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=args.workers))
    for (i, _, _), result in zip(judged, verifier.verify_many([(t, code) for _, t, code in judged])):
        rows[i]["verified"] = result.correct
        rows[i]["verdict"] = "" if result.correct else f"{result.error_kind.value}: {(result.error_msg or '')[:200]}"
    summary = {"tasks": len(rows), "cpu_rewrites": sum(r["cpu_rewrites"] for r in rows),
               "gpu_rewrites": sum(r["gpu_rewrites"] for r in rows), "same_text": sum(r["same_text"] for r in rows),
               "cpu_verified": sum(bool(r.get("verified")) for r in rows)}
    out = {"summary": summary, "torch": torch.__version__, "triton": triton.__version__, "python": platform.python_version(),
           "fixture": str(FIXTURE), "command": "python benchmarks/inductor_on_cpu.py --out " + str(args.out), "rows": rows}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(summary)


if __name__ == "__main__":
    main()
