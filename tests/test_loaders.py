"""External eval sets: KernelBench and TritonBench loaders, interp sizing,
signed inputs, and the TritonBench runner (CPU, TRITON_INTERPRET=1).

Fixtures under tests/fixtures/ are made-up tasks written in each set's file
format; no problem of either benchmark is copied here."""

from __future__ import annotations

import ast
import functools
import math
import shutil
from pathlib import Path

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from autotriton.tasks.kernelbench import load_kernelbench, load_kernelbench_report
from autotriton.tasks.signed import signed_variant
from autotriton.verify.rules import check_rules
from autotriton.tasks.sizes import INTERP_TARGET_ELEMS, LIFTED_PREFIX, derive_interp, derive_interp_overrides, named_sizes
from autotriton.tasks.tritonbench import (
    SEPARATOR,
    TBItem,
    load_tritonbench_g,
    load_tritonbench_g_report,
    load_tritonbench_t,
)
from autotriton.eval.tritonbench import (
    MAX_UNDETERMINED,
    TB_TOLERANCE,
    prompt_messages,
    run_tritonbench_gold,
    run_tritonbench_item,
    score_tritonbench,
)
from autotriton.tasks.contract import TaskError
from autotriton.verify.compare import tree_disagreement, tree_mismatch

# TritonBench's rule for the judge's tree comparison, as eval/tritonbench.py applies it
compare_results = functools.partial(tree_mismatch, tolerance=TB_TOLERANCE)
disagreement = functools.partial(tree_disagreement, tolerance=TB_TOLERANCE, max_share=MAX_UNDETERMINED)

FIXTURES = Path(__file__).parent / "fixtures"
KB = FIXTURES / "kernelbench"


def _run_task(source: str, overrides: dict[str, int]):
    """Execute one of our own fixture tasks at `overrides` (trusted code, in-process)."""
    ns: dict = {}
    exec(compile(source, "fixture", "exec"), ns)
    ns.update(overrides)
    torch.manual_seed(0)
    inputs = ns["get_inputs"]()
    return inputs, ns["Model"](*ns["get_init_inputs"]())(*inputs)


# ====================================================================== KernelBench loading

def test_kernelbench_ids_levels_order_and_skips():
    report = load_kernelbench_report(KB, levels=(1, 2))
    assert [t.id for t in report.tasks] == [
        "kernelbench/l1/1_TinyReLU", "kernelbench/l1/2_GroupedConvScale", "kernelbench/l1/10_TwoTensorAdd",
        "kernelbench/l2/1_MatmulBiasRelu"]  # numeric order: 10 after 2
    assert [t.level for t in report.tasks] == [1, 1, 1, 2]
    assert all(t.suite == "kernelbench" and t.split == "heldout" for t in report.tasks)
    reasons = {Path(s.path).name: s.reason for s in report.skipped}
    assert reasons == {"3_NoInputs.py": "task file must define get_inputs",
                       "notes.py": "file name is not <id>_<Name>.py"}
    assert "skipped 2" in report.summary() and "3_NoInputs.py" in report.summary()
    assert [t.id for t in load_kernelbench(KB, levels=(2,))] == ["kernelbench/l2/1_MatmulBiasRelu"]


def test_kernelbench_missing_root_or_level_is_a_clear_error(tmp_path):
    with pytest.raises(TaskError, match="KernelBench root not found"):
        load_kernelbench(tmp_path / "nope")
    with pytest.raises(TaskError, match="level3"):
        load_kernelbench(KB)  # the fixture has no level3/


def test_kernelbench_repo_root_is_accepted(tmp_path):
    shutil.copytree(KB / "level2", tmp_path / "KernelBench" / "level2")
    assert [t.id for t in load_kernelbench(tmp_path, levels=(2,))] == ["kernelbench/l2/1_MatmulBiasRelu"]


def test_kernelbench_shape_settings_and_tags():
    tasks = {t.id.split("/")[-1]: t for t in load_kernelbench(KB, levels=(1, 2))}
    relu = tasks["1_TinyReLU"]
    assert [s.name for s in relu.shapes_for("interp")] == ["interp_auto"]
    assert [s.name for s in relu.shapes_for("gpu")] == ["default", "interp_auto"]
    # The default setting restores the file's own values of everything interp_auto changes.
    assert relu.shapes[0].overrides == {"batch_size": 4096, "dim": 393216}
    assert {"auto_interp_shape", "auto_interp_shape:estimated"} <= set(relu.tags)
    # Already small: nothing to derive, the file's sizes serve on CPU too.
    add = tasks["10_TwoTensorAdd"]
    assert "auto_interp_shape:none" in add.tags and [s.name for s in add.shapes_for("interp")] == ["default"]


# ====================================================================== interp sizes

def test_interp_sizes_shrink_inputs_and_run():
    for name in ("1_TinyReLU", "2_GroupedConvScale"):
        source = (KB / "level1" / f"{name}.py").read_text()
        overrides = derive_interp_overrides(source)
        inputs, out = _run_task(source, overrides)
        assert torch.isfinite(out).all()
        assert inputs[0].numel() <= 4 * INTERP_TARGET_ELEMS, (name, inputs[0].shape)
    matmul = (KB / "level2" / "1_MatmulBiasRelu.py").read_text()
    inputs, out = _run_task(matmul, derive_interp_overrides(matmul))
    assert inputs[0].numel() <= INTERP_TARGET_ELEMS
    assert out.shape[1] % inputs[0].shape[1] == 0  # N stays a multiple of K


def test_interp_keeps_divisibility_and_small_constants():
    overrides = derive_interp_overrides((KB / "level1" / "2_GroupedConvScale.py").read_text())
    assert "kernel_size" not in overrides and "groups" not in overrides  # small: unchanged
    assert overrides["in_channels"] % 6 == 0 and overrides["out_channels"] % 6 == 0  # channels per group
    assert overrides["out_channels"] % overrides["in_channels"] == 0  # 192 = 2 * 96 in the file
    assert overrides["height"] == overrides["width"] and overrides["height"] < 250  # equal stays equal


def test_interp_reads_lowercase_expressions_locals_and_starred_shapes():
    source = """
import torch
M = 1024 * 2
N = M * 2
in_features = 4096
out_features = 4096
input_shape = (512,)
batch_size = 256
dim = 1
kernel_size = 11
def get_inputs():
    shape = (M, in_features)
    return [torch.randn(shape), torch.randint(0, N, (batch_size, *input_shape)), torch.rand(M, N)]
def get_init_inputs():
    return [in_features, out_features, dim]
"""
    derived = derive_interp(source)
    o = derived.overrides
    assert derived.method == "estimated" and "dim" not in o and "kernel_size" not in o
    assert o["in_features"] == o["out_features"]  # equal originals stay equal
    assert "N" not in o and "M" in o  # N = M * 2 is recomputed from M when the task runs
    assert o["batch_size"] >= 22  # extents stay >= 2 x the largest window (kernel_size = 11)
    assert derived.max_input_elems is not None and derived.max_input_elems <= 512 * 64


def test_interp_handles_chained_unpacked_derived_and_tuple_sizes():
    source = """
import torch
batch_size = 128
in_channels = 64
out_channels = 128
height = width = 128
depth, h2, w2 = 160, 320, 320
kernel_size = (5, 9)
groups = in_channels
bias_shape = (out_channels, 1, 1)
input_shape = (4096,)
def get_inputs():
    return [torch.rand(batch_size, in_channels, height, width), torch.rand(batch_size, in_channels, depth, h2, w2),
            torch.rand(batch_size, *input_shape)]
def get_init_inputs():
    return [in_channels, out_channels, kernel_size, groups, bias_shape]
"""
    derived = derive_interp(source)
    o = derived.overrides
    assert derived.method == "estimated", derived
    assert o["height"] == o["width"] >= 18  # chained, and >= 2 x the largest window of a tuple kernel
    assert {"depth", "h2", "w2"} <= set(o)  # unpacked
    assert "groups" not in o and "bias_shape" not in o  # derived: recomputed from in/out_channels at run time
    assert o["input_shape"][0] < 4096  # a literal extent inside a tuple shrinks too


def test_shape_setting_recomputes_derived_module_constants(tmp_path):
    from autotriton.tasks.contract import ShapeSetting
    from autotriton.verify.loading import apply_shape
    from autotriton.tasks.contract import module_from_source
    path = tmp_path / "t.py"
    source = "out_channels = 64\nbias_shape = (out_channels, 1, 1)\ndim = out_channels * 2\n"
    path.write_text(source)
    mod = module_from_source(source, "t_recompute", str(path))
    apply_shape(mod, ShapeSetting("small", "interp", {"out_channels": 8}), {"out_channels": 64})
    assert mod.bias_shape == (8, 1, 1) and mod.dim == 16
    apply_shape(mod, ShapeSetting("default", "gpu", {}), {"out_channels": 64})
    assert mod.bias_shape == (64, 1, 1) and mod.dim == 128


def test_interp_without_estimable_inputs_clamps():
    source = "HIDDEN = 8192\nOTHER = 3\ndef get_inputs():\n    return make_inputs(HIDDEN)\n"
    derived = derive_interp(source)
    assert derived.method == "clamped" and derived.overrides == {"HIDDEN": 64}


GROUP_NORM_LITERAL_GROUPS = """import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, num_groups, channels):
        super().__init__()
        self.norm = nn.GroupNorm(num_groups, channels)

    def forward(self, x):
        return self.norm(x)


channels = 96
batch_size = 4
height = 128
width = 256


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [GROUPS, channels]
"""


@pytest.mark.parametrize("groups", [3, 8])
def test_interp_keeps_sizes_multiples_of_small_literals_get_init_inputs_passes(groups):
    """A group count written as a literal in get_init_inputs (`[8, channels]`, as people write a
    GroupNorm) divides the channels at interp sizes too: 96 channels once shrank to 12 over 8
    groups and the reference could not be built (invalid_task)."""
    source = GROUP_NORM_LITERAL_GROUPS.replace("GROUPS", str(groups))
    overrides = derive_interp_overrides(source)
    assert overrides["channels"] % groups == 0 and overrides["channels"] < 96, overrides
    inputs, out = _run_task(source, overrides)
    assert out.shape == inputs[0].shape and inputs[0].numel() <= INTERP_TARGET_ELEMS


_NAMES = [f"c{i}" for i in range(6)]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([1, 2, 3, 4, 6, 8, 12, 16, 24, 48, 96, 100, 128, 250, 1000, 1024, 4096, 10007]),
                min_size=1, max_size=6))
def test_interp_property_divisibility_bounds(values):
    consts = dict(zip(_NAMES, values))
    lines = [f"{k} = {v}" for k, v in consts.items()]
    dims = ", ".join(consts)
    source = "\n".join(lines) + f"\ndef get_inputs():\n    return [torch.randn({dims})]\n"
    new = {**consts, **derive_interp_overrides(source)}
    for a, va in consts.items():
        assert 1 <= new[a] <= va
        if va <= 8:
            assert new[a] == va
        for b, vb in consts.items():
            if 1 < vb <= va and va % vb == 0:
                assert new[a] % new[b] == 0, (consts, new)


# ====================================================================== signed inputs

LITERAL_TASK = """import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, d_in, d_out, slope):
        super().__init__()
        self.proj = nn.Linear(d_in, d_out)
        self.slope = slope

    def forward(self, x, ids):
        return self.proj(x).view(-1, 32) * self.slope


def get_inputs():
    return [torch.randn(8, 16), torch.randint(0, 10, (8,))]


def get_init_inputs():
    return [16, 32, 3]
"""


def test_literal_sizes_become_names_the_random_size_trials_can_grow():
    named = named_sizes(LITERAL_TASK)
    assert len(named.splitlines()) == len(LITERAL_TASK.splitlines()) + 2  # line numbers kept, two names added
    module = {}
    exec(compile(named, "task.py", "exec"), module)
    assert module[f"{LIFTED_PREFIX}8"] == 8 and module[f"{LIFTED_PREFIX}16"] == 16
    assert f"torch.randint(0, 10, ({LIFTED_PREFIX}8,))" in named  # randint's bounds are values, not sizes
    assert f"return [{LIFTED_PREFIX}16, 32, 3]" in named  # in_features grows with x; the rest stay
    assert ".view(-1, 32)" in named  # the Model's own literals are never touched
    x, ids = module["get_inputs"]()
    assert x.shape == (8, 16) and ids.shape == (8,)


def test_a_file_with_named_sizes_is_unchanged():
    source = "import torch\nN = 8\ndef get_inputs():\n    return [torch.randn(N)]\n"
    assert named_sizes(source) == source


def test_signed_variant_rewrites_only_get_inputs():
    source = (KB / "level1" / "1_TinyReLU.py").read_text()
    signed = signed_variant(source)
    assert signed is not None
    assert "x = torch.randn(batch_size, dim)" in signed
    assert "self.noise = torch.rand(1)" in signed  # in Model.__init__: untouched
    assert signed.replace("torch.randn(batch_size", "torch.rand(batch_size") == source
    ast.parse(signed)


def test_signed_variant_like_alias_unicode_and_noop():
    source = ('import torch as th\nS = "é"\ndef get_inputs():\n'
              '    a = th.rand(3); b = th.rand_like(a)  # é\n    return [a, b, th.randn(2)]\n')
    assert signed_variant(source) == source.replace("th.rand(3)", "th.randn(3)").replace("rand_like", "randn_like")
    assert signed_variant((KB / "level1" / "10_TwoTensorAdd.py").read_text()) is None


# ====================================================================== TritonBench loading

def test_tritonbench_g_loading():
    report = load_tritonbench_g_report(FIXTURES / "tritonbench_g")
    assert Path(report.json_path).name == "TritonBench_G_v1.json" and not report.skipped
    items = {i.id: i for i in report.items}
    assert set(items) == {"tritonbench_g/vector_add", "tritonbench_g/leaky_clip"}
    add = items["tritonbench_g/vector_add"]
    assert add.channel == "G" and add.result_var == "result_gold" and add.difficulty == "1"
    assert add.instruction.startswith("Write a Triton kernel `vector_add_kernel`")
    assert "@triton.jit" in add.gold_code and SEPARATOR not in add.gold_code
    assert "result_gold = test_vector_add()" in add.test_code and "@triton.jit" not in add.test_code


def test_tritonbench_t_loading_with_and_without_separator():
    items = {i.id: i for i in load_tritonbench_t(FIXTURES / "tritonbench_t")}
    soft = items["tritonbench_t/temperature_softmax"]
    assert soft.channel == "T" and soft.result_var == "test_results"
    for part in ("Softmax of input / temperature", "exp(x_i / T)", ">>> temperature_softmax", "torch.softmax"):
        assert part in soft.instruction
    relu = items["tritonbench_t/offset_relu"]  # no separator: split at the first def test_*
    assert "def offset_relu" in relu.gold_code and "test_offset_relu" not in relu.gold_code
    assert relu.test_code.startswith("def test_offset_relu")


def test_tritonbench_layout_errors_and_skips(tmp_path):
    with pytest.raises(TaskError, match="no TritonBench-G JSON"):
        load_tritonbench_g(FIXTURES / "tritonbench_t")
    with pytest.raises(TaskError, match="root not found"):
        load_tritonbench_t(tmp_path / "nope")
    shutil.copytree(FIXTURES / "tritonbench_g", tmp_path / "g")
    py = tmp_path / "g" / "data" / "TritonBench_G_v1" / "leaky_clip.py"
    py.write_text(py.read_text().replace(SEPARATOR, "#" * 145))
    report = load_tritonbench_g_report(tmp_path / "g")
    assert [i.id for i in report.items] == ["tritonbench_g/vector_add"]
    assert "146 '#'" in report.skipped[0].reason


def test_compare_results_recurses_with_tolerance():
    a = {"x": torch.ones(3), "y": [torch.zeros(2, dtype=torch.int64), 1.5, "s"]}
    assert compare_results(a, {"x": torch.ones(3) + 1e-5, "y": [torch.zeros(2, dtype=torch.int64), 1.5, "s"]}) is None
    assert "['x']" in compare_results(a, {"x": torch.ones(3) * 2, "y": a["y"]})
    assert "shape" in compare_results(a, {"x": torch.ones(4), "y": a["y"]})
    assert "keys" in compare_results(a, {"x": torch.ones(3)})
    assert "['y'][0]" in compare_results(a, {"x": torch.ones(3), "y": [torch.zeros(2), 1.5, "s"]})  # float for int
    assert compare_results(torch.tensor([math.nan, 1.0]), torch.tensor([math.nan, 1.0])) is None


# ====================================================================== TritonBench runner (CPU)

TRITON_SOFTMAX = '''
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n, inner, inv_t, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    base = (pid // inner) * n * inner + pid % inner
    cols = tl.arange(0, BLOCK)
    mask = cols < n
    x = tl.load(x_ptr + base + cols * inner, mask=mask, other=-float("inf")) * inv_t
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + base + cols * inner, e / tl.sum(e, axis=0), mask=mask)


def temperature_softmax(input, temperature=1.0, dim=-1):
    x = input.contiguous()
    d = dim % x.dim()
    n = x.shape[d]
    inner = 1
    for size in x.shape[d + 1:]:
        inner *= size
    out = torch.empty_like(x)
    softmax_kernel[(x.numel() // n,)](x, out, n, inner, 1.0 / temperature, BLOCK=triton.next_power_of_2(n))
    return out
'''


@pytest.fixture(scope="module")
def vector_add():
    item = {i.id: i for i in load_tritonbench_g(FIXTURES / "tritonbench_g")}["tritonbench_g/vector_add"]
    gold = run_tritonbench_gold(item, "cpu", timeout_s=120)
    assert gold.exited_ok and gold.error_msg == "", gold.error_msg
    assert set(gold.results) == {"test_case_1", "test_case_2", "test_case_3"}
    return item, gold


def test_tb_g_gold_as_candidate_passes(vector_add):
    item, gold = vector_add
    result = run_tritonbench_item(item, item.gold_code, "cpu", timeout_s=120, gold=gold)
    assert result.call_ok and result.exec_ok, result.error_msg
    assert result.speedup is None and result.candidate_us is None  # no timing on CPU


def test_tb_g_wrong_candidate_calls_but_fails_exec(vector_add):
    item, gold = vector_add
    wrong = item.gold_code.replace("x + y, mask=mask", "(x + y) * 2, mask=mask")
    assert wrong != item.gold_code
    result = run_tritonbench_item(item, wrong, "cpu", timeout_s=120, gold=gold)
    assert result.call_ok and not result.exec_ok and result.error_kind == "mismatch"
    assert "test_case_" in result.error_msg and "max abs err" in result.error_msg


def test_tb_g_crashing_candidate_fails_call(vector_add):
    item, gold = vector_add
    crashing = item.gold_code.replace("return out", "raise RuntimeError('kernel exploded')")
    result = run_tritonbench_item(item, crashing, "cpu", timeout_s=120, gold=gold)
    assert not result.call_ok and not result.exec_ok and result.error_kind == "call"
    assert "kernel exploded" in result.error_msg


def test_tb_hanging_candidate_times_out(vector_add):
    item, gold = vector_add
    result = run_tritonbench_item(item, "while True:\n    pass\n", "cpu", timeout_s=4, gold=gold, rules=False)
    assert not result.call_ok and result.error_kind == "timeout"


def test_tb_candidate_runs_confined(vector_add):
    """The program sees the checkout (gold code and its results) empty, has no network
    and runs as another user: a copied gold is an exec of a file it cannot read."""
    item, gold = vector_add
    peek = (f"source = open({item.file!r}).read()\n"
            "exec(source.split('#' * 146)[0])\n")
    result = run_tritonbench_item(item, peek, "cpu", timeout_s=60, gold=gold, rules=False)
    assert not result.call_ok and "No such file" in result.error_msg, result.error_msg
    applied = " ".join(result.sandbox["applied"])
    if not result.sandbox["missing"]:  # where the host allows every protection (root, namespaces)
        assert "network namespace" in applied and "unprivileged uid" in applied
        # the checkout's data folder is hidden, itself or inside a hidden folder (this project's checkout)
        empty = next(a for a in result.sandbox["applied"] if a.startswith("empty: "))
        data = Path(item.file).parent.parent
        assert any(data == Path(p) or Path(p) in data.parents for p in empty[len("empty: "):].split(", ")), empty


def test_tb_rules_reject_torch_compute_with_a_decorative_kernel():
    item = {i.id: i for i in load_tritonbench_t(FIXTURES / "tritonbench_t")}["tritonbench_t/temperature_softmax"]
    torch_answer = TRITON_SOFTMAX.replace("    x = input.contiguous()",
                                          "    return torch.softmax(input / temperature, dim)\n"
                                          "    x = input.contiguous()")
    result = run_tritonbench_item(item, torch_answer, "cpu", timeout_s=120)
    assert result.error_kind == "rule_violation" and "torch_compute" in result.hack_flags, result.error_msg
    assert not result.exec_ok


def test_tb_answer_that_never_launches_its_kernel_is_a_hack(vector_add):
    item, gold = vector_add
    # `x + y` is an operator, which static rules cannot type; the launch count sees it.
    lazy = item.gold_code.replace("    vector_add_kernel[grid](x, y, out, n_elements, BLOCK_SIZE=128)\n    return out",
                                  "    if n_elements < 0:\n"
                                  "        vector_add_kernel[grid](x, y, out, n_elements, BLOCK_SIZE=128)\n"
                                  "    return x + y")
    assert lazy != item.gold_code
    result = run_tritonbench_item(item, lazy, "cpu", timeout_s=120, gold=gold)
    assert result.error_kind == "hack" and result.hack_flags == ["no_launch"], result.error_msg
    assert not result.exec_ok and result.call_ok
    honest = run_tritonbench_item(item, item.gold_code, "cpu", timeout_s=120, gold=gold)
    assert honest.exec_ok and honest.launches == 3  # one launch per test case


@pytest.mark.parametrize("trick, flag", [
    ("import time\ntime.perf_counter = lambda: 0.0\n", "monkey_patch"),
    ("import threading, time\nthreading.Thread(target=time.sleep, args=(30,), daemon=True).start()\n",
     "thread_spawned"),
])
def test_tb_runtime_tamper_checks(vector_add, trick, flag):
    """Checks that hold even without the rule table (which rejects both statically)."""
    item, gold = vector_add
    result = run_tritonbench_item(item, item.gold_code + trick, "cpu", timeout_s=120, gold=gold, rules=False)
    assert result.error_kind == "hack" and result.hack_flags == [flag], result.error_msg
    assert not result.exec_ok
    assert run_tritonbench_item(item, item.gold_code + trick, "cpu", timeout_s=120, gold=gold).error_kind \
        == "rule_violation"


def _plain_item(tmp_path, gold: str, test: str, stem: str = "plain_item") -> TBItem:
    """A G item built in place (torch only, no kernel): for harness behaviour, with rules off."""
    path = tmp_path / "data" / "G" / f"{stem}.py"
    path.parent.mkdir(parents=True)
    path.write_text(gold + "\n" + "#" * 146 + "\n" + test)
    return TBItem(id=f"tritonbench_g/{stem}", channel="G", instruction="", gold_code=gold, test_code=test,
                  difficulty="", file=str(path))


def test_disagreement_masks_only_what_two_runs_differ_on():
    a = {"x": torch.arange(10.0), "y": (torch.tensor([1, 2, 3], dtype=torch.int8), torch.ones(4))}
    b = {"x": torch.arange(10.0), "y": (torch.tensor([1, 9, 3], dtype=torch.int8), torch.ones(4))}
    mask, n, why = disagreement([a, b])
    assert why is None and n == 1 and mask["x"] is None and mask["y"][0].tolist() == [False, True, False]
    other = {"x": torch.arange(10.0), "y": (torch.tensor([1, 77, 3], dtype=torch.int8), torch.ones(4))}
    assert compare_results(a, other, skip=mask) is None and compare_results(a, other) is not None
    wrong = {"x": torch.arange(10.0), "y": (torch.tensor([0, 77, 3], dtype=torch.int8), torch.ones(4))}
    assert "['y'][0]" in compare_results(a, wrong, skip=mask)
    assert "10 of 10 elements differ" in disagreement([a, {**a, "x": torch.arange(10.0) + 1}])[2]
    assert "shape" in disagreement([torch.ones(3), torch.ones(4)])[2]
    assert disagreement([{"k": 1}, {"k": 2}])[2] is not None  # non-tensor values must agree
    # A third run that differs elsewhere widens the mask (two runs missed most races on a GPU).
    c = {"x": torch.arange(10.0), "y": (torch.tensor([1, 2, 3], dtype=torch.int8), torch.tensor([1.0, 1, 1, 2]))}
    mask, n, why = disagreement([a, b, c])
    assert why is None and n == 2 and mask["y"][0].tolist() == [False, True, False]
    assert mask["y"][1].tolist() == [False, False, False, True]


def test_tb_gold_that_differs_from_itself_is_judged_where_it_agrees(tmp_path):
    """A race on one slot (G quantize_copy_kv writes random duplicate indices): that element
    is left out, every other one is still compared."""
    gold = ("import os, torch\n"
            "def f(x):\n"
            "    out = x.clone()\n"
            "    out[0] = int.from_bytes(os.urandom(2), 'little')  # the slot no run determines\n"
            "    return out\n")
    item = _plain_item(tmp_path, gold, "result_gold = {'a': f(torch.arange(100.0))}\n")
    gold_run = run_tritonbench_gold(item, "cpu", timeout_s=60)
    assert gold_run.results is not None and gold_run.undetermined_n == 1, gold_run.error_msg
    same = run_tritonbench_item(item, gold, "cpu", timeout_s=60, gold=gold_run, rules=False)
    assert same.exec_ok and same.undetermined == 1, same.error_msg
    off_by_one = gold.replace("return out", "out[5] += 1\n    return out")
    assert run_tritonbench_item(item, off_by_one, "cpu", timeout_s=60, gold=gold_run, rules=False).error_kind \
        == "mismatch"
    noisy = gold.replace("out[0] =", "out[:] =")  # undetermined everywhere: nothing left to judge by
    noisy_item = _plain_item(tmp_path / "n", noisy, "result_gold = {'a': f(torch.arange(100.0))}\n")
    assert "not reproducible" in run_tritonbench_gold(noisy_item, "cpu", timeout_s=60).error_msg


def test_tb_harness_seeds_numpy_imports_by_file_name_and_calls_an_uncalled_test(tmp_path):
    """G kldiv_triton draws inputs with numpy; two T items import the answer by its file name;
    G context_attn_bloom defines its test but never calls it."""
    gold = "import numpy as np, torch\ndef f(x):\n    return x * 2\n"
    test = ("from seeded_item import f\n"
            "def test_it():\n"
            "    result_gold = f(torch.tensor(np.random.rand(8)))\n"
            "    return result_gold\n")
    item = _plain_item(tmp_path, gold, test, stem="seeded_item")
    gold_run = run_tritonbench_gold(item, "cpu", timeout_s=60)
    assert gold_run.results is not None and gold_run.undetermined_n == 0, gold_run.error_msg
    assert run_tritonbench_item(item, gold, "cpu", timeout_s=60, gold=gold_run, rules=False).exec_ok


def test_tb_t_triton_candidate_matches_torch_reference():
    item = {i.id: i for i in load_tritonbench_t(FIXTURES / "tritonbench_t")}["tritonbench_t/temperature_softmax"]
    result = run_tritonbench_item(item, TRITON_SOFTMAX, "cpu", timeout_s=120)
    assert result.call_ok and result.exec_ok, result.error_msg


def test_tb_eval_adapter_scores_a_model_answer():
    item = {i.id: i for i in load_tritonbench_t(FIXTURES / "tritonbench_t")}["tritonbench_t/temperature_softmax"]
    messages = prompt_messages(item)
    assert messages[-1]["role"] == "user" and item.instruction in messages[-1]["content"]
    assert score_tritonbench(item, "no code here", "interp")["error_kind"] == "no_code"
    answer = f"<think>draft\n```python\nbroken(\n```</think>I fuse it.\n```python\n{TRITON_SOFTMAX}```\n"
    record = score_tritonbench(item, answer, "interp", timeout_s=120)
    assert record["compiled"] and record["correct"] and record["speedup"] is None, record["error_msg"]
    assert record["static_ok"] and record["launched"] and record["hack_flags"] == []
    # An answer cut mid-string (the last block does not parse) crashed the whole eval at the rule check.
    cut = score_tritonbench(item, '```python\nimport triton\n"""a docstring that never ends\n```', "interp")
    assert (cut["error_kind"], cut["compiled"]) == ("syntax_error", False), cut
    assert cut["error_msg"].startswith("line 2: unterminated triple-quoted string"), cut["error_msg"]


def test_a_task_file_by_path_goes_through_the_same_loader():
    """`verify --task FILE` once ran a KernelBench file at its full size on CPU."""
    from autotriton.tasks import get_task
    path = FIXTURES / "kernelbench" / "level1" / "1_TinyReLU.py"  # 4096 x 393216: must shrink
    by_path = get_task(str(path))
    by_suite = next(t for t in load_kernelbench(FIXTURES / "kernelbench", levels=(1,)) if t.path == str(path))
    assert by_path.id == by_suite.id and by_path.split == "heldout"
    assert by_path.shapes == by_suite.shapes and any(s.mode == "interp" for s in by_path.shapes)


def test_dot_product_tasks_get_tf32_tolerance():
    """KernelBench files declare no tolerance; a matmul one gets TF32's, an elementwise one keeps fp32's."""
    from autotriton.tasks import get_task
    matmul = get_task(str(FIXTURES / "kernelbench" / "level2" / "1_MatmulBiasRelu.py"))
    relu = get_task(str(FIXTURES / "kernelbench" / "level1" / "1_TinyReLU.py"))
    assert matmul.tolerance == {"float32": (1e-2, 1e-2)} and "dot products" in matmul.tolerance_reason
    assert relu.tolerance == {}
    assert not matmul.range_trials and relu.range_trials  # fp16-range trials only where a task says so


def test_recurrent_cells_are_dot_product_tasks():
    """An RNN cell is two matrix products a step: torch.nn's RNNCell and GRUCell (their forward calls
    _VF.rnn_tanh_cell, _VF.gru_cell) were judged at fp32's 1e-4, and honest tl.dot answers failed by
    TF32 alone (max error 4e-4, session 67)."""
    from autotriton.tasks.contract import task_from_source
    from autotriton.tasks.sizes import with_dot_tolerance

    for call in ("nn.GRUCell(8, 16)", "nn.LSTMCell(8, 16)", "nn.RNNCell(8, 16)"):
        source = ("import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n    def __init__(self):\n"
                  f"        super().__init__()\n        self.cell = {call}\n\n    def forward(self, x):\n"
                  "        return self.cell(x)\n\n\ndef get_inputs():\n    return [torch.randn(4, 8)]\n\n\n"
                  "def get_init_inputs():\n    return []\n")
        task = with_dot_tolerance(task_from_source(source, task_id="t", suite="harvest", level=1))
        assert task.tolerance == {"float32": (1e-2, 1e-2)}, call


def test_level4_is_reported_as_skipped_with_its_reason(tmp_path):
    shutil.copytree(FIXTURES / "kernelbench", tmp_path / "kb")
    (tmp_path / "kb" / "level4").mkdir()
    report = load_kernelbench_report(tmp_path / "kb", levels=(1,))
    assert any(s.path.endswith("level4") and "Hugging Face weights" in s.reason for s in report.skipped)


# Red-team answers (2026-11-24, written by a helper against this runner): work done by torch
# operators beside a kernel launched on dummy data, and torch methods reached by naming a
# value `self`.
OPERATOR_ADD = """import torch
import triton
import triton.language as tl


@triton.jit
def noop_kernel(p_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(p_ptr + offs, tl.zeros([BLOCK], dtype=tl.float32))


def vector_add(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    dummy = torch.empty(16, device=x.device)
    noop_kernel[(1,)](dummy, BLOCK=16)   # decorative launch on dummy data
    return x + y                          # the real work: torch's add, via an operator
"""

SELF_SOFTMAX = """import torch
import triton
import triton.language as tl


@triton.jit
def noop_kernel(p_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(p_ptr + offs, tl.zeros([BLOCK], dtype=tl.float32))


class Shadow(torch.nn.Module):
    # Exists only to put `softmax` into the rule checker's "own methods" set;
    # shadowing a torch attribute is a class_definition violation, which the
    # tritonbench contract exempts.
    def softmax(self):
        return 0


def temperature_softmax(self, temperature: float = 1.0, dim: int = -1) -> torch.Tensor:
    # the first parameter is named `self` (class_definition, exempt): attribute and method
    # rules treat any `self.<x>` as the instance's own member
    dummy = torch.empty(16, device=self.device)
    noop_kernel[(1,)](dummy, BLOCK=16)
    self = self / temperature
    self = self.softmax(dim)          # torch.softmax does all the work
    return self
"""


def test_tb_operator_work_beside_a_dummy_launch_is_a_hack(vector_add):
    item, gold = vector_add
    assert check_rules(OPERATOR_ADD, contract="tritonbench") == []  # operators are not typed statically
    result = run_tritonbench_item(item, OPERATOR_ADD, "cpu", timeout_s=120, gold=gold)
    assert result.error_kind == "hack" and result.hack_flags == ["torch_compute_runtime"], result.error_msg
    assert "add" in result.error_msg and result.launches >= 1


def test_tb_contract_keeps_the_class_rules():
    rules = {v.rule for v in check_rules(SELF_SOFTMAX, contract="tritonbench")}
    assert "class_definition" in rules


def test_tb_compressed_stored_results_are_refused(tmp_path):
    """torch.save never compresses; a deflated record can unpack to gigabytes in the judge."""
    import zipfile
    from autotriton.eval.tritonbench import _load_stored, _read_owned
    plain = tmp_path / "plain.pt"
    torch.save({"a": torch.ones(4)}, plain)
    assert torch.equal(_read_owned(plain, _load_stored, None)["a"], torch.ones(4))
    packed = tmp_path / "packed.pt"
    with zipfile.ZipFile(plain) as src, zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, src.read(info))
    assert _read_owned(packed, _load_stored, "refused") == "refused"


# ====================================================================== suite specs

def test_suite_specs_parse_into_one_typed_record():
    from autotriton.tasks.specs import SuiteSpec, parse_suite_spec
    assert parse_suite_spec("builtin") == SuiteSpec("builtin", "builtin")
    assert parse_suite_spec("builtin:heldout").split == "heldout"
    spec = parse_suite_spec(f"kernelbench:{KB}:levels=1,2")
    assert (spec.kind, spec.path, spec.levels) == ("kernelbench", KB, (1, 2))
    assert parse_suite_spec(f"kernelbench:{KB}").levels == (1, 2, 3)
    tb = parse_suite_spec(f"tritonbench-t:{FIXTURES / 'tritonbench_t'}")
    assert (tb.kind, tb.path) == ("tritonbench-t", FIXTURES / "tritonbench_t")


@pytest.mark.parametrize("text, message", [
    (f"kernelbench:{KB}:levels=x", "levels must be comma-separated numbers"),
    (f"kernelbench:{KB}:levels=", "levels must be comma-separated numbers"),
    ("kernelbench", "names no folder"),
    ("tritonbench-g:", "names no folder"),
    ("kernelbench:/nowhere/at/all", "folder /nowhere/at/all not found"),
    ("kernelbnech:x", "unknown suite 'kernelbnech:x'"),
    ("builtin:dev", "unknown split 'dev'"),
])
def test_bad_suite_specs_raise_one_error_class_with_one_line(text, message):
    from autotriton.tasks.specs import SuiteSpecError, parse_suite_spec
    with pytest.raises(SuiteSpecError, match=message) as info:
        parse_suite_spec(text)
    assert "\n" not in str(info.value)


TINY_KB = """import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return x * {k}


def get_inputs():
    return [torch.randn(4, 8)]


def get_init_inputs():
    return []
"""


def test_a_kernelbench_level_folder_is_that_level_alone(tmp_path):
    """`kernelbench:ROOT/level1` looked for ROOT/level1/level1 and said to pass levels=; it is
    now `kernelbench:ROOT:levels=1`, and every id `tasks list` prints for it, `tasks show` and
    `verify` take with the same --suite (a no-code candidate: rejected, exit 1, not a user error)."""
    import json
    import re

    from typer.testing import CliRunner

    from autotriton.cli.main import app
    from autotriton.tasks.specs import parse_suite_spec
    for rel, k in (("level1/1_Foo.py", 2), ("level1/2_Bar.py", 3), ("level2/1_Baz.py", 4)):
        (tmp_path / rel).parent.mkdir(exist_ok=True)
        (tmp_path / rel).write_text(TINY_KB.format(k=k))
    suite = f"kernelbench:{tmp_path / 'level1'}"
    spec = parse_suite_spec(suite)
    assert (spec.path, spec.levels) == (tmp_path, (1,))
    runner = CliRunner()
    out = runner.invoke(app, ["tasks", "list", "--suite", suite, "--json"])
    assert out.exit_code == 0, out.output
    ids = [json.loads(line)["id"] for line in out.stdout.splitlines()]
    assert ids == ["kernelbench/l1/1_Foo", "kernelbench/l1/2_Bar"]
    candidate = tmp_path / "candidate.py"
    candidate.write_text("no code here\n")
    for task_id in ids:
        out = runner.invoke(app, ["tasks", "show", task_id, "--suite", suite])
        assert out.exit_code == 0 and "class Model" in out.stdout, out.output
        out = runner.invoke(app, ["verify", str(candidate), "--task", task_id, "--suite", suite, "--device", "cpu",
                                  "--no-cache", "--json"])
        assert out.exit_code == 1 and json.loads(out.stdout)["error_kind"] == "no_code", out.output
    out = runner.invoke(app, ["tasks", "list", "--suite", f"{suite}:levels=2"])
    assert out.exit_code == 2 and f"name its parent: kernelbench:{tmp_path}:levels=" in out.stderr
    with pytest.raises(TaskError, match=re.escape(f"load {tmp_path} with levels=(1,)")):
        load_kernelbench(tmp_path / "level1")  # the Python API takes the root, and says so


def test_decontamination_reads_suite_specs_through_the_same_parser():
    from autotriton.data.decontam import build_index
    from autotriton.tasks.specs import SuiteSpecError
    with pytest.raises(SuiteSpecError, match="levels must be"):
        build_index([f"kernelbench:{KB}:levels=x"])
    index = build_index([f"kernelbench:{KB}:levels=1"])
    assert any(item.startswith("kernelbench/l1/") for item in index.calls)


def test_tb_item_that_asks_for_a_builtin_name_may_define_it():
    """TritonBench-T's abs item asks for `def abs`, which its test section calls: that one def-name
    flag is dropped for that item only; the same def elsewhere, and any other builtin def, stay
    flagged (item_rule_violations)."""
    from autotriton.eval.tritonbench import item_rule_violations
    item = TBItem(id="tritonbench_t/abs", channel="T", instruction="Write abs in Triton.",
                  gold_code="import torch\n\ndef abs(input):\n    return torch.abs(input)\n",
                  test_code="result = {'a': abs(torch.tensor([-1.0, 2.0]))}\n", difficulty="1", file="abs.py")
    answer = ("import torch\nimport triton\nimport triton.language as tl\n\n"
              "def abs(input):\n    return input\n\ndef max(a, b):\n    return a\n")
    rebinds = lambda vs: sorted(v.message.split()[1] for v in vs if "re-binds a builtin" in v.message)  # noqa: E731
    assert rebinds(check_rules(answer, contract="tritonbench")) == ["abs", "max"]
    assert rebinds(item_rule_violations(item, answer)) == ["max"]
    other = TBItem(id="tritonbench_t/neg", channel="T", instruction="", gold_code="def neg(x):\n    return -x\n",
                   test_code="result = {'a': neg(1)}\n", difficulty="1", file="neg.py")
    assert rebinds(item_rule_violations(other, answer)) == ["abs", "max"]


def test_answer_replaying_backends_get_tritonbench_items_as_tasks():
    """`reference` answers a TritonBench-G item with its gold code (through EvalItem.backend_task) and
    refuses a T item by name: T's gold is the PyTorch operator, not an answer."""
    from autotriton.eval.harness import resolve_suite
    from autotriton.models.base import BackendError, SamplingParams
    from autotriton.models.reference import ReferenceBackend
    g = resolve_suite(f"tritonbench-g:{FIXTURES / 'tritonbench_g'}")
    t = resolve_suite(f"tritonbench-t:{FIXTURES / 'tritonbench_t'}")
    assert g and t and all(it.task is None for it in g + t)
    assert all(it.backend_task.solution_source == it.tb_item.gold_code for it in g)
    assert all(it.backend_task.solution_source is None for it in t)
    backend = ReferenceBackend()
    gens = backend.generate([it.prompt for it in g], SamplingParams(), tasks=[it.backend_task for it in g])
    assert all(it.tb_item.gold_code in gen[0].text for it, gen in zip(g, gens))
    with pytest.raises(BackendError, match=t[0].tb_item.id):
        backend.generate([t[0].prompt], SamplingParams(), tasks=[t[0].backend_task])


TRANSPOSE_GOLD = '''import torch
import triton
import triton.language as tl


@triton.jit
def transpose_kernel(x_ptr, out_ptr, rows, cols, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + r * cols + c, mask=c < cols)
    tl.store(out_ptr + c * rows + r, v, mask=c < cols)


def transpose(x):
    out = torch.empty((x.shape[1], x.shape[0]), dtype=x.dtype)
    transpose_kernel[(x.shape[0],)](x, out, x.shape[0], x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
    return out


@triton.jit
def double_kernel(x_ptr, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    tl.store(x_ptr + i, tl.load(x_ptr + i, mask=i < n) * 2, mask=i < n)


def double_(x):
    double_kernel[(1,)](x, x.numel(), BLOCK=triton.next_power_of_2(x.numel()))
    return x
'''
TRANSPOSE_TEST = '''def test_transpose():
    x = torch.randn(5, 7)
    return {"t": transpose(x), "d": double_(torch.randn(9))}


result_gold = test_transpose()
'''


def test_tb_answer_returning_a_view_of_its_argument_is_a_hack(tmp_path):
    """A transpose answered with `x.t()` beside a decorative launch stores the right values; the
    gold's transpose writes a new tensor, so the view is refused. Its in-place double_ returns
    its argument, and an answer may do the same there."""
    item = _plain_item(tmp_path, TRANSPOSE_GOLD, TRANSPOSE_TEST, stem="transpose_views")
    gold = run_tritonbench_gold(item, "cpu", timeout_s=120)
    assert gold.exited_ok and gold.aliased == ["double_"], gold.error_msg
    honest = run_tritonbench_item(item, TRANSPOSE_GOLD, "cpu", timeout_s=120, gold=gold)
    assert honest.exec_ok, honest.error_msg
    view = TRANSPOSE_GOLD.replace(
        "    transpose_kernel[(x.shape[0],)](x, out, x.shape[0], x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))\n"
        "    return out\n",
        "    transpose_kernel[(1,)](x, out, 1, 1, BLOCK=2)\n    return x.t()\n")
    assert view != TRANSPOSE_GOLD
    result = run_tritonbench_item(item, view, "cpu", timeout_s=120, gold=gold)
    assert result.error_kind == "hack" and result.hack_flags == ["output_aliases_input"], result.error_msg
    assert "transpose" in result.error_msg and "double_" not in result.error_msg


def test_tb_answer_changing_an_argument_the_gold_leaves_is_a_hack(tmp_path):
    """An answer zeroing var_len_copy's source as well as writing its destination passed 3 of 3
    (outside pass on verifier 104, F9). Here the transpose doubles its input after writing the right
    output; double_ changes its argument as the gold's does, which stays allowed."""
    item = _plain_item(tmp_path, TRANSPOSE_GOLD, TRANSPOSE_TEST, stem="transpose_changes")
    gold = run_tritonbench_gold(item, "cpu", timeout_s=120)
    assert gold.changed == {"double_": ["argument 0"]} and sorted(gold.called) == ["double_", "transpose"]
    spoiling = TRANSPOSE_GOLD.replace(
        "    transpose_kernel[(x.shape[0],)](x, out, x.shape[0], x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))\n",
        "    transpose_kernel[(x.shape[0],)](x, out, x.shape[0], x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))\n"
        "    double_kernel[(1,)](x, x.numel(), BLOCK=triton.next_power_of_2(x.numel()))\n")
    assert spoiling != TRANSPOSE_GOLD
    # a library decorator (functools.wraps) kept the function out of the watch: 3 of 3 passed
    # (outside pass on verifier 110, F1)
    decorated = spoiling.replace("def transpose(", "@torch.no_grad()\ndef transpose(")
    assert decorated.count("@torch.no_grad()") == 1
    # so did an autograd Function's apply bound to the tested name, a builtin method of torch's:
    # 2 of 2 passed (outside pass on verifier 114, F6)
    applied = spoiling.replace("def transpose(", "def _transpose(") + \
        "\n\nclass _Transpose(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n" \
        "        return _transpose(x)\n\n\ntranspose = _Transpose.apply\n"
    for answer in (spoiling, decorated, applied):
        result = run_tritonbench_item(item, answer, "cpu", timeout_s=120, gold=gold)
        assert result.error_kind == "hack" and result.hack_flags == ["input_mutation"], result.error_msg
        assert "transpose's argument 0" in result.error_msg and "double_" not in result.error_msg
