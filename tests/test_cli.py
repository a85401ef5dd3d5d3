"""CLI exit codes and messages: 0 iff correct, 1 for a rejected candidate, 2 for user mistakes."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from autotriton.cli.main import app
from autotriton.tasks import get_task

runner = CliRunner()
RELU = get_task("builtin/l1/relu")


def run(*args):
    return runner.invoke(app, list(args))


def test_tasks_list_and_show():
    out = run("tasks", "list", "--split", "heldout")
    assert out.exit_code == 0 and "heldout" in out.output
    out = run("tasks", "show", "builtin/l1/softmax")
    assert out.exit_code == 0 and "class Model" in out.output


def test_tasks_list_any_suite_as_json():
    import json
    from pathlib import Path
    fixtures = Path(__file__).parent / "fixtures"
    out = run("tasks", "list", "--suite", f"kernelbench:{fixtures / 'kernelbench'}:levels=1,2", "--json")
    assert out.exit_code == 0, out.output
    rows = [json.loads(line) for line in out.output.splitlines()]
    relu = next(r for r in rows if r["id"] == "kernelbench/l1/1_TinyReLU")
    assert relu["channel"] == "KernelBench-L1" and any(s["mode"] == "interp" for s in relu["shapes"])
    out = run("tasks", "list", "--suite", f"tritonbench-g:{fixtures / 'tritonbench_g'}")
    assert out.exit_code == 0 and "TritonBench-G/" in out.output
    out = run("tasks", "list", "--suite", "nonsense:x")
    assert out.exit_code != 0 and "unknown suite" in out.output


def test_verify_correct_and_rejected(tmp_path):
    good = tmp_path / "good.py"
    good.write_text(RELU.solution_source)
    out = run("verify", "--task", RELU.id, str(good), "--device", "cpu", "--no-cache")
    assert out.exit_code == 0, out.output
    assert "CORRECT" in out.output and "not measured" in out.output
    bad = tmp_path / "bad.py"
    bad.write_text(RELU.solution_source.replace("tl.maximum(x, 0.0)", "x"))
    out = run("verify", "--task", RELU.id, str(bad), "--device", "cpu", "--no-cache", "--json")
    assert out.exit_code == 1
    assert json.loads(out.output)["error_kind"] == "wrong_output"


def test_user_mistakes_exit_2_without_traceback(tmp_path):
    notask = tmp_path / "notask.py"
    notask.write_text("import torch\n")
    prose = tmp_path / "prose.txt"
    prose.write_text("just words")
    good = tmp_path / "good.py"
    good.write_text(RELU.solution_source)
    cases = [
        (["verify", "--task", RELU.id, str(tmp_path / "missing.py")], "not found"),
        (["verify", "--task", "builtin/l1/nope", str(good)], "unknown task id"),
        (["verify", "--task", str(notask), str(good)], "must define Model"),
        (["verify", "--task", RELU.id, str(prose)], "no Python code"),
        (["tasks", "show", "builtin/l9/x"], "unknown task id"),
    ]
    for args, message in cases:
        out = run(*args)
        assert out.exit_code == 2, (args, out.output)
        assert message in out.output and "Traceback" not in out.output


def test_verify_user_task_file(tmp_path):
    """A plain KernelBench-style file (no metadata) is checked at its own sizes on CPU."""
    source = RELU.prompt_source.replace("BATCH = 16384", "BATCH = 33").replace("DIM = 4096", "DIM = 70")
    assert "BATCH = 33" in source and "DIM = 70" in source
    task = tmp_path / "mytask.py"
    task.write_text(source)
    good = tmp_path / "good.py"
    good.write_text(RELU.solution_source)
    out = run("verify", "--task", str(task), str(good), "--device", "cpu", "--no-cache", "--json")
    assert out.exit_code == 0, out.output
    shapes = {c.get("shape") for c in json.loads(out.output)["details"]["checks"]}
    assert shapes == {"default"}


def test_verify_task_file_runs_the_signed_input_trial(tmp_path):
    """`verify --task FILE` checks randn inputs too, as eval does: on torch.rand inputs a copy
    kernel passes ReLU."""
    from pathlib import Path
    task = Path(__file__).parent / "fixtures" / "kernelbench" / "level1" / "1_TinyReLU.py"
    copy = tmp_path / "copy.py"
    copy.write_text(RELU.solution_source.replace("tl.maximum(x, 0.0)", "x"))
    out = run("verify", "--task", str(task), str(copy), "--device", "cpu", "--no-cache", "--json")
    assert out.exit_code == 1, out.output
    verdict = json.loads(out.output)
    assert "signed-input" in verdict["error_msg"] and verdict["details"]["signed_trial"] == "failed"
    good = tmp_path / "good.py"
    good.write_text(RELU.solution_source)
    out = run("verify", "--task", str(task), str(good), "--device", "cpu", "--no-cache", "--json")
    assert out.exit_code == 0 and json.loads(out.output)["details"]["signed_trial"] == "passed", out.output
