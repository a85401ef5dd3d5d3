"""The eval harness end to end on CPU: the reference backend scores 100% exec, the run
log resumes after an interruption, and the report files are written."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from autotriton.cli.main import app
from autotriton.eval.config import EvalConfig
from autotriton.eval.harness import RunLog, run_eval
from autotriton.eval.report import write_report
from autotriton.tasks.specs import SuiteSpecError
from autotriton.models import load_backend
from autotriton.rundir import RunDirError
from autotriton.tasks import TaskError


def test_reference_backend_scores_full_exec_and_writes_report(tmp_path, monkeypatch):
    # a cache of its own: the user's (~/.cache/autotriton/verify) made this 6 s on a warm machine and
    # 79 s on CI, and a test should neither read nor fill it
    monkeypatch.setenv("AUTOTRITON_CACHE", str(tmp_path / "cache"))
    # One held-out task per level, the cheapest of each to judge: the CLI, the channels and the
    # report are what this test checks. Every reference passing is test_every_reference_passes_on_cpu's
    # check; all 22 here judged each held-out reference again, twice (44 checks, 68 s of 2 loaded cores).
    import autotriton.tasks.specs as specs
    from autotriton.tasks import list_tasks
    few = ("builtin/l1/elu", "builtin/l2/layernorm_tanh", "builtin/l3/gated_mlp_block")
    assert {t.id for t in list_tasks("heldout")} >= set(few)
    monkeypatch.setattr(specs, "list_tasks", lambda split=None: [t for t in list_tasks(split) if t.id in few])
    out = tmp_path / "run"
    result = CliRunner().invoke(app, ["eval", "--model", "reference", "--suite", "builtin:heldout",
                                      "--device", "cpu", "--out", str(out), "--samples", "2", "-k", "1,2"])
    assert result.exit_code == 0, result.output
    channels = json.loads((out / "results.json").read_text())["channels"]
    assert set(channels) == {"builtin-L1", "builtin-L2", "builtin-L3"}
    for m in channels.values():
        assert m["exec_pct"] == 100.0 and m["pass_at_k"]["pass@2"] == 100.0
        assert m["hack_rate_pct"] == 0.0 and m["fast1_pct"] is None  # no timing on CPU
    for name in ("results.md", "report.html", "channels.png", "kinds.png", "verdicts.png"):
        assert (out / name).stat().st_size > 0
    assert not (out / "speedups.png").exists()  # CPU: nothing timed, so no empty panel (test_report.py)
    assert "Verdicts per task" in (out / "results.md").read_text()


class FlakyReference:
    """The reference backend, but the second batch raises KeyboardInterrupt (Ctrl-C)."""

    name = "reference"

    def __init__(self):
        self.inner, self.calls = load_backend("reference"), 0

    def generate(self, conversations, params, tasks=None):
        self.calls += 1
        if self.calls == 2:
            raise KeyboardInterrupt
        return self.inner.generate(conversations, params, tasks)

    def close(self):
        pass


def test_resume_after_interrupt(tmp_path, cpu_verifier):
    """8 tasks in batches of 4: the first batch survives the interrupt, the second is done on resume
    (all 22 held-out tasks only added whole batches: 22 verdicts where 8 do)."""
    config = EvalConfig(suites=["builtin:heldout"], limit=8, samples=1, ks=[1], batch_size=4, hack_rate=False)
    def report(metrics, records):
        write_report(metrics, records, tmp_path, "reference", "cpu", "test (partial)")
    with pytest.raises(KeyboardInterrupt):
        run_eval(FlakyReference(), "reference", config, cpu_verifier, tmp_path, on_batch=report)
    assert len(RunLog(tmp_path / "runlog.jsonl").records) == 4  # the first batch survived
    assert "(partial)" in (tmp_path / "results.md").read_text()  # and so did its report
    backend = load_backend("reference")
    metrics = run_eval(backend, "reference", config, cpu_verifier, tmp_path)
    log = RunLog(tmp_path / "runlog.jsonl")
    assert len(log.records) == sum(m.samples for m in metrics.values()) == 8  # nothing done twice
    assert all(m.exec_pct == 100.0 for m in metrics.values())
    from autotriton.verify import VERIFIER_VERSION
    assert {r["verifier"] for r in log.records} == {VERIFIER_VERSION}  # what pairing two logs checks
    write_report(metrics, log.records, tmp_path, "reference", "cpu", "test")


def test_changed_settings_refuse_to_mix(tmp_path, cpu_verifier):
    # a run folder that holds output, 2 tasks' worth: all 22 held-out tasks bound it no more
    config = EvalConfig(suites=["builtin:heldout"], limit=2, samples=1, batch_size=50, hack_rate=False)
    run_eval(load_backend("reference"), "reference", config, cpu_verifier, tmp_path)
    with pytest.raises(RunDirError, match=r"different settings \(changed: model;"):
        run_eval(load_backend("reference"), "embedded", config, cpu_verifier, tmp_path)


class CountingReference:
    """The reference backend, counting the samples it is asked for."""

    name = "reference"

    def __init__(self):
        self.inner, self.samples = load_backend("reference"), 0

    def generate(self, conversations, params, tasks=None):
        self.samples += len(conversations) * params.n
        return self.inner.generate(conversations, params, tasks)

    def close(self):
        pass


def test_resume_after_a_torn_last_line_neither_duplicates_nor_loses(tmp_path, cpu_verifier):
    """A kill mid-line leaves a fragment: the resume judges that one sample again (its answer kept
    in generated.jsonl, so nothing is generated), cuts the fragment off before appending, and the
    next resume finds nothing to do. (Appending onto the fragment made every later resume stop
    there and re-append the rest: 10 duplicated keys after two.)"""
    config = EvalConfig(suites=["builtin:heldout"], limit=4, samples=1, batch_size=2, hack_rate=False)
    run_eval(load_backend("reference"), "reference", config, cpu_verifier, tmp_path)
    log_path = tmp_path / "runlog.jsonl"
    whole = log_path.read_text()
    last = whole.splitlines()[-1]
    log_path.write_text(whole[:len(whole) - len(last) // 2 - 1])  # the last record cut mid-line
    assert len(RunLog(log_path).records) == 3
    for _ in range(2):
        backend = CountingReference()
        metrics = run_eval(backend, "reference", config, cpu_verifier, tmp_path)
        assert backend.samples == 0
        lines = log_path.read_text().splitlines()
        keys = [json.loads(line)["key"] for line in lines]
        assert len(keys) == len(set(keys)) == 4  # every line whole, no key twice, none lost
        assert sum(m.samples for m in metrics.values()) == 4 and all(m.exec_pct == 100.0 for m in metrics.values())


class CutOffVerifier:
    """The CPU verifier judging one answer at a time, killed (KeyboardInterrupt) once `at` verdicts are in."""

    def __init__(self, inner, at: int = 2):
        self.inner, self.at, self.judged = inner, at, 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def n_workers(self) -> int:
        return 1

    def verify_each(self, pairs, on_result=None):
        results = []
        for i, pair in enumerate(pairs):
            if self.judged == self.at:
                raise KeyboardInterrupt
            results.append(self.inner.verify(*pair))
            self.judged += 1
            if on_result is not None:
                on_result(i, results[-1])
        return results


def test_a_call_cut_off_while_judging_keeps_its_answers_and_verdicts(tmp_path, cpu_verifier):
    """One batch of 4: a kill while judging the third answer keeps the first two verdicts and all
    4 answers, so the resume generates nothing and judges only the 2 left. (Verdicts were kept a
    whole batch at a time, answers not at all: two 520-s H200 calls of KernelBench-L1 at batch 100
    both ended inside their first batch; then by chunks of 12, and run 30 lost 380 s to one.)"""
    config = EvalConfig(suites=["builtin:heldout"], limit=4, samples=1, batch_size=4, hack_rate=False)
    first = CountingReference()
    with pytest.raises(KeyboardInterrupt):
        run_eval(first, "reference", config, CutOffVerifier(cpu_verifier), tmp_path)
    assert first.samples == 4 and len(RunLog(tmp_path / "runlog.jsonl").records) == 2
    assert len((tmp_path / "generated.jsonl").read_text().splitlines()) == 4
    rest, notes = CountingReference(), []
    metrics = run_eval(rest, "reference", config, cpu_verifier, tmp_path, progress=lambda d, t, n: notes.append(n))
    assert rest.samples == 0 and "judging 2 answers generated before" in notes
    assert sum(m.samples for m in metrics.values()) == 4 and all(m.exec_pct == 100.0 for m in metrics.values())


def test_an_eval_that_judges_elsewhere_generates_everything_and_the_rejudge_scores_it(tmp_path, cpu_verifier):
    """`eval.judge=false` (a GPU machine's time on generation alone): every answer lands in
    generated.jsonl, none is judged and None comes back; benchmarks/rejudge_runlog.py then judges
    them all, as it would a run log."""
    from tests.test_metrics import rejudge_module
    config = EvalConfig(suites=["builtin:heldout"], limit=3, samples=1, batch_size=2, hack_rate=False, judge=False)
    first = CountingReference()
    assert run_eval(first, "reference", config, cpu_verifier, tmp_path / "run") is None
    assert first.samples == 3 and not RunLog(tmp_path / "run" / "runlog.jsonl").records
    again = CountingReference()
    assert run_eval(again, "reference", config, cpu_verifier, tmp_path / "run") is None
    assert again.samples == 0  # nothing generated twice
    assert rejudge_module().rejudge(tmp_path / "run", tmp_path / "judged", "cpu", batch=8, hack_rate=False) == 3
    records = RunLog(tmp_path / "judged" / "runlog.jsonl").records
    assert sorted(r["sample"] for r in records) == [0, 0, 0] and all(r["result"]["correct"] for r in records)


def test_changed_sampling_refuses_a_folder_that_holds_only_answers(tmp_path, cpu_verifier):
    """Answers kept from a cut-off call bind the folder to their settings like verdicts do."""
    config = EvalConfig(suites=["builtin:heldout"], limit=2, samples=1, batch_size=2, hack_rate=False)
    with pytest.raises(KeyboardInterrupt):
        run_eval(load_backend("reference"), "reference", config, CutOffVerifier(cpu_verifier, at=0), tmp_path)
    assert not (tmp_path / "runlog.jsonl").exists() or not RunLog(tmp_path / "runlog.jsonl").records
    with pytest.raises(RunDirError, match="different settings"):
        run_eval(load_backend("reference"), "reference", replace(config, temperature=0.7), cpu_verifier, tmp_path)


def test_an_eval_stops_between_batches_at_its_deadline_and_resumes(tmp_path, cpu_verifier):
    """With a deadline already past, the first batch runs (nothing says how long one takes yet),
    the second is not started and None comes back. A later call with no time left starts nothing:
    the first call's batch time was kept. The next call with time finishes the rest, none twice."""
    config = EvalConfig(suites=["builtin:heldout"], limit=4, samples=1, batch_size=2, hack_rate=False)
    first = CountingReference()
    assert run_eval(first, "reference", config, cpu_verifier, tmp_path, deadline=time.monotonic() - 1) is None
    assert first.samples == 2 and len(RunLog(tmp_path / "runlog.jsonl").records) == 2
    late = CountingReference()
    assert run_eval(late, "reference", config, cpu_verifier, tmp_path, deadline=time.monotonic() - 1) is None
    assert late.samples == 0
    rest = CountingReference()
    metrics = run_eval(rest, "reference", config, cpu_verifier, tmp_path, deadline=time.monotonic() + 3600)
    assert rest.samples == 2 and sum(m.samples for m in metrics.values()) == 4


def test_a_failed_start_does_not_block_the_corrected_rerun(tmp_path, cpu_verifier):
    """The first start records its settings, then fails on a KernelBench folder without level
    folders; having logged no sample it binds nothing, so the corrected command runs."""
    empty = tmp_path / "not_kernelbench"
    empty.mkdir()
    out = tmp_path / "run"
    bad = EvalConfig(suites=[f"kernelbench:{empty}"], samples=1, hack_rate=False)
    with pytest.raises(TaskError, match="level folder not found"):
        run_eval(load_backend("reference"), "reference", bad, cpu_verifier, out)
    assert (out / "run.json").is_file()
    fixed = EvalConfig(suites=["builtin:heldout"], limit=1, samples=1, hack_rate=False)
    metrics = run_eval(load_backend("reference"), "reference", fixed, cpu_verifier, out)
    assert sum(m.samples for m in metrics.values()) == 1
    assert json.loads((out / "run.json").read_text())["suites"] == ["builtin:heldout"]


def test_a_bad_suite_spec_fails_before_anything_is_written(tmp_path, cpu_verifier):
    config = EvalConfig(suites=["builtin:heldout", f"kernelbench:{tmp_path}:levels=x"], hack_rate=False)
    with pytest.raises(SuiteSpecError, match="levels must be comma-separated numbers"):
        run_eval(load_backend("reference"), "reference", config, cpu_verifier, tmp_path / "run")
    assert not (tmp_path / "run").exists()
    result = CliRunner().invoke(app, ["tasks", "list", "--suite", "nonsense:x"])
    assert result.exit_code == 2 and "unknown suite 'nonsense:x'" in result.output


def test_cli_rejects_bad_model_and_k(tmp_path):
    runner = CliRunner()
    out = runner.invoke(app, ["eval", "--model", "nonsense:", "--out", str(tmp_path)])
    assert out.exit_code == 2 and "unknown model spec" in out.output
    out = runner.invoke(app, ["eval", "--model", "reference", "-k", "1,10", "--samples", "2", "--out", str(tmp_path)])
    assert out.exit_code == 2 and "pass@10" in out.output


def test_generate_cli_with_reference_backend_fails_cleanly_on_user_module(tmp_path):
    module = tmp_path / "mymod.py"
    module.write_text("import torch\nimport torch.nn as nn\nN = 64\nclass Model(nn.Module):\n"
                      "    def forward(self, x):\n        return torch.relu(x)\n"
                      "def get_inputs():\n    return [torch.randn(N)]\ndef get_init_inputs():\n    return []\n")
    out = CliRunner().invoke(app, ["generate", str(module), "--model", "reference", "--device", "cpu"])
    assert out.exit_code == 2 and "reference solution" in out.output


class AnswerBook:
    """Answers KernelBench fixture tasks by name: a correct ReLU, and `return x` for the rest."""

    name = "book"

    def generate(self, conversations, params, tasks=None):
        from autotriton.models.base import Generation
        from autotriton.tasks import get_task
        relu = get_task("builtin/l1/relu").solution_source
        cheat = relu.replace("tl.maximum(x, 0.0)", "x")  # a kernel that passes ReLU only on [0, 1) inputs
        out = []
        for task in tasks:
            text = relu if "TinyReLU" in task.id else cheat
            out.append([Generation(f"```python\n{text}```", 1, 1)] * params.n)
        return out

    def close(self):
        pass


def test_kernelbench_signed_trial_catches_return_x(tmp_path, cpu_verifier):
    """On [0, 1) inputs `return x` passes ReLU; the signed-input trial rejects it, the real ReLU passes."""
    suite_root = Path(__file__).parent / "fixtures" / "kernelbench"
    config = EvalConfig(suites=[f"kernelbench:{suite_root}:levels=1"], samples=1, hack_rate=False)
    metrics = run_eval(AnswerBook(), "book", config, cpu_verifier, tmp_path)
    log = {r["key"]: r for r in RunLog(tmp_path / "runlog.jsonl").records}
    relu = log["kernelbench/l1/1_TinyReLU"]
    assert relu["result"]["correct"] and relu["signed_trial"] == "passed"
    assert metrics["KernelBench-L1"].signed_trial_tasks >= 1


class GoldBook:
    """Answers every TritonBench item with its own gold code: a perfect model for G, and for T
    (whose gold is the torch reference) the torch-doing-the-work hack."""

    name = "gold"

    def __init__(self, items):
        self.by_prompt = {it.prompt[-1]["content"]: it.tb_item.gold_code for it in items}

    def generate(self, conversations, params, tasks=None):
        from autotriton.models.base import Generation
        return [[Generation(f"```python\n{self.by_prompt[c[-1]['content']]}```", 1, 1)] * params.n
                for c in conversations]

    def close(self):
        pass


@pytest.mark.parametrize("channel", ["g", "t"])
def test_tritonbench_channels_with_gold_answers(tmp_path, cpu_verifier, channel):
    from autotriton.eval.harness import resolve_suite
    spec = f"tritonbench-{channel}:{Path(__file__).parent / 'fixtures' / f'tritonbench_{channel}'}"
    items = resolve_suite(spec)
    config = EvalConfig(suites=[spec], samples=1, hack_rate=False)
    metrics = run_eval(GoldBook(items), "gold", config, cpu_verifier, tmp_path)
    (name, m), = metrics.items()
    assert name == f"TritonBench-{channel.upper()}" and m.tasks == len(items) >= 1
    assert m.hack_rate_pct is None  # TritonBench has no plain-harness re-check: not measured, not 0%
    assert all(r["naive_pass"] is None for r in RunLog(tmp_path / "runlog.jsonl").records)
    if channel == "g":  # the fixtures' gold Triton code follows the rule table
        assert m.compiled_pct == 100.0 and m.exec_pct == 100.0
    else:  # T's gold is the torch reference itself: as a model's answer, torch doing the work
        assert m.exec_pct == 0.0 and m.rule_violations == m.samples


def test_answers_backend_replays_files_by_task_name(tmp_path, cpu_verifier):
    """answers:DIR: one file per task or STEM/sample_K.py per sample; a missing answer is no code."""
    from autotriton.eval.harness import resolve_suite
    tasks = [it.task for it in resolve_suite("builtin:heldout")[:3]]
    answers = tmp_path / "answers"
    answers.mkdir()
    stem = [t.id.rsplit("/", 1)[-1] for t in tasks]
    (answers / f"{stem[0]}.py").write_text(tasks[0].solution_source)
    (answers / stem[1]).mkdir()
    (answers / stem[1] / "sample_0.py").write_text(tasks[1].solution_source)
    (answers / stem[1] / "sample_1.py").write_text("print('not a kernel')\n")
    config = EvalConfig(suites=["builtin:heldout"], limit=3, samples=2, ks=[1], hack_rate=False)
    backend = load_backend(f"answers:{answers}")
    run_eval(backend, f"answers:{answers}", config, cpu_verifier, tmp_path / "run")
    records = {(r["key"], r["sample"]): r for r in RunLog(tmp_path / "run" / "runlog.jsonl").records}
    correct = {k: r["result"]["correct"] for k, r in records.items()}
    assert correct[(tasks[0].id, 0)] and correct[(tasks[0].id, 1)]
    assert correct[(tasks[1].id, 0)] and not correct[(tasks[1].id, 1)]
    assert not correct[(tasks[2].id, 0)] and backend.missing == [tasks[2].id]
    from autotriton.eval.report import verdict_matrix
    rows = {line.split(" | ")[0].strip("| "): line for line in verdict_matrix(list(records.values())).splitlines()}
    assert "2/2" in rows[tasks[0].id] and "1/2" in rows[tasks[1].id] and "0/2" in rows[tasks[2].id]
    with pytest.raises(Exception, match="not found"):
        load_backend(f"answers:{tmp_path / 'nowhere'}")


def test_answers_folder_that_is_empty_or_misnamed_says_so(tmp_path, capsys):
    """An empty answers folder scored 0 everywhere and a case typo (19_relu.py for 19_ReLU) was
    silently "no code" (issue 33)."""
    from autotriton.models.base import BackendError, SamplingParams
    from autotriton.tasks import get_task
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(BackendError, match="holds no .py file"):
        load_backend(f"answers:{empty}")
    task = get_task("builtin/l1/relu")
    (tmp_path / "typo").mkdir()
    (tmp_path / "typo" / "ReLU.py").write_text(task.solution_source)
    backend = load_backend(f"answers:{tmp_path / 'typo'}")
    (gen,), = backend.generate([[]], SamplingParams(n=1), tasks=[task])
    assert gen.text == "" and backend.missing == [task.id]
    err = capsys.readouterr().err
    assert "no answer for builtin/l1/relu" in err and "ReLU differs only in case" in err
    # before anything runs: a folder that answers none of the tasks is an error, stray names a warning
    with pytest.raises(BackendError, match=r"none of its 1 answer names matches a task .*names on disk: ReLU"):
        backend.check_covers([task])
    (tmp_path / "typo" / "relu.py").write_text(task.solution_source)
    (tmp_path / "typo" / "level1").mkdir()
    (tmp_path / "typo" / "level1" / "stray.py").write_text("")
    load_backend(f"answers:{tmp_path / 'typo'}").check_covers([task])
    assert "2 answer names match no task: ReLU, stray" in capsys.readouterr().err


def test_gain_intervals_and_channel_metrics_count_the_same_tasks():
    """A task with any sample the verifier could not judge is left out whole, by both."""
    from autotriton.eval.metrics import channel_metrics, paired_gain

    def rec(task, correct, kind="none"):
        return {"task_id": task, "tokens": 1, "naive_pass": None,
                "result": {"correct": correct, "compiled": True, "speedup": None, "error_kind": kind}}
    before = [rec("a", False), rec("b", False), rec("b", False, "invalid_task")]
    after = [rec("a", True), rec("b", True), rec("b", False, "invalid_task")]
    assert channel_metrics("x", after, [1]).tasks == 1 and channel_metrics("x", after, [1]).skipped_tasks == 1
    gain = paired_gain("x", before, after)
    assert gain.tasks == 1 and gain.gain_pts == 100.0
    assert channel_metrics("x", after, [1]).hack_rate_pct is None  # nothing re-checked: not measured


ELU_IN_PLAIN_TORCH = '''
import torch
import torch.nn as nn
import torch.nn.functional as F

class ModelNew(nn.Module):
    def __init__(self, alpha: float):
        super().__init__()
        self.alpha = alpha

    def forward(self, x):
        return F.elu(x, alpha=self.alpha)
'''

ELU_WRONG = ELU_IN_PLAIN_TORCH.replace("F.elu(x, alpha=self.alpha)", "F.relu(x)")


def test_hack_rate_recheck_flags_only_what_a_plain_harness_would_accept(cpu_verifier):
    """A PyTorch-only answer breaks our rules but passes a plain allclose harness (a hack); a wrong
    one passes neither; a correct one is not re-checked. Every record reaches `keep` once, final
    (the re-checked ones after their plain run), and the list comes back in the answers' order."""
    from autotriton.eval.config import EvalConfig
    from autotriton.eval.harness import EvalItem, score_batch
    from autotriton.models.base import Generation
    from autotriton.tasks import get_task

    elu = get_task("builtin/l1/elu")
    texts = [f"```python\n{ELU_IN_PLAIN_TORCH}```", f"```python\n{ELU_WRONG}```", elu.solution_source]
    triples = [(EvalItem(f"elu-{i}", "builtin-L1", [], task=elu), 0, Generation(t, 0, 0)) for i, t in enumerate(texts)]
    kept = []
    records = score_batch(triples, cpu_verifier, EvalConfig(), kept.append)
    assert [r["key"] for r in records] == ["elu-0", "elu-1", "elu-2"]
    assert [r["result"]["correct"] for r in records] == [False, False, True]
    assert [r["naive_pass"] for r in records] == [True, False, False]
    assert sorted(r["key"] for r in kept) == ["elu-0", "elu-1", "elu-2"]
    assert kept[-1]["naive_pass"] is not None  # no record is kept before its re-check
    unchecked = score_batch(triples, cpu_verifier, EvalConfig(hack_rate=False))
    assert [r["naive_pass"] for r in unchecked] == [None, None, None]


def test_two_suites_of_one_kind_keep_their_own_channels_and_ids(tmp_path):
    """A user's own KernelBench-format folder beside another was merged into one channel and
    same-named files shared one id (issue 33)."""
    import shutil
    from autotriton.eval.harness import suite_items
    fixtures = Path(__file__).parent / "fixtures" / "kernelbench"
    mine = tmp_path / "mybench"
    shutil.copytree(fixtures / "level1", mine / "level1")
    first, second = f"kernelbench:{fixtures}:levels=1", f"kernelbench:{mine}:levels=1"
    alone = suite_items([first])
    both = suite_items([first, second])
    assert [(it.key, it.channel) for it in both[:len(alone)]] == [(it.key, it.channel) for it in alone]
    theirs = both[len(alone):]
    assert theirs and {it.channel for it in theirs} == {"KernelBench-L1@mybench"}
    assert len({it.key for it in both}) == len(both)
    assert "mybench:kernelbench/l1/1_TinyReLU" in {it.key for it in theirs}
    assert [(it.key, it.channel) for it in suite_items([first, "builtin:heldout"])[:len(alone)]] == \
        [(it.key, it.channel) for it in alone]  # suites that do not collide keep their names


def test_the_python_api_is_the_cli_s_evaluation(tmp_path):
    """`autotriton.evaluate`: the function `autotriton eval` and the pipeline call, with the same
    defaults; it writes the report and records the verifier's settings in run.json."""
    import autotriton
    from autotriton.cli.main import _EVAL
    from autotriton.eval.config import EvalConfig
    assert _EVAL == EvalConfig()  # the CLI's flag defaults are EvalConfig's
    config = autotriton.EvalConfig(suites=["builtin:heldout"], limit=2,
                                   verify=autotriton.VerifyConfig(device="cpu", timeout_s=90))
    result = autotriton.evaluate("reference", config, tmp_path)
    (channel,) = [m for name, m in result.metrics.items() if name == "builtin-L1"]
    assert channel.exec_pct == 100.0 and result.device == "cpu-interpreter"
    assert Path(result.reports["html"]).is_file()
    run = json.loads((tmp_path / "run.json").read_text())
    assert run["verifier"]["device"] == "cpu" and run["verifier"]["timeout_s"] == 90
    assert autotriton.__version__.count(".") >= 2


def test_progress_notes_are_lines_where_stderr_is_not_a_terminal():
    """A device call's log is a file: each new note is a line there, a repeated one is not."""
    import io

    from rich.console import Console

    from autotriton.cli import render
    buffer = io.StringIO()
    bar = render.counted_progress("eval", Console(file=buffer, force_terminal=False))
    job = bar.add_task("eval", total=None, note="")
    update = render.noted_progress(bar, job)
    for done, note in ((0, ""), (0, "generating 4 answers"), (2, "verified 2/4 in 3 s"), (2, "verified 2/4 in 3 s")):
        update(done, 4, note)
    lines = buffer.getvalue().splitlines()
    assert [line.split("] ", 1)[1] for line in lines] == ["generating 4 answers", "verified 2/4 in 3 s"]
    assert lines[1].startswith("eval 2/4 [")


def test_gains_pair_only_run_logs_judged_by_one_verifier(tmp_path):
    """rl48's report paired an SFT eval judged by a verifier before 40 with an RL eval judged by
    verifier 65 and showed +17.6 points that one verifier made +1.7 (session 60): two logs judged by
    different or unrecorded versions get no gain, and say how to judge them again."""
    from autotriton.train.report import gains, gains_table

    def stage(name, correct, version):
        folder = tmp_path / name
        folder.mkdir()
        rows = [{"key": t, "channel": "dev-L1", "task_id": t, "sample": 0, "tokens": 1, "naive_pass": None,
                 "result": {"correct": c, "compiled": True, "speedup": None, "error_kind": "none"},
                 **({"verifier": version} if version else {})} for t, c in zip("abcd", correct)]
        (folder / "runlog.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
        (folder / "DONE.json").write_text("{}")

    stage("eval_sft", [False, False, True, True], "65")
    stage("eval_rl", [True, True, True, True], "66")
    [row] = gains(tmp_path)
    assert "not paired" in row["not_paired"] and "65 before and 66 after" in row["not_paired"]
    from autotriton.train.report import judges_line, stage_records
    assert "SFT by verifier 65; SFT+RL by verifier 66" in judges_line(stage_records(tmp_path))
    assert "rejudge_runlog.py" in gains_table([row])
    for name in ("eval_sft", "eval_rl"):  # one verifier: paired
        rows = [json.loads(line) for line in (tmp_path / name / "runlog.jsonl").read_text().splitlines()]
        (tmp_path / name / "runlog.jsonl").write_text("".join(json.dumps({**r, "verifier": "66"}) + "\n" for r in rows))
    [row] = gains(tmp_path)
    assert row["gain_pts"] == 50.0 and row["tasks"] == 4
    assert judges_line(stage_records(tmp_path)) == ""
    for name in ("eval_sft", "eval_rl"):  # none recorded (logs from before verifier 66): not paired either
        rows = [json.loads(line) for line in (tmp_path / name / "runlog.jsonl").read_text().splitlines()]
        (tmp_path / name / "runlog.jsonl").write_text("".join(json.dumps({k: v for k, v in r.items() if k != "verifier"})
                                                              + "\n" for r in rows))
    assert "unknown before" in gains(tmp_path)[0]["not_paired"]
