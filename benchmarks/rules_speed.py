"""How long the static rules take on the largest built-in solution (builtin/l3/transformer_block,
223 lines): the caller runs them before anything executes, once per candidate, so they sit in
every RL reward. Moved here from a timed unit test (speed targets live in benchmarks).

    python benchmarks/rules_speed.py [--reps 21]
"""

from __future__ import annotations

import argparse
import statistics
import time

from autotriton.tasks import get_task
from autotriton.verify.rules import check_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=21)
    args = parser.parse_args()
    source = get_task("builtin/l3/transformer_block").solution_source
    assert check_rules(source) == []
    times = []
    for _ in range(args.reps):
        start = time.perf_counter()
        check_rules(source)
        times.append((time.perf_counter() - start) * 1e3)
    print(f"check_rules on builtin/l3/transformer_block ({len(source.splitlines())} lines): "
          f"median {statistics.median(times):.1f} ms, min {min(times):.1f} ms over {args.reps} reps")


if __name__ == "__main__":
    main()
