"""GPU timing for the sandbox child: CUDA events, L2 flush, rotated inputs.

Uses the pristine Event/synchronize captured in `guards.PRISTINE` before the
candidate ran, and synchronises the whole device (not one stream), so work
queued on a side stream is counted.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import statistics
import tempfile
from dataclasses import dataclass

import torch

from autotriton.verify.guards import PRISTINE

# H100 L2 is 50 MB, H200 60 MB: zeroing 256 MB evicts it completely.
FLUSH_BYTES = 256 * 1024 * 1024


@contextlib.contextmanager
def exclusive_gpu():
    """Hold this GPU's timing lock: sandboxes compile and check in parallel, but
    time one at a time. Measured on an H100 with 6 sandboxes timing at once:
    events 570 us vs synchronised wall clock 1.9-3.0 ms for the same kernel, so
    concurrent timing is meaningless. flock is released if the holder dies."""
    gpu = os.environ.get("CUDA_VISIBLE_DEVICES", "all").replace(",", "_")
    path = os.path.join(tempfile.gettempdir(), f"autotriton-timing-gpu{gpu}.lock")
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


@dataclass
class TimingStats:
    median_us: float
    p20_us: float
    p80_us: float
    reps: int


def _quantile(sorted_vals: list[float], q: float) -> float:
    idx = min(len(sorted_vals) - 1, max(0, round(q * (len(sorted_vals) - 1))))
    return sorted_vals[idx]


def time_gpu(fn, input_sets: list[list], *, warmup: int = 3, min_reps: int = 10,
             max_reps: int = 100, budget_s: float = 0.5) -> TimingStats:
    """Time `fn(*inputs)` rotating over `input_sets` (>= 2 so no one input stays cached)."""
    sync = PRISTINE["torch.cuda.synchronize"]
    event_cls = PRISTINE["torch.cuda.Event"]
    elapsed = PRISTINE["torch.cuda.Event.elapsed_time"]
    record = PRISTINE["torch.cuda.Event.record"]
    flush = torch.empty(FLUSH_BYTES // 4, dtype=torch.float32, device="cuda")
    with torch.no_grad():
        for i in range(warmup):
            fn(*input_sets[i % len(input_sets)])
        sync()
        # One probe rep sizes the run: `budget_s` of timed work, within [min_reps, max_reps].
        start, end = event_cls(enable_timing=True), event_cls(enable_timing=True)
        record(start)
        fn(*input_sets[0])
        record(end)
        sync()
        probe_ms = max(elapsed(start, end), 1e-3)
        reps = int(min(max_reps, max(min_reps, budget_s * 1e3 / probe_ms)))
        times_ms = []
        for i in range(reps):
            flush.zero_()
            start, end = event_cls(enable_timing=True), event_cls(enable_timing=True)
            record(start)
            fn(*input_sets[i % len(input_sets)])
            record(end)
            sync()
            times_ms.append(elapsed(start, end))
    times_ms.sort()
    return TimingStats(
        median_us=statistics.median(times_ms) * 1e3,
        p20_us=_quantile(times_ms, 0.2) * 1e3,
        p80_us=_quantile(times_ms, 0.8) * 1e3,
        reps=reps,
    )


def wall_clock_us(fn, input_sets: list[list], reps: int = 20) -> float:
    """Mean per-call wall time over back-to-back calls, device synchronised at the end.

    Used to re-check suspicious speedups: CUDA events can be fooled by work on
    streams they do not cover; a synchronised wall clock cannot.
    """
    sync = PRISTINE["torch.cuda.synchronize"]
    clock = PRISTINE["time.perf_counter"]
    with torch.no_grad():
        fn(*input_sets[0])
        sync()
        t0 = clock()
        for i in range(reps):
            fn(*input_sets[i % len(input_sets)])
        sync()
    return (clock() - t0) / reps * 1e6
