"""The judge's trial plan and the inputs it changes (docs/VERIFIER.md, "Changed inputs"): what
the trials are built from, tested without running a candidate."""

from __future__ import annotations

from dataclasses import replace

import pytest
import torch

from autotriton.tasks import get_task
from autotriton.tasks.sizes import as_judged
from autotriton.verify import VerifyConfig
from autotriton.verify.job import build_job
from autotriton.verify.judge import (GRID_LEVELS, MAGNITUDE_KINDS, NATIVE_FLOOR_FACTOR, RELATED_SPREAD, Judge,
                                     _native_floors, on_levels, relate, structure, zero_slabs)


def test_ties_put_equal_values_at_every_rows_extremes():
    """The ties trial's inputs: an argmax returning the last of tied maxima passed 9 of 24
    verifications while the grid was multiples of 1/4 (randn's tail is sparse there), and one
    that took the first of ties only where its row held a 0 passed while the grid made one 0."""
    generator = torch.Generator().manual_seed(0)
    for draw in (torch.randn(5, 37), torch.rand(3, 300), torch.randn(64, 64).softmax(-1) + 100.0):
        grid = on_levels(draw, GRID_LEVELS, generator)
        assert grid.shape == draw.shape and grid.unique().numel() <= GRID_LEVELS
        assert torch.isin(grid, draw).all()  # the input's own values
        at_max = (grid == grid.max(dim=1, keepdim=True).values).sum(dim=1)
        assert (at_max >= 2).float().mean() > 0.6, at_max
    assert on_levels(torch.empty(0, 4), GRID_LEVELS, generator).shape == (0, 4)


@pytest.mark.parametrize("task_id", ["builtin/l1/relu", "builtin/l1/matmul", "builtin/l1/softmax",
                                     "builtin/l1/rmsnorm", "builtin/l2/linear_bias_relu", "builtin/l1/mse_loss",
                                     "builtin/l1/embedding"])
def test_every_verification_draws_every_input_kind_and_keeps_one_plain_trial(tmp_path, task_id):
    """A kernel can take an honest path where it sees a trial's mark (a tiny row, a large value, a
    0, a tie), so a verification must compare at least one trial with none of them, and each kind
    must come up in every verification, not in most (the argmax taking the last of ties passed 9 of
    24 while its kind was left to the slots)."""
    job = build_job("check", as_judged(get_task(task_id)), VerifyConfig(device="cpu"), "interp", candidate="unused")
    for _ in range(50):
        judge = Judge(replace(job, judge_dir=str(tmp_path)), None)
        trials = [t for s in judge.shapes for t in judge.plan(s, job.n_trials)] + judge.leftover_trials(job.n_trials)
        plain = [t for t in trials if t.magnitude is None and not t.mixed]
        # with the task's own constructor values and draw; one a setting, its parameters at their
        # defaults in one setting and re-randomised in the other, or both in each setting where
        # the task has 1-D parameters
        assert not any(t.varied_init or t.signed for t in plain)
        each = 2 if judge.param_trials else 1
        assert sorted(t.setting.name for t in plain) == sorted([s.name for s in judge.shapes] * each)
        assert sorted(t.perturb for t in plain) == sorted([False, True] * each)
        alone = judge.plan(judge.shapes[0], 1)[0]  # the random-size trial: plain too
        assert alone.magnitude is None and not alone.mixed
        kinds = {t.magnitude.kind for t in trials if t.magnitude is not None}
        want = set(MAGNITUDE_KINDS) - ({"shifted"} if judge.precision_checks else set())
        # related inputs only where two float inputs share a shape, structured integers only where
        # an input is integer (the others pay no trial for either)
        want -= set() if task_id == "builtin/l1/mse_loss" else {"related"}
        want -= set() if task_id == "builtin/l1/embedding" else {"structured"}
        assert kinds == want, (task_id, kinds)


def test_zero_slabs_give_zero_rows_along_every_dim():
    generator = torch.Generator().manual_seed(0)
    x = torch.randn(3, 5, 7) + 10.0
    z = zero_slabs(x, generator)
    for dim in range(3):  # a reduction over `dim` meets a whole row of zeros
        assert (z == 0).all(dim=dim).any()
    assert (x != 0).all() and (z != 0).float().mean() > 0.05  # a copy; the rest untouched
    kept = z[z != 0]
    assert torch.isin(kept, x).all()
    # scattered zeros beside the slabs (SPARSE_SHARES): every row meets many, as dropout gives
    assert ((z == 0).float().mean(dim=2) >= 0.1).all()
    assert 0.15 < (zero_slabs(torch.randn(4096) + 10, generator) == 0).float().mean() < 0.85


def test_an_overflowing_run_of_the_reference_allows_nothing():
    """The error floor of changed-input trials takes the largest gap of several runs in the task's
    dtype; a run that overflowed measures nothing, where an infinite floor would allow any output."""
    exact = [torch.tensor([1.0, 2.0], dtype=torch.float64)]
    runs = [[torch.tensor([1.0, 2.0 + 2 ** -20])], [torch.tensor([float("inf"), 2.0])], [torch.tensor([1.0, 2.0])]]
    assert _native_floors(runs, exact, None) == [NATIVE_FLOOR_FACTOR * 2 ** -20]


def test_cpu_trial_inputs_are_fenced_with_poison():
    """A read up to 64 KiB before or past an input finds NaN (or an integer's largest value)."""
    from autotriton.verify.worker import FENCE_BYTES, _fenced

    for x in (torch.randn(3, 5), torch.arange(7), torch.tensor([True, False])):
        y = _fenced(x)
        assert y.is_contiguous() and torch.equal(y, x)
        whole = torch.empty(0, dtype=x.dtype).set_(y.untyped_storage())
        before, after = whole[:y.storage_offset()], whole[y.storage_offset() + y.numel():]
        assert before.numel() * x.element_size() == FENCE_BYTES and before.numel() == after.numel()
        for side in (before, after):
            if x.is_floating_point():
                assert side.isnan().all()
            elif x.dtype == torch.bool:
                assert side.all()
            else:
                assert (side == torch.iinfo(x.dtype).max).all()


def test_spikes_reach_both_signs_of_a_small_input():
    """1/128 of a 3 x 37 input is often no element at all, and only a positive spike overflows exp."""
    from autotriton.verify.judge import Magnitude

    generator = torch.Generator().manual_seed(0)
    for _ in range(200):
        x = torch.randn(3, 37)
        y = Magnitude(scale=1024.0, share=1 / 128).apply(x, generator)
        assert (y > 1000).any() and (y < -1000).any()
        assert (y.abs() > 1000).sum() < 12
    positive = Magnitude(scale=1024.0, share=1 / 128).apply(torch.rand(3, 37), generator)
    assert (positive > 1000).any() and (positive >= 0).all()


def test_parameters_are_re_randomised_in_several_ways_and_stepped_between_calls(cpu_verifier):
    """A verification's re-randomising trials draw parameters in different ways (judge.PARAM_DRAWS:
    signed 1-D values, trained-like ones with gains near 1 and weights past a uniform init's bound,
    zero biases), which a LayerNorm dropping positive gammas, a Linear over half of K for trained
    weights and one for zero biases met in no trial before (outside red team, 2026-11-28)."""
    task = get_task("builtin/l2/linear_bias_relu")
    result = cpu_verifier.verify(task, task.solution_source)
    assert result.correct, result.error_msg
    notes = [c.get("params", "") for c in result.details["checks"]]
    draws = {n for n in notes if "re-randomised" in n}
    assert len(draws) >= 2 and any("as trained ones" in n or "biases 0" in n for n in draws), notes
    # the repeated-call trial's last call comes after an in-place step of every parameter
    # (a Linear that copied W on its first call passed before)
    stepped = [c for c in result.details["checks"] if c.get("params") == "parameters stepped in place before this call"]
    assert len(stepped) == 1 and stepped[0]["call"] in (2, 3), notes


def test_related_inputs_are_close_to_the_first_and_others_untouched():
    """Predictions close to their targets, a mask graded like its scores; inputs of another shape
    or an integer dtype stay as drawn."""
    x, y, other, ints = torch.randn(4, 9), torch.randn(4, 9), torch.randn(9), torch.randint(0, 5, (4, 9))
    a, b, c, d = relate([x, y, other, ints])
    assert a is x and c is other and d is ints
    assert torch.allclose(b, x + y / RELATED_SPREAD) and (b - x).abs().max() < 0.2


def test_structured_integers_are_consecutive_runs_within_their_own_range():
    generator = torch.Generator().manual_seed(0)
    ids, mask, x = torch.randint(3, 50, (4, 16)), torch.rand(4, 16) > 0.5, torch.randn(4, 16)
    s_ids, s_mask, s_x = structure([ids, mask, x], generator)
    assert s_mask is mask and s_x is x and s_ids.dtype == ids.dtype and s_ids.shape == ids.shape
    assert s_ids.min() >= ids.min() and s_ids.max() <= ids.max()
    steps = s_ids.reshape(-1).diff()
    assert ((steps == 1) | (steps == -(int(ids.max()) - int(ids.min())))).all()
