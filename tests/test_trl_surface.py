"""The private parts of TRL's GRPOTrainer that autotriton/train/grpo.py leans on (issue 33).
TRL is pinned to one minor version (pyproject.toml); this test fails loudly, naming what moved,
when a TRL release changes any of them, instead of training going silently wrong."""

from __future__ import annotations

import inspect

import pytest

trl = pytest.importorskip("trl")


def test_trl_is_the_pinned_minor_version():
    assert trl.__version__.startswith("1.16."), f"train/grpo.py is written against TRL 1.16, found {trl.__version__}"


def test_the_overridden_private_methods_keep_their_signatures():
    from trl import GRPOTrainer
    params = {name: list(inspect.signature(getattr(GRPOTrainer, name)).parameters)
              for name in ("_generate_and_score_completions", "_calculate_rewards", "training_step")}
    assert params["_generate_and_score_completions"] == ["self", "inputs"]
    assert params["_calculate_rewards"] == ["self", "inputs", "prompts", "completions", "completion_ids_list"]
    assert params["training_step"][:4] == ["self", "model", "inputs", "num_items_in_batch"]


@pytest.mark.parametrize("used", [
    '"advantages"', '"completion_mask"', '"tool_mask"', '"num_items_in_batch"',  # keys of the batch dict we rewrite
    "self._metrics", "self._step",  # the metric store and step counter we append to and read
    "current_gradient_accumulation_steps",  # when an optimizer step ends
    ".generate(",  # TRL samples through the unwrapped policy's generate, which grpo.py wraps
])
def test_the_private_state_grpo_py_reads_is_still_there(used):
    from trl import GRPOTrainer
    assert used in inspect.getsource(GRPOTrainer), f"TRL's GRPOTrainer no longer has {used}: re-check train/grpo.py"
