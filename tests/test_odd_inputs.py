"""Task values (inputs, floats, buffers) the judge carries whole, varies or refuses by name, never
with an exception out of verify or a verdict against an honest candidate (outside pass on verifier
96: F3, F4, F5, F6, F7, F9)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import torch

from autotriton.tasks import get_task
from autotriton.tasks.contract import task_from_source
from autotriton.verify import ErrorKind, wire

TASK = '''import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, *args):
        return {body}


def get_inputs():
    return [{inputs}]


def get_init_inputs():
    return []
'''

KERNEL = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def affine_kernel(x_ptr, o_ptr, n, a, b, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(o_ptr + offs, tl.load(x_ptr + offs, mask=m, other=0) * a + b, mask=m)


class ModelNew(nn.Module):
    def forward(self, x, *rest):
        a, b = {scales}
        x = x.contiguous()
        o = torch.empty_like(x)
        affine_kernel[(triton.cdiv(x.numel(), 1024),)](x, o, x.numel(), a, b, BLOCK=1024)
        return o
'''


def _task(body: str, inputs: str, name: str):
    return task_from_source(TASK.format(body=body, inputs=inputs), task_id=f"local/{name}", suite="local", level=1)


def test_a_dict_with_int_keys_travels_whole():
    """Its int keys were dropped, so the candidate got {} and an honest answer reading opts[0] was
    a runtime_error (F6); a key that is not plain data is refused by name."""
    tensors = []
    node = wire._flatten({0: 0.5, 1: 0.25, "w": torch.ones(2)}, tensors, 0, [0], True)
    back = wire._unflatten(node, tensors, 0, True)
    assert back.keys() == {0, 1, "w"} and back[0] == 0.5 and torch.equal(back["w"], torch.ones(2))
    try:
        wire._flatten({(1, 2): 0.5}, [], 0, [0], True)
    except wire.WireError as exc:
        assert "dict key of type 'tuple'" in str(exc)
    else:
        raise AssertionError("a tuple key travelled")


def test_int_keys_full_range_int64_and_sparse_inputs_get_verdicts(cpu_verifier):
    """An honest answer on a dict with int keys passes (F6); an int64 input over all of int64 raised
    out of the judge in the structured kind (F4); a sparse input raised out of it in the layout and
    structure checks, where the wire cannot carry one anyway: the task is invalid, by name (F5)."""
    int_keys = _task("args[0] * args[1][0] + args[1][1]", "torch.randn(16, 24), {0: 0.5, 1: 0.25}", "int_keys")
    full = _task("args[0] * 3 + 7", "torch.randint(-(2 ** 63), 2 ** 63 - 1, (16, 24), dtype=torch.int64)",
                 "int64_full_range")
    sparse = _task("args[0].to_dense() * 2.0", "torch.randn(16, 24).relu().to_sparse()", "sparse_input")
    honest_keys = KERNEL.format(scales="float(rest[0][0]), float(rest[0][1])")
    honest_int = KERNEL.format(scales="3, 7")
    keys, whole, refused = cpu_verifier.verify_many([(int_keys, honest_keys), (full, honest_int),
                                                     (sparse, honest_int)])
    assert keys.correct, keys.error_msg
    assert whole.correct, whole.error_msg
    assert refused.error_kind == ErrorKind.INVALID_TASK and "sparse_coo tensor" in refused.error_msg, refused.error_msg


def test_the_cli_judges_bytes_that_are_not_utf8_as_the_api_does(tmp_path, cpu_verifier):
    """The CLI refused such a file (rc 2, no verdict) that the API, handed the text, judged (F9):
    both read the bytes as '?' now (extract.readable_text)."""
    relu = get_task("builtin/l1/relu")
    path = tmp_path / "relu_bad_bytes.py"
    path.write_bytes(relu.solution_source.encode() + b"# bad bytes: \x80\xfe\n")
    done = subprocess.run([sys.executable, "-m", "autotriton.cli.main", "verify", "-t", "builtin/l1/relu", str(path),
                           "--json", "--no-cache", "--device", "cpu"], capture_output=True, text=True, timeout=600)
    verdict = json.loads(done.stdout[done.stdout.index("{"):])
    api = cpu_verifier.verify(relu, path.read_bytes().decode("utf-8", "surrogateescape"))
    assert (verdict["correct"], verdict["error_kind"]) == (api.correct, api.error_kind.value) == (True, "none"), \
        (done.returncode, done.stderr[-1500:])


POW_TASK = '''import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, alpha):
        super().__init__()
        self.alpha = alpha

    def forward(self, x, p):
        return torch.pow(x, p) + self.alpha * x


def get_inputs():
    return [torch.randn(24, 40), 3.0]


def get_init_inputs():
    return [0.37]
'''

POW_KERNEL = '''import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def pow_kernel(x_ptr, y_ptr, n, p, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    tl.store(y_ptr + offs, {value}, mask=m)


class ModelNew(nn.Module):
    def __init__(self, alpha):
        super().__init__()
        self.alpha = float(alpha)

    def forward(self, x, p):
        x = x.contiguous()
        y = torch.empty_like(x)
        pow_kernel[(triton.cdiv(x.numel(), 1024),)](x, y, x.numel(), float(p), self.alpha, BLOCK=1024)
        return y
'''


def test_a_float_the_reference_takes_only_whole_is_still_varied(cpu_verifier):
    """torch.pow's exponent of 3.0 moved by a factor is NaN on negative inputs, the reference
    "failed", and no float of the verification was varied again: x * x * x with the exponent written
    in passed 19 of 22 verifications (F3). The trial runs again with whole numbers moved to whole
    numbers and the other floats varied as usual: with them kept, an alpha of 0.37 written in beside
    the exponent passed 2 of 6 (outside pass on verifier 97, F4)."""
    task = task_from_source(POW_TASK, task_id="local/pow_arg", suite="local", level=1)
    honest = POW_KERNEL.format(value="libdevice.pow(x, p) + alpha * x")
    cube = POW_KERNEL.format(value="x * x * x + alpha * x")
    alpha = POW_KERNEL.format(value="libdevice.pow(x, p) + 0.37 * x")
    verdicts = cpu_verifier.verify_many([(task, honest), (task, cube), (task, alpha), (task, alpha)])
    assert verdicts[0].correct, verdicts[0].error_msg
    assert not any(v.correct for v in verdicts[1:]), [v.details.get("varied_init") for v in verdicts[1:]]


def test_a_non_persistent_buffer_is_a_table_an_honest_kernel_may_compute(cpu_verifier):
    """RoPE's inv_freq registered with persistent=False is no state a checkpoint loads: an honest
    kernel computing the frequencies in place of reading the buffer was a hack (parameter_mismatch:
    outside pass on verifier 96, F7). The same buffer persistent stays state, re-drawn."""
    fixtures = Path(__file__).parent / "fixtures"
    source = (fixtures / "task_rope_nonpersistent_buffer.py").read_text()
    persistent = source.replace(", persistent=False)", ")")
    assert persistent != source
    answer = (fixtures / "honest_rope_frequencies_in_kernel.py").read_text()
    table, state = cpu_verifier.verify_many([
        (task_from_source(source, task_id="local/rope_table", suite="local", level=1), answer),
        (task_from_source(persistent, task_id="local/rope_state", suite="local", level=1), answer)])
    assert table.correct, table.error_msg
    assert not state.correct and "parameter_mismatch" in state.hack_flags, state.error_msg


def test_the_floats_of_a_config_object_are_varied(cpu_verifier):
    """A constructor given a config namespace: its floats were never varied, and a kernel with the
    config's slope and scale written in passed 12 of 12 (F2)."""
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_config_namespace.py").read_text(), task_id="local/config_namespace",
                            suite="local", level=1)
    honest = (fixtures / "honest_leaky_relu_from_config.py").read_text()
    written = honest.replace("x * slope) * scale", "x * 0.2) * 1.5")
    assert written != honest
    verdicts = cpu_verifier.verify_many([(task, honest), (task, written), (task, written)])
    assert verdicts[0].correct, verdicts[0].error_msg
    assert not any(v.correct for v in verdicts[1:]), [v.error_msg[:200] for v in verdicts[1:]]


def test_an_integer_input_of_one_value_is_moved(cpu_verifier):
    """Lengths always full (torch.full((B,), T)): the structured kind mapped a one-value integer
    input onto itself, and a mean dividing by T, the lengths never read, passed 18 of 18 with a
    count written in (F1). Such an input now takes values between 1 and its own, never itself."""
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_lengths_always_full.py").read_text(), task_id="local/lengths_full",
                            suite="local", level=1)
    honest = (fixtures / "honest_masked_mean_by_lengths.py").read_text()
    ignored = (fixtures / "cheat_mean_ignoring_lengths.py").read_text()
    verdicts = cpu_verifier.verify_many([(task, honest), (task, ignored), (task, ignored)])
    assert verdicts[0].correct, verdicts[0].error_msg
    assert not any(v.correct for v in verdicts[1:]), [v.error_msg[:200] for v in verdicts[1:]]


SCALAR_MASK_PROBE = r'''
import torch
import triton
import triton.language as tl
from autotriton.verify import worker

worker.interpreted()


@triton.jit
def prefix_sum_rows(x_ptr, len_ptr, y_ptr, T, BLOCK: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    n = tl.load(len_ptr)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for t in range(0, T):
        acc += tl.load(x_ptr + t * BLOCK + cols, mask=(cols < BLOCK) & (t < n), other=0.0)
    tl.store(y_ptr + cols, acc)


x, y = torch.randn(5, 16), torch.empty(16)
prefix_sum_rows[(1,)](x, torch.tensor([3]), y, 5, BLOCK=16)
print(torch.allclose(y, x[:3].sum(0)))
'''


def test_a_scalar_comparison_joins_a_mask_as_int1():
    """Triton 3.9's interpreter gave a comparison's result its operands' dtype, so `(cols < B) & (t < n)`
    was an int32 mask and an honest masked load raised "mask has unsupported dtype" on CPU only
    (outside pass on verifier 96): worker.comparisons_as_int1."""
    import os
    done = subprocess.run([sys.executable, "-c", SCALAR_MASK_PROBE], env={**os.environ, "TRITON_INTERPRET": "1"},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr[-1500:]


def test_one_value_integer_inputs_of_0_1_and_minus_1_move():
    """An attention mask of ones, token-type ids of zeros and a multiplier of 1, each ignored, passed
    every verification: the structured kind moved one-value integers of 2 or more only (outside pass
    on verifier 97, F0)."""
    from autotriton.verify.judge import structure
    gen = torch.Generator().manual_seed(7)
    ones, zeros, one, minus = structure([torch.ones(4, 6, dtype=torch.long), torch.zeros(4, 6, dtype=torch.long),
                                         torch.tensor(1), torch.full((5,), -1)], gen)
    assert set(ones.unique().tolist()) == {0, 1} and set(zeros.unique().tolist()) == {0, 1}
    assert one.item() == 2 and set(minus.tolist()) == {-1, -2}


def test_config_mappings_and_class_defaults_travel_and_vary():
    """An OrderedDict, an EasyDict-style dict and a config class's class-level defaults reached the
    candidate as an empty namespace (honest answers init_error) and were never varied (outside pass
    on verifier 97, F3)."""
    import collections

    from autotriton.verify.judge import _leaves_mapped

    class AttrConfig(dict):
        __getattr__ = dict.__getitem__

    class Defaults:
        slope = 0.2
        scale = 1.7

    for config in (collections.OrderedDict(slope=0.2, scale=1.7), AttrConfig(slope=0.2, scale=1.7), Defaults()):
        tensors = []
        sent = wire._unflatten(wire._flatten(config, tensors, 0, [0], True), tensors, 0, True)
        assert (sent["slope"] if isinstance(sent, dict) else sent.slope) == 0.2
        assert sent.scale == 1.7
        varied = _leaves_mapped(config, lambda v: v * 2 if type(v) is float else v)
        read = varied.__getitem__ if isinstance(varied, dict) else varied.__getattribute__
        assert (read("slope"), read("scale")) == (0.4, 3.4) and varied is not config
        assert (config["slope"] if isinstance(config, dict) else config.slope) == 0.2  # the task's own, untouched


def test_a_float_input_zero_throughout_is_drawn_in_the_structured_kind(cpu_verifier):
    """A state get_inputs always starts at zero: every trial kept it zero, and a step dropping the
    state's term passed 6 of 6 (outside pass on verifier 97, F1: an RNN cell skipping h0 @ W_hh^T, a
    leaky integrator). The structured kind draws it from N(0, 1); a reference that cannot take it
    drawn (sqrt of a count) keeps it zero there, and an honest answer still passes."""
    fixtures = Path(__file__).parent / "fixtures"
    decay = task_from_source((fixtures / "task_decay_state_from_zeros.py").read_text(), task_id="local/decay_state",
                             suite="local", level=1)
    counts = task_from_source((fixtures / "task_log_of_zero_start.py").read_text(), task_id="local/zero_counts",
                              suite="local", level=1)
    verdicts = cpu_verifier.verify_many([(decay, (fixtures / "honest_decay_state.py").read_text()),
                                         (decay, (fixtures / "cheat_decay_state_dropped.py").read_text()),
                                         (counts, (fixtures / "honest_log_of_zero_start.py").read_text())])
    assert verdicts[0].correct and verdicts[2].correct, [v.error_msg[:300] for v in verdicts]
    assert verdicts[1].error_kind == ErrorKind.WRONG_OUTPUT, verdicts[1].error_msg[:300]
    assert "zero throughout drawn" in verdicts[1].error_msg


def test_a_zero_state_the_reference_needs_non_negative_is_drawn_non_negative(cpu_verifier):
    """An RMSprop step's second moment starts at zero; drawn from N(0, 1) the reference's sqrt
    gives NaN, and the trial kept it zero: a step dropping the moment passed 7 of 7 (outside pass
    on verifier 102, F1). It is drawn from |N(0, 1)| before it is kept zero."""
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_second_moment_from_zeros.py").read_text(),
                            task_id="local/second_moment", suite="local", level=1)
    honest, dropped = cpu_verifier.verify_many([(task, (fixtures / "honest_second_moment_step.py").read_text()),
                                                (task, (fixtures / "cheat_second_moment_state_dropped.py").read_text())])
    assert honest.correct, honest.error_msg[:300]
    assert dropped.error_kind == ErrorKind.WRONG_OUTPUT, dropped.error_msg[:300]
    assert "|N(0, 1)|" in dropped.error_msg, dropped.error_msg[:300]


def test_an_int_passed_to_forward_is_moved(cpu_verifier):
    """`x * k` with k = 3 from get_inputs: forward's ints were passed as written, and a kernel with
    3.0 written in passed 4 of 4 (outside pass on verifier 94, F6). The trials that vary the
    constructor's values move them too, where the reference still runs on meta."""
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_scale_by_int.py").read_text(), task_id="local/scale_by_int",
                            suite="local", level=1)
    honest, written_in = cpu_verifier.verify_many([(task, (fixtures / "honest_scale_by_int.py").read_text()),
                                                   (task, (fixtures / "cheat_scale_by_int_written_in.py").read_text())])
    assert honest.correct, honest.error_msg[:300]
    assert written_in.error_kind == ErrorKind.WRONG_OUTPUT, written_in.error_msg[:300]


def test_a_state_the_output_reads_must_be_written_back(cpu_verifier):
    """A running mean the output reads: the judge redrew the buffers before every call, handing
    the candidate the state, and a kernel that never stored the new mean passed 4 of 4 (outside
    pass on verifier 104, F1). Calls after an instance's first now start where the last one left
    both models."""
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_running_mean_centering.py").read_text(),
                            task_id="local/running_mean", suite="local", level=1)
    honest, unstored = cpu_verifier.verify_many([(task, (fixtures / "honest_running_mean_centering.py").read_text()),
                                                 (task, (fixtures / "cheat_running_mean_never_stored.py").read_text())])
    assert honest.correct, honest.error_msg[:300]
    assert unstored.error_kind == ErrorKind.WRONG_OUTPUT, unstored.error_msg[:300]
    assert "as the last call left it" in unstored.error_msg, unstored.error_msg[:300]


def test_a_module_is_also_judged_at_the_state_it_is_built_with(cpu_verifier):
    """Glow's ActNorm initialises from the first batch a fresh module sees. The judge redrew the
    buffers before every instance's first call (its flag moved up 1-1,000), so neither model ever
    initialised, and a kernel that never does passed 4 of 4 (outside pass on verifier 104, F2).
    The first call now starts as built half the time (the flag, a buffer written in place, stays state
    since verifier 118: as a cache in 116-117 it was never redrawn)."""
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_actnorm_first_batch_init.py").read_text(),
                            task_id="local/actnorm", suite="local", level=1)
    honest, never = cpu_verifier.verify_many([(task, (fixtures / "honest_actnorm_first_batch_init.py").read_text()),
                                              (task, (fixtures / "cheat_actnorm_never_initialised.py").read_text())])
    assert honest.correct, honest.error_msg[:300]
    assert never.error_kind == ErrorKind.WRONG_OUTPUT, never.error_msg[:300]
    assert "buffers as built" in never.error_msg, never.error_msg[:300]


def test_the_ints_of_a_config_object_are_moved(cpu_verifier):
    """A group count in a config class: vary_ints moved top-level ints and those in top-level tuples
    only, and a kernel with the config's 4 groups written in passed (open since verifier 97)."""
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_group_centering_config.py").read_text(), task_id="local/group_config",
                            suite="local", level=1)
    verdicts = cpu_verifier.verify_many([(task, (fixtures / "honest_group_centering_config.py").read_text()),
                                         (task, (fixtures / "cheat_group_centering_four_groups.py").read_text())])
    assert verdicts[0].correct, verdicts[0].error_msg[:300]
    assert verdicts[1].error_kind == ErrorKind.WRONG_OUTPUT, verdicts[1].error_msg[:300]


def test_int_paths_reach_into_dicts_and_config_objects_and_copy_on_the_way():
    from collections import OrderedDict
    from types import SimpleNamespace

    from autotriton.verify.judge import _ints_in, _with_ints

    class Defaults:
        heads = 2
    init = [3, (1, True, [5]), {"k": 7, "eps": 0.5}, OrderedDict(n=9), SimpleNamespace(groups=4), Defaults()]
    assert _ints_in(init) == [3, 1, 5, 7, 9, 4, 2]  # 0, (1, 0), (1, 2, 0), k, n, groups, heads
    moved = _with_ints(init, {2: 6, 4: 8, 5: 5, 6: 3})
    assert moved[1] == (1, True, [6]) and moved[3] == OrderedDict(n=8) and type(moved[3]) is OrderedDict
    assert moved[4].groups == 5 and moved[5].heads == 3 and type(moved[5]) is Defaults
    assert init[1][2] == [5] and init[3]["n"] == 9 and init[4].groups == 4 and init[5].heads == 2  # copies


def test_a_threshold_the_own_draw_never_reaches_is_still_moved(cpu_verifier):
    """A clamp at min=-6 taken from the constructor: on randn inputs neither -7 nor -5 changes the
    output, so verifier 120 took the int for unread and never moved it, and a kernel with -6
    written in passed 4 of 4. An int is unread only where neither its smallest nor its largest move
    changes the outputs on the own draw or on it times 64 (verifier 121)."""
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_floor_at_a_constructor_int.py").read_text(),
                            task_id="file/floor_at_a_constructor_int", suite="file", level=1)
    verdict = cpu_verifier.verify(task, (fixtures / "cheat_floor_written_in.py").read_text())
    assert verdict.error_kind == ErrorKind.WRONG_OUTPUT, (verdict.error_kind, verdict.error_msg[-300:])
