"""The settings of one evaluation, in one place: `autotriton eval`'s flags build it, and the `eval:`
section of a pipeline or `train` config is read into it (train/config.py). Kept apart from the
harness so that reading a config starts no model and no judge (the judge's settings, a
VerifyConfig, are its `verify` section)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from autotriton.models.base import SamplingParams
from autotriton.verify import config as verify_config
from autotriton.verify.config import VerifyConfig

@dataclass
class EvalConfig:
    """One evaluation's settings: `autotriton eval`'s flags, and the `eval:` section of a pipeline
    or `train` config (train/config.py reads it from YAML; a pipeline stage's hash covers HASHED and
    any other field set away from its default)."""
    suites: list[str] = field(default_factory=lambda: ["builtin:heldout"],
                              metadata={"help": "suite specs (tasks/specs.py; the pipeline puts builtin:heldout first)"})
    samples: int = field(default=1, metadata={"help": "samples per task (n for pass@k)"})
    temperature: float = field(default=0.0, metadata={"help": "0 = greedy"})
    max_new_tokens: int = field(default=2048, metadata={"help": "completion cap"})
    limit: int = field(default=0, metadata={"help": "only the first N tasks of each suite (0 = all); demo sizing"})
    batch_size: int = field(default=8, metadata={
        "help": "tasks per generate call (a local model's batch; bounds the work lost on Ctrl-C)"})
    verify: VerifyConfig = field(default_factory=VerifyConfig, metadata={
        "help": "the judge (verify.device: cpu, cuda or auto; verify.timeout_s: 60 s without an answer from the candidate, 4 times it in all; "
                "verify.workers: sandboxes, 0 = all cores / 6 per GPU)"})
    ks: list[int] = field(default_factory=lambda: [1], metadata={"help": "k values for pass@k"})
    seed: int = field(default=0, metadata={"help": "sampling seed"})
    hack_rate: bool = field(default=True, metadata={"help": "re-check rejected candidates with a plain allclose harness"})
    only_answered: bool = field(default=False, metadata={
        "help": "answers:DIR: only the tasks with an answer file (the others are left out, not scored as no code)"})
    prompt_trace: bool | None = field(default=None, metadata={
        "help": "prompts carry the reference's ATen op listing (tasks/trace.py); default: as the model was trained"})
    judge: bool = field(default=True, metadata={
        "help": "false: generate every answer into generated.jsonl and judge none here; "
                "benchmarks/rejudge_runlog.py judges them on another machine (a GPU machine's time then goes "
                "to generation alone: its CPU judging took 49-58 s of each 137-150-s batch of 152 answers)"})

    # The stage hash's record (autotriton/config.py, hash_record): what the pipeline's eval stages
    # were first hashed on; the fields that joined later count only when set.
    HASHED: ClassVar[tuple] = ("suites", "samples", "temperature", "max_new_tokens", "limit", "batch_size",
                               "verify.device")
    HASHED_AS: ClassVar[dict] = {"verify.device": "device"}  # the flat field it was when runs were made
    HASHED_IF_SET: ClassVar[tuple] = ("ks", "seed", "hack_rate", "only_answered", "prompt_trace",
                                      "verify.timeout_s") + verify_config.HASHED_IF_SET
    NOT_HASHED: ClassVar[tuple] = ("verify.workers", "judge") + verify_config.NOT_HASHED
    YAML_RENAMED: ClassVar[dict] = {"device": "verify.device"}

    def sampling(self) -> SamplingParams:
        return SamplingParams(n=self.samples, temperature=self.temperature, max_new_tokens=self.max_new_tokens,
                              seed=self.seed)

    def sequences_per_call(self) -> int:
        """A local model's batch: one harness batch of tasks is one generate call of all their samples.
        (Backends batched 8 sequences at the CLI's default before: 150 tasks took 19 calls where one
        decodes in about the same time on an H100.)"""
        return self.batch_size * self.samples
