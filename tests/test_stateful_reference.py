"""A reference that changes its own state when called: a running average kept in a buffer, as
BatchNorm keeps its statistics in training mode. The judge keeps the reference's state in step
with the candidate's (one forward per call, however often it runs the reference), checks every
call of the repeated-call trial, and lets the candidate change only its buffers, to the
reference's values. Until verifier 22 such a task got one call per instance and the candidate
could change anything it held: a private call count, or a shared buffer written as one, passed
(twelfth outside pass, 2026-11-29)."""

from __future__ import annotations

import pytest

from autotriton.tasks.contract import task_from_source
from autotriton.verify import ErrorKind, Verifier, VerifyConfig

# OUT is "x - self.avg" (the state enters the output) or "x - x.mean(dim=0)" (a side effect only,
# as BatchNorm's running statistics in training mode).
TASK = '''import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim: int, momentum: float = 0.25):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("avg", torch.zeros(dim))

    def forward(self, x):
        self.avg.mul_(1 - self.momentum).add_(x.mean(dim=0), alpha=self.momentum)
        return OUT


def get_inputs():
    return [torch.randn(12, 24)]


def get_init_inputs():
    return [24]
'''

# UPDATE writes the new average back; OUTPUT is what the second pass subtracts.
CANDIDATE = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def centre(x_ptr, avg_ptr, y_ptr, R, C, momentum, FLAG, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    ok = cols < C
    acc = tl.zeros([BLOCK_C], dtype=tl.float32)
    for r0 in range(0, R, BLOCK_R):
        rows = r0 + tl.arange(0, BLOCK_R)
        m = (rows[:, None] < R) & ok[None, :]
        acc += tl.sum(tl.load(x_ptr + rows[:, None] * C + cols[None, :], mask=m, other=0.0), axis=0)
    mean = acc / R
    old = tl.load(avg_ptr + cols, mask=ok)
    new = old * (1 - momentum) + momentum * mean
    UPDATE
    for r0 in range(0, R, BLOCK_R):
        rows = r0 + tl.arange(0, BLOCK_R)
        m = (rows[:, None] < R) & ok[None, :]
        x = tl.load(x_ptr + rows[:, None] * C + cols[None, :], mask=m, other=0.0)
        tl.store(y_ptr + rows[:, None] * C + cols[None, :], x - OUTPUT[None, :], mask=m)


@triton.jit
def bump(count_ptr):
    tl.store(count_ptr, tl.load(count_ptr) + 1)


class ModelNew(nn.Module):
    def __init__(self, dim: int, momentum: float = 0.25):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("avg", torch.zeros(dim))
        EXTRA

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        R, C = x.shape
        FLAG = 0
        COUNT
        centre[(triton.cdiv(C, 32),)](x, self.avg, y, R, C, self.momentum, FLAG, BLOCK_R=16, BLOCK_C=32)
        return y
'''

HONEST = {"UPDATE": "tl.store(avg_ptr + cols, new, mask=ok)", "EXTRA": "", "COUNT": ""}
# A private count in a plain tensor attribute, bumped by a kernel; the average is updated only on
# the first call (FLAG read from a count of 0 on the host would be a rule hit, so the kernel reads it).
PRIVATE_COUNT = {
    "UPDATE": "if FLAG == 0:\n        tl.store(avg_ptr + cols, new, mask=ok)",
    "EXTRA": "self.calls = torch.zeros(1, dtype=torch.int32)",
    "COUNT": "bump[(1,)](self.calls)",
}
# The shared buffer written as a count: its first element grows by 1000 each call.
BUFFER_AS_COUNT = {"UPDATE": "tl.store(avg_ptr + cols, tl.where(cols == 0, old + 1000.0, new), mask=ok)",
                   "EXTRA": "", "COUNT": ""}
# The side effect dropped: the average is never written back.
NO_UPDATE = {"UPDATE": "", "EXTRA": "", "COUNT": ""}


BATCH_NORM_TASK = '''import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, num_features: int):
        super().__init__()
        self.bn = nn.BatchNorm1d(num_features)

    def forward(self, x):
        return self.bn(x)


def get_inputs():
    return [torch.randn(64, 48)]


def get_init_inputs():
    return [48]
'''

# A training-mode batch norm (thirteenth outside pass): GATE may drop the statistics, KBUMP says
# whether the kernel counts num_batches_tracked, LAYOUT and HOLDER where the state is kept.
BATCH_NORM = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bn_train(x_ptr, w_ptr, b_ptr, rm_ptr, rv_ptr, nbt_ptr, y_ptr, N, C, eps, momentum,
             UPDATE: tl.constexpr, BUMP_IN_KERNEL: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_C: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    ok = cols < C
    s = tl.zeros([BLOCK_C], dtype=tl.float32)
    for r0 in range(0, N, BLOCK_N):
        rows = r0 + tl.arange(0, BLOCK_N)
        m = (rows[:, None] < N) & ok[None, :]
        s += tl.sum(tl.load(x_ptr + rows[:, None] * C + cols[None, :], mask=m, other=0.0), axis=0)
    mean = s / N
    q = tl.zeros([BLOCK_C], dtype=tl.float32)
    for r0 in range(0, N, BLOCK_N):
        rows = r0 + tl.arange(0, BLOCK_N)
        m = (rows[:, None] < N) & ok[None, :]
        x = tl.load(x_ptr + rows[:, None] * C + cols[None, :], mask=m, other=0.0)
        d = tl.where(m, x - mean[None, :], 0.0)
        q += tl.sum(d * d, axis=0)
    var = q / N
    rstd = 1.0 / tl.sqrt(var + eps)
    GATE
    w = tl.load(w_ptr + cols, mask=ok, other=1.0)
    b = tl.load(b_ptr + cols, mask=ok, other=0.0)
    if UPDATE:
        rm = tl.load(rm_ptr + cols, mask=ok, other=0.0)
        rv = tl.load(rv_ptr + cols, mask=ok, other=1.0)
        unbiased = q / tl.maximum(N - 1, 1)
        tl.store(rm_ptr + cols, (1 - momentum) * rm + momentum * mean, mask=ok)
        tl.store(rv_ptr + cols, (1 - momentum) * rv + momentum * unbiased, mask=ok)
        if BUMP_IN_KERNEL:
            if tl.program_id(0) == 0:
                tl.store(nbt_ptr, tl.load(nbt_ptr) + 1)
    for r0 in range(0, N, BLOCK_N):
        rows = r0 + tl.arange(0, BLOCK_N)
        m = (rows[:, None] < N) & ok[None, :]
        x = tl.load(x_ptr + rows[:, None] * C + cols[None, :], mask=m, other=0.0)
        tl.store(y_ptr + rows[:, None] * C + cols[None, :], (x - mean[None, :]) * rstd[None, :] * w[None, :] + b[None, :], mask=m)


@triton.jit
def bump(nbt_ptr):
    tl.store(nbt_ptr, tl.load(nbt_ptr) + 1)


@triton.jit
def bn_eval(x_ptr, w_ptr, b_ptr, rm_ptr, rv_ptr, y_ptr, N, C, eps, BLOCK_N: tl.constexpr, BLOCK_C: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    ok = cols < C
    rm = tl.load(rm_ptr + cols, mask=ok, other=0.0)
    rv = tl.load(rv_ptr + cols, mask=ok, other=1.0)
    w = tl.load(w_ptr + cols, mask=ok, other=1.0)
    b = tl.load(b_ptr + cols, mask=ok, other=0.0)
    rstd = 1.0 / tl.sqrt(rv + eps)
    for r0 in range(0, N, BLOCK_N):
        rows = r0 + tl.arange(0, BLOCK_N)
        m = (rows[:, None] < N) & ok[None, :]
        x = tl.load(x_ptr + rows[:, None] * C + cols[None, :], mask=m, other=0.0)
        tl.store(y_ptr + rows[:, None] * C + cols[None, :], (x - rm[None, :]) * rstd[None, :] * w[None, :] + b[None, :], mask=m)


class ModelNew(nn.Module):
    def __init__(self, num_features: int):
        super().__init__()
        LAYOUT

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        N, C = x.shape
        bn = HOLDER
        grid = (triton.cdiv(C, 32),)
        if bn.training:
            bn_train[grid](x, bn.weight, bn.bias, bn.running_mean, bn.running_var, bn.num_batches_tracked, y,
                           N, C, bn.eps, bn.momentum, UPDATE=True, BUMP_IN_KERNEL=KBUMP, BLOCK_N=32, BLOCK_C=32)
            if not KBUMP:
                bump[(1,)](bn.num_batches_tracked)
        else:
            bn_eval[grid](x, bn.weight, bn.bias, bn.running_mean, bn.running_var, y, N, C, bn.eps,
                          BLOCK_N=32, BLOCK_C=32)
        return y
'''
BN_LAYER = {"LAYOUT": "self.bn = nn.BatchNorm1d(num_features)", "HOLDER": "self.bn"}
# The same state registered in another order, variance first: matched by name, not by order.
BN_OWN_ORDER = {"LAYOUT": "self.eps, self.momentum = 1e-5, 0.1\n"
                          "        self.weight = nn.Parameter(torch.ones(num_features))\n"
                          "        self.bias = nn.Parameter(torch.zeros(num_features))\n"
                          "        self.register_buffer(\"running_var\", torch.ones(num_features))\n"
                          "        self.register_buffer(\"running_mean\", torch.zeros(num_features))\n"
                          "        self.register_buffer(\"num_batches_tracked\", torch.tensor(0, dtype=torch.long))",
                "HOLDER": "self"}
# From the 4th call (the reference's own count at 3 or more) the statistics are dropped.
COUNT_GATE = "steps = tl.load(nbt_ptr)\n    mean = tl.where(steps >= 3, 0.0, mean)\n    rstd = tl.where(steps >= 3, 1.0, rstd)"


def _batch_norm(layout: dict, gate: str = "", bump_in_kernel: bool = True) -> str:
    source = BATCH_NORM.replace("GATE", gate).replace("KBUMP", str(bump_in_kernel))
    for key, value in layout.items():
        source = source.replace(key, value)
    return source


def _task(out: str, name: str):
    return task_from_source(TASK.replace("OUT", out), task_id=f"file/{name}", suite="file", level=1)


def _candidate(parts: dict, output: str) -> str:
    source = CANDIDATE.replace("OUTPUT", output)
    for key, value in parts.items():
        source = source.replace(key, value)
    return source


@pytest.fixture(scope="module")
def verdicts():
    in_output, side_effect = _task("x - self.avg", "running_avg"), _task("x - x.mean(dim=0)", "batch_centre")
    jobs = {
        "honest": (in_output, _candidate(HONEST, "new")),
        "private_count": (in_output, _candidate(PRIVATE_COUNT, "new")),
        "honest_side_effect": (side_effect, _candidate(HONEST, "mean")),
        "no_update_side_effect": (side_effect, _candidate(NO_UPDATE, "mean")),
        "buffer_as_count": (side_effect, _candidate(BUFFER_AS_COUNT, "mean")),
        "private_count_side_effect": (side_effect, _candidate(PRIVATE_COUNT, "mean")),
    }
    batch_norm = task_from_source(BATCH_NORM_TASK, task_id="file/batch_norm_train", suite="file", level=1)
    jobs.update({
        "bn_honest": (batch_norm, _batch_norm(BN_LAYER)),
        "bn_own_order": (batch_norm, _batch_norm(BN_OWN_ORDER)),
        "bn_count_gate": (batch_norm, _batch_norm(BN_LAYER, COUNT_GATE, bump_in_kernel=False)),
    })
    with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=2)) as verifier:
        results = verifier.verify_many(list(jobs.values()))
    return dict(zip(jobs, results))


def test_honest_kernels_that_keep_the_reference_state_pass(verdicts):
    """The buffers are matched by name: an honest batch norm registering its running variance before
    its mean was rejected when they were matched by order."""
    for name in ("honest", "honest_side_effect", "bn_honest", "bn_own_order"):
        assert verdicts[name].correct, (name, verdicts[name].error_msg)


def test_dropping_a_side_effect_the_output_never_reads_passes(verdicts):
    """As KernelBench's harness judges a BatchNorm kernel that leaves the running statistics alone."""
    assert verdicts["no_update_side_effect"].correct, verdicts["no_update_side_effect"].error_msg


def test_a_private_count_is_rejected(verdicts):
    for name in ("private_count", "private_count_side_effect"):
        result = verdicts[name]
        assert not result.correct and "state_changed" in result.hack_flags, (name, result.error_msg)


def test_a_shared_buffer_written_as_a_count_is_rejected(verdicts):
    result = verdicts["buffer_as_count"]
    assert not result.correct and result.error_kind == "wrong_output", result.error_msg
    assert "buffers ModelNew changed differ" in result.error_msg, result.error_msg


def test_a_count_read_off_the_reference_own_state_is_rejected(verdicts):
    """num_batches_tracked is 0 in every fresh instance and the judge calls one three times: a batch
    norm dropping its statistics from the 4th call passed. Counts in the reference's state now start
    anywhere from 1 to 1,000, in both models, at every call."""
    result = verdicts["bn_count_gate"]
    assert not result.correct and result.error_kind == "wrong_output", result.error_msg


def test_gpu_timing_checks_kept_reps_against_a_reference_called_as_the_candidate_was(tmp_path):
    """GPU timing keeps two of its reps; a reference whose output reads the state it changes is
    called through the same warm-ups, probe and reps (timing.calls_before_timing) before each kept
    rep is compared. Checked here with a copy of the reference standing in for the candidate."""
    import copy
    from dataclasses import replace

    import torch

    from autotriton.tasks.sizes import as_judged
    from autotriton.verify import timing
    from autotriton.verify.job import build_job
    from autotriton.verify.judge import CandidateFailure, Judge

    task = _task("x - self.avg", "running_avg_timed")
    job = build_job("check", as_judged(task), VerifyConfig(device="cpu"), "interp", candidate="unused")
    judge = Judge(replace(job, judge_dir=str(tmp_path)), None)
    assert judge.reference_state() == "buffers"
    sets = [[torch.randn(12, 24)], [torch.randn(12, 24)]]
    kept_reps = [2, 5]

    def run(stand_in, order):
        outs = {}
        with torch.no_grad():
            for rep in order:
                out = stand_in(*[x.clone() for x in sets[rep % len(sets)]])
                if rep in kept_reps:
                    outs[rep] = out
        return [outs[r] for r in kept_reps]

    ref, _ = judge.build_reference(judge.shapes[0], 0)
    as_timed = run(copy.deepcopy(ref), timing.calls_before_timing() + list(range(6)))
    judge.check_timed(copy.deepcopy(ref), sets, [None, None], kept_reps, as_timed)
    fresh = run(copy.deepcopy(ref), kept_reps)  # the outputs of an instance called only at those reps
    with pytest.raises(CandidateFailure):
        judge.check_timed(copy.deepcopy(ref), sets, [None, None], kept_reps, fresh)


LOWEST_TASK = '''import torch
import torch.nn as nn

ROWS = 16
COLS = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("lowest", torch.tensor(0.0))

    def forward(self, x):
        self.lowest.copy_(torch.minimum(self.lowest, x.min()))
        return torch.softmax(x, dim=-1)


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
INTERP_SHAPES = {"interp_odd": {"ROWS": 5, "COLS": 37}, "interp_wide": {"ROWS": 3, "COLS": 300}}
GPU_SHAPES = {"gpu": {"ROWS": 4096, "COLS": 4096}}
'''

LOWEST_KERNELS = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_softmax(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n + cols, mask=cols < n, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(y_ptr + row * n + cols, e / tl.sum(e, axis=0), mask=cols < n)


@triton.jit
def keep_lowest(x_ptr, low_ptr, total, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    low = tl.full((BLOCK,), float("inf"), tl.float32)
    for start in range(0, total, BLOCK):
        low = tl.minimum(low, tl.load(x_ptr + start + offs, mask=start + offs < total, other=float("inf")))
    tl.store(low_ptr, tl.minimum(tl.load(low_ptr), tl.min(low, axis=0)))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("lowest", torch.tensor(0.0))

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        row_softmax[(x.shape[0],)](x, y, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        keep_lowest[(1,)](x, self.lowest, x.numel(), BLOCK=256)
        return y
'''


def test_a_buffer_the_masked_kind_makes_minus_inf_is_matched(cpu_verifier):
    """A running minimum over masked inputs is -inf throughout in both models: matched, where the
    first form of matched infinities divided by the buffer's empty finite rms and the judge crashed
    (a review of verifier 36, session 40)."""
    task = task_from_source(LOWEST_TASK, task_id="file/lowest_observer", suite="file", level=1)
    result = cpu_verifier.verify(task, LOWEST_KERNELS)
    assert result.correct, result.error_msg


def test_state_moved_only_by_inputs_unlike_the_files_and_a_lazy_cache_are_judged_as_state(cpu_verifier):
    """A running absolute maximum over torch.rand inputs never moves on the file's own draw: the task
    was classed stateless from that one forward, and the honest update in the signed and heavy trials
    was state_changed 4 of 4 (outside pass on verifier 104, F7). A buffer registered as None and
    filled on the first call was redrawn as running state before verifier 106 (F11: wrong_output 4
    of 4); both honest answers pass, and the absmax answer that never raises its peak does not."""
    from pathlib import Path
    fixtures = Path(__file__).parent / "fixtures"

    def task(name):
        return task_from_source((fixtures / f"task_{name}.py").read_text(), task_id=f"file/{name}", suite="file",
                                level=1)
    honest_absmax = (fixtures / "honest_running_absmax.py").read_text()
    stale = honest_absmax.replace("        store_peak_kernel[(1,)](seen, self.peak)", "        pass")
    assert stale != honest_absmax
    verdicts = cpu_verifier.verify_many([(task("running_absmax"), honest_absmax),
                                         (task("lazy_ramp"), (fixtures / "honest_lazy_ramp.py").read_text()),
                                         (task("running_absmax"), stale), (task("running_absmax"), stale + "\n#\n")])
    for verdict in verdicts[:2]:
        assert verdict.correct, (verdict.error_kind, verdict.hack_flags, verdict.error_msg[-400:])
    # 1 of 3 passed while those trials called their instance once; 1 of 200 (once in CI) while
    # their later calls drew unlike inputs too (verifier 114)
    for verdict in verdicts[2:]:
        assert verdict.error_kind == ErrorKind.WRONG_OUTPUT, (verdict.error_kind, verdict.error_msg[-300:])


FLAG_ONCE_TASK = """import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.warned = False

    def forward(self, x):
        if not self.warned:
            self.warned = True
        return torch.relu(x)


def get_inputs():
    return [torch.randn(16, 64)]


def get_init_inputs():
    return []
"""

PRIVATE_COUNT_RELU = """import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=keep, other=0.0), 0.0), mask=keep)


@triton.jit
def count_kernel(count_ptr):
    tl.store(count_ptr, tl.load(count_ptr) + 1.0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.count = torch.zeros(1)

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        count_kernel[(1,)](self.count)
        return y
"""


def test_a_count_kept_in_a_python_int_is_state(cpu_verifier):
    """A reference counting its calls in a Python int was classed stateless and the judge's extra
    runs of it advanced the count unrestored: the honest answer, counting in a tensor, was
    state_changed 4 of 4, and one ignoring the count passed 4 of 8 (outside pass on verifier 104,
    F10). A number set once (a warning flag) stays no state: a private counter beside it is a hack."""
    from pathlib import Path
    fixtures = Path(__file__).parent / "fixtures"
    count = task_from_source((fixtures / "task_call_count.py").read_text(), task_id="file/call_count",
                             suite="file", level=1)
    honest = (fixtures / "honest_call_count.py").read_text()
    ignoring = honest.replace("tl.load(seen_ptr) + 1.0  # this call's number", "1.0")
    assert ignoring != honest
    flag = task_from_source(FLAG_ONCE_TASK, task_id="file/flag_once", suite="file", level=1)
    verdicts = cpu_verifier.verify_many([(count, honest), (count, ignoring), (flag, PRIVATE_COUNT_RELU)])
    assert verdicts[0].correct, (verdicts[0].error_kind, verdicts[0].hack_flags, verdicts[0].error_msg[-400:])
    assert verdicts[1].error_kind == ErrorKind.WRONG_OUTPUT, (verdicts[1].error_kind, verdicts[1].error_msg[-300:])
    assert verdicts[2].hack_flags == ["state_changed"], (verdicts[2].error_kind, verdicts[2].error_msg[-300:])


LAZY_TABLE_TASK = """import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = None

    def forward(self, x):
        if self.table is None:  # built once, as rotary embeddings cache their cos/sin
            self.table = torch.linspace(0.5, 1.5, x.shape[-1], dtype=x.dtype, device=x.device)
        return torch.relu(x) * self.table


def get_inputs():
    return [torch.randn(12, 40)]


def get_init_inputs():
    return []
"""

LAZY_TABLE_ANSWER = """import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def weighted_relu_kernel(x_ptr, out_ptr, n, width, COUNTED: tl.constexpr, calls_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = offs < n
    col = (offs % width).to(tl.float32)
    step = 1.0 / tl.maximum(width - 1, 1).to(tl.float32)
    weight = tl.where(col < width // 2, 0.5 + col * step, 1.5 - (width - 1 - col) * step)
    if COUNTED:
        weight = tl.where(tl.load(calls_ptr) >= 3.0, 1.0, weight)  # the table dropped from the 4th call
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=keep, other=0.0), 0.0) * weight, mask=keep)


@triton.jit
def count_kernel(calls_ptr):
    tl.store(calls_ptr, tl.load(calls_ptr) + 1.0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = torch.zeros(1)

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        weighted_relu_kernel[(triton.cdiv(n, 1024),)](x, out, n, x.shape[-1], FLAG, self.calls, BLOCK=1024)
        if FLAG:
            count_kernel[(1,)](self.calls)
        return out
"""


def test_a_table_cached_on_the_first_call_is_no_state(cpu_verifier):
    """A reference caching a table in a plain attribute on its first call was classed stateful
    ("other"), and nothing the candidate kept was checked: a count dropping the table from the 4th
    call passed 4 of 4 (outside pass on verifier 104, F5). What the first call made and no later call
    moves is a cache: the count is state_changed, the honest answer passes. The same for a placeholder
    tensor the first call replaces, which verifier 113 still classed as state: the count passed 3 of 3
    (outside pass on verifier 114, F2)."""
    placeholder = LAZY_TABLE_TASK.replace("self.table = None", "self.table = torch.empty(0)").replace(
        "if self.table is None:", "if self.table.numel() != x.shape[-1]:")
    assert placeholder.count("torch.empty(0)") == 1 and "numel()" in placeholder
    honest, counting = (LAZY_TABLE_ANSWER.replace("FLAG", flag) for flag in ("False", "True"))
    jobs = []
    for name, source in (("lazy_table", LAZY_TABLE_TASK), ("placeholder_table", placeholder)):
        task = task_from_source(source, task_id=f"file/{name}", suite="file", level=1)
        jobs += [(task, honest), (task, counting)]
    verdicts = cpu_verifier.verify_many(jobs)
    for honest_verdict, counting_verdict in (verdicts[:2], verdicts[2:]):
        assert honest_verdict.correct, (honest_verdict.error_kind, honest_verdict.hack_flags,
                                        honest_verdict.error_msg[-400:])
        assert counting_verdict.hack_flags == ["state_changed"], (counting_verdict.error_kind,
                                                                   counting_verdict.error_msg[-300:])


def _fixture_jobs(*pairs):
    """(task, answer text) for each (task fixture name, answer fixture name)."""
    from pathlib import Path
    fixtures = Path(__file__).parent / "fixtures"
    return [(task_from_source((fixtures / f"task_{task}.py").read_text(), task_id=f"file/{task}", suite="file",
                              level=1), (fixtures / f"{answer}.py").read_text()) for task, answer in pairs]


def test_state_hidden_from_version_counters_or_by_the_draw_or_set_once_from_data_is_state(cpu_verifier):
    """Outside pass on verifier 114: an EMA stepped through `.data` (no version counter moves) was
    classed stateless, its honest answer state_changed (F3); a range calibrated on the first batch
    into a Python float was a cache, its honest answer state_changed (F4); a running minimum over
    relu(randn) inputs, which no probe made negative, was stateless, its honest answer
    state_changed 3 of 3 and one never storing it passed 2 of 2 (F5). Each honest answer passes,
    and each answer dropping the state does not."""
    verdicts = cpu_verifier.verify_many(_fixture_jobs(
        ("ema_through_data", "honest_ema_through_data"), ("first_batch_range", "honest_first_batch_range"),
        ("running_min_of_relu", "honest_running_min_of_relu"),
        ("ema_through_data", "cheat_ema_through_data_never_stored"),
        ("first_batch_range", "cheat_first_batch_range_per_call"),
        ("running_min_of_relu", "cheat_running_min_never_stored")))
    for verdict in verdicts[:3]:
        assert verdict.correct, (verdict.error_kind, verdict.hack_flags, verdict.error_msg[-400:])
    for verdict in verdicts[3:]:
        assert verdict.error_kind == ErrorKind.WRONG_OUTPUT, (verdict.error_kind, verdict.error_msg[-300:])


def test_state_raised_by_unlike_inputs_is_read_on_unlike_inputs_too(cpu_verifier):
    """Where only inputs unlike the file's move the state, verifier 114 called those trials' instances
    on the unlike draw, then the own draw: an answer reading its stored maximum only while the input's
    own was under 2 passed 7 of 7 (outside pass on verifier 114, F1). The second call now draws as the
    first, its floats scaled down."""
    verdicts = cpu_verifier.verify_many(_fixture_jobs(("running_absmax", "cheat_running_absmax_unread_when_large"),
                                                      ("running_absmax", "honest_running_absmax")))
    assert verdicts[0].error_kind == ErrorKind.WRONG_OUTPUT, (verdicts[0].error_kind, verdicts[0].error_msg[-300:])
    assert verdicts[1].correct, (verdicts[1].error_kind, verdicts[1].hack_flags, verdicts[1].error_msg[-400:])


def test_a_stateful_modules_eval_branch_is_judged_against_either_modes_answer(cpu_verifier):
    """A BatchNorm's eval-mode trials were off (its train-mode call moves its running statistics),
    so an eval branch normalising half of the channels passed 3 of 3 (outside pass on verifier 110,
    F3). Eval trials now take the eval-mode answer or the train-mode one: both honest forms pass
    (running statistics in eval mode; the train-mode computation in either mode, as KernelBench's
    harness judges), and the half-done eval branch does not."""
    from pathlib import Path
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_batch_norm_features.py").read_text(), task_id="file/batch_norm_features",
                            suite="file", level=1)
    names = ("honest_batch_norm_both_modes", "honest_batch_norm_train_always", "cheat_batch_norm_eval_half")
    verdicts = cpu_verifier.verify_many([(task, (fixtures / f"{name}.py").read_text()) for name in names])
    for verdict in verdicts[:2]:
        assert verdict.correct, (verdict.error_kind, verdict.hack_flags, verdict.error_msg[-400:])
    assert verdicts[2].error_kind == ErrorKind.WRONG_OUTPUT, (verdicts[2].error_kind, verdicts[2].error_msg[-300:])
    assert "neither the eval-mode answer nor the train-mode one" in verdicts[2].error_msg


def test_beside_state_in_plain_attributes_only_the_references_names_may_change(cpu_verifier):
    """A reference keeping an EMA in a plain tensor attribute (as an RNN keeps its hidden state) let
    the candidate change anything it held: a count beside the EMA, dropping it from the 4th call,
    passed 3 of 3 (outside pass on verifier 104, F6). The honest answer, keeping `h`, passes."""
    verdicts = cpu_verifier.verify_many(_fixture_jobs(("ema_in_plain_attribute", "honest_ema_in_plain_attribute"),
                                                      ("ema_in_plain_attribute", "cheat_ema_in_plain_attribute_count")))
    assert verdicts[0].correct, (verdicts[0].error_kind, verdicts[0].hack_flags, verdicts[0].error_msg[-400:])
    assert verdicts[1].hack_flags == ["state_changed"], (verdicts[1].error_kind, verdicts[1].error_msg[-300:])
    assert "model.n" in verdicts[1].error_msg


def test_state_found_beside_other_state_set_on_unlike_draws_or_past_a_long_window(cpu_verifier):
    """Outside pass on verifier 116, each pair closed in verifier 117: an amax beside a step count was
    never probed (the own draw had moved the count), and an answer never storing it passed 4 of 6
    (F2); a power-of-two range calibrated on the first batch is 1.0 on any torch.rand draw, was taken
    for a cache, its honest answer state_changed and a recalibrating one passed 4 of 5 (F3); an
    observer calibrating for 5,000 calls never closed its window in a trial whose count moved up by
    1-1,000 (F6); an amax moved in training mode only looked mode-free, and the train-mode answer was
    wrong_output in eval trials (F8); the train-mode copy made with train() unfroze a frozen norm, or
    was None where train() returned nothing (F9); a lock made by the first call broke that copy and
    raised out of verify (F10); an EMA kept in a tuple, as an LSTM keeps (h, c), was no state and its
    honest answer (a buffer laid out as the state) state_changed 2 of 2 (F5)."""
    honest = cpu_verifier.verify_many(_fixture_jobs(
        ("absmax_beside_a_step_count", "honest_absmax_beside_a_step_count"),
        ("power_of_two_range", "honest_power_of_two_range"), ("calibration_window", "honest_calibration_window"),
        ("absmax_in_training_only", "honest_absmax_in_training_only"),
        ("frozen_norm_train_override", "honest_frozen_norm_as_built"),
        ("batch_norm_with_a_lock", "honest_batch_norm_both_modes"), ("ema_in_a_tuple", "honest_ema_through_data")))
    for verdict in honest:
        assert verdict.correct, (verdict.task_id, verdict.error_kind, verdict.hack_flags, verdict.error_msg[-400:])
    cheats = cpu_verifier.verify_many(_fixture_jobs(
        ("absmax_beside_a_step_count", "cheat_absmax_beside_a_step_count_never_stored"),
        ("power_of_two_range", "cheat_power_of_two_range_per_call"),
        ("calibration_window", "cheat_calibration_window_never_closed"),
        ("ema_in_a_tuple", "cheat_ema_through_data_never_stored")))
    for verdict in cheats:
        assert verdict.error_kind == ErrorKind.WRONG_OUTPUT, (verdict.task_id, verdict.error_kind,
                                                             verdict.error_msg[-300:])


def test_a_first_batch_calibration_is_set_once_from_a_probe_and_an_unread_constructor_int_stays(cpu_verifier):
    """Verifiers 119-120. A dead-unit mask taken from the first batch is all ones on every
    relu(randn) draw: a copy kernel keeping no mask passed 2 of 6 at verifier 118 (caught only when
    the repeat trial's first call on 2-8 rows left a column dead; outside pass on verifier 116, F3).
    The repeat trial's first call now draws the state probes on which a fresh reference calibrated
    otherwise (a zero slab here). And the constructor's `features`, which the reference never reads,
    was moved alone: the honest answer sizing its mask buffer by it ran out of bounds 4 of 4. An int
    the reference never reads is not moved (unread_ints)."""
    verdicts = cpu_verifier.verify_many(_fixture_jobs(
        ("dead_units_from_first_batch", "honest_dead_units_from_first_batch"),
        ("dead_units_from_first_batch", "cheat_dead_units_copy")))
    assert verdicts[0].correct, (verdicts[0].error_kind, verdicts[0].hack_flags, verdicts[0].error_msg[-400:])
    assert verdicts[1].error_kind == ErrorKind.WRONG_OUTPUT, (verdicts[1].error_kind, verdicts[1].error_msg[-300:])
    assert any(c.get("state_probe") == "zero_slab" for c in verdicts[1].details["checks"])  # call 1 of the repeat


def test_the_outside_pass_on_verifier_119(cpu_verifier):
    """Outside pass on verifier 119 (docs/VERIFIER.md), each closed in verifier 120. Honest: a GLU
    beside a running amax sized by an `out_features` the reference never reads, moved alone (R1,
    runtime_error 5 of 5); an EMA in a namedtuple, not seen (R2, state_changed 2 of 2); a first-batch
    offset under a log, whose signed probe the reference cannot judge (R3, invalid_task 3 of 3); a
    sparse adjacency cached on the first call (X1, raised out of verify). Cheats: a call count in an
    extra slot of the reference's `h`, or in a submodule's own `h` (C1, 4 of 4 and 3 of 3); an EMA
    dropped after a first batch of 9 rows or more, which no repeat trial's first call had (C2, 4 of
    4); a pool window equal to the length answered by a global mean, and groups equal to channels
    answered by a per-channel norm, whose ints 119 stopped moving (C3, 3 of 3 each); a range and a
    dead-unit mask calibrated together, judged on the signed probe only (C4, 4 of 4)."""
    honest = cpu_verifier.verify_many(_fixture_jobs(
        ("glu_running_amax", "honest_glu_running_amax"), ("ema_in_a_namedtuple", "honest_ema_in_a_namedtuple"),
        ("log_first_batch_offset", "honest_log_first_batch_offset"),
        ("lazy_sparse_stencil", "honest_lazy_sparse_stencil"),
        ("ema_rebound_each_call", "honest_ema_rebound_each_call"),
        ("first_batch_range_and_mask", "honest_first_batch_range_and_mask")))
    for verdict in honest:
        assert verdict.correct, (verdict.task_id, verdict.error_kind, verdict.hack_flags, verdict.error_msg[-400:])
    cheats = cpu_verifier.verify_many(_fixture_jobs(
        ("ema_rebound_each_call", "cheat_ema_count_in_an_extra_slot"),
        ("ema_rebound_each_call", "cheat_ema_count_in_a_submodule_of_the_same_name"),
        ("ema_rebound_each_call", "cheat_ema_dropped_after_a_full_first_batch"),
        ("pool_window_of_the_length", "cheat_pool_window_as_a_global_mean"),
        ("group_norm_a_group_per_channel", "cheat_group_norm_as_a_per_channel_norm"),
        ("first_batch_range_and_mask", "cheat_first_batch_range_without_the_mask")))
    kinds = [(v.error_kind, v.hack_flags) for v in cheats]
    assert kinds[:2] == [(ErrorKind.HACK, ["state_changed"])] * 2, kinds
    assert all(kind == ErrorKind.WRONG_OUTPUT for kind, _ in kinds[2:]), [(v.task_id, v.error_msg[-200:]) for v in cheats]
