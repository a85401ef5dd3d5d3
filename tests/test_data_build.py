"""`autotriton data build` end to end on CPU: resume after a kill, exported datasets, the card."""

import json
import re
import shutil

import pytest
from typer.testing import CliRunner

from autotriton.cli.main import app
from autotriton.data import build as build_mod
from autotriton.data.build import BuildConfig, run_build
from autotriton.tasks.specs import SuiteSpecError
from autotriton.rundir import RunDirError, read_jsonl
from autotriton.verify.config import VerifyConfig


def _config(**kw):
    verify = VerifyConfig(device="cpu", workers=kw.pop("workers", 2), timeout_s=120.0)
    base = dict(compose_n=6, compose_seed=11, teachers=["template"], verify=verify, batch_size=4)
    base.update(kw)
    return BuildConfig(**base)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One finished 3-task build, (folder, report), for the 7 tests that read it or start from it:
    each built its own before (six of 2-3 tasks, one of 8), 7 builds where 1 does."""
    out = tmp_path_factory.mktemp("built")
    return out, run_build(_config(compose_n=3), out)


def _copy_of(built, tmp_path):
    """A finished build of its own for a test that rebuilds it: the shared one copied into tmp_path."""
    out = tmp_path / "build"
    shutil.copytree(built[0], out)
    return out


def test_interrupted_build_resumes_without_redoing_work(tmp_path, monkeypatch):
    """3 tasks in batches of 2: the first batch is logged, the second (1 task) is interrupted and
    judged on resume. 12 tasks (22 candidates, 148 s of CI's 2 cores), then 6 in batches of 4 (40 s),
    added only more whole batches."""
    real, calls = build_mod._verify_candidates, {"n": 0}

    def flaky(cands, verifier):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt  # Ctrl-C in the middle of the second batch
        return real(cands, verifier)

    monkeypatch.setattr(build_mod, "_verify_candidates", flaky)
    with pytest.raises(KeyboardInterrupt):
        run_build(_config(compose_n=3, batch_size=2), tmp_path)
    first = read_jsonl(tmp_path / "candidates.jsonl")
    assert len({r["task_id"] for r in first}) == 2  # the first batch survived, nothing of the second
    assert not (tmp_path / "sft").exists()
    monkeypatch.setattr(build_mod, "_verify_candidates", real)
    report = run_build(_config(compose_n=3, batch_size=2), tmp_path)
    records = read_jsonl(tmp_path / "candidates.jsonl")
    assert len({r["task_id"] for r in records}) == 3
    keys = [(r["task_id"], r["sample"]) for r in records]  # a sample per template style
    assert len(keys) == len(set(keys))  # each candidate judged exactly once
    assert len({r["task_id"] for r in records}) == report.tasks["kept"]
    assert records[:len(first)] == first
    assert report.teachers["template"]["pass_rate"] == 1.0


def test_tasks_are_judged_lowest_level_first(tmp_path, monkeypatch):
    """A build stopped early holds its short pairs: the Inductor teacher's level-3 answers on
    harvested modules run to a median of 15,681 tokens, and in id order 153 level-1 and level-2 tasks
    waited behind about 1,250 of level 3 (session 72). Nothing is judged here: the batches' levels are read."""
    levels: list[list[int]] = []

    def seen(cands, verifier):
        levels.append([c.item.task.level for c in cands])
        return []

    monkeypatch.setattr(build_mod, "_verify_candidates", seen)
    config = _config(compose_n=6, batch_size=2)
    out = tmp_path / "build"
    out.mkdir()
    from autotriton.data.decontam import build_index
    items, _ = build_mod.load_tasks(config, out, build_index([]))
    assert len({it.task.level for it in items}) == 3 and [it.task.level for it in items] != sorted(it.task.level for it in items)
    build_mod.run_teacher("template", items, config, None, out / "candidates.jsonl")
    flat = [level for batch in levels for level in batch]
    assert flat == sorted(flat) and set(flat) == {1, 2, 3}


def test_exported_datasets_load_with_chat_format(built):
    from datasets import load_from_disk

    from autotriton.tasks import task_from_source
    out, report = built
    sft = load_from_disk(str(out / "sft"))
    assert len(sft) == report.sft_rows > 0
    row = sft[0]
    assert [m["role"] for m in row["messages"]] == ["system", "user", "assistant"]
    assert "```python" in row["messages"][2]["content"] and "class ModelNew" in row["messages"][2]["content"]
    assert row["teacher"] == "template" and row["level"] in (1, 2, 3)
    assert json.loads(row["provenance"])["source"] == "compose"
    rl = load_from_disk(str(out / "rl"))
    assert len(rl) == report.rl_rows > 0
    task = task_from_source(rl[0]["task_source"], task_id=rl[0]["task_id"], suite="composed", level=rl[0]["level"])
    assert task.shapes_for("interp")  # the RL reward can rebuild the task with its shape settings
    assert [m["role"] for m in rl[0]["prompt"]] == ["system", "user"]
    assert len((out / "sft.jsonl").read_text().splitlines()) == len(sft)
    card = (out / "README.md").read_text()
    assert "pass rate" in card and "Decontamination" in card


def test_a_finished_build_is_exported_again_with_the_op_listing(built, tmp_path):
    """The prompt format is applied at export: the same verdicts, no candidate judged again, and
    prompt.json says which format the rows use (the trainers copy it into the model they save)."""
    from datasets import load_from_disk

    from autotriton.models.prompts import TRACE_INTRO, read_prompt_format
    tmp_path = _copy_of(built, tmp_path)
    judged = (tmp_path / "candidates.jsonl").read_text()
    assert read_prompt_format(tmp_path) is False
    assert TRACE_INTRO not in load_from_disk(str(tmp_path / "sft"))[0]["messages"][1]["content"]
    report = run_build(_config(compose_n=3, prompt_trace=True), tmp_path)
    assert (tmp_path / "candidates.jsonl").read_text() == judged
    assert read_prompt_format(tmp_path) is True
    sft, rl = load_from_disk(str(tmp_path / "sft")), load_from_disk(str(tmp_path / "rl"))
    assert len(sft) == report.sft_rows
    assert all(TRACE_INTRO in r["messages"][1]["content"] for r in sft)
    assert all(TRACE_INTRO in r["prompt"][1]["content"] for r in rl)


def _rebuilt_after(built, tmp_path, alter):
    """A 3-task build, its first task's logged records changed by `alter`, then built again:
    (records as altered, the log after, the exported SFT rows, the second report, the task id)."""
    from datasets import load_from_disk
    tmp_path = _copy_of(built, tmp_path)
    log = tmp_path / "candidates.jsonl"
    records = read_jsonl(log)
    task_id = records[0]["task_id"]
    for r in records:
        if r["task_id"] == task_id:
            alter(r)
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    report = run_build(_config(compose_n=3), tmp_path)
    return records, read_jsonl(log), load_from_disk(str(tmp_path / "sft")), report, task_id


def test_a_task_whose_source_changed_is_judged_again(built, tmp_path):
    """A generator that changes a task after it was judged (120 of 1,000 expression tasks did,
    2026-11-28): its verdict is stale, the task is judged again, and only the new pair is
    exported. By id alone the old answer went out beside the task, and the new one was never judged."""
    def old_task(r):
        r["item_source"], r["code"] = "0" * 16, r["code"] + "\n# judged on the old task\n"
    records, after, rows, report, stale = _rebuilt_after(built, tmp_path, old_task)
    assert len(after) == len(records) + sum(r["task_id"] == stale for r in records)
    assert all(r["item_source"] != "0" * 16 for r in after[len(records):])
    assert len(rows) == report.sft_rows and not any("old task" in r["messages"][2]["content"] for r in rows)
    assert any(r["task_id"] == stale for r in rows)


def test_a_task_whose_answer_changed_is_judged_again(built, tmp_path):
    """The template teacher writes its answers again on resume: a logged answer it no longer
    writes (data v16 changed 1,296 tasks' answers, not their sources) is judged again, and only
    the new one is exported."""
    def old_answer(r):
        r["code"] += "\n# an answer the teacher no longer writes\n"
    records, after, rows, report, changed = _rebuilt_after(built, tmp_path, old_answer)
    assert len(after) == len(records) + sum(r["task_id"] == changed for r in records)
    assert all(r["task_id"] == changed and "no longer" not in r["code"] for r in after[len(records):])
    assert len(rows) == report.sft_rows and not any("no longer" in r["messages"][2]["content"] for r in rows)
    assert any(r["task_id"] == changed for r in rows)
    build = tmp_path / "build"  # _rebuilt_after's copy
    again = run_build(_config(compose_n=3), build)  # nothing changed since: nothing judged
    assert len(read_jsonl(build / "candidates.jsonl")) == len(after) and again.sft_rows == report.sft_rows


def test_reworded_reasoning_keeps_the_verdict_of_the_same_code(built, tmp_path, monkeypatch):
    """An answer whose reasoning changed and whose code did not (data v19 reworded 2,000-odd) is
    not judged again: its verdict is of the code. The new reasoning is logged and exported."""
    tmp_path = _copy_of(built, tmp_path)
    log = tmp_path / "candidates.jsonl"
    records = read_jsonl(log)
    changed = records[0]["task_id"]
    altered = [dict(r, reasoning="wording the teacher no longer writes") if r["task_id"] == changed else r
               for r in records]
    log.write_text("".join(json.dumps(r) + "\n" for r in altered))
    judged = []
    real = build_mod._verify_candidates
    monkeypatch.setattr(build_mod, "_verify_candidates", lambda c, v: judged.extend(c) or real(c, v))
    report = run_build(_config(compose_n=3), tmp_path)
    after = read_jsonl(log)
    assert not judged
    reworded = after[len(altered):]
    assert reworded and {r["task_id"] for r in reworded} == {changed}
    assert all(r["verdict_of"] == "code" and "no longer" not in r["reasoning"] for r in reworded)
    by_sample = {(r["task_id"], r["sample"]): r for r in records}
    assert all({**r, "verdict_of": None} == {**by_sample[(r["task_id"], r["sample"])], "verdict_of": None}
               for r in reworded)  # the same record as first judged, reasoning and all
    rows = [json.loads(line) for line in (tmp_path / "sft.jsonl").read_text().splitlines()]
    assert len(rows) == report.sft_rows and not any("no longer" in json.dumps(r) for r in rows)


def test_changed_settings_are_refused(built, tmp_path):
    with pytest.raises(RunDirError, match=r"different settings \(changed: compose_n;"):
        run_build(_config(compose_n=2), _copy_of(built, tmp_path))


def test_a_build_may_move_to_another_verifier_setup(built, tmp_path):
    """Workers, batch size and device may change on resume, and a harvest may go further; each
    record names the device that judged it."""
    tmp_path = _copy_of(built, tmp_path)
    report = run_build(_config(compose_n=3, workers=1, batch_size=1, harvest_limit=5, harvest_workers=1), tmp_path)
    records = read_jsonl(tmp_path / "candidates.jsonl")
    assert records and {r["device"] for r in records} == {"cpu"}
    assert report.teachers["template"]["judged_on"] == {"cpu": len(records)}
    assert "judged on" in (tmp_path / "README.md").read_text()


def test_a_failed_start_does_not_block_the_corrected_rerun(tmp_path):
    """A bad decontamination suite fails after config.yaml is written but before any output:
    the folder is not bound to those settings, so the corrected build runs."""
    with pytest.raises(SuiteSpecError, match="levels must be"):
        run_build(_config(compose_n=2, decontaminate_against=["kernelbench:.:levels=x"]), tmp_path)
    report = run_build(_config(compose_n=2), tmp_path)
    assert report.tasks["kept"] == 2


def test_cli_build_from_yaml(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("compose_n: 3\ncompose_seed: 9\nteachers: [template]\ndevice: cpu\nworkers: 2\n")
    result = CliRunner().invoke(app, ["data", "build", "--config", str(cfg), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    verified = re.search(r"template: (\d+)/(\d+) verified", result.output)
    assert verified and verified[1] == verified[2] and int(verified[1]) >= 3, result.output  # a sample per style
    assert "RL rows 3" in result.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("compose_count: 3\n")
    result = CliRunner().invoke(app, ["data", "build", "--config", str(bad), "-o", str(tmp_path / "o2")])
    assert result.exit_code == 2 and "unknown build settings" in " ".join(result.output.split())


def test_cli_compose_writes_loadable_tasks(tmp_path):
    from autotriton.tasks import load_task_file
    result = CliRunner().invoke(app, ["data", "compose", "-n", "5", "--seed", "1", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "tasks").glob("*.py"))
    assert len(files) == 5
    for f in files:
        load_task_file(f)
    assert len(read_jsonl(tmp_path / "manifest.jsonl")) == 5


def test_inductor_teacher_path_with_recorded_captures(cpu_verifier):
    """The build's Inductor path (capture -> rewrite -> fixed-shape verify -> record) on CPU, with
    captures recorded on an H100 standing in for the GPU-only capture step."""
    from pathlib import Path

    from autotriton.data.build import _verify_candidates
    from autotriton.data.teachers import TaskItem
    from autotriton.data.teachers.inductor import InductorTeacher
    from autotriton.tasks import get_task
    captures = {c["task_id"]: c for c in json.loads(
        (Path(__file__).parent / "fixtures/inductor/captures_train_h100.json").read_text())}

    class Done:
        def __init__(self, value):
            self.value = value

        def result(self):
            return self.value

    class RecordedPool:
        def submit(self, fn, source, task_id, level, device):
            assert device == "cuda"  # the default: these captures are an H100's
            return Done(captures[task_id])

    # an aten fallback stands in for the library calls the rewriter leaves out (its products and
    # convolutions it writes)
    pool = captures["builtin/l1/batched_matmul"]
    captures["builtin/l1/batched_matmul"] = {**pool, "codes": [pool["codes"][0].replace(
        "extern_kernels.bmm(", "aten.avg_pool2d.default(")]}
    ids = ["builtin/l1/relu", "builtin/l2/layernorm_relu", "builtin/l1/matmul", "builtin/l1/batched_matmul"]
    items = [TaskItem(get_task(i), "harvest", {"source": "test"}) for i in ids]
    records = _verify_candidates(InductorTeacher(pool=RecordedPool()).candidates(items), cpu_verifier)
    by_id = {r["task_id"]: r for r in records}
    assert by_id["builtin/l1/relu"]["correct"] and by_id["builtin/l2/layernorm_relu"]["correct"]
    assert "= 300" in by_id["builtin/l2/layernorm_relu"]["prompt_source"]  # judged at the captured size
    assert by_id["builtin/l1/matmul"]["correct"]  # cuBLAS's mm as a Triton matmul
    other = by_id["builtin/l1/batched_matmul"]
    assert not other["correct"] and other["label"] == "extern_kernels" and other["error_kind"] == "rewrite_failed"


def test_rl_holdout_keeps_a_stable_share_of_tasks_from_sft():
    from autotriton.config import ConfigError
    from autotriton.data.export import held_for_rl
    ids = [f"composed/s0/{i:05d}_unary" for i in range(2000)]
    held = {t for t in ids if held_for_rl(t, 0.2)}
    assert 0.17 < len(held) / len(ids) < 0.23
    assert held <= {t for t in ids if held_for_rl(t, 0.3)}  # a larger share only adds tasks
    assert not any(held_for_rl(t, 0.0) for t in ids)
    with pytest.raises(ConfigError, match="rl_holdout"):
        _config(rl_holdout=1.0)


def test_teachers_take_the_lowest_level_then_the_shortest_source_first():
    """A build stopped early holds the pairs a small model can learn from: level 1 before level 3,
    and within a level the short modules (the cpu6 build's shortest quartile verified 85% with
    answers of about 6,000 characters, the longest 38% with about 55,000)."""
    from types import SimpleNamespace

    def item(task_id: str, level: int, source: str):
        return SimpleNamespace(task=SimpleNamespace(id=task_id, level=level, source=source))

    items = [item("c", 3, "x" * 900), item("a", 3, "x" * 90), item("z", 1, "x" * 5000),
             item("b", 3, "x" * 90), item("y", 2, "x" * 10)]
    assert [it.task.id for it in build_mod.teaching_order(items)] == ["z", "y", "a", "b", "c"]
