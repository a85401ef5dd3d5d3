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
from autotriton.verify import Verifier, VerifyConfig

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
    with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=2)) as verifier:
        results = verifier.verify_many(list(jobs.values()))
    return dict(zip(jobs, results))


def test_honest_kernels_that_keep_the_reference_state_pass(verdicts):
    for name in ("honest", "honest_side_effect"):
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
