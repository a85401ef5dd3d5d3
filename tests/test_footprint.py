"""The GPU memory footprint of a task and the plan made from it (footprint.py). The
plan's arithmetic runs anywhere; its use on a real GPU is in benchmarks/."""

from __future__ import annotations

import threading
import time
import types

import pytest

from autotriton.tasks import get_task
from autotriton.verify import Verifier, VerifyConfig, footprint
from autotriton.verify.footprint import GiB, Footprint

BIG_RELU = '''
import torch, torch.nn as nn
class Model(nn.Module):
    def forward(self, x):
        y = torch.relu(x)
        return y * 2
def get_inputs():
    return [torch.rand(4096, 393216)]
def get_init_inputs():
    return []
'''


def _module(source: str):
    mod = types.ModuleType("fp_task")
    exec(compile(source, "fp_task.py", "exec"), mod.__dict__)
    return mod


def test_meta_measure_counts_inputs_outputs_and_intermediates():
    fp = footprint.measure_setting(_module(BIG_RELU))
    six = 4096 * 393216 * 4
    assert fp.exact and fp.input_bytes == six and fp.output_bytes == six
    assert fp.forward_peak_bytes == 2 * six  # relu's result is alive while `* 2` writes the output


WIDE_MLP = '''
import torch, torch.nn as nn
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(8192, 8192)
        self.b = nn.Linear(8192, 8192)
    def forward(self, x):
        return self.b(torch.relu(self.a(x)))
def get_inputs():
    return [torch.rand(128, 8192)]
def get_init_inputs():
    return []
'''


def test_views_own_no_memory_and_the_tf32_run_counts_its_operand_copies():
    """F.linear transposes each 256 MiB weight (aten.t, a view): counted as new memory, the
    forward's peak was 264 MiB where 8 MiB are ever made (two 4 MiB activations). The judge's
    TF32 run truncates a copy of every dot operand, the weight included, while that product runs."""
    from autotriton.verify.judge import _TruncatedDotInputs
    mib = 1 << 20
    fp = footprint.measure_setting(_module(WIDE_MLP))
    assert fp.forward_peak_bytes == 8 * mib and fp.tf32_peak_bytes == 0  # not measured without the mode
    fp = footprint.measure_setting(_module(WIDE_MLP), _TruncatedDotInputs())
    assert fp.forward_peak_bytes == 8 * mib
    # a's output alive while b runs on truncated copies of it, b's weight and b's bias (every
    # float32 argument of F.linear is truncated), then b's output
    assert fp.tf32_peak_bytes == 4 * mib + (4 * mib + 256 * mib + 8192 * 4) + 4 * mib
    widest = footprint.judge_bytes(footprint.largest([fp, footprint.measure_setting(_module(WIDE_MLP))]), True, False)
    assert widest == footprint.judge_bytes(fp, True, False)  # the largest setting keeps the TF32 peak


def test_data_dependent_forward_is_guessed_not_fatal():
    src = BIG_RELU.replace("y = torch.relu(x)", "y = torch.relu(x) * x.sum().item()")
    fp = footprint.measure_setting(_module(src))
    assert not fp.exact and fp.forward_peak_bytes == 2 * fp.input_bytes and "meta" in fp.note


def test_plan_packs_small_tasks_and_isolates_huge_ones():
    h100, share = 80 * GiB, int(0.9 * 80 * GiB / 6)
    small = Footprint(64 << 20, 64 << 20, 0, 64 << 20)
    p = footprint.plan(small, h100, share, want_fp64=True)
    assert p.reserve_bytes == share and p.fp64 and not p.lean and not p.alone
    assert p.judge_fraction + p.candidate_fraction == pytest.approx(share / h100)
    huge = footprint.measure_setting(_module(BIG_RELU))
    p = footprint.plan(huge, h100, share, want_fp64=True)
    # 6 GiB in and out: the float64 reference (~100 GiB with the candidate) cannot fit an
    # H100, the native one alone can; one timing set since nothing stays in L2 anyway.
    assert p.alone and p.lean and not p.fp64 and p.reserve_bytes == int(footprint.USABLE * h100)
    assert footprint.plan(huge, 4 * h100, share, want_fp64=True).fp64  # a GPU large enough keeps it
    assert not footprint.plan(small, h100, share, want_fp64=False).fp64  # the task's own choice


def test_measured_judge_peak_raises_the_estimate():
    fp = Footprint(1 << 20, 1 << 20, 0, 1 << 20)
    low = footprint.plan(fp, 80 * GiB, 1, want_fp64=True)
    fp.judge_peak_bytes = {"fp64": 20 * GiB}
    high = footprint.plan(fp, 80 * GiB, 1, want_fp64=True)
    assert high.reserve_bytes > low.reserve_bytes and high.reserve_bytes >= 1.1 * 20 * GiB


def _taker(ledger, order):
    def take(name, n):
        ledger.acquire(n)
        order.append(name)

    def start(name, n):
        thread = threading.Thread(target=take, args=(name, n))
        thread.start()
        time.sleep(0.05)  # arrival order
        return thread
    return start


def test_ledger_lets_a_small_job_pass_a_waiting_large_one():
    ledger = footprint.GpuLedger(100)
    ledger.acquire(60)  # 90 usable: 30 left
    order = []
    start = _taker(ledger, order)
    big = start("big", 90)  # waits for the GPU to drain
    small = start("small", 10)  # fits beside the first job: passes it
    small.join(timeout=2)
    assert order == ["small"] and ledger.passes == 1
    ledger.release(60)
    ledger.release(10)
    big.join(timeout=2)
    assert order == ["small", "big"]


def test_ledger_keeps_arrival_order_among_jobs_that_fit():
    ledger = footprint.GpuLedger(100)
    ledger.acquire(90)
    order = []
    start = _taker(ledger, order)
    first, second = start("first", 20), start("second", 20)
    ledger.release(90)
    first.join(timeout=2)
    second.join(timeout=2)
    assert order == ["first", "second"] and ledger.passes == 0


def test_ledger_starves_no_one(monkeypatch):
    """After MAX_PASSES passes the large job is passed no more: memory drains to it."""
    monkeypatch.setattr(footprint, "MAX_PASSES", 2)
    ledger = footprint.GpuLedger(100)
    ledger.acquire(60)
    order = []
    start = _taker(ledger, order)
    big = start("big", 90)
    for i in range(2):
        start(f"small{i}", 10).join(timeout=2)
        ledger.release(10)
    third = start("small2", 10)  # fits, but the big job may not be passed again
    assert order == ["small0", "small1"]
    ledger.release(60)
    big.join(timeout=2)
    assert order == ["small0", "small1", "big"]
    ledger.release(90)
    third.join(timeout=2)
    assert order[-1] == "small2"


def test_ledger_stops_passing_a_job_that_waited_too_long(monkeypatch):
    monkeypatch.setattr(footprint, "MAX_PASS_WAIT_S", 0.0)
    ledger = footprint.GpuLedger(100)
    ledger.acquire(60)
    order = []
    start = _taker(ledger, order)
    big = start("big", 90)
    small = start("small", 10)
    assert order == []
    ledger.release(60)
    big.join(timeout=2)
    ledger.release(90)
    small.join(timeout=2)
    assert order == ["big", "small"]


def test_footprint_is_measured_in_a_sandbox_and_cached(tmp_path):
    task = get_task("builtin/l1/softmax")
    with Verifier(VerifyConfig(device="cpu", cache_dir=str(tmp_path))) as v:
        fp = v.footprint(task)
        assert fp is not None and fp.exact and fp.input_bytes > 0 and fp.output_bytes == fp.input_bytes
        assert v.cache.get_json(v._footprint_key(task))["input_bytes"] == fp.input_bytes


def test_a_reference_too_unstable_for_tf32_is_the_tasks_failure():
    """A TF32-rounded run far from the float64 one (dropout in training mode, a chaotic
    network) must not widen the tolerance: a kernel skipping the matmul passed that way."""
    import torch
    from autotriton.verify.judge import TaskFailure, _tf32_bounds
    truth = torch.randn(64, 32, dtype=torch.float64)
    close = (truth * (1 + 1e-4 * torch.randn_like(truth))).float()
    rms_limit, floor = _tf32_bounds(close, truth)
    assert rms_limit < 1e-2 and 0 < floor < 0.1
    with pytest.raises(TaskFailure, match="cannot judge TF32"):
        _tf32_bounds(torch.randn(64, 32), truth)


def test_a_reference_that_only_amplifies_tf32_rounding_is_judged():
    """Past the unstable bounds, a task is judged where its own float32 run is 2^8 times closer
    than the TF32 run (a LayerNorm over 2 features after a Linear: 1.3e-2 in TF32, verifier 37)
    and refused where float32 misses as much (random) or TF32 misses by more than 5e-2."""
    import torch
    from autotriton.verify.judge import TaskFailure, _tf32_bounds
    truth = torch.randn(64, 32, dtype=torch.float64)
    noisy = lambda rel: (truth * (1 + rel * torch.randn_like(truth))).float()  # noqa: E731
    rms_limit, floor = _tf32_bounds(noisy(2e-2), truth, fp32=noisy(1e-6))
    assert 0.04 < rms_limit < 0.06 and floor > 0
    for tf32, fp32 in ((noisy(2e-2), noisy(2e-2)), (noisy(2e-2), None), (noisy(0.2), noisy(1e-7))):
        with pytest.raises(TaskFailure, match="cannot judge TF32"):
            _tf32_bounds(tf32, truth, fp32=fp32)


def test_the_rms_bound_is_never_under_what_the_tasks_own_dtype_loses():
    """A dot-product task's rms bound in the interpreter is 0.1 of the TF32 run's error, and never
    under 8 times the reference's own float32 run's: a batch norm folded as v * a + (beta - mean * a)
    behind a Linear whose bias dominates cancels there, erring 1.1-1.8x the float32 run and 0.2-0.4
    of the TF32 run's error (a false reject about 1 verification in 12 on CPU; verifier 72 passed
    48 of 48, benchmarks/fold_vs_native.py)."""
    import torch
    from autotriton.verify.judge import CPU_TF32_FACTOR, CPU_TF32_RMS_FLOOR, _own_dtype_limit, _tf32_bounds
    truth = torch.randn(64, 32, dtype=torch.float64)
    noisy = lambda rel: (truth * (1 + rel * torch.randn_like(truth))).float()  # noqa: E731
    tf32, native = noisy(7e-4), noisy(1.2e-5)
    from_tf32, _ = _tf32_bounds(tf32, truth, CPU_TF32_RMS_FLOOR, fp32=native, factor=CPU_TF32_FACTOR)
    assert 6e-5 < from_tf32 < 8e-5
    own = _own_dtype_limit(native, truth)
    assert 8e-6 < own / 8 < 1.6e-5 and own > from_tf32
    assert _own_dtype_limit(native.double(), truth) == 0.0 and _own_dtype_limit(native[:8], truth) == 0.0
