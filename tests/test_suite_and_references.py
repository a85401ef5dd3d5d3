"""The built-in suite is well-formed, and every reference solution passes (0 false rejects)."""

from __future__ import annotations

import ast
from collections import Counter

import pytest

from autotriton.tasks import TaskError, builtin_tasks, get_task, list_tasks, load_suite

TASKS = builtin_tasks()


def test_suite_size_levels_and_splits():
    assert len(TASKS) >= 60
    levels = Counter(t.level for t in TASKS)
    assert set(levels) == {1, 2, 3} and min(levels.values()) >= 5
    assert len(list_tasks("heldout")) >= 20
    assert len(load_suite("builtin:train")) + len(load_suite("builtin:heldout")) == len(TASKS)


def test_heldout_has_ops_absent_from_train():
    train_tags = {tag for t in list_tasks("train") for tag in t.tags}
    new_ops = {tag for t in list_tasks("heldout") for tag in t.tags} - train_tags
    assert len(new_ops) >= 10, new_ops


@pytest.mark.parametrize("task", TASKS, ids=[t.id for t in TASKS])
def test_task_is_well_formed(task):
    assert task.solution_source, "every built-in task ships a reference solution"
    assert task.shapes_for("interp") and [s for s in task.shapes if s.mode == "gpu"]
    assert task.split in ("train", "heldout") and task.tags
    assert "autotriton metadata" not in task.prompt_source
    # Signed inputs: torch.rand draws from [0, 1), where `return x` passes ReLU-like ops.
    tree = ast.parse(task.source)
    calls = {n.func.attr for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)}
    assert "rand" not in calls and "rand_like" not in calls
    if task.tolerance:
        assert task.tolerance_reason


def test_lookup_errors_are_clear():
    assert get_task("builtin/l1/softmax").level == 1
    with pytest.raises(TaskError, match="unknown task id"):
        get_task("builtin/l1/nope")
    with pytest.raises(TaskError, match="unknown suite"):
        load_suite("kernelbench")


@pytest.mark.slow(seconds=181)
def test_every_reference_passes_on_cpu(cpu_verifier):
    results = cpu_verifier.verify_many([(t, t.solution_source) for t in TASKS])
    failures = {t.id: (r.error_kind.value, r.hack_flags, r.error_msg[:400])
                for t, r in zip(TASKS, results) if not r.correct}
    assert not failures, failures
    for r in results:
        assert r.parsed and r.static_ok and r.compiled and r.launched
        assert r.runtime_us is None and r.speedup is None  # no timing in interpreter mode


@pytest.mark.gpu
def test_every_reference_passes_on_gpu():
    from autotriton.verify import Verifier, VerifyConfig
    with Verifier(VerifyConfig(device="cuda", cache_dir=None, timeout_s=300)) as verifier:
        results = verifier.verify_many([(t, t.solution_source) for t in TASKS])
    failures = {t.id: (r.error_kind.value, r.error_msg[:400]) for t, r in zip(TASKS, results) if not r.correct}
    assert not failures, failures
    assert all(r.runtime_us and r.eager_us and r.speedup for r in results)
