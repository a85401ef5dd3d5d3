"""Config validation: malformed settings fail before any model loads, with one line naming the key."""

from pathlib import Path

import pytest

from autotriton.config import ConfigError, apply_overrides
from autotriton.data.build import BuildConfig
from autotriton.train.config import (RLSettings, SFTSettings, check_report_to, check_rl, load_pipeline_config,
                                     load_stage_settings, load_train_extras)

load_build_config = BuildConfig.from_yaml

CONFIGS = Path(__file__).resolve().parents[1] / "configs"


def write(tmp_path, text: str) -> Path:
    path = tmp_path / "c.yaml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("name, world", [("demo.yaml", 1), ("gpu.yaml", 1), ("multi_gpu.yaml", 2)])
def test_shipped_configs_load(name, world):
    config = load_pipeline_config(CONFIGS / name, world)
    assert config.model == "embedded"
    assert config.eval.suites[0] == "builtin:heldout"


@pytest.mark.parametrize("yaml_text, message", [
    ("rl: {batch_size: 10, group_size: 4}", r"group_size \(4\) must divide batch_size \(10\)"),
    ("rl: {group_size: 1, batch_size: 4}", "group_size must be >= 2"),
    ("rl: {batch_size: 16, group_size: 4, micro_batch_size: 3}", "multiple of micro_batch_size"),
    ("sft: {batch_size: 8, micro_batch_size: 3}", "sft.batch_size"),
    ("sft: {lr: 0.1}", r"unknown settings \['lr'\]"),
    ("sft: {max_steps: ten}", r"c.yaml.sft.max_steps: expected int, got 'ten'"),
    ("rl: {exec_weight: 0}", "reward weights"),
    ("rl: {verify: {device: tpu}}", r"rl.verify.device: expected one of \['auto', 'cpu', 'cuda'\], got 'tpu'"),
    ("rl: {verify_device: tpu}", r"rl.verify.device: expected one of \['auto', 'cpu', 'cuda'\], got 'tpu'"),
    ("rl: {verify: {n_trials: many}}", "rl.verify.n_trials: expected int, got 'many'"),
    ("rl: {hrd: true, verify: {device: cpu}}", "hrd needs GPU timing"),
    ("rl: {verify: {gpu: 1}}", r"rl.verify: unknown settings \['gpu'\] \(known: \['actors', 'address', "),
    ("rl: {verify: {device: cpu}, verify_device: cpu}", "both verify.device and its old name verify_device"),
    ("rl: {learning_rate: 1e-x}", r"rl.learning_rate: expected float, got '1e-x'"),
    ("report_to: [tensorbord]", r"report_to: unknown logger 'tensorbord'"),
    ("eval: {suites: []}", "eval.suites is empty"),
    ("eval: {suites: [builtin:heldout, 'kernelbench:.:levels=x']}", r"eval.suites\[1\]: .*levels must be"),
    ("eval: {suites: [kernelbnech:x]}", r"eval.suites\[0\]: unknown suite"),
    ("data: {compose_n: many}", "data.compose_n: expected int"),
    # numbers out of range, each named by its place before anything loads (a 2026-11-29 audit
    # found every one of these accepted)
    ("eval: {temperature: .nan}", r"eval.temperature: expected a finite number, got nan"),
    ("eval: {temperature: -1}", r"eval.temperature must be >= 0"),
    ("rl: {temperature: -1}", r"rl: temperature must be > 0"),
    ("rl: {top_p: 0}", r"top_p in \(0, 1\]"),
    ("rl: {learning_rate: .inf}", r"rl.learning_rate: expected a finite number, got inf"),
    ("rl: {verify: {timeout_s: 0}}", r"rl.verify.timeout_s must be >= 1.0, got 0.0"),
    ("data: {verify: {timeout_s: -5}}", r"data.verify.timeout_s must be >= 1.0, got -5.0"),
    ("data: {verify: {workers: -3}}", r"data.verify.workers must be >= 0, got -3"),
    ("data: {compose_n: -5}", r"data.compose_n must be >= 0, got -5"),
    ("data: {batch_size: 0}", r"data.batch_size must be >= 1, got 0"),
    ("data: {llm_temperature: -1}", r"data.llm_temperature must be >= 0.0, got -1.0"),
    ("sft: {lora_dropout: 1.5}", r"lora_dropout must be in \[0, 1\)"),
    ("- just a list", "mapping at the top level"),
    ("sft: [1, 2", "not valid YAML"),
])
def test_bad_configs_name_the_problem(tmp_path, yaml_text, message):
    with pytest.raises(ConfigError, match=message):
        load_pipeline_config(write(tmp_path, yaml_text))


def test_batch_must_split_over_devices():
    with pytest.raises(ConfigError, match=r"micro_batch_size \(4\) x devices \(3\)"):
        check_rl(RLSettings(batch_size=16, group_size=4, micro_batch_size=4), world_size=3)


def test_dropping_uniform_groups_needs_whole_groups_on_every_device():
    with pytest.raises(ConfigError, match=r"batch_size / devices \(16 / 4\) must be a multiple of group_size \(8\)"):
        check_rl(RLSettings(batch_size=16, group_size=8, micro_batch_size=4), world_size=4)
    check_rl(RLSettings(batch_size=16, group_size=8, micro_batch_size=4, drop_uniform_groups=False), world_size=4)
    check_rl(RLSettings(batch_size=16, group_size=8, micro_batch_size=4), world_size=2)


def test_stage_settings_come_from_a_pipeline_section_or_a_flat_file(tmp_path):
    assert load_stage_settings(RLSettings, write(tmp_path, "rl: {max_steps: 7}"), "rl").max_steps == 7
    assert load_stage_settings(RLSettings, write(tmp_path, "max_steps: 5"), "rl").max_steps == 5
    assert load_stage_settings(RLSettings, None, "rl") == RLSettings()
    with pytest.raises(ConfigError, match="does not exist"):
        load_stage_settings(RLSettings, tmp_path / "missing.yaml", "rl")


# Stage hashes of every shipped config, computed with the code before issue 14 (flat verify_* keys,
# BuildConfig.from_yaml): finished runs are only skipped while these stay the same.
STAGES = ("data", "eval_base", "sft", "eval_sft", "rl", "eval_rl", "rl_norule", "eval_rl_norule", "report")


def _flat_twin(raw: dict, kind: str) -> dict:
    """The same config written with the old flat keys (verify_device ... under rl, device ... in a
    data build): the loader must give both the same settings, so finished runs keep their hashes."""
    import copy
    raw = copy.deepcopy(raw)
    def flatten(section: dict, prefix: str) -> None:
        for key, value in section.pop("verify", {}).items():
            section[prefix + key] = value
    if kind == "data":
        flatten(raw, "")
    elif kind == "rl":
        flatten(raw, "verify_")
    else:
        if isinstance(raw.get("rl"), dict):
            flatten(raw["rl"], "verify_")
        if isinstance(raw.get("data"), dict):
            flatten(raw["data"], "")
    return raw


@pytest.mark.parametrize("name", sorted(p.name for p in CONFIGS.glob("*.yaml")))
def test_every_shipped_config_hashes_like_its_flat_key_twin(name, tmp_path, capsys):
    """Every shipped config loads without deprecated keys, and gives the stage hashes its old,
    flat-key spelling gives (the hashes decide whether a finished stage is reused)."""
    import yaml

    from autotriton.config import hash_record
    from autotriton.train.pipeline import _hash, stage_settings
    kind = "data" if name.startswith("data_") else "rl" if name.startswith("rl_") else "pipeline"

    def hashes(path):
        if kind == "data":
            return {"build": _hash(hash_record(load_build_config(path)))}
        if kind == "rl":
            return {"rl": _hash(hash_record(load_stage_settings(RLSettings, path, "rl")))}
        config = load_pipeline_config(path, 2 if name == "multi_gpu.yaml" else 1)
        return {stage: _hash(stage_settings(config, stage)) for stage in STAGES}

    try:
        shipped = hashes(CONFIGS / name)
    except ConfigError as exc:
        if "not found" in str(exc) and "external/" in str(exc):  # a benchmark checkout CI does not have
            pytest.skip(str(exc))
        raise
    assert "deprecated" not in capsys.readouterr().err  # shipped configs use the new keys
    twin = tmp_path / name
    twin.write_text(yaml.safe_dump(_flat_twin(yaml.safe_load((CONFIGS / name).read_text()), kind)))
    assert hashes(twin) == shipped


def test_floats_written_without_a_dot_are_floats(tmp_path):
    config = load_pipeline_config(write(tmp_path, "sft: {learning_rate: 1e-4}\nrl: {learning_rate: 2E-5, beta: 0}"))
    assert config.sft.learning_rate == 1e-4 and config.rl.learning_rate == 2e-5
    assert isinstance(config.rl.beta, float)


def test_nested_verify_section_equals_the_old_flat_keys(tmp_path, capsys):
    nested = load_stage_settings(RLSettings, write(tmp_path, "verify: {device: cpu, workers: 3, timeout_s: 9}"), "rl")
    assert capsys.readouterr().err == ""
    flat = load_stage_settings(RLSettings, write(tmp_path, "verify_device: cpu\nverify_workers: 3\nverify_timeout_s: 9"), "rl")
    warned = capsys.readouterr().err.splitlines()
    assert nested == flat
    assert len(warned) == 3 and "verify_workers is deprecated; write c.yaml:rl.verify.workers" in warned[1]
    build_nested = load_build_config(write(tmp_path, "verify: {device: cuda, workers: 4}"))
    build_flat = load_build_config(write(tmp_path, "device: cuda\nworkers: 4"))
    assert build_nested == build_flat and build_flat.verify.device == "cuda"
    assert build_flat.verify.timeout_s == 120.0  # the build's own default, not VerifyConfig's 60 s
    assert "c.yaml.device is deprecated; write c.yaml.verify.device" in capsys.readouterr().err


def test_set_overrides_any_field(tmp_path):
    path = write(tmp_path, "rl: {learning_rate: 1.0e-3}\neval: {limit: 3}")
    config = load_pipeline_config(path, overrides=("rl.learning_rate=1e-4", "eval.suites=['builtin:train']",
                                                   "rl.verify.workers=2", "data.compose_n=7", "report_to=[none]"))
    assert config.rl.learning_rate == 1e-4 and config.rl.verify.workers == 2 and config.data.compose_n == 7
    assert config.eval.suites == ["builtin:train"] and config.eval.limit == 3 and config.report_to == ["none"]
    sets = ("learning_rate=5e-5", "sft.max_steps=3", "eval.limit=1")
    assert load_stage_settings(SFTSettings, path, "sft", overrides=sets).learning_rate == 5e-5
    assert load_stage_settings(SFTSettings, path, "sft", overrides=sets).max_steps == 3
    assert load_train_extras(path, sets)[0].limit == 1
    assert load_build_config(None, ("compose_n=5", "verify.device=cpu")).verify.device == "cpu"
    assert apply_overrides({"a": {"b": 1}}, ["a.c=x"]) == {"a": {"b": 1, "c": "x"}}


@pytest.mark.parametrize("sets, message", [
    (["rl.learning_rat=1e-4"], r"unknown settings \['learning_rat'\]"),
    (["rl.learning_rate"], "expected KEY=VALUE"),
    (["model.x=1"], "model is 'embedded', not a section"),
    (["rl.max_steps=[1"], "value is not valid YAML"),
    (["rl.max_steps=many"], "rl.max_steps: expected int, got 'many'"),
    (["data.verify.n_trials=0"], r"data.verify.n_trials must be >= 1, got 0"),
    (["eval.temperature=nan"], "expected a finite number"),  # YAML reads `nan` as a string: float() takes it
])
def test_bad_overrides_name_the_problem(tmp_path, sets, message):
    with pytest.raises(ConfigError, match=message):
        load_pipeline_config(write(tmp_path, "model: embedded"), overrides=tuple(sets))


def test_report_to_names_a_known_installed_logger(monkeypatch):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda n, *a: None if n == "wandb" else real(n, *a))
    assert check_report_to([]) == [] and check_report_to(["none"]) == ["none"]
    with pytest.raises(ConfigError, match=r"report_to: wandb is not installed \(pip install wandb\)"):
        check_report_to(["wandb"])
    with pytest.raises(ConfigError, match="unknown logger 'comet'"):
        check_report_to(["comet"])
    with pytest.raises(ConfigError, match="'none' cannot be combined"):
        check_report_to(["none", "tensorboard"])


def test_report_to_reaches_trl(tmp_path):
    import importlib.util

    from autotriton.train.common import report_to
    from autotriton.train.config import SFTSettings
    from autotriton.train.sft import trainer_args
    assert report_to(["none"]) == []
    assert report_to(["tensorboard", "wandb"]) == ["tensorboard", "wandb"]
    assert report_to([]) == (["tensorboard"] if importlib.util.find_spec("tensorboard") else [])
    assert trainer_args(SFTSettings(), tmp_path, 1, ["none"]).report_to == []


def test_cli_set_errors_are_one_line_exit_2(tmp_path):
    from typer.testing import CliRunner

    from autotriton.cli.main import app
    runner = CliRunner()
    bad = runner.invoke(app, ["data", "build", "-o", str(tmp_path / "d"), "--set", "compose_n=many"])
    assert bad.exit_code == 2 and "compose_n: expected int, got 'many'" in bad.output
    bad = runner.invoke(app, ["pipeline", "-c", str(CONFIGS / "demo.yaml"), "-o", str(tmp_path / "p"),
                              "--set", "rl.learning_rat=1e-4"])
    assert bad.exit_code == 2 and "unknown settings ['learning_rat']" in bad.output


def test_one_eval_config_for_the_cli_and_the_pipeline(tmp_path):
    """`autotriton eval` and the pipeline's `eval:` section share EvalConfig (issue 14: they were two
    classes); fields the pipeline did not have are hashed only when set, so old runs keep their hash."""
    from autotriton.eval.config import EvalConfig
    from autotriton.config import hash_record
    config = load_pipeline_config(write(tmp_path, "eval: {samples: 2, ks: [1, 2], temperature: 0.7, seed: 3}"))
    assert isinstance(config.eval, EvalConfig) and config.eval.sampling().seed == 3
    assert hash_record(config.eval)["seed"] == 3 and "seed" not in hash_record(EvalConfig())
    with pytest.raises(ConfigError, match=r"eval.ks: each k must be in 1..samples \(1\)"):
        load_pipeline_config(write(tmp_path, "eval: {ks: [1, 4]}"))


def test_every_setting_is_in_the_stage_hash_record_or_left_out_on_purpose():
    """A field added to a stage's settings must be placed in its class's HASHED_IF_SET (so that
    finished runs keep their hash) or NOT_HASHED; one that is in no list fails here instead of
    silently leaving the hash (autotriton/config.py, hash_record)."""
    import dataclasses
    import typing
    from dataclasses import fields

    from autotriton.eval.config import EvalConfig

    def leaves(cls):  # a section's fields by their dotted names (verify.n_trials)
        hints = typing.get_type_hints(cls)
        for f in fields(cls):
            kind = hints[f.name]
            yield from ([f"{f.name}.{g.name}" for g in fields(kind)] if dataclasses.is_dataclass(kind) else [f.name])

    for cls in (SFTSettings, RLSettings, BuildConfig, EvalConfig):
        lists = [tuple(getattr(cls, name, ())) for name in ("HASHED", "HASHED_IF_SET", "NOT_HASHED")]
        placed = [f for names in lists for f in names]
        assert sorted(placed) == sorted(leaves(cls)), cls.__name__


def test_a_finished_run_keeps_its_stage_hash():
    """configs/ablation.yaml's SFT stage hashes as run 13 recorded it on an H100 (its DONE.json),
    with the settings run 13 ran (the file trains at 6,144 tokens since data v22): the hash is what
    decides whether a finished stage is reused."""
    import json

    from autotriton.train.pipeline import _hash, stage_settings
    done = json.loads((Path(__file__).parent.parent / "docs/results/ablation_h100_run13/sft/DONE.json").read_text())
    config = load_pipeline_config(CONFIGS / "ablation.yaml", overrides=("sft.max_length=4096", "sft.micro_batch_size=16"))
    assert _hash(stage_settings(config, "sft")) == done["settings_hash"] == "aa7db330f5d7f0ba"


def test_sft_from_adopts_a_trained_adapter_instead_of_training(tmp_path):
    """GRPO from an adapter trained elsewhere (the shipped one, or an earlier run's): the sft stage
    copies it, GRPO and eval_sft read it as a trained one, and another adapter under the same path
    is another run (its weights' digest is in the stage's settings)."""
    from autotriton.train.common import Policy, trained_policy
    from autotriton.train.config import PipelineConfig
    from autotriton.train.pipeline import adopt_adapter, done_record, mark_done, stage_settings
    adapter = tmp_path / "adapter"
    adapter.mkdir()
    (adapter / "adapter_config.json").write_text("{}")
    (adapter / "adapter_model.safetensors").write_bytes(b"weights one")
    (adapter / "prompt.json").write_text('{"trace": true}')
    config = PipelineConfig(sft_from=str(adapter), data_from="runs/data")
    run = tmp_path / "run"
    mark_done(run, "sft", config, adopt_adapter(config.sft_from, run / "sft"))
    final = run / "sft" / "final"
    assert (final / "adapter_model.safetensors").read_bytes() == b"weights one" and (final / "prompt.json").is_file()
    assert trained_policy(Policy(tmp_path / "base"), run / "sft").adapter == final
    assert done_record(run, "sft", config) is not None and "sft" not in stage_settings(config, "rl")
    (adapter / "adapter_model.safetensors").write_bytes(b"weights two")
    with pytest.raises(ConfigError, match="finished with other settings"):
        done_record(run, "sft", config)
    with pytest.raises(ConfigError, match="not a LoRA adapter dir"):
        stage_settings(PipelineConfig(sft_from=str(tmp_path / "nowhere")), "sft")
    assert stage_settings(PipelineConfig(sft_from="embedded:triton"), "rl")["sft_from"]["spec"] == "embedded:triton"


def test_the_python_api_refuses_the_same_numbers():
    """VerifyConfig and BuildConfig check themselves, so code that builds them gets the YAML's line."""
    from autotriton.data.build import BuildConfig
    from autotriton.verify import VerifyConfig
    with pytest.raises(ConfigError, match=r"^timeout_s must be >= 1.0, got 0$"):
        VerifyConfig(timeout_s=0)
    with pytest.raises(ConfigError, match="harvest_limit must be >= 0"):
        BuildConfig(harvest_limit=-1)
    assert BuildConfig(harvest_limit=None).verify.timeout_s == 120.0


def test_eval_holds_the_judges_settings_as_a_verify_section(tmp_path, capsys):
    """Eval's timeout and workers could not be set (a flat `device` only); the old key still loads."""
    from autotriton.config import hash_record
    config = load_pipeline_config(write(tmp_path, "eval: {verify: {device: cpu, timeout_s: 90, workers: 1}}"))
    assert (config.eval.verify.device, config.eval.verify.timeout_s, config.eval.verify.workers) == ("cpu", 90.0, 1)
    record = hash_record(config.eval)
    assert record["device"] == "cpu" and record["verify.timeout_s"] == 90.0 and "verify.workers" not in record
    old = load_pipeline_config(write(tmp_path, "eval: {device: cpu}"))
    assert "eval.device is deprecated; write c.yaml.eval.verify.device" in capsys.readouterr().err
    assert hash_record(old.eval) == hash_record(load_pipeline_config(write(tmp_path, "eval: {verify: {device: cpu}}")).eval)
