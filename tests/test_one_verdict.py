"""One judge for every path: the CLI, the Python API, eval, the GRPO reward and the data build
give one candidate the same verdict, because each calls `Verifier.verify`, which holds the
signed-input trial and takes an outside file at derived interp sizes (issue 32)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from typer.testing import CliRunner

from autotriton.cli.main import app
from autotriton.data.build import _verify_candidates
from autotriton.data.teachers import TaskItem
from autotriton.data.teachers import Candidate, Solution
from autotriton.tasks import get_task, task_from_source
from autotriton.tasks.sizes import as_judged
from autotriton.verify import VerifyConfig
from autotriton.verify.judge import SMALL_ROWS_TRIALS
from autotriton.verify.rewards import RewardScorer

TASK_FILE = Path(__file__).parent / "fixtures" / "kernelbench" / "level1" / "1_TinyReLU.py"
RELU = get_task("builtin/l1/relu").solution_source
COPY = RELU.replace("tl.maximum(x, 0.0)", "x")  # right on torch.rand's [0, 1), wrong on randn


def _verdicts_by_path(tmp_path, cpu_verifier, text: str) -> dict[str, tuple[bool, str]]:
    """(correct, error_kind) of `text` on the fixture through each path."""
    source = TASK_FILE.read_text()
    answer = tmp_path / "answer.py"
    answer.write_text(text)
    out = CliRunner().invoke(app, ["verify", "--task", str(TASK_FILE), str(answer), "--device", "cpu",
                                   "--no-cache", "--json"])
    cli = json.loads(out.output)
    verdicts = {"cli": (cli["correct"], cli["error_kind"])}
    # The Python API and RewardScorer get the bare source (no derived sizes, as a dataset row has it):
    # at the file's own 4096 x 393216 a CPU run would need 6 GiB per tensor.
    bare = task_from_source(source, task_id="row/0", suite="dataset", level=0)
    api = cpu_verifier.verify(bare, text)
    verdicts["api"] = (api.correct, api.error_kind.value)
    scorer = RewardScorer(VerifyConfig(device="cpu", cache_dir=None, workers=1))
    try:
        (reward,) = scorer.results([text], task_source=[source])
    finally:
        scorer.close()
    verdicts["reward"] = (reward.correct, reward.error_kind.value)

    cand = Candidate(item=TaskItem(bare, "compose", {}), teacher="t", sample=0, verify_task=bare,
                     solution=Solution(reasoning="", code=text))
    (record,) = _verify_candidates([cand], cpu_verifier)
    verdicts["data build"] = (record["correct"], record["error_kind"])
    return verdicts


def test_a_copy_kernel_for_relu_is_rejected_on_every_path(tmp_path, cpu_verifier):
    verdicts = _verdicts_by_path(tmp_path, cpu_verifier, COPY)
    assert set(verdicts.values()) == {(False, "wrong_output")}, verdicts


def test_a_relu_in_bf16_on_a_float32_task_is_narrow_float_on_every_path(tmp_path, cpu_verifier):
    text = RELU.replace("tl.maximum(x, 0.0)", "tl.maximum(x.to(tl.bfloat16), 0.0)")
    assert text != RELU
    verdicts = _verdicts_by_path(tmp_path, cpu_verifier, text)
    assert set(verdicts.values()) == {(False, "hack")}, verdicts


def test_the_real_relu_passes_on_every_path(tmp_path, cpu_verifier):
    verdicts = _verdicts_by_path(tmp_path, cpu_verifier, RELU)
    assert set(verdicts.values()) == {(True, "none")}, verdicts


def test_the_api_judges_an_outside_file_at_interp_sizes_with_the_signed_trial(cpu_verifier):
    bare = task_from_source(TASK_FILE.read_text(), task_id="row/0", suite="dataset", level=0)
    judged = as_judged(bare)
    assert [s.mode for s in bare.shapes] == ["gpu"] and "interp" in [s.mode for s in judged.shapes]
    assert as_judged(judged) == judged  # idempotent: the judge may be handed a task it derived already
    result = cpu_verifier.verify(bare, COPY)
    # The plan comes from os.urandom: the copy falls to the signed trial or to an earlier trial
    # with negatives in it (the padded kind, verifier 12); the real ReLU shows the signed trial runs.
    assert result.details["signed_trial"] == ("failed" if "signed-input" in result.error_msg
                                              else "not run (failed before it)"), result.error_msg
    assert cpu_verifier.verify(bare, RELU).details["signed_trial"] == "passed"
    assert result.task_id == "row/0"


def test_verl_reward_gives_the_judge_verdict(monkeypatch):
    """verl's compute_score path (verify/rewards.py): the task's source as ground truth, the batch
    manager's lists, the same verdicts as the other paths (the copy kernel fails the signed trial)."""
    from autotriton.verify import rewards
    scorer = RewardScorer(VerifyConfig(device="cpu", cache_dir=None, workers=2))
    monkeypatch.setattr(rewards, "_SHARED", scorer)
    source = TASK_FILE.read_text()
    try:
        rows = rewards.verl_compute_score_batch(None, [COPY, RELU, "no code"], [source] * 3,
                                                [{"task_id": "relu/0"}, None, {}])
        one = rewards.verl_compute_score("mine", RELU, source, {"task_id": "relu/0"})
    finally:
        scorer.close()
    assert [r["score"] for r in rows] == [0.0, 1.0, 0.0] and one["score"] == 1.0
    assert rows[0]["rules"] == 1.0 and rows[2]["compiled"] == 0.0
    assert all(isinstance(v, float) for r in rows for v in r.values())  # verl logs the extra keys as numbers


def test_trl_rewards_by_import_path_give_the_judge_verdict(monkeypatch):
    """`trl grpo --reward_funcs autotriton.verify.rewards.exec_reward` (configs/trl/grpo.yaml): the
    module-level rewards over the shared scorer, named as TRL names their curves."""
    from autotriton.verify import rewards
    scorer = RewardScorer(VerifyConfig(device="cpu", cache_dir=None, workers=2))
    monkeypatch.setattr(rewards, "_SHARED", scorer)
    source = TASK_FILE.read_text()
    try:
        execs = rewards.exec_reward([COPY, RELU], task_source=[source] * 2)
        rules = rewards.rule_reward([COPY, RELU], task_source=[source] * 2)
        speed = rewards.speedup_reward([RELU], task_source=[source])
    finally:
        scorer.close()
    assert execs == [0.0, 1.0] and rules == [1.0, 1.0] and speed == [None]  # no timing on CPU
    assert [f.__name__ for f in (rewards.rule_reward, rewards.exec_reward)] == ["rule_reward", "exec_reward"]


def test_signed_trials_are_trials_of_the_one_verification(cpu_verifier):
    """The signed-input trials are half of every setting's trials, shuffled among the task's own
    draws (issue 32, class D): one verification, no second run that differs only in sign."""
    bare = task_from_source(TASK_FILE.read_text(), task_id="row/0", suite="dataset", level=0)
    result = cpu_verifier.verify(bare, RELU)
    assert result.correct and result.details["signed_trial"] == "passed", result.error_msg
    by_setting: dict[str, set[bool]] = {}
    for check in result.details["checks"]:
        if "trial" in check:
            by_setting.setdefault(check["shape"], set()).add(check["signed_inputs"])
    # the one-trial sizes (random, long-dim, small-rows) draw either sign
    fixed = {k: v for k, v in by_setting.items()
             if k not in ("random_size", *SMALL_ROWS_TRIALS) and not k.startswith("long_")}
    assert fixed and all(v == {True, False} for v in fixed.values()), by_setting


LOG_TASK = '''import torch
import torch.nn as nn

N = 4096


class Model(nn.Module):
    def forward(self, x):
        return torch.log(x + 1e-3)


def get_inputs():
    return [torch.rand(N)]


def get_init_inputs():
    return []
'''
LOG_ANSWER = RELU.replace("tl.maximum(x, 0.0)", "tl.log(x + 1e-3)")


def test_a_reference_that_cannot_take_signed_inputs_is_judged_on_its_own(cpu_verifier):
    """log of a negative number: the signed trial runs again on the task's own draw, and the
    verdict says signed trials were skipped and why."""
    assert LOG_ANSWER != RELU
    task = task_from_source(LOG_TASK, task_id="row/log", suite="dataset", level=0)
    result = cpu_verifier.verify(task, LOG_ANSWER)
    assert result.correct, result.error_msg
    assert result.details["signed_trial"].startswith("skipped: the reference cannot be judged on signed inputs")


EXP_TASK = LOG_TASK.replace("torch.log(x + 1e-3)", "torch.exp(x)").replace("torch.rand(N)", "torch.randn(N)")
EXP_ANSWER = RELU.replace("tl.maximum(x, 0.0)", "tl.exp(x)")
SOFTMAX = get_task("builtin/l1/softmax")


def test_a_large_magnitude_trial_rejects_an_unstable_softmax(cpu_verifier):
    """All but one trial per setting change the inputs' magnitudes, the first always large
    (x64-128, or spikes of 128 or more at 1/16 of the elements): a softmax without the max
    subtraction is NaN above logits of 88 and was judged correct on randn-sized inputs (outside
    red team, 2026-11-28); the shipped one subtracts the max and passes."""
    source = SOFTMAX.solution_source
    assert "tl.max(" in source
    unstable = source.replace("    x = x - tl.max(x, axis=0)\n", "")
    honest = cpu_verifier.verify(SOFTMAX, source)
    assert honest.correct and "wide_trial" not in honest.details, honest.error_msg
    assert any("magnitude" in c for c in honest.details["checks"])
    assert unstable != source
    result = cpu_verifier.verify(SOFTMAX, unstable)
    # a large trial, verifier 12's padded kind (rows of -1e4: exp underflows to 0, then 0/0), or
    # verifier 35's heavy kind (Student-t rows, df 2: logits past 88), whichever the plan, drawn
    # from os.urandom, puts first (the heavy kind came first in a clean-clone run, session 44), or
    # verifier 69's huge kind (spikes up to 2^50: NaN as exp overflows; first in CI, session 62)
    assert not result.correct and re.search(r"inputs [x+]\d|padded with -1e4|heavy-tailed|spikes up to 2\^",
                                            result.error_msg), \
        result.error_msg


def test_a_reference_that_overflows_at_large_inputs_is_judged_on_its_own(cpu_verifier):
    """exp(128) is finite in float64 but not in the task's float32: the large trial runs again
    unscaled rather than blame an honest float32 kernel for the task's range."""
    assert EXP_ANSWER != RELU
    task = task_from_source(EXP_TASK, task_id="row/exp", suite="dataset", level=0)
    result = cpu_verifier.verify(task, EXP_ANSWER)
    assert result.correct, result.error_msg
    # Scaled, spiked and huge trials overflow exp in float32 (a shift of 64 does not): then the rest
    # of the verification draws other inputs, and details say why, kind by kind.
    note = result.details.get("wide_trial", "")
    assert all(part.startswith("skipped: the reference cannot be judged at ") for part in note.split("; ") if note), note


def test_line_endings_are_read_alike_on_every_path(tmp_path, cpu_verifier):
    """The CLI read a candidate with read_text() (\\r\\n and a lone \\r made \\n) and the other paths
    judged the raw text: an honest relu with CRLF endings and a self-test block, or lone \\r
    endings around its fence, was correct on the CLI and rejected by the API and the reward
    (seventeenth outside pass). Every path now reads line endings as Python reads a file."""
    crlf = (RELU + '\nif __name__ == "__main__":\n    print(ModelNew())\n').replace("\n", "\r\n")
    verdicts = _verdicts_by_path(tmp_path, cpu_verifier, crlf)
    assert set(verdicts.values()) == {(True, "none")}, verdicts
    lone_cr = ("The kernel takes max(x, 0) per element.\n```python\n" + RELU + "```\n").replace("\n", "\r")
    bare = task_from_source(TASK_FILE.read_text(), task_id="row/0", suite="dataset", level=0)
    assert cpu_verifier.verify(bare, lone_cr).correct


def test_a_level_the_file_declares_or_the_row_gives_sets_its_sizes_on_every_path():
    """A level-3 file's interpreter sizes have a spatial floor (tasks/sizes.py); the RL reward
    rebuilt rows at level 0 and judged a harvested level-3 conv block at 8 x 8 where the CLI judged
    32 x 32 (seventeenth outside pass). A file's LEVEL wins, and a row's `level` column is used."""
    from autotriton.verify.rewards import _row_tasks
    source = get_task("builtin/l3/conv_block").source if "builtin/l3/conv_block" in _ids() else _conv_source()
    declared = source + "\nLEVEL = 3\n"
    as_row = task_from_source(declared, task_id="row/0", suite="dataset", level=0)
    assert as_row.level == 3
    assert _interp(as_judged(as_row)) == _interp(as_judged(task_from_source(declared, task_id="x", suite="file",
                                                                            level=3)))
    by_path = task_from_source(source, task_id="x", suite="file", level=3)
    (row,) = _row_tasks(1, {"task_source": [source], "level": [3]})
    assert row.level == 3 and _interp(as_judged(row)) == _interp(as_judged(by_path))
    assert _interp(as_judged(task_from_source(source, task_id="y", suite="file", level=0))) != _interp(as_judged(by_path))


def _ids() -> set[str]:
    from autotriton.tasks import list_tasks
    return {t.id for t in list_tasks()}


def _conv_source() -> str:
    return ("import torch\nimport torch.nn as nn\n\nBATCH = 4\nCHANNELS = 8\nHEIGHT = 96\nWIDTH = 96\n\n\n"
            "class Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            "        self.conv = nn.Conv2d(CHANNELS, CHANNELS, 3, padding=1)\n        self.pool = nn.MaxPool2d(2)\n\n"
            "    def forward(self, x):\n        return self.pool(torch.relu(self.conv(x)))\n\n\n"
            "def get_inputs():\n    return [torch.randn(BATCH, CHANNELS, HEIGHT, WIDTH)]\n\n\n"
            "def get_init_inputs():\n    return []\n")


def _interp(task) -> dict:
    return {s.name: s.overrides for s in task.shapes if s.mode == "interp"}


def test_the_build_rewraps_an_answer_to_the_code_the_api_reads():
    """The data build judges a teacher's answer re-wrapped as prose + code (llm.split_answer): an
    upper-case <THINK> span holding a draft left a dangling tag in the prose, and the build found
    no code where the API found the final block (seventeenth outside pass). Tags of any case go."""
    from autotriton.data.teachers.llm import split_answer
    from autotriton.verify.extract import extract_code
    text = ("<THINK>A first try:\n```python\nimport torch\n```\nNo, max with 0.</THINK>\n"
            f"The kernel takes max(x, 0).\n```python\n{RELU}```\n")
    solution = split_answer(text)
    assert solution is not None and "THINK" not in solution.reasoning.upper()
    assert extract_code(solution.answer()) == extract_code(text)


def test_a_bare_file_in_a_level_folder_is_at_that_level(tmp_path):
    """`verify --task-file level3/X.py` (load_task_file) judged a level-3 KernelBench file at level 0,
    8 x 8 pixels, where the kernelbench suite reads level 3 from the folder and judges 32 x 32. A
    folder named level<N> sets the level; a file's own LEVEL still wins; elsewhere it is 0."""
    from autotriton.tasks import load_task_file
    source = get_task("builtin/l3/conv_block").source if "builtin/l3/conv_block" in _ids() else _conv_source()
    (tmp_path / "level3").mkdir()
    (tmp_path / "level3" / "1_Block.py").write_text(source)
    (tmp_path / "level3" / "2_Declared.py").write_text(source + "\nLEVEL = 1\n")
    (tmp_path / "mine.py").write_text(source)
    in_folder = load_task_file(tmp_path / "level3" / "1_Block.py")
    assert in_folder.level == 3 and load_task_file(tmp_path / "level3" / "2_Declared.py").level == 1
    assert load_task_file(tmp_path / "mine.py").level == 0
    as_suite = task_from_source(source, task_id="kernelbench/l3/1_Block", suite="kernelbench", level=3)
    assert _interp(as_judged(in_folder)) == _interp(as_judged(as_suite))


def test_a_builtin_tasks_own_file_is_that_task():
    """By path a built-in task's file was level 0 and lost the level-3 interpreter's time allowance:
    an honest attention timed out at 60 s by path and passed by id (outside pass on verifier 64)."""
    from autotriton.tasks import get_task, load_task_file
    from autotriton.tasks.suite import BUILTIN_ROOT
    for task_id in ("builtin/l3/attention", "builtin/l1/relu"):
        by_id = get_task(task_id)
        path = BUILTIN_ROOT / task_id.removeprefix("builtin/") / "task.py"
        for by_path in (load_task_file(path), get_task(str(path)), load_task_file(os.path.relpath(path))):
            assert (by_path.id, by_path.level, by_path.shapes) == (by_id.id, by_id.level, by_id.shapes)


def test_a_kernelbench_layout_file_with_its_own_interp_sizes_loads_alike_on_every_path(tmp_path):
    """A level1/NN_Name.py file with its own INTERP_SHAPES: the CLI's loader gave it TF32's tolerance
    (a KernelBench file), load_task_file float32's, and an honest default-precision tl.dot matmul was
    correct by the CLI and wrong_output by the API (outside pass on verifier 99, F1)."""
    from autotriton.cli.main import _task_by_id
    from autotriton.tasks import load_task_file
    source = get_task("builtin/l1/matmul").source if "builtin/l1/matmul" in _ids() else None
    assert source is not None and "INTERP_SHAPES" in source
    (tmp_path / "level1").mkdir()
    path = tmp_path / "level1" / "90_MyMatmul.py"
    path.write_text(source.split("# --- autotriton metadata ---")[0] + "\nINTERP_SHAPES = {'tiny': {}}\n")
    loaded = [load_task_file(path), get_task(str(path)), _task_by_id(str(path), None)]
    assert all((t.id, t.level, t.split, t.tolerance, t.shapes) == (loaded[0].id, loaded[0].level, loaded[0].split,
                                                                   loaded[0].tolerance, loaded[0].shapes) for t in loaded)
    assert loaded[0].tolerance.get("float32") == (1e-2, 1e-2)


def test_a_candidates_coding_line_is_text_on_every_path(tmp_path):
    """The CLI decoded a candidate by its PEP 263 line: `coding: rot13` raised LookupError out of the
    CLI, and a hidden `coding: utf-7` line decoded itself away, so the CLI judged correct what the
    API's rules refuse (outside pass on verifier 99, F2-F4). A candidate is read as UTF-8 as an API
    caller's read_text() reads it; a task file with a non-text codec is the user's TaskError."""
    import pytest

    from autotriton.tasks.contract import TaskError, read_python_text
    for codec in ("rot13", "utf-7", "cp037"):
        path = tmp_path / f"answer_{codec}.py"
        path.write_text(f"# -*- coding: {codec} -*-\n{RELU}")
        assert read_python_text(path, candidate=True) == path.read_text()
        if codec == "rot13":
            with pytest.raises(TaskError):
                read_python_text(path)


def test_a_task_file_under_a_folder_named_dev_is_a_file(tmp_path, monkeypatch):
    """`-t dev/relu.py` was taken for a development-suite id and got no verdict; the API judged the
    file (outside pass on verifier 99, F5)."""
    from autotriton.cli.main import _task_by_id
    (tmp_path / "dev").mkdir()
    (tmp_path / "dev" / "relu.py").write_text(get_task("builtin/l1/relu").source)
    monkeypatch.chdir(tmp_path)
    assert _task_by_id("dev/relu.py", None).source == get_task("dev/relu.py").source
