"""Config validation: malformed settings fail before any model loads, with one line naming the key."""

from pathlib import Path

import pytest

from autotriton.train.config import ConfigError, RLSettings, check_rl, load_pipeline_config, load_stage_settings

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
    ("rl: {verify_device: tpu}", "verify_device"),
    ("rl: {hrd: true, verify_device: cpu}", "hrd needs GPU timing"),
    ("eval: {suites: []}", "eval.suites is empty"),
    ("eval: {suites: [builtin:heldout, 'kernelbench:.:levels=x']}", r"eval.suites\[1\]: .*levels must be"),
    ("eval: {suites: [kernelbnech:x]}", r"eval.suites\[0\]: unknown suite"),
    ("data: {compose_n: many}", "data.compose_n: expected int"),
    ("- just a list", "mapping at the top level"),
    ("sft: [1, 2", "not valid YAML"),
])
def test_bad_configs_name_the_problem(tmp_path, yaml_text, message):
    with pytest.raises(ConfigError, match=message):
        load_pipeline_config(write(tmp_path, yaml_text))


def test_batch_must_split_over_devices():
    with pytest.raises(ConfigError, match=r"micro_batch_size \(4\) x devices \(3\)"):
        check_rl(RLSettings(batch_size=16, group_size=4, micro_batch_size=4), world_size=3)


def test_stage_settings_come_from_a_pipeline_section_or_a_flat_file(tmp_path):
    assert load_stage_settings(RLSettings, write(tmp_path, "rl: {max_steps: 7}"), "rl").max_steps == 7
    assert load_stage_settings(RLSettings, write(tmp_path, "max_steps: 5"), "rl").max_steps == 5
    assert load_stage_settings(RLSettings, None, "rl") == RLSettings()
    with pytest.raises(ConfigError, match="does not exist"):
        load_stage_settings(RLSettings, tmp_path / "missing.yaml", "rl")
