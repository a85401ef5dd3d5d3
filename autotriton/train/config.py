"""Training and pipeline settings: one dataclass per stage, every field with a default and help,
their checks, and the loaders of pipeline and `train sft|rl` configs (the YAML reading itself is
autotriton/config.py's).

The verifier's settings are one `verify:` section, a VerifyConfig, in the RL and data build
settings (`rl.verify.device`, `data.verify.workers`; any VerifyConfig field, `rl.verify.n_trials`
too). Stage hashes and resume records are explicit records (autotriton/config.py, hash_record)
that name the moved fields as they were named flat, so finished runs keep their hashes. The old
flat keys still load, with a one-line deprecation warning.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field, fields
from typing import ClassVar
from pathlib import Path

from autotriton.config import ConfigError, apply_overrides, coerce, from_dict, load_yaml
from autotriton.data.build import BuildConfig
from autotriton.eval.config import EvalConfig
from autotriton.verify import config as verify_config
from autotriton.verify.config import VerifyConfig


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
    # A held-out split of the build's own tasks (sft.py, eval_split). Every ablation run so far ended SFT
    # at 99.9% token accuracy on its training rows (docs/results/HISTORY.md) with nothing to say when it began to
    # memorise.
    eval_tasks: int = field(default=0, metadata={"help": "hold out this many SFT tasks (every row of each) and "
                                                         "log their loss every eval_steps; 0 = none"})
    eval_steps: int = field(default=50, metadata={"help": "optimizer steps between held-out evaluations"})
    keep_best: bool = field(default=True, metadata={"help": "with eval_tasks: final/ is the checkpoint of the "
                                                            "lowest held-out loss, not the last one"})
    early_stop_patience: int = field(default=0, metadata={"help": "with eval_tasks: stop after this many "
                                                                  "evaluations without a lower held-out loss "
                                                                  "(0 = never)"})

    # The stage hash's record (autotriton/config.py, hash_record). The held-out fields came after
    # pipelines were first run: in the record only when set, so those runs keep their hash.
    HASHED: ClassVar[tuple] = (
        "lora", "lora_r", "lora_alpha", "lora_dropout", "learning_rate", "epochs", "max_steps", "batch_size",
        "micro_batch_size", "max_length", "max_examples", "gradient_checkpointing", "save_steps", "logging_steps",
        "seed")
    HASHED_IF_SET: ClassVar[tuple] = ("eval_tasks", "eval_steps", "keep_best", "early_stop_patience")


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
                "synced after each update; one copy per process (under FSDP2 gathered from the shards), not with vLLM"})
    steps_per_generation: int = field(default=1, metadata={
        "help": "optimizer steps whose rollouts one generate call samples (k x batch_size completions at once). "
                "A decode step of a small model costs about the same at 64 or 256 sequences, so k > 1 divides the "
                "generation time per step by up to k; steps after the first in a call are off-policy by the "
                "updates between, which TRL's importance ratio corrects (its steps_per_generation)"})
    drop_uniform_groups: bool = field(default=True, metadata={
        "help": "leave groups whose completions all got the same reward out of the loss (no gradient, only dilution)"})
    select_samples: int = field(default=0, metadata={
        "help": "before RL, sample this many completions per prompt with the starting policy and train only on "
                "prompts whose pass rate is strictly between 0 and 1 (uniform groups carry no gradient; 0 = all prompts)"})
    max_level: int = field(default=3, metadata={"help": "drop RL prompts above this level"})
    use_vllm: bool = field(default=False, metadata={"help": "generate rollouts with vLLM (colocated; needs vllm installed)"})
    gradient_checkpointing: bool = field(default=False, metadata={"help": "recompute activations to save memory"})
    verify: VerifyConfig = field(default_factory=VerifyConfig, metadata={
        "help": "the reward's verifier (verify.device: cpu interpreter, cuda or auto; verify.workers: parallel "
                "sandboxes, 0 = all cores / 6 per GPU; verify.timeout_s: 60 s without an answer from a rollout's kernel, 4 times it in all)"})
    save_steps: int = field(default=10, metadata={"help": "checkpoint every N steps (resume point)"})
    logging_steps: int = field(default=1, metadata={"help": "log every N steps"})
    seed: int = field(default=0, metadata={"help": "prompt order and sampling seed"})

    YAML_RENAMED: ClassVar[dict] = {"verify_device": "verify.device", "verify_workers": "verify.workers",
                                    "verify_timeout_s": "verify.timeout_s"}
    # The stage hash's record (autotriton/config.py, hash_record): every field, as first run.
    HASHED: ClassVar[tuple] = (
        "learning_rate", "max_steps", "batch_size", "group_size", "micro_batch_size", "beta", "temperature", "top_p",
        "max_completion_length", "exec_weight", "rule_reward", "format_weight", "speedup_weight", "hrd", "hrd_alpha",
        "max_prompts", "rollout_copy", "steps_per_generation", "drop_uniform_groups", "select_samples", "max_level",
        "use_vllm", "gradient_checkpointing", "verify.device", "verify.workers", "verify.timeout_s", "save_steps",
        "logging_steps", "seed")
    HASHED_AS: ClassVar[dict] = {f"verify.{k}": f"verify_{k}" for k in ("device", "workers", "timeout_s")}
    HASHED_IF_SET: ClassVar[tuple] = verify_config.HASHED_IF_SET
    NOT_HASHED: ClassVar[tuple] = verify_config.NOT_HASHED


@dataclass
class PipelineConfig:
    model: str = field(default="embedded", metadata={"help": "embedded | hf:PATH (a local Hugging Face model dir)"})
    data: BuildConfig = field(default_factory=BuildConfig, metadata={"help": "data build (see autotriton data build)"})
    data_from: str | None = field(default=None, metadata={"help": "use this finished `data build` dir instead of building"})
    sft: SFTSettings = field(default_factory=SFTSettings, metadata={"help": "SFT stage"})
    sft_from: str | None = field(default=None, metadata={
        "help": "an SFT adapter already trained (a dir with adapter_config.json, or embedded:triton for the "
                "shipped one): the sft stage copies it instead of training, so GRPO starts from it"})
    rl: RLSettings = field(default_factory=RLSettings, metadata={"help": "GRPO stage"})
    eval: EvalConfig = field(default_factory=EvalConfig, metadata={"help": "evaluation of base, SFT and SFT+RL"})
    eval_base: bool = field(default=True, metadata={"help": "also evaluate the untrained base model"})
    report_to: list[str] = field(default_factory=list, metadata={
        "help": "training loggers passed to TRL: tensorboard, wandb, trackio or none; [] = tensorboard where "
                "installed. Not part of any stage's hash: where the curves go does not change the model"})
    ablate_rule: bool = field(default=False, metadata={
        "help": "also run the paper's rule ablation: GRPO from SFT with rl.rule_reward false, on the same "
                "prompts, then its eval (stages rl_norule, eval_rl_norule)"})


REPORTERS = ("tensorboard", "wandb", "trackio", "none")


def check_report_to(names: list[str], where: str = "report_to") -> list[str]:
    """The loggers for TRL's `report_to`, checked now rather than when the trainer starts."""
    for name in names:
        if name not in REPORTERS:
            raise ConfigError(f"{where}: unknown logger {name!r} (known: {list(REPORTERS)})")
        if name != "none" and importlib.util.find_spec(name) is None:
            raise ConfigError(f"{where}: {name} is not installed (pip install {name}), or leave it out")
    if "none" in names and len(names) > 1:
        raise ConfigError(f"{where}: 'none' cannot be combined with {[n for n in names if n != 'none']}")
    return list(names)


def check_sft(s: SFTSettings, world_size: int = 1, where: str = "sft") -> None:
    for name in ("batch_size", "micro_batch_size", "max_length", "save_steps", "logging_steps", "lora_r"):
        if getattr(s, name) < 1:
            raise ConfigError(f"{where}.{name} must be >= 1, got {getattr(s, name)}")
    if not 0 <= s.lora_dropout < 1 or s.max_examples < 0:
        raise ConfigError(f"{where}: lora_dropout must be in [0, 1) and max_examples >= 0, "
                          f"got {s.lora_dropout}, {s.max_examples}")
    if s.batch_size % (s.micro_batch_size * world_size):
        raise ConfigError(f"{where}.batch_size ({s.batch_size}) must be a multiple of micro_batch_size "
                          f"({s.micro_batch_size}) x devices ({world_size})")
    if s.learning_rate <= 0 or (s.max_steps < 1 and s.epochs <= 0):
        raise ConfigError(f"{where}: learning_rate and epochs (or max_steps) must be positive")
    if s.eval_tasks < 0 or s.eval_steps < 1 or s.early_stop_patience < 0:
        raise ConfigError(f"{where}: eval_tasks and early_stop_patience must be >= 0, eval_steps >= 1")
    if s.eval_tasks and s.keep_best and s.save_steps % s.eval_steps:
        # the best checkpoint can only be one that was saved where an evaluation happened
        raise ConfigError(f"{where}.save_steps ({s.save_steps}) must be a multiple of eval_steps ({s.eval_steps}) "
                          f"with keep_best; or set {where}.keep_best: false")
    if s.early_stop_patience and not s.eval_tasks:
        raise ConfigError(f"{where}.early_stop_patience needs a held-out split: set {where}.eval_tasks")


def check_rl(s: RLSettings, world_size: int = 1, where: str = "rl") -> None:
    for name in ("batch_size", "group_size", "micro_batch_size", "max_steps", "steps_per_generation",
                 "max_completion_length", "save_steps"):
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
    if s.drop_uniform_groups and (s.batch_size // world_size) % s.group_size:
        # Each process tells uniform groups from its own rewards, so it must hold whole groups.
        raise ConfigError(f"{where}: batch_size / devices ({s.batch_size} / {world_size}) must be a multiple of "
                          f"group_size ({s.group_size}) to drop uniform groups; or set {where}.drop_uniform_groups: false")
    if not s.temperature > 0 or not 0 < s.top_p <= 1 or s.beta < 0:
        # temperature 0 samples one answer G times: every group is uniform and no advantage is left
        raise ConfigError(f"{where}: temperature must be > 0, top_p in (0, 1] and beta >= 0, "
                          f"got {s.temperature}, {s.top_p}, {s.beta}")
    if s.exec_weight < 0 or s.format_weight < 0 or s.speedup_weight < 0 or s.exec_weight + s.format_weight + s.speedup_weight == 0:
        raise ConfigError(f"{where}: reward weights must be >= 0 and not all 0")
    if s.hrd and not s.rule_reward:
        raise ConfigError(f"{where}.hrd needs rule_reward: true (its code tokens are rewarded by the exec reward)")
    if s.hrd and not 0 <= s.hrd_alpha <= 1:
        raise ConfigError(f"{where}.hrd_alpha must be in [0, 1], got {s.hrd_alpha}")
    if s.hrd and s.verify.device == "cpu":
        raise ConfigError(f"{where}.hrd needs GPU timing (the plan's reward is the speedup); "
                          "the interpreter does not time, so set verify.device to cuda or auto on a GPU machine")
    if s.verify.device not in ("auto", "cpu", "cuda"):
        raise ConfigError(f"{where}.verify.device must be auto, cpu or cuda, got {s.verify.device!r}")


def check_eval(s: EvalConfig, where: str = "eval") -> None:
    if s.samples < 1 or s.max_new_tokens < 1 or s.batch_size < 1 or s.limit < 0:
        raise ConfigError(f"{where}: samples, max_new_tokens and batch_size must be >= 1, limit >= 0")
    if s.temperature < 0:
        raise ConfigError(f"{where}.temperature must be >= 0 (0 = greedy), got {s.temperature}")
    if not s.ks or min(s.ks) < 1 or max(s.ks) > s.samples:
        raise ConfigError(f"{where}.ks: each k must be in 1..samples ({s.samples}), got {s.ks}")
    if not s.suites:
        raise ConfigError(f"{where}.suites is empty")
    from autotriton.tasks.specs import SuiteSpecError, parse_suite_spec, parse_suites
    for i, text in enumerate(s.suites):
        try:  # here, not at the first eval stage, which may come after hours of training
            parse_suite_spec(text)
        except SuiteSpecError as exc:
            raise ConfigError(f"{where}.suites[{i}]: {exc}") from None
    try:
        parse_suites(s.suites)
    except SuiteSpecError as exc:
        raise ConfigError(f"{where}.suites: {exc}") from None


def load_pipeline_config(path: Path, world_size: int = 1, overrides: tuple[str, ...] = ()) -> PipelineConfig:
    config = from_dict(PipelineConfig, apply_overrides(load_yaml(path), overrides), path.name)
    check_sft(config.sft, world_size)
    check_rl(config.rl, world_size)
    check_eval(config.eval)
    check_report_to(config.report_to)
    return config


def load_stage_settings(cls, path: Path | None, section: str, world_size: int = 1, overrides: tuple[str, ...] = ()):
    """Settings of one stage for `train sft|rl`: a pipeline YAML's section, or a flat YAML of that
    stage. Overrides name a field (`learning_rate=1e-4`) or the section's (`rl.learning_rate=1e-4`)."""
    raw = _stage_raw(path, section)
    own = tuple(o for o in overrides if not o.startswith(("eval.", "report_to=")))
    raw = apply_overrides(raw, tuple(o.removeprefix(f"{section}.") for o in own))
    settings = from_dict(cls, raw, f"{path.name if path else 'defaults'}:{section}")
    (check_sft if cls is SFTSettings else check_rl)(settings, world_size)
    return settings


def _stage_raw(path: Path | None, section: str) -> dict:
    raw = load_yaml(path) if path else {}
    if set(raw) & ({f.name for f in fields(PipelineConfig)} - {"report_to"}):  # a pipeline config
        return raw.get(section) or {}
    return {k: v for k, v in raw.items() if k != "report_to"}  # a flat stage file may name its loggers


def load_train_extras(path: Path | None, overrides: tuple[str, ...] = ()) -> tuple[EvalConfig, list[str]]:
    """What `train sft|rl` takes from a config besides its stage: the `eval:` section of the quick
    eval afterwards and the top-level `report_to`, each with its `--set` overrides."""
    raw = load_yaml(path) if path else {}
    mine = tuple(o for o in overrides if o.startswith(("eval.", "report_to=")))
    raw = apply_overrides({k: raw[k] for k in ("eval", "report_to") if k in raw}, mine)
    where = path.name if path else "defaults"
    settings = from_dict(EvalConfig, raw.get("eval"), f"{where}:eval")
    check_eval(settings)
    return settings, check_report_to(coerce(raw.get("report_to", []), list[str], f"{where}:report_to"))
