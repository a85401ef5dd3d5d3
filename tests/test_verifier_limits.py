"""Class E of the adversarial corpus, the parts a corpus file cannot carry: candidate
texts of up to 16 MiB, model output built to make the (unsandboxed) extraction slow,
and a candidate that floods the judge's memory. Each must end in a verdict about the
candidate, promptly, never in an exception, a hang, or a verdict about the task.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from autotriton.tasks import get_task
from autotriton.verify import Verifier, VerifyConfig
from autotriton.verify import sandbox
from autotriton.verify.sandbox import ForkServer

RELU = get_task("builtin/l1/relu")
CONFIG = dict(device="cpu", cache_dir=None, static_checks=False, timeout_s=30.0, memory_mb=2048)
MIB = 1 << 20


def test_16_mib_candidates_get_a_verdict():
    """Candidates up to 16 MiB are judged: padding in comments or in a string literal
    must not turn into an exception out of verify()."""
    honest = RELU.solution_source
    padded = {
        "comment": honest + ("# " + "x" * 98 + "\n") * (16 * MIB // 100),
        "string": honest + "\nBLOB = '" + "y" * (16 * MIB) + "'\n",
    }
    with Verifier(VerifyConfig(**CONFIG, workers=2)) as verifier:
        results = verifier.verify_many([(RELU, s) for s in padded.values()])
    for name, result in zip(padded, results):
        assert result.correct, (name, result.error_kind, result.error_msg[:300])


def test_code_extraction_is_linear_in_the_text():
    """Code extraction runs in the caller, outside the sandbox and its timeout. An unclosed
    fence followed by one long line, or many unclosed <think> tags, made its regexes
    quadratic: 256 KiB took 24 s, so 16 MiB would block verify() for about a day.
    4 MiB of each must extract within 20 s."""
    script = textwrap.dedent("""
        import time
        from autotriton.verify.extract import extract_code
        for text in ("```" + "a" * (4 << 20), "<think>" * ((4 << 20) // 7), "```\\n" + "```" * ((4 << 20) // 3)):
            start = time.monotonic()
            extract_code(text)
            print(round(time.monotonic() - start, 2), flush=True)
    """)
    try:
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(f"extract_code did not finish 4 MiB inputs within 20 s (times so far: "
                             f"{(exc.stdout or b'')!r})") from None
    assert done.returncode == 0, done.stderr[-2000:]


JUDGE_FLOOD = """
import json, os, socket, struct, time
import torch.nn as nn


class ModelNew(nn.Module):
    def forward(self, x):
        for fd in range(3, 64):
            try:
                s = socket.socket(fileno=os.dup(fd))
            except OSError:
                continue
            if s.family == socket.AF_UNIX:
                break
        n = 2 << 30
        raw = json.dumps({"report": {}, "value": {"T": 0},
                          "tensors": [{"dtype": "uint8", "shape": [n], "nbytes": n}]}).encode()
        s.sendall(struct.pack(">Q", len(raw)) + raw)
        chunk = bytes(16 << 20)
        for _ in range(n // len(chunk)):
            s.sendall(chunk)
        time.sleep(5)
        raise RuntimeError("the judge took it all")
"""


def test_candidate_cannot_turn_its_verdict_into_invalid_task():
    """`invalid_task` means "the reference did not fit" and makes harnesses skip the task
    (eval.metrics drops every sample of it from pass@k). A candidate must not reach it by
    streaming an oversized reply into the judge (replies may claim up to 64 GiB).
    Scaled down here: a 1.5 GB judge limit and a 2 GiB reply."""
    from dataclasses import replace

    from autotriton.verify.job import build_job
    config = VerifyConfig(device="cpu", n_trials=1, timeout_s=30.0, memory_mb=1024)
    job = replace(build_job("check", RELU, config, "interp", candidate=JUDGE_FLOOD), judge_memory_mb=1536)
    with ForkServer("interp") as server:
        verdict = server.run(job)
    result = verdict.get("result") or {}
    assert result.get("error_kind") != "invalid_task", verdict


SCALAR_TASK = '''
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return float(x.sum())


N = 256


def get_inputs():
    return [torch.randn(N)]


def get_init_inputs():
    return []
'''

HUGE_INT = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, x):
        y = torch.empty_like(x)
        copy_kernel[(triton.cdiv(x.numel(), 128),)](x, y, x.numel(), BLOCK=128)
        return 10 ** 400
'''


def test_an_int_past_floats_range_is_a_verdict_and_the_batch_goes_on():
    """A red-team answer returned 10**400 where the reference returns a float: the judge's
    compare raised OverflowError and took the whole verify_many batch with it."""
    from autotriton.tasks import task_from_source
    task = task_from_source(SCALAR_TASK, task_id="row/scalar", suite="dataset", level=1)
    with Verifier(VerifyConfig(**CONFIG, workers=2)) as verifier:
        huge, relu = verifier.verify_many([(task, HUGE_INT), (RELU, RELU.solution_source)])
    assert not huge.correct and huge.error_kind.value == "wrong_output", (huge.error_kind, huge.error_msg)
    assert "an int of 1329 bits" in huge.error_msg
    assert relu.correct


DEEP_DIRS = RELU.solution_source + '''

import os as _os
import tempfile as _tempfile

_start = _os.getcwd()
_os.chdir(_tempfile.gettempdir())
for _ in range(3000):
    _os.mkdir("d")
    _os.chdir("d")
_os.chdir(_start)
'''


def test_a_3000_deep_folder_chain_is_cleaned_up_and_the_server_lives():
    """A red-team answer left a 3,000-deep chain of folders in its temp dir: shutil.rmtree
    recursed once per level, raised RecursionError, and the fork-server died."""
    with Verifier(VerifyConfig(**CONFIG, workers=1)) as verifier:
        deep = verifier.verify(RELU, DEEP_DIRS)
        after = verifier.verify(RELU, RELU.solution_source + "\n# the next job on the same server\n")
    assert deep.error_kind.value in ("none", "import_error"), (deep.error_kind, deep.error_msg[:300])
    assert after.correct, (after.error_kind, after.error_msg[:300])


def test_the_random_size_never_fits_inside_a_grid_sized_for_the_interp_shapes(tmp_path):
    """The random-size trial holds at least a third of its budget: a relu kernel with a fixed grid of
    4 x 1024 elements (corpus g_fixed_grid_interp_sizes) covered a drawn size about once in a few
    dozen verifications when draws reached down to a quarter, rounded per size."""
    from dataclasses import replace

    from autotriton.tasks.sizes import as_judged
    from autotriton.verify.job import build_job
    from autotriton.verify.judge import RANDOM_SIZE_MAX_ELEMENTS, Judge, size_draws

    job = build_job("check", as_judged(RELU), VerifyConfig(device="cpu"), "interp", candidate="unused")
    judge = Judge(replace(job, judge_dir=str(tmp_path)), None)
    values, reach = judge.growable_sizes()
    per_input = []
    for _ in range(300):
        setting = judge.random_setting(values, size_draws(judge.rng, values, reach)[0])
        assert judge._elements(setting) >= RANDOM_SIZE_MAX_ELEMENTS // 3
        per_input.append(judge._input_elements(setting))
    assert min(per_input) > 4096 and max(per_input) <= RANDOM_SIZE_MAX_ELEMENTS // 2


def test_the_judge_names_the_checked_timing_reps():
    """The reps whose outputs are checked follow from the judge's fractions and the number of
    reps run (verify/timing.checked_reps, used by the worker and re-derived by the judge), so the
    candidate's process cannot pick them (issue 32, class E)."""
    from autotriton.verify.timing import checked_reps
    assert checked_reps([0.0, 0.999, 0.5], 10) == [0, 5, 9]
    assert checked_reps([0.31, 0.3101], 100) == [31]
    assert all(0 <= r < n for n in (10, 37, 100) for r in checked_reps([0.0, 0.5, 0.99999], n))



LITERAL_ADD = '''import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x, y):
        return x + y


def get_inputs():
    return [torch.randn(8, 16), torch.randn(8, 16)]


def get_init_inputs():
    return []
'''

ADD_ONLY_AT_WIDTH_16 = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, o_ptr, n, ADD: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if ADD:
        x = x + tl.load(y_ptr + offs, mask=m)
    tl.store(o_ptr + offs, x, mask=m)


class ModelNew(nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, ADD=x.shape[-1] == 16, BLOCK=1024)
        return out
'''


def test_a_file_with_literal_sizes_has_every_size_varied(cpu_verifier):
    """A task whose get_inputs writes its sizes as literals: only the leading rows moved, and a
    kernel that added only at the file's width of 16 passed (outside red team, ninth pass,
    2026-11-29). The judge names the literals (tasks/sizes.named_sizes) and grows them all; the
    honest kernel still passes."""
    from autotriton.tasks.sizes import as_judged
    from autotriton.tasks.contract import task_from_source

    task = as_judged(task_from_source(LITERAL_ADD, task_id="file/literal_add", suite="file", level=1))
    cheat, honest = cpu_verifier.verify_many([
        (task, ADD_ONLY_AT_WIDTH_16), (task, ADD_ONLY_AT_WIDTH_16.replace("x.shape[-1] == 16", "True"))])
    assert not cheat.correct and cheat.error_kind == "wrong_output", cheat.error_msg
    assert honest.correct, honest.error_msg


SCALAR_LEAKY = '''import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x, alpha: float):
        return torch.where(x > 0, x, x * alpha)


def get_inputs():
    return [torch.randn(17, 33), 0.25]


def get_init_inputs():
    return []
'''

LEAKY_WITH_ALPHA = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def leaky(x_ptr, y_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, tl.where(x > 0, x, x * alpha), mask=m)


class ModelNew(nn.Module):
    def forward(self, x, alpha):
        x = x.contiguous()
        y = torch.empty_like(x)
        leaky[(triton.cdiv(x.numel(), 1024),)](x, y, x.numel(), ALPHA, BLOCK=1024)
        return y
'''


def test_float_scalars_passed_to_forward_are_varied(cpu_verifier):
    """`get_inputs` floats reached forward unchanged, and a kernel with the task's 0.25 written in
    passed (outside red team, tenth pass, 2026-11-29); the honest kernel still passes."""
    from autotriton.tasks.contract import task_from_source
    from autotriton.tasks.sizes import as_judged

    task = as_judged(task_from_source(SCALAR_LEAKY, task_id="file/scalar_leaky", suite="file", level=1))
    cheat, honest = cpu_verifier.verify_many([
        (task, LEAKY_WITH_ALPHA.replace("ALPHA", "0.25")), (task, LEAKY_WITH_ALPHA.replace("ALPHA", "alpha"))])
    assert not cheat.correct and cheat.error_kind == "wrong_output", cheat.error_msg
    assert honest.correct, honest.error_msg


STATS_SHIFT = '''import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels: int, train_stats: bool = False):
        super().__init__()
        self.use_batch = train_stats  # a bool: the judge moves constructor ints, not bools
        # statistics a checkpoint would load: not whole numbers
        self.register_buffer("running_mean", torch.linspace(-0.5, 0.5, channels))
        self.register_buffer("running_var", torch.linspace(0.5, 2.0, channels))

    def forward(self, x):
        if self.use_batch:
            return x - x.mean(dim=0, keepdim=True)
        return (x - self.running_mean) / torch.sqrt(self.running_var + 1e-5)


def get_inputs():
    return [torch.randn(9, 24)]


def get_init_inputs():
    return [24, TRAIN]
'''

STATS_KERNEL = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def norm(x_ptr, m_ptr, v_ptr, y_ptr, C, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    ok = c < C
    x = tl.load(x_ptr + row * C + c, mask=ok)
    MEAN_VAR
    tl.store(y_ptr + row * C + c, (x - mean) / tl.sqrt(var + 1e-5), mask=ok)


class ModelNew(nn.Module):
    def __init__(self, channels: int, train_stats: bool = False):
        super().__init__()
        self.register_buffer("running_mean", torch.linspace(-0.5, 0.5, channels))
        self.register_buffer("running_var", torch.linspace(0.5, 2.0, channels))

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        C = x.shape[1]
        norm[(x.shape[0],)](x, self.running_mean, self.running_var, y, C, BLOCK=triton.next_power_of_2(C))
        return y
'''
READS_BUFFERS = "mean = tl.load(m_ptr + c, mask=ok)\n    var = tl.load(v_ptr + c, mask=ok)"
# the buffers' init rebuilt in the kernel: right only while they hold it
REBUILDS_INIT = ("t = c.to(tl.float32) / (C - 1)\n    mean = -0.5 + t\n    var = 0.5 + 1.5 * t")


def test_stateful_buffers_are_redrawn_in_both_models(cpu_verifier):
    """A BatchNorm kernel that rebuilt its running statistics' linspace init instead of reading the
    buffers passed (outside red team, eleventh pass, 2026-11-29): buffers were never varied. The
    judge re-draws the reference's float buffers that hold state (not whole numbers) and hands the
    candidate the same values; where the candidate's buffers do not line up, it fails closed only
    when the reference's output reads them."""
    from autotriton.tasks.contract import task_from_source

    task = task_from_source(STATS_SHIFT.replace("TRAIN", "False"), task_id="file/stats", suite="file", level=1)
    batch = task_from_source(STATS_SHIFT.replace("TRAIN", "True"), task_id="file/batch_stats", suite="file", level=1)
    # the statistics as plain tensor attributes, not buffers: right at their init, and the judge
    # cannot hand them the reference's re-drawn values
    no_buffers = STATS_KERNEL.replace("MEAN_VAR", READS_BUFFERS).replace(
        'self.register_buffer("running_mean", ', "self.running_mean = (").replace(
        'self.register_buffer("running_var", ', "self.running_var = (")
    # Fresh statistics (zeros and ones) are re-drawn too: hard-coding mean 0 and variance 1 passed.
    fresh = task_from_source(STATS_SHIFT.replace("TRAIN", "False").replace("torch.linspace(-0.5, 0.5, channels)",
                             "torch.zeros(channels)").replace("torch.linspace(0.5, 2.0, channels)", "torch.ones(channels)"),
                             task_id="file/fresh_stats", suite="file", level=1)
    reads_fresh = STATS_KERNEL.replace("MEAN_VAR", READS_BUFFERS).replace(
        "torch.linspace(-0.5, 0.5, channels)", "torch.zeros(channels)").replace(
        "torch.linspace(0.5, 2.0, channels)", "torch.ones(channels)")
    honest, cheat, missing, honest_fresh, zero_one, centred = cpu_verifier.verify_many([
        (task, STATS_KERNEL.replace("MEAN_VAR", READS_BUFFERS)),
        (task, STATS_KERNEL.replace("MEAN_VAR", REBUILDS_INIT)),
        (task, no_buffers),
        (fresh, reads_fresh), (fresh, STATS_KERNEL.replace("MEAN_VAR", "mean = 0.0\n    var = 1.0")),
        (batch, CENTRE_COLUMNS)])
    assert honest.correct, honest.error_msg
    assert not cheat.correct and cheat.error_kind == "wrong_output", cheat.error_msg
    assert not missing.correct and "buffers do not match" in missing.error_msg, missing.error_msg
    assert honest_fresh.correct, honest_fresh.error_msg
    assert not zero_one.correct and zero_one.error_kind == "wrong_output", zero_one.error_msg
    # A reference that reads batch statistics, not its buffers: a candidate keeping none is judged as usual.
    assert centred.correct, centred.error_msg


CENTRE_COLUMNS = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def centre(x_ptr, y_ptr, N, C, BLOCK: tl.constexpr):
    col = tl.program_id(0)
    r = tl.arange(0, BLOCK)
    ok = r < N
    x = tl.load(x_ptr + r * C + col, mask=ok, other=0.0)
    mean = tl.sum(x, axis=0) / N
    tl.store(y_ptr + r * C + col, x - mean, mask=ok)


class ModelNew(nn.Module):
    def __init__(self, channels: int, train_stats: bool = False):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        centre[(x.shape[1],)](x, y, x.shape[0], x.shape[1], BLOCK=triton.next_power_of_2(x.shape[0]))
        return y
'''


CLAMP_BOUNDS = '"""Clamp to a range given to the constructor as one (low, high) pair, as Hardtanh-style bounds are."""\nimport torch\nimport torch.nn as nn\n\nBATCH = 256\nDIM = 1024\n\n\nclass Model(nn.Module):\n    def __init__(self, bounds=(-0.5, 0.75)):\n        super().__init__()\n        self.low, self.high = bounds\n\n    def forward(self, x):\n        return torch.clamp(x, self.low, self.high)\n\n\ndef get_inputs():\n    return [torch.randn(BATCH, DIM)]\n\n\ndef get_init_inputs():\n    return [(-0.5, 0.75)]\n'

CLAMP_WRITTEN_IN = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n\n@triton.jit\ndef clamp_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):\n    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n    m = offs < n\n    x = tl.load(x_ptr + offs, mask=m)\n    # the task's bounds written in; the constructor's pair is ignored\n    y = tl.minimum(tl.maximum(x, -0.5), 0.75)\n    tl.store(y_ptr + offs, y, mask=m)\n\n\nclass ModelNew(nn.Module):\n    def __init__(self, bounds=(-0.5, 0.75)):\n        super().__init__()\n        self.bounds = bounds  # kept, never read\n\n    def forward(self, x):\n        x = x.contiguous()\n        y = torch.empty_like(x)\n        n = x.numel()\n        clamp_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)\n        return y"


def test_constructor_floats_inside_a_tuple_are_varied(cpu_verifier):
    """A (low, high) pair given to the constructor was passed unchanged, and a clamp with the task's
    bounds written in passed (outside red team, eighteenth pass, 2026-11-30): floats inside tuples,
    lists and dicts are varied as top-level ones are; the honest kernel reading the pair passes."""
    from autotriton.tasks.contract import task_from_source

    task = task_from_source(CLAMP_BOUNDS, task_id="file/clamp_bounds", suite="file", level=1)
    honest = CLAMP_WRITTEN_IN.replace("self.bounds = bounds  # kept, never read", "self.low, self.high = bounds").replace(
        "tl.minimum(tl.maximum(x, -0.5), 0.75)", "tl.minimum(tl.maximum(x, low), high)").replace(
        "def clamp_kernel(x_ptr, y_ptr, n, BLOCK", "def clamp_kernel(x_ptr, y_ptr, n, low, high, BLOCK").replace(
        "](x, y, n, BLOCK=1024)", "](x, y, n, self.low, self.high, BLOCK=1024)")
    cheat, fair = cpu_verifier.verify_many([(task, CLAMP_WRITTEN_IN), (task, honest)])
    assert not cheat.correct and cheat.error_kind == "wrong_output", cheat.error_msg
    assert fair.correct, fair.error_msg


CLAMP_FORWARD_PAIR = '"""Clamp to a range given to forward as one (low, high) pair."""\nimport torch\nimport torch.nn as nn\n\nBATCH = 256\nDIM = 1024\n\n\nclass Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x, bounds):\n        low, high = bounds\n        return torch.clamp(x, low, high)\n\n\ndef get_inputs():\n    return [torch.randn(BATCH, DIM), (-0.5, 0.75)]\n\n\ndef get_init_inputs():\n    return []\n'

CLAMP_FORWARD_WRITTEN_IN = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n\n@triton.jit\ndef clamp_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):\n    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n    m = offs < n\n    x = tl.load(x_ptr + offs, mask=m)\n    # the task's bounds written in; the pair forward is given is ignored\n    y = tl.minimum(tl.maximum(x, -0.5), 0.75)\n    tl.store(y_ptr + offs, y, mask=m)\n\n\nclass ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x, bounds):\n        x = x.contiguous()\n        y = torch.empty_like(x)\n        n = x.numel()\n        clamp_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)\n        return y"

CLAMP_FORWARD_READ = 'import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n\n@triton.jit\ndef clamp_kernel(x_ptr, y_ptr, n, low, high, BLOCK: tl.constexpr):\n    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n    m = offs < n\n    x = tl.load(x_ptr + offs, mask=m)\n    # honest: reads the pair\n    y = tl.minimum(tl.maximum(x, low), high)\n    tl.store(y_ptr + offs, y, mask=m)\n\n\nclass ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x, bounds):\n        x = x.contiguous()\n        y = torch.empty_like(x)\n        n = x.numel()\n        clamp_kernel[(triton.cdiv(n, 1024),)](x, y, n, bounds[0], bounds[1], BLOCK=1024)\n        return y'


def test_float_pairs_passed_to_forward_are_varied(cpu_verifier):
    """A (low, high) pair get_inputs passes to forward was never varied (the check for floats to
    vary looked at the top level only), and a clamp with the task's pair written in passed (outside
    red team, nineteenth pass, 2026-11-30); the honest kernel reading the pair passes."""
    from autotriton.tasks.contract import task_from_source

    task = task_from_source(CLAMP_FORWARD_PAIR, task_id="file/clamp_forward_pair", suite="file", level=1)
    cheat, honest = cpu_verifier.verify_many([(task, CLAMP_FORWARD_WRITTEN_IN), (task, CLAMP_FORWARD_READ)])
    assert not cheat.correct and cheat.error_kind == "wrong_output", cheat.error_msg
    assert honest.correct, honest.error_msg


def test_level_3_tasks_in_the_interpreter_wait_longer_for_an_answer():
    """The interpreter runs a level-3 answer's programs one after another: an honest three-kernel
    attention went past 60 s in one forward and passed at 240 s (outside pass on verifier 62). Its
    jobs there wait INTERP_L3_STRETCH times the limit; levels 1-2 and GPU jobs keep the limit."""
    from autotriton.verify.job import INTERP_L3_STRETCH, build_job
    config = VerifyConfig(device="cpu", timeout_s=60.0)
    attention, relu = get_task("builtin/l3/attention"), get_task("builtin/l1/relu")
    assert attention.level == 3 and relu.level == 1
    assert build_job("check", attention, config, "interp", "x").timeout_s == 60.0 * INTERP_L3_STRETCH
    assert build_job("check", relu, config, "interp", "x").timeout_s == 60.0
    assert build_job("check", attention, config, "gpu", "x").timeout_s == 60.0


def _burn_cpu_then(seconds: float) -> str:
    """The built-in ReLU answer, loading only after `seconds` of its own CPU time."""
    burn = (f"import time\n_t = time.process_time()\nwhile time.process_time() - _t < {seconds}:\n    pass\n")
    return burn + RELU.solution_source


def test_a_loaded_machine_delays_the_time_limit_and_a_waiting_candidate_still_meets_it():
    """In the interpreter the limits count CPU seconds where the machine is loaded: honest answers
    of 22-44 s alone timed out at 60 s beside a test suite, and level-3 ones at 3x load (outside
    pass on verifier 62). Here the verification shares one core with a spinning process: an answer
    needing 2 CPU-s at load passes a 3-s limit although its load takes 10-12 s by the clock here, one
    spinning past the limit is still cut, and one that sleeps is cut by the clock at
    LOADED_STRETCH times it. (Limits of 6 s and 4 CPU-s made the same points in 50 s of the suite,
    with the spinning process holding a core throughout.)"""
    import os
    import time

    from autotriton.verify.sandbox import LOADED_STRETCH
    LIMIT = 3.0
    core = min(os.sched_getaffinity(0))
    mine = os.sched_getaffinity(0)
    hog = subprocess.Popen([sys.executable, "-c", f"import os; os.sched_setaffinity(0, {{{core}}})\nwhile True: pass"])
    sleeper = "import time\ntime.sleep(600)\n" + RELU.solution_source
    try:
        os.sched_setaffinity(0, {core})  # the fork-server and its children inherit it
        with Verifier(VerifyConfig(**dict(CONFIG, timeout_s=LIMIT, n_trials=1), workers=1)) as verifier:
            start = time.monotonic()
            loaded = verifier.verify(RELU, _burn_cpu_then(2.0))
            load_wall = time.monotonic() - start
            spinning = verifier.verify(RELU, _burn_cpu_then(15.0))
            start = time.monotonic()
            asleep = verifier.verify(RELU, sleeper)
            asleep_wall = time.monotonic() - start
    finally:
        os.sched_setaffinity(0, mine)
        hog.kill()
        hog.wait()
    assert loaded.correct, (loaded.error_kind, loaded.error_msg)
    assert load_wall > LIMIT + 0.5, f"the hog left the candidate most of the core ({load_wall:.1f} s): no load to test"
    assert spinning.error_kind == "timeout" and "CPU seconds" in spinning.error_msg, spinning.error_msg
    assert asleep.error_kind == "timeout"
    assert LIMIT * LOADED_STRETCH - 1 < asleep_wall < LIMIT * LOADED_STRETCH + 30


CLIENT_THEN_KILLED = '''
import sys
from autotriton.tasks import get_task
from autotriton.verify import VerifyConfig
from autotriton.verify.job import build_job
from autotriton.verify.sandbox import ForkServer

task = get_task("builtin/l1/relu")
sleeper = "import time\\ntime.sleep(600)\\n" + task.solution_source
job = build_job("check", task, VerifyConfig(device="cpu", n_trials=1, timeout_s=120.0), "interp", candidate=sleeper)
server = ForkServer("interp")
server.start()
print(server.child.pid, flush=True)
server.run(job)
'''


def _gone(pid: int) -> bool:
    """Exited, or a zombie whose new parent has not reaped it yet."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state == "Z"


def test_a_server_stops_its_job_when_its_client_is_killed(tmp_path):
    """A stopped data build left fork-servers running their jobs, each up to LOADED_STRETCH times
    its limit (here 4 x 120 s of a candidate asleep at import), for verdicts nobody would read
    (session 74). The server watches its job pipe and stops the job, and itself, once the client
    is gone."""
    import os
    import signal
    import time

    client = subprocess.Popen([sys.executable, "-c", CLIENT_THEN_KILLED], stdout=subprocess.PIPE, cwd=tmp_path)
    server_pid = None
    try:
        server_pid = int(client.stdout.readline())
        root = Path(sandbox._work_root() or tempfile.gettempdir())
        deadline = time.monotonic() + 60
        while not list(root.glob(f"{sandbox.CAND_PREFIX}{server_pid}-*")):  # the job is running
            assert time.monotonic() < deadline and client.poll() is None, "the job never started"
            time.sleep(0.2)
        time.sleep(1.0)
        client.send_signal(signal.SIGKILL)
        client.wait()
        deadline = time.monotonic() + 20
        while not _gone(server_pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _gone(server_pid), "the server ran on after its client was killed"
        assert not list(root.glob(f"{sandbox.CAND_PREFIX}{server_pid}-*")), "the job's folder was left behind"
    finally:
        if client.poll() is None:
            client.kill()
        if server_pid is not None and not _gone(server_pid):
            os.killpg(server_pid, signal.SIGKILL)
