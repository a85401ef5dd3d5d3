"""One GPU verification of the ReLU reference, with the verdict's sandbox details and
stage timings: the first thing to run on a new GPU machine (prints why if it fails).

usage: python benchmarks/gpu_verifier_smoke.py [--out DIR]   (full records: DIR/smoke.jsonl)
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from autotriton.tasks import get_task
from autotriton.verify import Verifier, VerifyConfig


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=".")
    log = Path(parser.parse_args().out) / "smoke.jsonl"
    config = VerifyConfig(device="cuda", cache_dir=None, workers=1, measure_compile=False)
    with Verifier(config) as verifier:
        for name in ("relu", "softmax", "matmul"):
            task = get_task(f"builtin/l1/{name}")
            for attempt in range(2):
                start = time.perf_counter()
                r = verifier.verify(task, task.solution_source)
                wall = time.perf_counter() - start
                print(f"{name} attempt {attempt}: {wall:.2f} s correct={r.correct} {r.error_kind.value} "
                      f"speedup={r.speedup} stages={r.details.get('stages')} {r.error_msg[-300:]}", flush=True)
                with log.open("a") as f:
                    f.write(json.dumps({"task": name, "attempt": attempt, "wall_s": round(time.perf_counter() - start, 2),
                                  "correct": r.correct, "error": r.error_kind.value, "msg": r.error_msg[:1500],
                                  "speedup": r.speedup, "runtime_us": r.runtime_us,
                                        "stages": r.details.get("stages"), "sandbox": r.details.get("sandbox")}) + "\n")


if __name__ == "__main__":
    main()
