"""Inputs reach the candidate in the layout the task's get_inputs gives them (verifier 93).

Until verifier 92 every input was copied contiguous on its way to the candidate, so a kernel
reading a transposed, channels_last or expanded input as flat memory passed and was wrong on the
task's own inputs (outside pass on verifier 92)."""

from __future__ import annotations

import pytest
import torch

from autotriton.tasks.contract import task_from_source
from autotriton.verify import ErrorKind
from autotriton.verify.wire import dense_layout, with_layout
from autotriton.verify.worker import _fenced

LAYOUTS = {
    "transpose": lambda: torch.randn(5, 3).t(),
    "channels_last": lambda: torch.randn(2, 3, 4, 5).to(memory_format=torch.channels_last),
    "expand": lambda: torch.randn(4, 1).expand(4, 6),
    "expand_leading": lambda: torch.randn(1, 5).expand(3, 5),
    "permute_3d": lambda: torch.randn(2, 3, 4).permute(2, 0, 1),
}


@pytest.mark.parametrize("name", LAYOUTS)
def test_a_layout_survives_the_wire_and_the_fence(name):
    x = LAYOUTS[name]()
    layout = dense_layout(x)
    assert layout is not None
    for y in (with_layout(x.contiguous(), layout), _fenced(x)):
        assert y.stride() == x.stride() and torch.equal(y, x)


def test_gaps_and_contiguous_tensors_travel_contiguous():
    assert dense_layout(torch.randn(3, 4)) is None
    assert dense_layout(torch.randn(4, 8)[:, ::2]) is None  # a strided slice: values only
    assert _fenced(torch.randn(4, 8)[:, ::2]).is_contiguous()


TRANSPOSED = '''import torch
import torch.nn as nn

ROWS = 24
COLS = 40


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x) * 2.0


def get_inputs():
    return [torch.randn(COLS, ROWS).t()]


def get_init_inputs():
    return []
'''

KERNEL = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu2_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0) * 2.0, mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, x):
        {prepare}
        y = torch.empty(x.shape, device=x.device, dtype=x.dtype)
        relu2_kernel[(triton.cdiv(x.numel(), 256),)](x, y, x.numel(), BLOCK=256)
        return y
'''


def test_a_kernel_reading_a_transposed_input_as_flat_memory_is_wrong_and_one_made_contiguous_passes(cpu_verifier):
    task = task_from_source(TRANSPOSED, task_id="local/transposed_relu", suite="local", level=1)
    honest, flat = cpu_verifier.verify_many([(task, KERNEL.replace("{prepare}", "x = x.contiguous()")),
                                             (task, KERNEL.replace("{prepare}", "pass"))])
    assert honest.correct, (honest.error_kind, honest.error_msg[-400:])
    assert not flat.correct and flat.error_kind == ErrorKind.WRONG_OUTPUT, (flat.error_kind, flat.error_msg[-300:])


def test_a_transpose_made_by_torch_is_still_torch_compute(cpu_verifier):
    """Only the input exactly as given may be made contiguous: a transpose of it is the work."""
    task = task_from_source(TRANSPOSED.replace("return torch.relu(x) * 2.0", "return (torch.relu(x) * 2.0).t()"),
                            task_id="local/transposed_relu_t", suite="local", level=1)
    r = cpu_verifier.verify(task, KERNEL.replace("{prepare}", "x = x.t().contiguous()"))
    assert not r.correct and {"torch_compute", "torch_compute_runtime"} & set(r.hack_flags), \
        (r.error_kind, r.hack_flags, r.error_msg[-300:])


def _with_inputs(get_inputs: str, forward: str = "return torch.relu(x) * 2.0") -> str:
    return TRANSPOSED.replace("return [torch.randn(COLS, ROWS).t()]", get_inputs) \
        .replace("return torch.relu(x) * 2.0", forward)


# Reads x through its strides, and fails (a wrong output) in any trial that hands it over otherwise.
STRIDED = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu2_kernel(x_ptr, y_ptr, cols, sx0, sx1, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * sx0 + offs * sx1, mask=offs < cols, other=0.0)
    tl.store(y_ptr + row * cols + offs, tl.maximum(x, 0.0) * 2.0, mask=offs < cols)


class ModelNew(nn.Module):
    def forward(self, x):
        y = torch.empty(x.shape, device=x.device, dtype=x.dtype)
        relu2_kernel[(x.shape[0],)](x, y, x.shape[1], x.stride(0), x.stride(1), BLOCK=triton.next_power_of_2(x.shape[1]))
        return y if x.stride(0) == 0 else y[:1]  # told apart: one row where the rows are not one
'''


def test_an_expanded_input_reaches_every_trial_as_an_expand(cpu_verifier):
    """Refilling an expanded input in place raised inside the worker, and every answer on such a
    task was `exited` (verifier 93); the mixed-magnitude trial handed the expand over dense, which
    told it apart by stride(0) (outside pass on verifier 93)."""
    task = task_from_source(_with_inputs("return [torch.randn(COLS).expand(ROWS, COLS)]"),
                            task_id="local/expanded_relu", suite="local", level=1)
    r = cpu_verifier.verify(task, STRIDED)
    assert r.correct, (r.error_kind, r.error_msg[-400:])


NCHW = '''import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return {forward}


def get_inputs():
    return [torch.randn(2, 3, 8, 8).to(memory_format=torch.channels_last)]


def get_init_inputs():
    return []
'''

COPY = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, SCALE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(y_ptr + offs, x * SCALE, mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, x):
        t = x.contiguous()
        y = torch.empty(t.shape, device=x.device, dtype=x.dtype)
        copy_kernel[(triton.cdiv(t.numel(), 256),)](t, y, t.numel(), SCALE={scale}, BLOCK=256)
        return y
'''


def test_a_layout_change_that_is_the_whole_task_is_torch_compute_and_one_before_work_is_not(cpu_verifier):
    """`x.contiguous()` of an input as given is layout preparation (verifier 93), except where the
    task's work is that layout change: a channels_last-to-NCHW task passed with torch doing all of
    it and a kernel copying the result (outside pass on verifier 93)."""
    layout = task_from_source(NCHW.format(forward="x.contiguous()"), task_id="local/to_nchw", suite="local", level=1)
    scaled = task_from_source(NCHW.format(forward="x.contiguous() * 2.0"), task_id="local/to_nchw_x2",
                              suite="local", level=1)
    moved, worked = cpu_verifier.verify_many([(layout, COPY.format(scale="1.0")), (scaled, COPY.format(scale="2.0"))])
    assert not moved.correct and "torch_compute_runtime" in moved.hack_flags, (moved.error_kind, moved.error_msg[-300:])
    assert worked.correct, (worked.error_kind, worked.error_msg[-400:])


@pytest.mark.parametrize("name", LAYOUTS)
def test_an_input_moved_to_the_device_or_copied_for_a_timed_rep_keeps_its_layout(name):
    """On a GPU an input small enough to travel inline arrives on the host and is moved to the
    device, and each timed rep runs on a copy: Tensor.to() and clone() made an expand dense, and the
    expanded-input answer above got a 1-row output on an H100 (verifier 95). The meta device stands
    in for the GPU here."""
    from autotriton.verify.worker import Worker, _copy_as_given

    x = LAYOUTS[name]()
    worker = Worker(None, "interp", "")
    worker.device = "meta"
    (moved,) = worker._device_inputs([x])
    copied = _copy_as_given(x)
    assert moved.device.type == "meta" and moved.stride() == x.stride()
    assert copied.stride() == x.stride() and torch.equal(copied, x) and copied.data_ptr() != x.data_ptr()
