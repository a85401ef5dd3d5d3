"""The robustness channel: rewrites that keep a task's meaning (tasks/rewrite.py), the check that
runs both (eval/equivalence.py), the `:rewrites=K` suite option, and the development suite."""

from __future__ import annotations

import ast
import json
from dataclasses import replace
from pathlib import Path

import pytest
import torch

from autotriton.tasks.specs import SuiteSpecError, parse_suite_spec
from autotriton.tasks import list_tasks, task_from_source
from autotriton.tasks.contract import check_contract
from autotriton.eval.equivalence import check_rewrites, kept_rewrites
from autotriton.tasks.rewrite import propose
from autotriton.tasks.rewrite import TRANSFORMS, rewrite
from autotriton.tasks.suite import dev_tasks

REAL_KB = Path(__file__).resolve().parents[1] / "external" / "kernelbench"

LAYER_TASK = '''
import torch
import torch.nn as nn


class Model(nn.Module):
    """Leaky activation held as a layer."""

    def __init__(self, slope: float):
        super().__init__()
        self.act = nn.LeakyReLU(0.3)
        self.slope = slope

    def forward(self, x):
        y = self.act(x)
        return torch.softmax(y * self.slope, dim=-1)


batch = 96
width = 300


def get_inputs():
    return [torch.randn(batch, width)]


def get_init_inputs():
    return [1.5]
'''


def _all_sources():
    return [(t.id, t.source) for t in list_tasks()] + [(t.id, t.source) for t in dev_tasks()]


def test_rewrites_of_every_builtin_and_dev_task_are_task_files_and_reproducible():
    for task_id, source in _all_sources():
        for seed in range(3):
            rw = rewrite(source, seed)
            check_contract(rw.source, f"{task_id} seed {seed}")
            assert rw == rewrite(source, seed), task_id
            assert set(rw.transforms) <= set(TRANSFORMS)
            assert "autotriton metadata" not in rw.source


def test_every_transform_happens_and_the_model_class_keeps_its_name():
    seen = set()
    for seed in range(40):
        rw = rewrite(LAYER_TASK, seed)
        seen |= set(rw.transforms)
        names = {n.name for n in ast.parse(rw.source).body if isinstance(n, ast.ClassDef)}
        assert "Model" in names
    assert seen == set(TRANSFORMS)


def test_a_layer_moved_to_another_form_keeps_its_argument():
    forms = set()
    for seed in range(40):
        rw = rewrite(LAYER_TASK, seed, transforms=("forms",))
        if "forms" in rw.transforms:
            assert "0.3" in rw.source, rw.source
            forms.add("leaky_relu(" in rw.source)
    assert forms == {True, False}  # both the functional and the layer form were written


def test_the_check_keeps_true_rewrites_and_rejects_changed_meaning():
    task = task_from_source(LAYER_TASK, task_id="t/layer", suite="test", level=1)
    from autotriton.tasks.sizes import with_interp_shapes
    task = with_interp_shapes(task)
    (rw, rt), *_ = propose(task, 1)
    broken = [
        (replace(rw, source=rw.source.replace("0.3", "0.25")), rt),  # another slope
        (replace(rw, source=rw.source.replace("torch.randn(", "torch.randn(2, ", 1)), rt),  # other inputs
        (replace(rw, source=rw.source.replace("return ", "return 1.0000001 * ", 1)), rt),  # a hair off
        (replace(rw, source=rw.source.replace("def forward", "def forwards")), rt),  # does not run
        (rw, rt),
    ]
    checks = check_rewrites(task, broken)
    assert [c.equal for c in checks] == [False, False, False, False, True], [c.reason for c in checks]
    assert "get_inputs makes" in checks[1].reason
    assert "max error" in checks[2].reason


def test_a_rewrite_that_agrees_only_on_nonnegative_inputs_is_rejected():
    """`torch.rand` inputs are in [0, 1): relu(x) and x agree there; the signed run tells them apart."""
    from autotriton.tasks.rewrite import rewritten_task
    from autotriton.tasks.rewrite import Rewrite
    source = LAYER_TASK.replace("torch.randn(batch", "torch.rand(batch").replace("nn.LeakyReLU(0.3)", "nn.ReLU()")
    task = task_from_source(source, task_id="t/rand", suite="test", level=1)
    same = Rewrite(source.replace("self.act(x)", "torch.relu(x)"), 0, ("forms",), {}, {})
    dropped = Rewrite(source.replace("self.act(x)", "x"), 1, ("forms",), {}, {})
    checks = check_rewrites(task, [(rw, rewritten_task(task, rw, i)) for i, rw in enumerate((same, dropped))])
    assert [c.equal for c in checks] == [True, False], [c.reason for c in checks]


def test_kept_rewrites_of_builtin_tasks_pass_with_the_reference_solution_rules():
    task = next(t for t in list_tasks() if t.id == "builtin/l1/log_softmax")
    kept, checks = kept_rewrites(task, 2)
    assert len(kept) == 2 and all(c.equal for c in checks[:2]), [c.reason for c in checks]
    for k, rt in enumerate(kept):
        assert rt.id == f"{task.id}#rw{k}" and rt.split == task.split and rt.solution_source == task.solution_source
        assert any(s.mode == "interp" for s in rt.shapes)


def test_suite_specs_take_rewrites():
    spec = parse_suite_spec("builtin:heldout:rewrites=2")
    assert (spec.split, spec.rewrites, spec.base) == ("heldout", 2, "builtin:heldout")
    spec = parse_suite_spec("dev:levels=1,2:rewrites=3")
    assert (spec.kind, spec.levels, spec.rewrites) == ("dev", (1, 2), 3)
    for bad in ("builtin:rewrites=0", "builtin:rewrites=x", "dev:rewrites=99", "builtin:levels=1",
                "dev:heldout", "builtin:rewrites=1:rewrites=2", "harvest:"):
        with pytest.raises(SuiteSpecError):
            parse_suite_spec(bad)


def test_robustness_rows_pair_each_channel_with_its_rewrites():
    from autotriton.eval.robustness import robustness_rows
    rec = lambda key, channel, ok: {"key": key, "channel": channel, "result": {"correct": ok}}  # noqa: E731
    records = [rec("a", "KernelBench-L1", True), rec("b", "KernelBench-L1", False),
               rec("a#rw0", "KernelBench-L1/rewritten", False), rec("b#rw0", "KernelBench-L1/rewritten", True)]
    rows = robustness_rows({"KernelBench-L1": 50.0, "KernelBench-L1/rewritten": 50.0, "dev-L1": 0.0}, records)
    assert rows == [{"channel": "KernelBench-L1", "exec_original": 50.0, "exec_rewritten": 50.0, "gap": 0.0,
                     "ratio": 1.0, "held": "0/1"}]


def test_eval_scores_rewrites_in_their_own_channel_and_reuses_the_checked_ones(tmp_path):
    from autotriton.eval.harness import resolve_suite
    log = tmp_path / "rewrites.jsonl"
    items = resolve_suite("builtin:heldout:rewrites=1", limit=2, rewrites_log=log)
    channels = [it.channel for it in items]
    assert channels[:2] == ["builtin-L1", "builtin-L1"] and channels[2:] == ["builtin-L1/rewritten"] * 2
    assert [it.key for it in items[2:]] == [it.key + "#rw0" for it in items[:2]]
    assert len(log.read_text().splitlines()) == 2
    again = resolve_suite("builtin:heldout:rewrites=1", limit=2, rewrites_log=log)
    assert [it.task.source for it in again] == [it.task.source for it in items]
    assert len(log.read_text().splitlines()) == 2  # read back, not checked again


def test_dev_suite_is_large_heldout_and_runs_at_interp_size():
    from autotriton.verify.loading import apply_shape, clone_all, size_constants
    from autotriton.tasks.contract import module_from_source
    tasks = dev_tasks()
    assert len(tasks) >= 60 and {t.level for t in tasks} == {1, 2, 3}
    assert all(t.split == "heldout" and t.id.startswith("dev/l") for t in tasks)
    for t in tasks:
        mod = module_from_source(t.source, "dev_check", t.path)
        setting = next(s for s in t.shapes if s.mode == "interp")
        apply_shape(mod, setting, size_constants(mod))
        torch.manual_seed(0)
        model = mod.Model(*mod.get_init_inputs())
        with torch.no_grad():
            out = model(*clone_all(mod.get_inputs()))
        for o in out if isinstance(out, (tuple, list)) else [out]:
            assert not o.is_floating_point() or torch.isfinite(o).all(), t.id


@pytest.mark.skipif(not (REAL_KB / "level1").is_dir(), reason="no KernelBench checkout in external/kernelbench")
def test_real_kernelbench_every_file_rewrites_and_some_pass_the_check():
    from autotriton.tasks.kernelbench import load_kernelbench
    tasks = load_kernelbench(REAL_KB, levels=(1, 2, 3))
    for t in tasks:
        check_contract(rewrite(t.source, 0).source, t.id)
    by_id = {t.id: t for t in tasks}
    for task_id in ("kernelbench/l1/23_Softmax", "kernelbench/l1/47_Sum_reduction_over_a_dimension",
                    "kernelbench/l2/12_Gemm_Multiply_LeakyReLU"):
        kept, checks = kept_rewrites(by_id[task_id], 1)
        assert len(kept) == 1, [c.reason for c in checks]
        assert json.dumps(kept[0].source)  # plain text


def test_harvest_heldout_split_is_stable_and_is_what_the_harvest_suite_evaluates(tmp_path):
    from autotriton.tasks.heldout import HELDOUT_SHARE, heldout_tasks, is_heldout
    from autotriton.eval.harness import resolve_suite
    share = sum(is_heldout(f"fp{i}") for i in range(4000)) / 4000
    assert abs(share - HELDOUT_SHARE) < 0.03 and is_heldout("fp7") == is_heldout("fp7")
    (tmp_path / "tasks").mkdir()
    manifest = []
    for i in range(30):
        (tmp_path / "tasks" / f"t{i}.py").write_text(LAYER_TASK)
        manifest.append({"task_id": f"t{i}", "path": f"tasks/t{i}.py", "fingerprint": f"fp{i}", "level": 1})
    (tmp_path / "manifest.jsonl").write_text("".join(json.dumps(m) + "\n" for m in manifest))
    held = [m["task_id"] for m in manifest if is_heldout(m["fingerprint"])]
    assert held and [t.id for t in heldout_tasks(tmp_path)] == [f"harvest/{i}" for i in held]
    items = resolve_suite(f"harvest:{tmp_path}")
    assert {it.channel for it in items} == {"harvest-L1"} and all(it.task.split == "heldout" for it in items)


def test_tritonbench_t_rewrites_show_a_checked_reference_and_fragments_get_none(tmp_path):
    from autotriton.eval.harness import resolve_suite
    fixtures = Path(__file__).parent / "fixtures" / "tritonbench_t"
    items = resolve_suite(f"tritonbench-t:{fixtures}:rewrites=2", 0, tmp_path / "rw.jsonl")
    rewritten = [it for it in items if it.channel == "TritonBench-T/rewritten"]
    assert [it.key for it in rewritten] == [f"TritonBench-T/tritonbench_t/temperature_softmax#rw{k}" for k in (0, 1)]
    for it in rewritten:
        assert "def temperature_softmax(input" in it.prompt[-1]["content"]  # the names its test calls stay
        assert it.tb_item.gold_code == items[0].tb_item.gold_code and it.tb_item.test_code == items[0].tb_item.test_code
    from autotriton.eval.robustness import _check_tb
    from dataclasses import replace
    fragment = replace(items[0].tb_item, instruction=items[0].tb_item.instruction.replace(
        "def temperature_softmax(input: torch.Tensor, temperature: float = 1.0, dim: int = -1) -> torch.Tensor:\n"
        "    return", "out ="))
    kept, dropped = _check_tb(fragment, 1)
    assert kept == [] and "fragment" in dropped[0]["reason"]
    with pytest.raises(SuiteSpecError):
        parse_suite_spec(f"tritonbench-g:{fixtures}:rewrites=1")


def test_template_answer_takes_the_rewritten_constructor_names():
    from autotriton.data.teachers import Solution
    from autotriton.data.teachers.template import named_like, same_constructor
    code = ("class ModelNew(nn.Module):\n    def __init__(self, dim: int, eps=1e-5):\n        super().__init__()\n"
            "        self.dim = dim\n        self.n = foo(dim=dim, e=eps)\n\n    def forward(self, x):\n"
            "        return x.sum(dim)\n")
    reference = "class Model(nn.Module):\n    def __init__(self, t: int, eps=1e-5):\n        pass\n"
    out = named_like(Solution("why", code), reference)
    assert "self.dim = t" in out.code and "foo(dim=t, e=eps)" in out.code and "x.sum(dim)" in out.code
    assert same_constructor(out, reference) is out


def test_composed_files_are_rewritten_with_their_shape_settings_renamed(monkeypatch):
    from autotriton.data import compose as compose_module
    items, share_wanted = compose_module.compose(60, 0), compose_module.REWRITE_SHARE
    monkeypatch.setattr(compose_module, "REWRITE_SHARE", 0.0)
    plain = compose_module.compose(60, 0)
    assert [c.spec for c in items] == [c.spec for c in plain]  # the rewrite never changes what a task computes
    share = sum(a.source != b.source for a, b in zip(items, plain)) / len(items)
    assert abs(share - share_wanted) < 0.2
    for c in items:
        task = c.task()  # shape settings name only constants the file defines, or this raises
        assert task.shapes and "COMPOSE_SPEC" in c.source


def test_rewritten_composed_tasks_verify_with_the_template_answer(cpu_verifier):
    """Answers come from COMPOSE_SPEC, files from the rewriter: the verifier says they still agree."""
    from autotriton.data.compose import compose
    from autotriton.data.teachers.template import answer
    plain = {c.task_id: c for c in _unrewritten(80)}
    picks = {}
    for c in compose(80, 0):
        if c.source != plain[c.task_id].source and c.spec["family"] in ("unary", "reduce", "softmax", "chain", "norm",
                                                                        "loss", "scan", "matmul"):
            picks.setdefault(c.spec["family"], c)
    assert len(picks) >= 5
    pairs = [(c.task(), answer(c.spec, c.task().prompt_source).answer()) for c in picks.values()]
    results = cpu_verifier.verify_many(pairs)
    assert all(r.correct for r in results), [(t.id, r.error_kind, r.error_msg[:200]) for (t, _), r in zip(pairs, results)
                                              if not r.correct]


def _unrewritten(n):
    import autotriton.data.compose as compose_module
    share, compose_module.REWRITE_SHARE = compose_module.REWRITE_SHARE, 0.0
    try:
        return compose_module.compose(n, 0)
    finally:
        compose_module.REWRITE_SHARE = share
