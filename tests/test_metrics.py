"""pass@k against hand-computed values, and channel metrics on synthetic records."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from autotriton.eval.metrics import channel_metrics, geomean, pass_at_k


def test_pass_at_k_hand_values():
    assert pass_at_k(10, 0, 1) == 0.0
    assert pass_at_k(10, 10, 5) == 1.0
    assert pass_at_k(10, 3, 1) == pytest.approx(0.3)
    # 1 - C(7,2)/C(10,2) = 1 - 21/45
    assert pass_at_k(10, 3, 2) == pytest.approx(24 / 45)
    assert pass_at_k(5, 1, 5) == 1.0
    with pytest.raises(ValueError):
        pass_at_k(3, 1, 4)


@given(st.integers(1, 30).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(1, n))))
def test_pass_at_k_is_a_probability_monotone_in_k(args):
    n, c, k = args
    p = pass_at_k(n, c, k)
    assert 0.0 <= p <= 1.0
    if k < n:
        assert pass_at_k(n, c, k + 1) >= p - 1e-12


def _rec(task, correct, speedup=None, naive=False, kind="none", compiled=True):
    return {"task_id": task, "tokens": 10, "naive_pass": naive,
            "result": {"correct": correct, "compiled": compiled, "speedup": speedup, "error_kind": kind}}


def test_channel_metrics():
    records = [_rec("a", True, 1.5), _rec("a", False, naive=True, kind="hack"), _rec("b", True, 2.5),
               _rec("b", False, kind="rule_violation", compiled=False)]
    m = channel_metrics("x", records, [1, 2])
    assert m.tasks == 2 and m.samples == 4
    assert m.exec_pct == 50.0 and m.compiled_pct == 75.0
    assert m.fast1_pct == 50.0 and m.fast2_pct == 25.0
    assert m.geomean_speedup == pytest.approx(math.sqrt(1.5 * 2.5))
    assert m.pass_at_k == {"pass@1": 50.0, "pass@2": 100.0}
    assert m.hack_rate_pct == 25.0 and m.rule_violations == 1
    assert geomean([]) is None


def test_cpu_records_have_no_fast_metrics():
    m = channel_metrics("x", [_rec("a", True)], [1])
    assert m.fast1_pct is None and m.geomean_speedup is None


def test_gpu_records_with_nothing_correct_have_zero_fast_metrics():
    record = _rec("a", False, kind="syntax_error")
    record["result"]["mode"] = "gpu"
    m = channel_metrics("x", [record], [1])
    assert m.fast1_pct == 0.0 and m.fast2_pct == 0.0 and m.geomean_speedup is None


def test_hack_rate_is_not_measured_when_the_recheck_was_off():
    assert channel_metrics("x", [_rec("a", False, naive=None)], [1]).hack_rate_pct is None


def test_fast_against_torch_compile():
    """The paper's second baseline: fast1/fast2 against torch.compile where compile was timed."""
    records = [_rec("a", True, 1.5), _rec("b", True, 3.0), _rec("c", False)]
    for r, compile_us, runtime_us in zip(records, (90.0, 500.0, None), (100.0, 200.0, None)):
        r["result"].update(compile_us=compile_us, runtime_us=runtime_us)
    m = channel_metrics("x", records, [1])
    assert m.fast1_compile_pct == pytest.approx(100 / 3) and m.fast2_compile_pct == pytest.approx(100 / 3)
    assert channel_metrics("x", [_rec("a", True, 1.5)], [1]).fast1_compile_pct is None


def test_compare_runlogs_uses_only_the_prompts_both_logs_answered():
    """benchmarks/compare_runlogs.py, for an eval cut part-way: the prompt only the first log has
    (where it was right) counts for neither model, so the gain is +50 points on the shared two."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).parent.parent / "benchmarks" / "compare_runlogs.py"
    spec = importlib.util.spec_from_file_location("compare_runlogs", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)

    def rec(task, correct):
        return {**_rec(task, correct), "key": task, "channel": "c"}
    before = [rec("a", False), rec("b", True), rec("only_before", True)]
    after = [rec("a", True), rec("b", True)]
    table = mod.compare(before, after, ("SFT", "RL"))
    assert "| c | SFT | 2 | 100.0 | 50.0 | 0 |" in table and "| c | RL | 2 | 100.0 | 100.0 | 0 |" in table
    assert "| c | 2 | +50.0 |" in table
    with pytest.raises(SystemExit):
        mod.compare(before, [rec("z", True)], ("SFT", "RL"))
    # at one budget: the second log's right answer that took 3,000 tokens counts as cut at 2,048
    long = [{**rec("a", True), "tokens": 3000}, {**rec("b", True), "tokens": 900}]
    capped = mod.compare(before, mod.capped(long, 2048), ("SFT", "RL"))
    assert "| c | RL | 2 | 50.0 | 50.0 | 0 |" in capped and "| c | 2 | +0.0 |" in capped
    assert mod.capped(long, None) is long


def test_scale_summary_reads_sft_and_grpo_logs(tmp_path):
    """benchmarks/scale_summary.py: GRPO's first step (compilation) is left out of the means, rollout
    tokens/s is completions x mean length over generation time, SFT's tokens/s comes from its token counter."""
    import importlib.util
    import json
    from pathlib import Path

    import yaml
    path = Path(__file__).parent.parent / "benchmarks" / "scale_summary.py"
    spec = importlib.util.spec_from_file_location("scale_summary", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)

    rl = tmp_path / "rl"
    rl.mkdir()
    (rl / "config.yaml").write_text(yaml.safe_dump({"stage": "rl", "settings": {"batch_size": 4}}))
    steps = [(40.0, 30.0, 0.0), (10.0, 2.0, 0.25), (12.0, 4.0, 0.5)]  # step s, generate s, reward
    (rl / "metrics.jsonl").write_text("\n".join(json.dumps({
        "step": i + 1, "time": float(i), "loss": 0.0, "num_tokens": 100.0 * (i + 1), "reward": reward,
        "verify/correct_rate": reward, "completions/mean_length": 100.0, "time/step_s": step,
        "time/generate_s": gen, "gpu/peak_allocated_gib": 3.0 + i, "gpu/peak_reserved_gib": 9.0})
        for i, (step, gen, reward) in enumerate(steps)) + "\n")
    sft = tmp_path / "sft"
    sft.mkdir()
    (sft / "metrics.jsonl").write_text("\n".join(json.dumps(row) for row in [
        {"step": 1, "time": 100.0, "loss": 2.0, "num_tokens": 1000.0},
        {"step": 5, "time": 108.0, "loss": 1.0, "num_tokens": 5000.0},
        {"step": 5, "time": 109.0, "train_runtime": 9.0}]) + "\n")

    grpo = mod.summarise(rl)
    assert grpo["steps"] == 3 and grpo["step_s"] == 11.0 and grpo["peak_gib"] == 5.0
    assert grpo["rollout_tok_s"] == (400 / 2 + 400 / 4) / 2  # 4 completions x 100 tokens
    assert grpo["reward"] == [0.0, 0.25, 0.5]
    trained = mod.summarise(sft)
    assert trained["step_s"] == 2.0 and trained["train_tok_s"] == 500.0 and trained["loss"] == [2.0, 1.0]
    table = mod.table([grpo, trained])
    assert "| rl | 3 | 11.0 | 150 (rollout) |" in table and "| sft | 5 | 2.0 | 500 (train) |" in table


def test_a_timeout_is_not_counted_as_a_hack():
    """A plain harness passing what our verifier timed out on is no verdict, not a caught hack."""
    from autotriton.eval.metrics import _hack_rate
    rows = [{"naive_pass": True, "result": {"correct": False, "error_kind": "timeout"}},
            {"naive_pass": True, "result": {"correct": False, "error_kind": "wrong_output"}},
            {"naive_pass": True, "result": {"correct": True, "error_kind": "none"}},
            {"naive_pass": False, "result": {"correct": False, "error_kind": "wrong_output"}}]
    assert _hack_rate(rows) == 25.0


def rejudge_module():
    """benchmarks/rejudge_runlog.py, loaded as a module (benchmarks/ is no package)."""
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "rejudge_runlog", Path(__file__).parent.parent / "benchmarks" / "rejudge_runlog.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_rejudge_keeps_only_samples_the_same_judge_wrote(tmp_path):
    """benchmarks/rejudge_runlog.py resumes an OUT_DIR only when its rejudged.json names the same
    run, verifier version and device: an older verifier's finished folder was once taken as done."""
    import json
    mod = rejudge_module()
    judge = {"from": "/r", "verifier_version": mod.VERIFIER_VERSION, "device": "cpu"}
    mod._check_resumable(tmp_path, judge)  # nothing judged yet
    (tmp_path / "runlog.jsonl").write_text('{"key": "a", "sample": 0}\n')
    with pytest.raises(SystemExit, match="no rejudged.json"):
        mod._check_resumable(tmp_path, judge)
    (tmp_path / "rejudged.json").write_text(json.dumps({**judge, "verifier_version": "0"}))
    with pytest.raises(SystemExit, match="verifier_version"):
        mod._check_resumable(tmp_path, judge)
    (tmp_path / "rejudged.json").write_text(json.dumps({**judge, "finished": True}))
    mod._check_resumable(tmp_path, judge)


def test_compare_runlogs_pools_runs_of_one_recipe(tmp_path):
    """--also-before/--also-after: a task's rate is over every sample of every run of the arm."""
    import importlib.util
    import json
    from pathlib import Path
    path = Path(__file__).parent.parent / "benchmarks" / "compare_runlogs.py"
    spec = importlib.util.spec_from_file_location("compare_runlogs", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)

    def log(name, correct):
        p = tmp_path / name
        p.write_text("".join(json.dumps({**_rec("a", c), "key": "a", "channel": "c", "sample": str(i)}) + "\n"
                             for i, c in enumerate(correct)))
        return p
    arm = mod.pooled([log("s0", [True, True]), log("s1", [False, False])], None, set())
    assert sorted(r["sample"] for r in arm) == ["0/0", "0/1", "1/0", "1/1"]
    table = mod.compare(mod.pooled([log("b", [False, False])], None, set()), arm, ("x", "y"))
    assert "| c | 1 | +50.0 |" in table
    assert mod.pooled([log("d", [True])], None, {"a"}) == []
