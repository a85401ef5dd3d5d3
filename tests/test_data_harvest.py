"""harvest on a fixture tree: what it keeps, why it rejects the rest, resume and limit.

One harvest of tests/fixtures/harvest_src (its README lists the expected outcome
per class) is shared by the tests; ~40 s on a loaded 2-core machine, most of it
one torch import per worker and the hard kill of a module that blocks SIGALRM.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import torch

from autotriton.data.harvest import HarvestError, core_source, harvest, resolve_sources, scan_file
from autotriton.data.harvest.scan import _FileIndex
from autotriton.rundir import read_jsonl
from autotriton.tasks import task_from_source
from autotriton.tasks.contract import parse_source
from autotriton.tasks.contract import module_from_source

SRC = Path(__file__).parent / "fixtures" / "harvest_src"
TIME_LIMIT_S = 1.5  # fixture forwards take ~1 ms; the hang tests wait 1.5 s (alarm) and 6 * 1.5 + 5 s (kill)

KEPT = {"ScaledTanh": 1, "GatedProjection": 3, "RMSNormLite": 2, "TokenMixer": 3, "HarvestedModel": 1,
        "ConvBlock": 3, "DropoutMLP": 3, "AfterTheHang": 1, "Survivor": 1}
REJECTED = {  # class -> (stage, reason)
    "SigmoidGatedLinear": ("dedupe", "duplicate"),
    "RandomNoise": ("determinism", "nondeterministic"),
    "SpinForever": ("run", "timeout"),
    "IgnoresAlarm": ("run", "timeout"),
    "ExitsHard": ("run", "crash"),
    "UsesMissing": ("build", "import_error"),
    "CudaOnly": ("build", "needs_cuda"),
    "Downloads": ("build", "needs_network"),
}


@pytest.fixture(scope="module")
def harvested(tmp_path_factory):
    out = tmp_path_factory.mktemp("harvest")
    calls = []
    report = harvest([str(SRC)], out, time_limit_s=TIME_LIMIT_S, workers=2,
                     progress=lambda done, total: calls.append((done, total)))
    return out, report, calls


def _classes(out: Path) -> dict[str, dict]:
    return {c["name"]: c for rec in read_jsonl(out / "progress.jsonl") for c in rec["classes"]}


@pytest.mark.slow(seconds=39)
def test_keeps_good_modules_and_rejects_the_rest_for_the_right_reason(harvested):
    out, report, calls = harvested
    classes = _classes(out)
    kept = {name: c["level"] for name, c in classes.items() if c["stage"] == "kept"}
    assert kept == KEPT
    assert {name: (c["stage"], c["reason"]) for name, c in classes.items() if c["stage"] != "kept"} == REJECTED
    assert "worker killed" in classes["IgnoresAlarm"]["detail"]  # the hard-kill path, not the alarm
    assert "did not finish" in classes["SpinForever"]["detail"]
    assert report.kept == len(KEPT) and report.classes_found == len(KEPT) + len(REJECTED)
    for reason in ("syntax_error", "no_module_class", "private_class"):
        assert report.rejects[reason] == 1
    # each filter only removes: found >= built >= ran >= valid >= deterministic >= kept
    chain = [report.classes_found, report.built, report.ran, report.valid_outputs, report.deterministic, report.kept]
    assert chain == sorted(chain, reverse=True) and chain == [17, 14, 11, 11, 10, 9]
    assert calls[-1] == (12, 12) and json.loads((out / "report.json").read_text())["kept"] == len(KEPT)


def test_every_kept_task_loads_and_runs_on_its_own_inputs(harvested):
    out, _, _ = harvested
    manifest = read_jsonl(out / "manifest.jsonl")
    assert len(manifest) == len(KEPT)
    for rec in manifest:
        source = (out / rec["path"]).read_text()
        task = task_from_source(source, task_id=rec["task_id"], suite="harvest", level=rec["level"])
        assert task.reference_fp64 and rec["provenance"]["file"].endswith(".py")
        mod = module_from_source(source, f"harvested_{rec['task_id']}", str(out / rec["path"]))
        torch.manual_seed(0)
        model = mod.Model(*mod.get_init_inputs())
        with torch.no_grad():
            outs = model(*mod.get_inputs())
        outs = outs if isinstance(outs, tuple) else (outs,)
        assert all(type(t) is torch.Tensor and torch.isfinite(t).all() for t in outs), rec["task_id"]


def test_task_is_self_contained_with_its_helpers(harvested):
    out, _, _ = harvested
    source = (out / "tasks" / "good_ops__GatedProjection.py").read_text()
    assert "def _gate(x)" in source and "GATE_BIAS = 0.5" in source  # helper and its constant, transitively
    assert "class ScaledTanh" not in source and "Two linears" not in source  # unrelated class, docstring cut
    assert "IN_FEATURES = 32" in source and "return [IN_FEATURES, OUT_FEATURES]" in source
    kb = (out / "tasks" / "kernelbench_style__Model.py").read_text()
    assert "class Model(HarvestedModel)" in kb and "super(HarvestedModel, self)" in kb
    tokens = (out / "tasks" / "good_ops__TokenMixer.py").read_text()
    assert "torch.randint(0, VOCAB_SIZE, (BATCH, SEQ_LEN))" in tokens
    conv = (out / "tasks" / "blocks_conv_block__ConvBlock.py").read_text()
    assert "torch.randn(BATCH, IN_CHANNELS, HEIGHT, WIDTH)" in conv


def test_rerun_skips_finished_files(harvested):
    out, report, _ = harvested
    before = (out / "manifest.jsonl").read_text()
    calls = []
    again = harvest([str(SRC)], out, time_limit_s=TIME_LIMIT_S, progress=lambda d, t: calls.append(d))
    assert calls == [] and again.files_resumed == again.files == 12
    assert again.kept == report.kept and (out / "manifest.jsonl").read_text() == before
    assert len(read_jsonl(out / "progress.jsonl")) == 12


def test_rerun_redoes_an_unfinished_file_without_calling_its_tasks_duplicates(harvested, tmp_path):
    out, _, _ = harvested
    copy = tmp_path / "out"
    shutil.copytree(out, copy)
    records = read_jsonl(copy / "progress.jsonl")
    (copy / "progress.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records
                                                 if r["file"] != "blocks/conv_block.py"))
    again = harvest([str(SRC)], copy, time_limit_s=TIME_LIMIT_S)
    assert again.files_resumed == 11 and again.kept == len(KEPT)
    assert _classes(copy)["ConvBlock"]["stage"] == "kept"
    assert len(read_jsonl(copy / "manifest.jsonl")) == len(KEPT)


def test_limit_caps_kept_tasks_and_a_larger_limit_finishes_the_file(tmp_path):
    report = harvest([str(SRC / "good_ops.py")], tmp_path, time_limit_s=TIME_LIMIT_S, limit=2)
    assert report.kept == 2 and len(read_jsonl(tmp_path / "manifest.jsonl")) == 2
    assert report.rejects == {"private_class": 1, "over_limit": 2}
    assert read_jsonl(tmp_path / "progress.jsonl")[0]["partial"]
    again = harvest([str(SRC / "good_ops.py")], tmp_path, time_limit_s=TIME_LIMIT_S)
    assert again.files_resumed == 0 and again.kept == 4 and again.rejects == {"private_class": 1}
    assert len(read_jsonl(tmp_path / "manifest.jsonl")) == 4


def test_scan_makes_relative_imports_absolute_and_drops_docstrings():
    (sf,) = resolve_sources(["pkg:torch.nn.modules.linear"])
    text = sf.path.read_text()
    tree = parse_source(text)
    index = _FileIndex.build(tree, text, sf)
    target = next(i for i, s in enumerate(tree.body) if getattr(s, "name", "") == "Linear")
    imports, body, name = core_source(index, target)
    assert "from torch.nn.modules.module import Module" in imports.splitlines()
    assert "from torch.nn import functional as F" in imports.splitlines()
    assert name == "Linear" and "Applies an affine linear transformation" not in body
    assert "class Bilinear" not in body and "def forward(self, input: Tensor)" in body
    assert sf.package == "torch" and sf.version and sf.rel == "torch/nn/modules/linear.py"


def test_scan_finds_module_classes_only():
    (sf,) = resolve_sources([str(SRC / "good_ops.py")])
    scan = scan_file(sf)
    assert [c.name for c in scan.classes] == ["ScaledTanh", "GatedProjection", "RMSNormLite", "TokenMixer"]
    assert scan.static_rejects == {"private_class": 1}
    assert scan_file(resolve_sources([str(SRC / "broken_syntax.py")])[0]).reason == "syntax_error"


def test_bad_source_argument_is_a_user_error(tmp_path):
    with pytest.raises(HarvestError, match="no installed package"):
        resolve_sources(["pkg:not_a_real_package_xyz"])
    with pytest.raises(HarvestError, match="not a directory"):
        resolve_sources([str(tmp_path / "missing")])
