"""Training and pipeline settings: one dataclass per stage, every field with a default and help.

YAML files only override fields. Unknown keys, wrong types and inconsistent
sizes (a group size that does not divide the batch, say) raise `ConfigError`
with one line that names the key, before any model is loaded.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field, fields
from pathlib import Path

from autotriton.data.build import BuildConfig


class ConfigError(ValueError):
    """A user's config is malformed: printed as one line, no traceback."""


@dataclass
class SFTSettings:
    lora: bool = field(default=True, metadata={"help": "train a LoRA adapter (peft) instead of every weight"})
    lora_r: int = field(default=16, metadata={"help": "LoRA rank (r=16 on all linear layers of SmolLM2-135M: 4.9M params)"})
    lora_alpha: int = field(default=32, metadata={"help": "LoRA scale numerator (scale = alpha / r)"})
    lora_dropout: float = field(default=0.05, metadata={"help": "dropout on the LoRA branch"})
    learning_rate: float = field(default=5e-4, metadata={"help": "peak learning rate (cosine decay, 3% warmup)"})
    epochs: float = field(default=1.0, metadata={"help": "passes over the SFT rows (ignored when max_steps > 0)"})
    max_steps: int = field(default=-1, metadata={"help": "optimizer steps; -1 = from epochs"})
    batch_size: int = field(default=8, metadata={"help": "sequences per optimizer step, all devices together"})
    micro_batch_size: int = field(default=8, metadata={"help": "sequences per forward/backward on one device"})
    max_length: int = field(default=2048, metadata={"help": "tokens per sequence; longer rows are truncated on the right"})
    max_examples: int = field(default=0, metadata={"help": "use only the first N SFT rows (0 = all)"})
    gradient_checkpointing: bool = field(default=False, metadata={"help": "recompute activations to save memory"})
    save_steps: int = field(default=50, metadata={"help": "checkpoint every N steps (resume point)"})
    logging_steps: int = field(default=5, metadata={"help": "log loss every N steps"})
    seed: int = field(default=0, metadata={"help": "data order and LoRA init seed"})


@dataclass
class RLSettings:
    learning_rate: float = field(default=2e-5, metadata={"help": "peak learning rate"})
    max_steps: int = field(default=20, metadata={"help": "GRPO optimizer steps"})
    batch_size: int = field(default=16, metadata={"help": "completions per optimizer step, all devices together"})
    group_size: int = field(default=4, metadata={"help": "completions sampled per prompt (GRPO group); must divide batch_size"})
    micro_batch_size: int = field(default=4, metadata={"help": "completions per forward/backward on one device"})
    beta: float = field(default=0.04, metadata={"help": "KL coefficient against the starting policy (0 = no reference model)"})
    temperature: float = field(default=1.0, metadata={"help": "sampling temperature of rollouts"})
    top_p: float = field(default=1.0, metadata={"help": "nucleus mass of rollouts"})
    max_completion_length: int = field(default=1024, metadata={"help": "completion token cap of rollouts"})
    exec_weight: float = field(default=1.0, metadata={
        "help": "weight of AutoTriton's binary reward: rule-valid, really launched AND correct"})
    rule_reward: bool = field(default=True, metadata={
        "help": "false: the paper's ablation without the rule reward; exec_weight then pays whatever a plain "
                "allclose harness accepts (PyTorch answers included) instead of AutoTriton's exec reward"})
    format_weight: float = field(default=0.0, metadata={"help": "weight of the format reward (one python block with ModelNew)"})
    speedup_weight: float = field(default=0.0, metadata={"help": "weight of correct*min(speedup,2)/2 (GPU only; timing costs reward time)"})
    hrd: bool = field(default=False, metadata={"help": "TritonRL hierarchical reward: correctness -> code tokens, speedup -> plan tokens"})
    hrd_alpha: float = field(default=0.1, metadata={"help": "weight of J_plan in alpha*J_plan + J_code"})
    max_prompts: int = field(default=0, metadata={"help": "use only the first N RL prompts (0 = all)"})
    rollout_copy: bool = field(default=False, metadata={
        "help": "sample rollouts from a merged plain copy of the policy with a compiled static cache on GPU, "
                "synced after each update (one process, no vLLM; not yet measured on a GPU)"})
    drop_uniform_groups: bool = field(default=True, metadata={
        "help": "leave groups whose completions all got the same reward out of the loss (no gradient, only dilution)"})
    select_samples: int = field(default=0, metadata={
        "help": "before RL, sample this many completions per prompt with the starting policy and train only on "
                "prompts whose pass rate is strictly between 0 and 1 (uniform groups carry no gradient; 0 = all prompts)"})
    max_level: int = field(default=3, metadata={"help": "drop RL prompts above this level"})
    use_vllm: bool = field(default=False, metadata={"help": "generate rollouts with vLLM (colocated; needs vllm installed)"})
    gradient_checkpointing: bool = field(default=False, metadata={"help": "recompute activations to save memory"})
    verify_device: str = field(default="auto", metadata={"help": "reward verifier: cpu (interpreter), cuda, or auto"})
    verify_workers: int = field(default=0, metadata={"help": "parallel sandboxes for the reward (0 = all cores / 6 per GPU)"})
    verify_timeout_s: float = field(default=60.0, metadata={"help": "wall-clock limit per rollout verification"})
    save_steps: int = field(default=10, metadata={"help": "checkpoint every N steps (resume point)"})
    logging_steps: int = field(default=1, metadata={"help": "log every N steps"})
    seed: int = field(default=0, metadata={"help": "prompt order and sampling seed"})


@dataclass
class EvalSettings:
    suites: list[str] = field(default_factory=lambda: ["builtin:heldout"],
                              metadata={"help": "suites to evaluate every stage on (builtin:heldout always first)"})
    samples: int = field(default=1, metadata={"help": "samples per task"})
    temperature: float = field(default=0.0, metadata={"help": "0 = greedy"})
    max_new_tokens: int = field(default=1536, metadata={"help": "completion cap"})
    limit: int = field(default=0, metadata={"help": "evaluate only the first N tasks of each suite (0 = all); demo sizing"})
    batch_size: int = field(default=32, metadata={"help": "sequences per generate call"})
    device: str = field(default="auto", metadata={"help": "verifier device: cpu, cuda or auto"})


@dataclass
class PipelineConfig:
    model: str = field(default="embedded", metadata={"help": "embedded | hf:PATH (a local Hugging Face model dir)"})
    data: BuildConfig = field(default_factory=BuildConfig, metadata={"help": "data build (see autotriton data build)"})
    data_from: str | None = field(default=None, metadata={"help": "use this finished `data build` dir instead of building"})
    sft: SFTSettings = field(default_factory=SFTSettings, metadata={"help": "SFT stage"})
    rl: RLSettings = field(default_factory=RLSettings, metadata={"help": "GRPO stage"})
    eval: EvalSettings = field(default_factory=EvalSettings, metadata={"help": "evaluation of base, SFT and SFT+RL"})
    eval_base: bool = field(default=True, metadata={"help": "also evaluate the untrained base model"})
    ablate_rule: bool = field(default=False, metadata={
        "help": "also run the paper's rule ablation: GRPO from SFT with rl.rule_reward false, on the same "
                "prompts, then its eval (stages rl_norule, eval_rl_norule)"})


def _coerce(value, kind, where: str):
    """Check one YAML value against a dataclass field's type; ints are accepted for floats."""
    origin = typing.get_origin(kind)
    if dataclasses.is_dataclass(kind):
        return from_dict(kind, value, where)
    if origin is list:
        (item,) = typing.get_args(kind)
        if not isinstance(value, list):
            raise ConfigError(f"{where}: expected a list, got {value!r}")
        return [_coerce(v, item, f"{where}[{i}]") for i, v in enumerate(value)]
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in typing.get_args(kind):
            return None
        kind = next(a for a in typing.get_args(kind) if a is not type(None))
        return _coerce(value, kind, where)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if kind in (int, float, str, bool) and not (isinstance(value, kind) and not (kind is int and isinstance(value, bool))):
        raise ConfigError(f"{where}: expected {kind.__name__}, got {value!r}")
    return value


def from_dict(cls, raw, where: str):
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: expected a mapping of settings, got {raw!r}")
    hints = typing.get_type_hints(cls)
    known = {f.name for f in fields(cls)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ConfigError(f"{where}: unknown settings {unknown} (known: {sorted(known)})")
    return cls(**{k: _coerce(v, hints[k], f"{where}.{k}") for k, v in raw.items()})


def check_sft(s: SFTSettings, world_size: int = 1, where: str = "sft") -> None:
    for name in ("batch_size", "micro_batch_size", "max_length", "save_steps", "logging_steps", "lora_r"):
        if getattr(s, name) < 1:
            raise ConfigError(f"{where}.{name} must be >= 1, got {getattr(s, name)}")
    if s.batch_size % (s.micro_batch_size * world_size):
        raise ConfigError(f"{where}.batch_size ({s.batch_size}) must be a multiple of micro_batch_size "
                          f"({s.micro_batch_size}) x devices ({world_size})")
    if s.learning_rate <= 0 or (s.max_steps < 1 and s.epochs <= 0):
        raise ConfigError(f"{where}: learning_rate and epochs (or max_steps) must be positive")


def check_rl(s: RLSettings, world_size: int = 1, where: str = "rl") -> None:
    for name in ("batch_size", "group_size", "micro_batch_size", "max_steps", "max_completion_length", "save_steps"):
        if getattr(s, name) < 1:
            raise ConfigError(f"{where}.{name} must be >= 1, got {getattr(s, name)}")
    if s.group_size < 2:
        raise ConfigError(f"{where}.group_size must be >= 2: GRPO's advantage is relative to the group")
    if s.batch_size % s.group_size:
        raise ConfigError(f"{where}.group_size ({s.group_size}) must divide batch_size ({s.batch_size}): "
                          "every prompt needs its whole group in one step")
    if s.batch_size % (s.micro_batch_size * world_size):
        raise ConfigError(f"{where}.batch_size ({s.batch_size}) must be a multiple of micro_batch_size "
                          f"({s.micro_batch_size}) x devices ({world_size})")
    if s.exec_weight < 0 or s.format_weight < 0 or s.speedup_weight < 0 or s.exec_weight + s.format_weight + s.speedup_weight == 0:
        raise ConfigError(f"{where}: reward weights must be >= 0 and not all 0")
    if s.hrd and not s.rule_reward:
        raise ConfigError(f"{where}.hrd needs rule_reward: true (its code tokens are rewarded by the exec reward)")
    if s.hrd and not 0 <= s.hrd_alpha <= 1:
        raise ConfigError(f"{where}.hrd_alpha must be in [0, 1], got {s.hrd_alpha}")
    if s.hrd and s.verify_device == "cpu":
        raise ConfigError(f"{where}.hrd needs GPU timing (the plan's reward is the speedup); "
                          "the interpreter does not time, so set verify_device to cuda or auto on a GPU machine")
    if s.verify_device not in ("auto", "cpu", "cuda"):
        raise ConfigError(f"{where}.verify_device must be auto, cpu or cuda, got {s.verify_device!r}")


def check_eval(s: EvalSettings, where: str = "eval") -> None:
    if s.samples < 1 or s.max_new_tokens < 1 or s.batch_size < 1 or s.limit < 0:
        raise ConfigError(f"{where}: samples, max_new_tokens and batch_size must be >= 1, limit >= 0")
    if not s.suites:
        raise ConfigError(f"{where}.suites is empty")
    from autotriton.eval.suites import SuiteSpecError, parse_suite_spec
    for i, text in enumerate(s.suites):
        try:  # here, not at the first eval stage, which may come after hours of training
            parse_suite_spec(text)
        except SuiteSpecError as exc:
            raise ConfigError(f"{where}.suites[{i}]: {exc}") from None


def load_yaml(path: Path) -> dict:
    import yaml
    if not path.is_file():
        raise ConfigError(f"config file {path} does not exist")
    try:
        raw = yaml.safe_load(path.read_text()) or {}
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML ({str(exc).splitlines()[0]})") from None
    if not isinstance(raw, dict):
        raise ConfigError(f"{path}: expected a mapping at the top level")
    return raw


def load_pipeline_config(path: Path, world_size: int = 1) -> PipelineConfig:
    config = from_dict(PipelineConfig, load_yaml(path), path.name)
    check_sft(config.sft, world_size)
    check_rl(config.rl, world_size)
    check_eval(config.eval)
    return config


def load_stage_settings(cls, path: Path | None, section: str, world_size: int = 1):
    """Settings of one stage for `train sft|rl`: a pipeline YAML's section, or a flat YAML of that stage."""
    raw = load_yaml(path) if path else {}
    if section in raw and isinstance(raw[section], dict):
        raw = raw[section]
    settings = from_dict(cls, raw, f"{path.name if path else 'defaults'}:{section}")
    (check_sft if cls is SFTSettings else check_rl)(settings, world_size)
    return settings

