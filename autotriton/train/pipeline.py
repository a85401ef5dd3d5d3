"""`autotriton pipeline`: the paper end to end, resumable stage by stage.

    data -> eval_base -> sft -> eval_sft -> rl -> eval_rl [-> rl_norule -> eval_rl_norule] -> report

With `ablate_rule`, a second GRPO run starts from the same SFT policy with the rule
reward off (the paper's rule ablation): it reuses the first run's pass-rate
measurement, so both train on the same prompts and differ only in the reward.

Each stage works in its own folder under the run directory and ends by writing
`DONE.json` there, holding a hash of the settings it ran with. A re-run skips
every stage whose DONE.json matches, and refuses (with the stage named) one
that finished under other settings, rather than mixing them. Inside a stage,
the trainers resume from their last checkpoint and evals from their run log,
so a kill loses at most one step or one eval batch.

`stop_after_s` bounds one invocation's wall time: the trainers checkpoint and
stop at the deadline, no new stage starts after it, and the result says
`paused`; running the same command again continues.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from autotriton.eval.config import EvalConfig
from autotriton.rundir import changed_settings, write_settings
from autotriton.train.common import FINAL_DIR, Policy, main_value, resolve_policy, trained_policy, write_json
from autotriton.config import ConfigError, hash_record
from autotriton.train.config import PipelineConfig

STAGES = ("data", "eval_base", "sft", "eval_sft", "rl", "eval_rl", "rl_norule", "eval_rl_norule", "report")
ABLATION_STAGES = ("rl_norule", "eval_rl_norule")
# What a stage's output feeds: redoing a stage redoes these too (their outputs would be stale).
DOWNSTREAM = {"data": STAGES[2:], "eval_base": ("report",), "sft": STAGES[3:], "eval_sft": ("report",),
              "rl": ("eval_rl", "rl_norule", "eval_rl_norule", "report"), "eval_rl": ("report",),
              "rl_norule": ("eval_rl_norule", "report"), "eval_rl_norule": ("report",), "report": ()}
Say = Callable[[str], None]


@dataclass
class PipelineResult:
    out: Path
    status: str  # "done" | "paused" | "stopped" (after the --until stage)
    ran: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    report: Path | None = None


def _hash(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()[:16]


def stage_settings(config: PipelineConfig, stage: str) -> dict:
    """What a stage's output depends on; a change re-runs it (and, through its hash, its dependants)."""
    data = {"data_from": config.data_from} if config.data_from else {"data": hash_record(config.data)}
    base = {"model": config.model, **data}
    # only when set, so that runs made before sft_from existed keep their hash
    sft = {**base, "sft_from": adopted_adapter(config.sft_from)[1]} if config.sft_from else \
        {**base, "sft": hash_record(config.sft)}
    rl = {**sft, "rl": hash_record(config.rl)}
    norule = {**sft, "rl": hash_record(norule_settings(config))}
    ev = hash_record(config.eval)
    report = {**rl, "eval": ev, "eval_base": config.eval_base}
    if config.ablate_rule:  # only then, so that runs made before the ablation existed keep their hash
        report["ablate_rule"] = True
    return {"data": data, "eval_base": {"model": config.model, "eval": ev}, "sft": sft,
            "eval_sft": {**sft, "eval": ev}, "rl": rl, "eval_rl": {**rl, "eval": ev},
            "rl_norule": norule, "eval_rl_norule": {**norule, "eval": ev}, "report": report}[stage]


def adopted_adapter(spec: str) -> tuple[Path, dict]:
    """The adapter dir `sft_from` names and what identifies it (its path and weights' digest: the
    shipped adapter changes between releases under one spec)."""
    from autotriton.models.base import BackendError
    if spec == "embedded:triton":
        from autotriton.models.embedded import shipped_adapter_dir
        try:
            path = shipped_adapter_dir()
        except BackendError as exc:
            raise ConfigError(f"sft_from {spec}: {exc}") from None
    else:
        path = Path(spec).resolve()
    weights = path / "adapter_model.safetensors"
    if not (path / "adapter_config.json").is_file() or not weights.is_file():
        raise ConfigError(f"sft_from {spec}: not a LoRA adapter dir (adapter_config.json and "
                          "adapter_model.safetensors), nor embedded:triton")
    return path, {"spec": spec, "weights_sha256": hashlib.sha256(weights.read_bytes()).hexdigest()[:16]}


def adopt_adapter(spec: str, folder: Path) -> dict:
    """The sft stage when `sft_from` is set: the adapter copied into sft/final, where GRPO and
    eval_sft read a trained one (with its prompt.json, the prompt format it was trained with).
    Copied to a staging dir and renamed, as save_final does, so a killed copy is never final."""
    import shutil
    path, ident = adopted_adapter(spec)
    final, staging = folder / FINAL_DIR, folder / f".{FINAL_DIR}.tmp"
    if final.resolve() == path or final.resolve() in path.parents:
        raise ConfigError(f"sft_from {spec} is this run's own sft/final: pass --redo sft, or another --out")
    if staging.exists():
        shutil.rmtree(staging)
    shutil.copytree(path, staging)
    if final.exists():
        shutil.rmtree(final)
    staging.rename(final)
    return {"finished": True, "sft_from": ident, "policy": {"adapter": str(final)}}


def norule_settings(config: PipelineConfig):
    """The ablation's GRPO settings: the main run's, with the rule reward off."""
    from dataclasses import replace
    return replace(config.rl, rule_reward=False)


def done_record(out: Path, stage: str, config: PipelineConfig) -> dict | None:
    """The stage's DONE.json if it finished with these settings; raises if it finished with others.

    The hash decides (DONE.json files written before the settings were stored hold only
    it); the stored settings, when present, name what changed (`rundir.changed_settings`)."""
    path = out / stage / "DONE.json"
    if not path.is_file():
        return None
    record = json.loads(path.read_text())
    settings = stage_settings(config, stage)
    if record["settings_hash"] != _hash(settings):
        changed = changed_settings(record["settings"], settings) if "settings" in record else []
        raise ConfigError(f"stage '{stage}' in {out} finished with other settings"
                          + (f" (changed: {', '.join(changed)})" if changed else "")
                          + f"; pass --redo {stage} (which also redoes the stages that use its output) "
                          "or use another --out")
    return record


def mark_done(out: Path, stage: str, config: PipelineConfig, result: dict) -> None:
    settings = stage_settings(config, stage)
    write_json(out / stage / "DONE.json", {"stage": stage, "settings_hash": _hash(settings), "settings": settings,
                                          "finished": time.time(), "result": result})


def run_data(config: PipelineConfig, out: Path, say: Say, progress=None) -> dict:
    if config.data_from:
        source = Path(config.data_from)
        for split in ("sft", "rl"):
            if not (source / split).is_dir():
                raise ConfigError(f"data_from {source} has no {split}/ dataset (expected an `autotriton data build` dir)")
        return {"dir": str(source)}
    from autotriton.data.build import run_build
    report = run_build(config.data, out, progress=progress)
    say(f"data: {report.sft_rows} SFT pairs, {report.rl_rows} RL prompts")
    return {"dir": str(out), **report.to_dict()}


def run_eval_stage(policy: Policy, s: EvalConfig, out: Path, say: Say, deadline: float | None = None) -> dict | None:
    """The eval of `policy`; None when it stopped between batches at the deadline (resumed by the next call)."""
    from autotriton.eval.harness import evaluate
    from autotriton.models.hf import HFBackend
    from autotriton.train.report import local_provenance

    backend = HFBackend(str(policy.base), adapter=str(policy.adapter) if policy.adapter else None,
                        batch_size=s.sequences_per_call())
    progress = lambda done, total, note: say(  # noqa: E731
        f"  {out.name}: {done}/{total} samples" + (f" ({note})" if note else ""))
    try:
        result = evaluate(policy.spec, s, out, backend=backend, progress=progress,
                          command=f"autotriton pipeline (eval of {policy.spec})", deadline=deadline)
    finally:
        backend.close()
    if not result.finished:
        return None
    return {"channels": {k: m.to_dict() for k, m in result.metrics.items()}, "device": result.device,
            "provenance": local_provenance()}


@dataclass
class _Run:
    """One invocation's state: where, which settings, the deadline, what happened."""

    config: PipelineConfig
    out: Path
    say: Say
    deadline: float | None
    result: PipelineResult
    base: Policy  # resolved once, collectively: stages run on the main process alone must not resolve it
    progress: Callable[[str, int, int], None] | None = None  # the data build's bars

    def remaining_s(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.monotonic()

    def out_of_time(self) -> bool:
        left = self.remaining_s()
        return left is not None and left <= 0


def _run_stage(run: _Run, stage: str, data_dir: Path) -> dict | None:
    """Run one stage; None when a trainer or an eval was paused by the deadline."""
    from autotriton.train.grpo import run_rl
    from autotriton.train.sft import run_sft
    c, folder = run.config, run.out / stage
    if stage == "data":
        return run_data(c, folder, run.say, run.progress)
    if stage == "report":
        from autotriton.train.report import write_pipeline_report
        return {"html": str(write_pipeline_report(run.out, c))}
    base = run.base
    sft_policy = trained_policy(base, run.out / "sft")
    if stage == "sft" and c.sft_from:
        return adopt_adapter(c.sft_from, folder)
    if stage == "sft":
        r = run_sft(base, data_dir, c.sft, folder, run.remaining_s(), c.report_to)
    elif stage == "rl":
        r = run_rl(sft_policy, data_dir, c.rl, folder, run.remaining_s(), c.report_to)
    elif stage == "rl_norule":
        _reuse_pass_rates(run.out / "rl", folder)
        r = run_rl(sft_policy, data_dir, norule_settings(c), folder, run.remaining_s(), c.report_to)
    else:
        policy = {"eval_base": base, "eval_sft": sft_policy,
                  "eval_rl": trained_policy(sft_policy, run.out / "rl"),
                  "eval_rl_norule": trained_policy(sft_policy, run.out / "rl_norule")}[stage]
        return run_eval_stage(policy, c.eval, folder, run.say, run.deadline)
    return r.to_dict() if r.finished else None


def _reuse_pass_rates(rl_dir: Path, folder: Path) -> None:
    """The rule ablation starts from the same SFT policy with the same sampling settings, so the main
    run's pass rates hold for it: reusing them saves the measurement and keeps the prompts the same.
    (Selection always uses the strict reward, so both runs train on the same prompts.)"""
    import shutil
    from autotriton.train.select import RATES_FILE
    if (rl_dir / RATES_FILE).is_file() and not (folder / RATES_FILE).is_file():
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(rl_dir / RATES_FILE, folder / RATES_FILE)


TRAINING = ("sft", "rl", "rl_norule")  # every process runs these (accelerate/DeepSpeed/FSDP); the main process runs the rest


def _stage_on_processes(run: _Run, stage: str, data_dir: Path) -> dict | None:
    """Training stages on every process; data, evals and the report on the main one while the others wait."""
    from accelerate import PartialState
    state = PartialState()
    if stage in TRAINING and not (stage == "sft" and run.config.sft_from):  # adopting is a copy: main only
        result = _run_stage(run, stage, data_dir)
    else:
        outcome = None
        if state.is_main_process:
            try:
                outcome = ("ok", _run_stage(run, stage, data_dir))
            except Exception as exc:  # re-raised below, on every process, so no rank waits forever
                outcome = ("error", exc)
        kind, value = main_value(outcome)
        if kind == "error":
            if state.is_main_process:
                raise value
            raise RuntimeError(f"stage '{stage}' failed on the main process: {value!r}")
        result = value
    if result is not None and state.is_main_process:
        mark_done(run.out, stage, run.config, result)
    state.wait_for_everyone()
    return result


def run_pipeline(config: PipelineConfig, out: Path, say: Say = print, stop_after_s: float | None = None,
                 redo: tuple[str, ...] = (), progress=None, until: str | None = None) -> PipelineResult:
    """The stages in order, each skipped when done with these settings; `until`: stop once that
    stage is done (status "stopped"), e.g. eval_sft for SFT and its eval without GRPO."""
    from accelerate import PartialState
    for stage in redo + ((until,) if until else ()):
        if stage not in STAGES:
            raise ConfigError(f"unknown stage '{stage}' (stages: {', '.join(STAGES)})")
    if (until == "eval_base" and not config.eval_base) or (until in ABLATION_STAGES and not config.ablate_rule):
        raise ConfigError(f"--until {until}: that stage is off in this config (eval_base / ablate_rule)")
    main = PartialState().is_main_process
    if main:
        out.mkdir(parents=True, exist_ok=True)
        _write_config(out, config)
        _clear_for_redo(out, redo)
    PartialState().wait_for_everyone()
    say = say if main else (lambda _msg: None)
    deadline = time.monotonic() + stop_after_s if stop_after_s else None
    run = _Run(config, out, say, deadline, PipelineResult(out, "done"), resolve_policy(config.model), progress)
    data_dir = Path(config.data_from) if config.data_from else out / "data"
    for stage in STAGES:
        if (stage == "eval_base" and not config.eval_base) or (stage in ABLATION_STAGES and not config.ablate_rule):
            continue
        if done_record(out, stage, config) is not None:
            run.result.skipped.append(stage)
            say(f"{stage}: done earlier, skipped")
        else:
            if main_value(run.out_of_time()):
                run.result.status = "paused"
                say(f"time budget spent before {stage}; re-run the same command to continue")
                return run.result
            say(f"{stage}: running")
            if _stage_on_processes(run, stage, data_dir) is None:
                run.result.status = "paused"
                say(f"{stage}: paused at the time budget (checkpoint or run log kept); re-run the same command to continue")
                return run.result
            run.result.ran.append(stage)
        if stage == until:
            run.result.status = "stopped"
            say(f"stopped after {stage} (--until)")
            return run.result
    run.result.report = out / "report" / "index.html"
    return run.result


def _clear_for_redo(out: Path, redo: tuple[str, ...]) -> None:
    """Remove the redone stages and everything downstream of them: checkpoints and run logs in those
    folders would otherwise be resumed (zero new steps, stale verdicts) instead of redone. An RL stage
    redone from the same SFT policy keeps the pass rates measured before its GRPO: they are that
    policy's, each row with the sampling settings it was measured at (select.load_rates), and measuring
    rl48's 256 prompts again took about 20 minutes of an H200."""
    import shutil
    from autotriton.train.select import RATES_FILE
    stages = {s for r in redo for s in (r, *DOWNSTREAM[r])}
    same_policy = not stages & {"data", "sft"}
    for stage in stages:
        rates = out / stage / RATES_FILE
        kept = rates.read_bytes() if same_policy and stage in ("rl", "rl_norule") and rates.is_file() else None
        if (out / stage).is_dir():
            shutil.rmtree(out / stage)
        if kept is not None:
            rates.parent.mkdir(parents=True)
            rates.write_bytes(kept)


def _write_config(out: Path, config: PipelineConfig) -> None:
    """The resolved config, for the record. Not a guard: each stage's DONE.json is (a changed
    setting redoes only the stages it feeds, with --redo)."""
    write_settings(out / "config.yaml", asdict(config))
