"""The eval and pipeline reports, on small synthetic run logs (no model, no verifier, no GPU)."""

import json

from autotriton.eval import verdicts
from autotriton.eval.metrics import channel_metrics
from autotriton.eval.report import VERSIONED, write_report
from autotriton.train.config import PipelineConfig
from autotriton.train.report import provenance, write_pipeline_report
from autotriton.verify.result import ErrorKind

REQUIRED = ("device", "python", *VERSIONED)


def rec(key, kind="syntax_error", sample=0, channel="builtin-L1", mode="interp", speedup=None, msg="boom"):
    """A run-log record; kind "none" is a correct sample."""
    correct = kind == "none"
    return {"key": key, "task_id": key, "channel": channel, "sample": sample, "tokens": 10, "naive_pass": False,
            "result": {"correct": correct, "compiled": correct, "error_kind": kind, "error_msg": "" if correct else msg,
                       "mode": mode, "speedup": speedup if correct else None}}


def test_every_error_kind_has_its_own_colour():
    kinds = [k.value for k in ErrorKind] + [verdicts.CORRECT, verdicts.NOT_RUN]
    assert all(k in verdicts.KIND_COLOURS for k in kinds)
    assert len(set(verdicts.KIND_COLOURS.values())) == len(verdicts.KIND_COLOURS)


def test_matrix_has_a_verdict_per_task_and_stage(tmp_path):
    base = [rec("t/a", "no_code"), rec("t/b", "rule_violation")]
    sft = [rec("t/a", "none"), rec("t/b", "compile_error", msg="tl.dot needs K >= 16")]
    rl = [rec("t/a", "none")]  # stopped before t/b
    m = verdicts.build_matrix({"Base": base, "SFT": sft, "SFT+RL": rl})
    assert m.rows == [("builtin-L1", "t/a"), ("builtin-L1", "t/b")]
    assert m.verdicts() == [["no_code", "correct", "correct"], ["rule_violation", "compile_error", "not run"]]
    page = verdicts.matrix_html(m)
    assert f'background:{verdicts.KIND_COLOURS["compile_error"]}' in page and "tl.dot needs K &gt;= 16" in page
    assert "| builtin-L1 | t/b | rule_violation | compile_error | not run |" in verdicts.matrix_markdown(m)
    assert verdicts.matrix_png(m, tmp_path / "m.png", "x").stat().st_size > 1000


def test_tasks_sort_by_number():
    m = verdicts.build_matrix({"s": [rec("kb/l1/10_x"), rec("kb/l1/9_y")]})
    assert [key for _, key in m.rows] == ["kb/l1/9_y", "kb/l1/10_x"]


def test_eval_report_on_cpu_leaves_out_the_speedup_panel(tmp_path):
    records = [rec("t/a", "none", sample=s) for s in range(2)] + [rec("t/b", "wrong_output", sample=s) for s in range(2)]
    metrics = {"builtin-L1": channel_metrics("builtin-L1", records, [1])}
    (tmp_path / "speedups.png").write_bytes(b"stale")  # from an earlier run: must not survive
    write_report(metrics, records, tmp_path, "reference", "cpu", "test")
    assert not (tmp_path / "speedups.png").exists()
    page, md = (tmp_path / "report.html").read_text(), (tmp_path / "results.md").read_text()
    assert "CPU mode runs Triton&#x27;s interpreter, which is not timed" in page and 'alt="speedups"' not in page
    assert "| builtin-L1 | 4 | 2 | 2 |" in md  # samples, correct, wrong_output
    assert all((tmp_path / f).stat().st_size > 1000 for f in ("channels.png", "kinds.png", "verdicts.png"))
    assert "sample 0" in page and "sample 1" in page  # a column per sample
    results = json.loads((tmp_path / "results.json").read_text())
    assert all(results["provenance"][k] for k in REQUIRED)
    assert results["error_kinds"]["builtin-L1"] == {"correct": 2, "wrong_output": 2}


def test_eval_report_on_gpu_draws_per_task_speedups(tmp_path):
    records = [rec("t/a", "none", mode="gpu", speedup=2.5), rec("t/b", "none", mode="gpu", speedup=0.4)]
    write_report({"builtin-L1": channel_metrics("builtin-L1", records, [1])}, records, tmp_path, "m", "H100", "t")
    assert (tmp_path / "speedups.png").stat().st_size > 1000
    assert 'alt="speedups"' in (tmp_path / "report.html").read_text()


def test_gpu_with_nothing_correct_says_why_there_is_no_speedup():
    assert "no sample was correct on the GPU" in verdicts.no_speedup_reason([rec("t/a", mode="gpu")])
    assert verdicts.no_speedup_reason([rec("t/a", "none", mode="gpu", speedup=1.2)]) is None


def _eval_stage(out, stage, records, provenance=None, stored_fast1=0.0):
    """An eval stage folder as the pipeline leaves it; `provenance=None` is a stage from before
    DONE.json recorded versions (its results.json kept torch, triton and python only)."""
    folder = out / stage
    folder.mkdir(parents=True)
    (folder / "runlog.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    channels = {"builtin-L1": {**channel_metrics("builtin-L1", records, [1]).to_dict(), "fast1_pct": stored_fast1}}
    result = {"channels": channels, "device": "NVIDIA H100 80GB HBM3"}
    if provenance is not None:
        result["provenance"] = provenance
    (folder / "DONE.json").write_text(json.dumps({"stage": stage, "finished": 1.8e9, "result": result}))
    (folder / "results.json").write_text(json.dumps(
        {"provenance": {"device": "NVIDIA H100 80GB HBM3", "torch": "2.11.0+cu130", "triton": "3.6.0",
                        "python": "3.12.3", "date": "2026-11-22"}}))


def _rl_stage(out, correct_rates):
    (out / "rl").mkdir()
    rows = [{"step": i + 1, "verify/correct_rate": r, "completions/mean_length": 700.0} for i, r in enumerate(correct_rates)]
    (out / "rl" / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    rates = [{"task_id": f"p{i}", "passed": p, "samples": 4} for i, p in enumerate((0, 2, 4, 0))]
    (out / "rl" / "pass_rates.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rates))
    (out / "rl" / "selection.json").write_text(json.dumps({"prompts": 4, "informative": 1}))


def test_pipeline_report_sets_training_rollouts_beside_heldout_exec(tmp_path):
    out = tmp_path / "run"
    failing = [rec("t/a", "syntax_error", mode="gpu"), rec("t/b", "no_code", mode="gpu")]
    _eval_stage(out, "eval_sft", failing, provenance={"python": "3.12.3", "torch": "2.11.0", "triton": "3.6.0",
                                                      "transformers": "5.17.0", "trl": "1.16.0", "peft": "0.21.0",
                                                      "accelerate": "1.15.0", "gpu": "NVIDIA H100 80GB HBM3"})
    _eval_stage(out, "eval_rl", [rec("t/a", "rule_violation", mode="gpu"), rec("t/b", "none", mode="gpu", speedup=3.0)],
                provenance={"python": "3.12.3", "torch": "2.11.0", "triton": "3.6.0", "transformers": "5.17.0",
                            "trl": "1.16.0", "peft": "0.21.0", "accelerate": "1.15.0"})
    _rl_stage(out, [0.75, 0.5, 1.0])
    config = PipelineConfig()
    config.rl.beta = 0.0
    write_pipeline_report(out, config)
    md = (out / "report" / "ablation.md").read_text()
    assert ("SFT+RL: rollouts on training prompts were correct 75.0% of the time (mean over 3 steps: 75.0% at "
            "step 1, 100.0% at step 3); held-out exec was 50.0% (SFT+RL eval, 2 samples).") in md
    assert "Before RL, the SFT policy was correct on 37.5% of 16 samples of the 4 RL prompts" in md
    assert "| SFT+RL rollouts | the 1 selected RL prompts, steps 1-3 (verify/correct_rate) | 48 | 75.0 |" in md
    assert "| SFT | held-out eval (exec) | 2 | 0.0 |" in md
    assert "| t/a | syntax_error | rule_violation |" in md  # the task x stage matrix
    report = out / "report"
    for png in ("kinds.png", "verdicts.png", "speedups.png", "rl_correct.png", "rl_kl_length.png"):
        assert (report / png).stat().st_size > 1000, png
    # Nothing logged for SFT: the figure is left out and the report says so, rather than an empty panel.
    assert not (report / "sft_loss.png").exists() and "SFT loss: nothing logged" in md
    results = json.loads((report / "results.json").read_text())
    assert results["train_vs_heldout"]["heldout"]["SFT+RL"]["exec_pct"] == 50.0
    assert results["error_kinds"]["SFT"] == {"no_code": 1, "syntax_error": 1}


def test_stored_metrics_from_before_a_fix_are_recomputed_from_the_run_log(tmp_path):
    """fast1 was once stored as None ("n/m") on a GPU with nothing correct; the report recomputes it."""
    out = tmp_path / "run"
    _eval_stage(out, "eval_sft", [rec("t/a", "syntax_error", mode="gpu")], provenance={}, stored_fast1=None)
    write_pipeline_report(out, PipelineConfig())
    md = (out / "report" / "ablation.md").read_text()
    assert "| SFT | 0.0 | 0.0 | 0.0 | 0.0 | 0 | 0.0 | 1 | 1 |" in md and "n/m" not in md.split("## Ablation")[1][:400]
    assert "no sample was correct on the GPU" in md


def test_provenance_names_every_version_and_the_device(tmp_path):
    out = tmp_path / "run"
    full = {"python": "3.12.3", "torch": "2.11.0", "triton": "3.6.0", "transformers": "5.17.0", "trl": "1.16.0",
            "peft": "0.21.0", "accelerate": "1.15.0", "date": "2026-11-24"}
    _eval_stage(out, "eval_sft", [rec("t/a")], provenance=full)
    prov = provenance(out)
    assert {k: prov[k] for k in REQUIRED} == {"device": "NVIDIA H100 80GB HBM3", **{k: full[k] for k in REQUIRED[1:]}}


def test_provenance_of_a_stage_that_recorded_no_versions_is_pieced_together(tmp_path):
    """The committed H100 report said "versions: not recorded": its stages predate DONE.json
    provenance. Their results.json and the run's versions.txt still hold most of it."""
    out = tmp_path / "run"
    _eval_stage(out, "eval_rl", [rec("t/a")])
    (out / "versions.txt").write_text("NVIDIA H100 80GB HBM3, 580.159.04, 81559 MiB\n"
                                      "python 3.12.3 torch 2.11.0+cu130 triton 3.6.0 transformers 5.17.0\n")
    prov = provenance(out)
    assert prov["device"] == "NVIDIA H100 80GB HBM3" and prov["torch"] == "2.11.0+cu130"
    assert prov["transformers"] == "5.17.0" and prov["date"] == "2026-11-22"
    assert prov["trl"] == prov["peft"] == "not recorded"  # never this machine's versions


def test_reports_with_nothing_judged_say_so_and_draw_nothing(tmp_path):
    write_report({}, [], tmp_path, "m", "cpu", "t")
    assert "no sample judged yet" in (tmp_path / "results.md").read_text() and not list(tmp_path.glob("*.png"))
    write_pipeline_report(tmp_path / "run", PipelineConfig())
    report = tmp_path / "run" / "report"
    assert not list(report.glob("*.png"))
    md = (report / "ablation.md").read_text()
    assert "No eval stage finished." in md and "No RL rollouts logged" in md and "SFT loss: nothing logged" in md


def test_a_report_of_all_zeros_says_why_and_what_the_recipe_reached_at_gpu_size():
    """`make demo` reported 0.0 everywhere and a newcomer read "this does not work" (issue 33):
    the line names the run's size and the shipped adapter's own recorded exec, with its device."""
    from pathlib import Path as P

    from autotriton.train.config import load_pipeline_config
    from autotriton.train.report import context_line
    config = load_pipeline_config(P(__file__).parents[1] / "configs" / "demo.yaml")
    zeros = {"Base": {"builtin-L1": {"exec_pct": 0.0}}, "SFT": {"builtin-L1": {"exec_pct": 0.0}}}
    line = context_line(zeros, config)
    assert f"SFT {config.sft.max_steps} steps" in line and "embedded:triton" in line
    from autotriton.models.embedded import SHIPPED_ADAPTER
    recorded = json.loads((SHIPPED_ADAPTER / "eval.json").read_text())  # whichever adapter ships
    builtin = recorded["channels"]["builtin-L1"]
    assert recorded["device"] in line and f"builtin-L1 {builtin['exec_pct']:.1f}% of {builtin['tasks']}" in line
    assert context_line({"SFT": {"builtin-L1": {"exec_pct": 16.7}}}, config) == ""
