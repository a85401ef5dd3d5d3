"""What SFT and GRPO share: the policy a model spec names, run directories, metric logs, resume."""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from transformers import TrainerCallback

from autotriton.rundir import RunDirError, append_jsonl, atomic_write, check_settings, write_settings
from autotriton.models.base import BackendError
from autotriton.config import ConfigError, hash_record

FINAL_DIR = "final"  # the trained adapter (or full model) and its tokenizer
METRICS_FILE = "metrics.jsonl"  # one JSON line per Trainer log event: the source of the plots


@dataclass
class Policy:
    """A model to train: a base HF directory plus an optional adapter to continue (SFT's, for RL)."""

    base: Path
    adapter: Path | None = None

    @property
    def spec(self) -> str:
        """The eval harness's model spec for this policy."""
        return f"hf:{self.base}" + (f"+adapter:{self.adapter}" if self.adapter else "")


def resolve_policy(spec: str) -> Policy:
    """`embedded`, `embedded:triton`, `hf:PATH`, `hf:PATH+adapter:DIR` or a plain local directory.

    Collective under accelerate (every process must call it): for `embedded` the main
    process converts the GGUF first and the others then find the cached directory, since
    concurrent conversions race and save_pretrained writes on the main process only."""
    from accelerate import PartialState
    with PartialState().main_process_first():
        return _resolve(spec)


def _resolve(text: str) -> Policy:
    from autotriton.models import parse_model_spec
    try:
        spec = parse_model_spec(text)
        if spec.kind == "embedded":
            from autotriton.models.embedded import embedded_model_dir, shipped_adapter_dir
            return Policy(embedded_model_dir(), shipped_adapter_dir() if spec.trained else None)
        if spec.kind != "hf":
            raise ConfigError(f"'{text}': training needs local weights (embedded, embedded:triton, "
                              "hf:PATH[+adapter:DIR] or a model directory)")
        from autotriton.models.hf import check_adapter_dir, check_model_dir
        check_model_dir(Path(spec.path))
        if spec.adapter:
            check_adapter_dir(Path(spec.adapter))
    except BackendError as exc:
        raise ConfigError(str(exc)) from None
    return Policy(Path(spec.path), Path(spec.adapter) if spec.adapter else None)


def trained_policy(base: Policy, out: Path) -> Policy:
    """The policy a finished stage left in `out/final`: an adapter over the same base, or a full model."""
    final = out / FINAL_DIR
    if (final / "adapter_config.json").is_file():
        return Policy(base.base, final)
    return Policy(final)


def precision(device_has_cuda: bool) -> dict:
    """bf16 on GPUs (every H100/H200 has it); fp32 on CPU, where bf16 matmuls run slower."""
    import torch
    if device_has_cuda and torch.cuda.is_bf16_supported():
        return {"bf16": True, "fp16": False}
    return {"bf16": False, "fp16": False}


def report_to(chosen: list[str] | None = None) -> list[str]:
    """TRL's loggers: the config's `report_to` (checked when it loaded, config.check_report_to);
    none chosen, TensorBoard when installed (it is on the CPU set we pin). Our JSONL log is
    written always."""
    import importlib.util
    if chosen:
        return [] if chosen == ["none"] else list(chosen)
    return ["tensorboard"] if importlib.util.find_spec("tensorboard") else []


def main_value(value):
    """The main process's `value` on every process (a no-op in a single-process run)."""
    from accelerate import PartialState
    from accelerate.utils import broadcast_object_list
    if PartialState().num_processes == 1:
        return value
    box = [value]
    broadcast_object_list(box, from_process=0)
    return box[0]


def last_checkpoint(out: Path) -> str | None:
    """The newest complete checkpoint; one cut short by a hard kill (no trainer_state.json) is skipped."""
    done = [p for p in out.glob("checkpoint-*") if (p / "trainer_state.json").is_file() and p.name[11:].isdigit()]
    return str(max(done, key=lambda p: int(p.name[11:]))) if done else None


def write_json(path: Path, obj) -> None:
    atomic_write(path, json.dumps(obj, indent=2, default=str) + "\n")


# A resume may train longer or stop sooner (the Trainer's own resume supports it); nothing else may change.
RESUMABLE_CHANGES = ("settings.max_steps", "settings.epochs")


def write_resolved_config(out: Path, stage: str, settings, extra: dict) -> None:
    """The settings this run used, beside its checkpoints; a resume with other settings is refused.
    Only a checkpoint binds the folder: a run stopped before its first one starts over anyway."""
    resolved = {"stage": stage, **extra, "settings": hash_record(settings)}
    record = out / "config.yaml"
    try:
        check_settings(record, resolved, has_output=last_checkpoint(out) is not None, may_change=RESUMABLE_CHANGES,
                       hint="resume needs the same ones, except max_steps/epochs (use another --out to start fresh)")
    except RunDirError as exc:
        raise ConfigError(str(exc)) from None  # the training commands' one class of user error
    from accelerate import PartialState
    if PartialState().is_main_process:
        write_settings(record, resolved)


class JsonlLog(TrainerCallback):
    """Appends every Trainer log event (loss, rewards, timings) to metrics.jsonl, main process only."""

    def __init__(self, path: Path):
        self.path = path

    def on_train_begin(self, args, state, control, **kwargs):
        """Drops the lines past the step this run starts from: a run restarted without its
        checkpoint (a fresh machine, session 40) or resumed from an earlier one logs those steps again."""
        if state.is_world_process_zero and self.path.is_file():
            lines = [line for line in self.path.read_text().splitlines() if line.strip()]
            kept = [line for line in lines if json.loads(line).get("step", 0) <= state.global_step]
            if len(kept) < len(lines):
                atomic_write(self.path, "".join(line + "\n" for line in kept))

    def on_log(self, args, state, control, logs=None, **kwargs):
        if state.is_world_process_zero and logs:
            append_jsonl(self.path, {"step": state.global_step, "time": time.time(), **logs, **gpu_peak()})


def gpu_peak() -> dict:
    """This process's peak GPU memory so far, in GiB: what a user sizes a larger run by
    (under FSDP every rank holds about the same share, so rank 0's stands for all)."""
    import torch
    if not torch.cuda.is_available():
        return {}
    return {"gpu/peak_allocated_gib": round(torch.cuda.max_memory_allocated() / 2**30, 2),
            "gpu/peak_reserved_gib": round(torch.cuda.max_memory_reserved() / 2**30, 2)}


class StopAfter(TrainerCallback):
    """Saves a checkpoint and stops when the next `every` steps might not end before the deadline;
    the next run resumes there.

    Lets a run be cut into pieces that each fit a bounded session (a 10-minute GPU call, a laptop
    lid closing). It stops only after a multiple of `every` steps, and before a stretch of `every`
    steps that could run past the deadline, judged by the longest such stretch so far: GRPO's steps
    are uneven (the step that generates and verifies 256 rollouts took 186-252 s on an H200 in
    session 40, the three that reuse them 2 s each), and the rollouts of a stretch cut short are
    lost with it. Stopping only once the deadline had passed, two calls of 450-560 s each lost
    100-190 s of a round to the call's hard limit (session 40, runs rl24 and rl26).

    A process's first stretch is cold (the rollout copy's compiled decode step, the verifier's fresh
    workers): 214 s on an H100 where the later ones took 131-142 s (rl48c, session 73: generate 70
    against 45 s, reward 120 against 72-84 s). Judged by it, every call stopped after two rounds with
    a third's time left, so once a warm stretch has run the longest warm one decides."""

    def __init__(self, seconds: float | None, every: int = 1):
        self.deadline = None if not seconds else time.monotonic() + seconds
        self.every = max(1, every)
        self.stopped_early = False
        self.stretch_start = time.monotonic()
        self.stretches: list[float] = []

    @property
    def longest_stretch(self) -> float:
        warm = self.stretches[1:] or self.stretches
        return max(warm, default=0.0)

    def on_train_begin(self, args, state, control, **kwargs):
        self.stretch_start = time.monotonic()
        return control

    def on_step_end(self, args, state, control, **kwargs):
        if self.deadline is None or state.global_step % self.every:
            return control
        now = time.monotonic()
        self.stretches.append(now - self.stretch_start)
        self.stretch_start = now
        # Rank 0's clock decides for all: ranks that disagree would deadlock in the next collective.
        if main_value(now + self.longest_stretch > self.deadline) and state.global_step < state.max_steps:
            control.should_save = True
            control.should_training_stop = True
            self.stopped_early = True
        return control


@dataclass
class TrainResult:
    stage: str  # "sft" | "rl"
    out: Path
    policy: Policy  # what the run produced (adapter over base, or full model)
    steps: int
    finished: bool  # False when StopAfter cut it: re-run to resume
    wall_s: float
    final_loss: float | None
    metrics_path: Path
    distributed: str = "NO"  # accelerate's distributed_type: NO, MULTI_GPU (DDP), FSDP, DEEPSPEED
    processes: int = 1

    def to_dict(self) -> dict:
        d = asdict(self)
        d["policy"] = {"base": str(self.policy.base), "adapter": str(self.policy.adapter) if self.policy.adapter else None}
        return d


def save_final(trainer, tokenizer, out: Path, data: Path) -> None:
    """Adapter (or full model) plus tokenizer into out/final, written to a temp dir and renamed,
    with the prompt format of the training data (`data`), which eval then uses for this model."""
    import shutil
    from autotriton.models.prompts import read_prompt_format, write_prompt_format
    final = out / FINAL_DIR
    staging = out / f".{FINAL_DIR}.tmp"
    if trainer.accelerator.is_main_process and staging.exists():
        shutil.rmtree(staging)  # a leftover of a killed save; main only, or a late rank deletes the new one
    trainer.accelerator.wait_for_everyone()
    trainer.save_model(str(staging))
    if trainer.accelerator.is_main_process:
        tokenizer.save_pretrained(str(staging))
        write_prompt_format(staging, read_prompt_format(data))
        if final.exists():
            shutil.rmtree(final)
        staging.rename(final)
    trainer.accelerator.wait_for_everyone()


def adapter_to_bf16(src: Path, dst: Path) -> None:
    """A saved adapter's weights halved to bf16: LoRA r=16 on the 135M model is 19.5 MB in fp32, over
    the 16 MiB a shipped adapter, and a file returned from the lent GPU machine, may take."""
    import torch
    from safetensors.torch import load_file, save_file
    save_file({name: weight.to(torch.bfloat16) for name, weight in load_file(src).items()}, dst)


# A paused trainer's resume point, made small enough to travel to the next machine and made whole there
# (benchmarks/gpu_pipeline.sh). The lent GPU machine keeps /tmp only while warm, and a call returns 8
# files of at most 16 MiB; GRPO's LoRA checkpoint on the 135M model is 59 MB (the adapter 19.5 MB in
# float32, Adam's two moments 39 MB) and 29 MB with its float32 tensors in bf16. Without it a fresh
# machine restarted GRPO at step 0: rl48's steps 1-8 ran three times over sessions 56-57. bf16 keeps
# float32's range (Adam's second moment, about 1e-10 here, would underflow fp16) and 8 bits of mantissa:
# the resumed run starts from weights and moments within 0.4% of the saved ones, not bit-identical.
HALVED_MARK = "halved.json"


def halve_checkpoint(ckpt: Path, dst: Path) -> None:
    """`ckpt` copied to `dst` with every float32 tensor of its weights and optimizer state in bf16;
    `dst/halved.json` names them, for `restore_halved`."""
    import shutil
    import torch
    shutil.copytree(ckpt, dst)
    halved: dict[str, list] = {}
    for weights in dst.glob("*.safetensors"):
        names = _recast(weights, torch.float32, torch.bfloat16, None)
        halved[weights.name] = names
    if (dst / "optimizer.pt").is_file():
        optimizer = torch.load(dst / "optimizer.pt", map_location="cpu", weights_only=True)
        keys = []
        for param, state in optimizer["state"].items():
            for key, value in state.items():
                if torch.is_tensor(value) and value.dtype == torch.float32 and value.numel() > 1:  # not `step`
                    state[key] = value.to(torch.bfloat16)
                    keys.append([param, key])
        torch.save(optimizer, dst / "optimizer.pt")
        halved["optimizer.pt"] = keys
    write_json(dst / HALVED_MARK, halved)


def _recast(weights: Path, src, dst, names: set[str] | None) -> list[str]:
    """The tensors of a safetensors file that are of dtype `src` (and among `names`, if given) rewritten
    as `dst`, its metadata kept; returns their names."""
    from safetensors import safe_open
    from safetensors.torch import load_file, save_file
    with safe_open(weights, "pt") as f:
        metadata = f.metadata()
    tensors = load_file(weights)
    picked = [n for n, t in tensors.items() if t.dtype == src and (names is None or n in names)]
    save_file({n: t.to(dst) if n in picked else t for n, t in tensors.items()}, weights, metadata=metadata)
    return picked


def restore_halved(run: Path) -> list[Path]:
    """Every halved checkpoint under `run` (one level of stages down) back to float32 where it was;
    returns them. A checkpoint that is not halved is left alone."""
    import torch
    restored = []
    for mark in sorted(run.glob(f"*/checkpoint-*/{HALVED_MARK}")):
        ckpt, halved = mark.parent, json.loads(mark.read_text())
        for file, entries in halved.items():
            if file == "optimizer.pt":
                optimizer = torch.load(ckpt / file, map_location="cpu", weights_only=True)
                for param, key in entries:
                    state = optimizer["state"][param]
                    state[key] = state[key].to(torch.float32)
                torch.save(optimizer, ckpt / file)
            else:
                _recast(ckpt / file, torch.bfloat16, torch.float32, set(entries))
        mark.unlink()
        restored.append(ckpt)
    return restored


def load_trainable(policy: Policy, full: bool):
    """The policy's model with its adapter (if any) loaded trainable.

    `full` (every weight trains): float32 master weights, whatever the checkpoint's dtype, since
    bf16 weights drop updates below 2^-8 of their size (an lr of 1e-6 would change nothing).
    Adapters train in float32 on a base kept in its stored dtype."""
    import torch
    from transformers import AutoModelForCausalLM
    model = AutoModelForCausalLM.from_pretrained(policy.base, dtype=torch.float32 if full else "auto")
    if policy.adapter is not None:
        from peft import PeftModel
        model = PeftModel.from_pretrained(model, str(policy.adapter), is_trainable=True)
    return model


def finish_run(stage: str, trainer, tokenizer, policy: Policy, out: Path, stop: StopAfter, output,
               start: float, data: Path) -> TrainResult:
    """Save out/final when the run finished (not when paused), then record result.json."""
    finished = not stop.stopped_early
    if finished:
        save_final(trainer, tokenizer, out, data)
    result = TrainResult(stage, out, trained_policy(policy, out) if finished else policy,
                         trainer.state.global_step, finished, time.monotonic() - start,
                         output.training_loss if output else None, out / METRICS_FILE,
                         str(trainer.accelerator.distributed_type.value), trainer.accelerator.num_processes)
    if trainer.accelerator.is_main_process:
        write_json(out / "result.json", result.to_dict())
    return result
