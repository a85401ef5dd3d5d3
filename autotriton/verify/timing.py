"""GPU timing on the judge's side: the lock that serialises timing per GPU, the
eager reference's CUDA-event timing, and the summary of candidate rep times.

The candidate is timed inside its own process (worker.py), with the same method:
an L2 flush before each rep outside the timed region, CUDA events around one call,
inputs rotated over several sets, a device-wide sync after each rep.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import statistics
import tempfile
import time
from dataclasses import dataclass

import torch

# H100 L2 is 50 MB, H200 60 MB: zeroing 256 MB evicts it completely.
FLUSH_BYTES = 256 * 1024 * 1024


# The worker's untimed calls before the timed reps 0, 1, ...: three warm-ups, then a probe whose
# time sets how many reps fit the budget.
WARMUP_REPS = 3
PROBE_REP = -10


def calls_before_timing() -> list[int]:
    """The rep indices of the untimed calls, in order; a rep uses input set `index % len(sets)`.
    The judge replays them on a reference that changes its own state (Judge.check_timed)."""
    return [-1 - i for i in range(WARMUP_REPS)] + [PROBE_REP]


def checked_reps(fractions: list[float], reps: int) -> list[int]:
    """The timed reps whose outputs come back to be checked: the judge draws the fractions, the
    worker times `reps` reps and keeps these, and the judge recomputes them from the number of
    times it got back, so the candidate's process cannot choose which reps are checked."""
    return sorted({min(reps - 1, int(f * reps)) for f in fractions})


def _lock_dir() -> str:
    """A directory only this user can enter: candidates (another uid) cannot take the
    lock and stall every verification on the GPU."""
    path = os.path.join(tempfile.gettempdir(), f"autotriton-locks-{os.geteuid()}")
    os.makedirs(path, mode=0o700, exist_ok=True)
    return path


@contextlib.contextmanager
def exclusive_gpu(seconds: dict[str, float] | None = None):
    """Hold this GPU's timing lock: sandboxes compile and check in parallel, but
    time one at a time. Measured on an H100 with 6 sandboxes timing at once:
    events 570 us vs synchronised wall clock 1.9-3.0 ms for the same kernel, so
    concurrent timing is meaningless. flock is released if the holder dies.
    `seconds` (details.stages) gets the time spent waiting for the lock and holding it:
    the held time of all jobs on a GPU is the floor of a batch's wall time."""
    gpu = os.environ.get("CUDA_VISIBLE_DEVICES", "all").replace(",", "_")
    fd = os.open(os.path.join(_lock_dir(), f"timing-gpu{gpu}.lock"), os.O_RDWR | os.O_CREAT, 0o600)
    start, got = time.perf_counter(), None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        got = time.perf_counter()
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
        if seconds is not None and got is not None:
            seconds["timing_lock_wait_s"] = seconds.get("timing_lock_wait_s", 0.0) + got - start
            seconds["timing_lock_held_s"] = seconds.get("timing_lock_held_s", 0.0) + time.perf_counter() - got


@dataclass
class TimingStats:
    median_us: float
    p20_us: float
    p80_us: float
    reps: int


def _quantile(sorted_vals: list[float], q: float) -> float:
    idx = min(len(sorted_vals) - 1, max(0, round(q * (len(sorted_vals) - 1))))
    return sorted_vals[idx]


def summarize(times_ms: list[float]) -> TimingStats:
    times = sorted(times_ms)
    return TimingStats(median_us=statistics.median(times) * 1e3, p20_us=_quantile(times, 0.2) * 1e3,
                       p80_us=_quantile(times, 0.8) * 1e3, reps=len(times))


def time_gpu(fn, input_sets: list[list], *, warmup: int = 3, min_reps: int = 10,
             max_reps: int = 100, budget_s: float = 0.5) -> TimingStats:
    """Time `fn(*inputs)` rotating over `input_sets` (>= 2 so no one input stays cached)."""
    flush = torch.empty(FLUSH_BYTES // 4, dtype=torch.float32, device="cuda")

    def one(inputs) -> float:
        flush.zero_()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn(*inputs)
        end.record()
        torch.cuda.synchronize()
        return start.elapsed_time(end)

    with torch.no_grad():
        for i in range(warmup):
            one(input_sets[i % len(input_sets)])
        # One probe rep sizes the run: `budget_s` of timed work, within [min_reps, max_reps].
        probe_ms = max(one(input_sets[0]), 1e-3)
        reps = int(min(max_reps, max(min_reps, budget_s * 1e3 / probe_ms)))
        times_ms = [one(input_sets[i % len(input_sets)]) for i in range(reps)]
    return summarize(times_ms)
