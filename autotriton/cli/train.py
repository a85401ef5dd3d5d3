"""`autotriton train sft|rl` and `autotriton pipeline`. Thin: the work is in autotriton.train."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from autotriton.cli.data import _Bars, _progress
from autotriton.cli.errors import check_device, out_dir

train_app = typer.Typer(no_args_is_help=True, help="SFT and GRPO training (TRL).")
console = Console()


def _world_size() -> int:
    """Starts the process group (under accelerate launch) with a 3-hour collective timeout: ranks wait
    in a broadcast while the main process alone builds data (~22 min for the offline set) or evaluates,
    far past NCCL's default 10 minutes."""
    from datetime import timedelta

    from accelerate import PartialState
    return PartialState(timeout=timedelta(hours=3)).num_processes


SET_HELP = "repeatable: override one setting, KEY=VALUE with VALUE read as YAML (rl.learning_rate=1e-4)"


def _quick_eval(policy, out: Path, settings, steps: int) -> None:
    from autotriton.train.pipeline import run_eval_stage
    # one folder per trained step count: a resumed, longer run must not reuse the old verdicts
    result = run_eval_stage(policy, settings, out / f"eval-step{steps}", console.print)
    for channel, m in result["channels"].items():
        console.print(f"{channel}: exec {m['exec_pct']:.1f}%, compiled {m['compiled_pct']:.1f}%, "
                      f"rule violations {m['rule_violations']}")


def _train(stage: str, model: str, data: Path, config: Optional[Path], sets: list[str], out: Path,
           lora: Optional[bool], stop_after_s: Optional[float], evaluate: bool) -> None:
    from accelerate import PartialState
    from autotriton.train.common import resolve_policy
    from autotriton.train.config import RLSettings, SFTSettings, load_stage_settings, load_train_extras
    cls = SFTSettings if stage == "sft" else RLSettings
    settings = load_stage_settings(cls, config, stage, _world_size(), tuple(sets))
    eval_settings, loggers = load_train_extras(config, tuple(sets))  # checked before any model loads
    if stage == "rl":
        check_device(settings.verify.device, "rl.verify.device")
    if lora is not None and stage == "sft":
        settings.lora = lora
    policy = resolve_policy(model)
    if stage == "sft":
        from autotriton.train.sft import run_sft
        result = run_sft(policy, data, settings, out, stop_after_s, loggers)
    else:
        from autotriton.train.grpo import run_rl
        result = run_rl(policy, data, settings, out, stop_after_s, loggers)
    if not result.finished:
        console.print(f"paused at step {result.steps} (time budget); re-run the same command to resume")
        return
    console.print(f"{stage}: {result.steps} steps in {result.wall_s:.0f} s; model: {result.policy.spec}")
    if evaluate and PartialState().is_main_process:
        _quick_eval(result.policy, out, eval_settings, result.steps)


MODEL_HELP = "embedded | embedded:triton | hf:PATH[+adapter:DIR] | a model dir (local only; no downloads)"


@train_app.command("sft")
def sft_cmd(model: str = typer.Option("embedded", "--model", "-m", help=MODEL_HELP),
            data: Path = typer.Option(..., "--data", help="an `autotriton data build` output dir (uses sft/)"),
            config: Optional[Path] = typer.Option(None, "--config", "-c", help="YAML: SFT settings, or a pipeline config's `sft:`"),
            sets: list[str] = typer.Option([], "--set", help=SET_HELP.replace("rl.", "sft.")),
            lora: Optional[bool] = typer.Option(None, "--lora/--full", help="LoRA adapter or full fine-tuning"),
            out: Path = typer.Option(..., "--out", "-o", callback=out_dir,
                                     help="run dir (re-running resumes from the last checkpoint)"),
            stop_after_s: Optional[float] = typer.Option(None, help="checkpoint and stop after this many seconds"),
            evaluate: bool = typer.Option(True, "--eval/--no-eval", help="quick eval on builtin:heldout afterwards")) -> None:
    """Supervised fine-tuning on verified pairs (TRL SFTTrainer; loss on the assistant turn only)."""
    _train("sft", model, data, config, sets, out, lora, stop_after_s, evaluate)


@train_app.command("rl")
def rl_cmd(model: str = typer.Option(..., "--model", "-m", help=MODEL_HELP + "; usually SFT's: hf:BASE+adapter:SFT/final"),
           data: Path = typer.Option(..., "--data", help="an `autotriton data build` output dir (uses rl/)"),
           config: Optional[Path] = typer.Option(None, "--config", "-c", help="YAML: RL settings, or a pipeline config's `rl:`"),
           sets: list[str] = typer.Option([], "--set", help=SET_HELP),
           out: Path = typer.Option(..., "--out", "-o", callback=out_dir,
                                     help="run dir (re-running resumes from the last checkpoint)"),
           stop_after_s: Optional[float] = typer.Option(None, help="checkpoint and stop after this many seconds"),
           evaluate: bool = typer.Option(True, "--eval/--no-eval", help="quick eval on builtin:heldout afterwards")) -> None:
    """GRPO with the verifier's reward (TRL GRPOTrainer subclass; optional HRD token-level advantages)."""
    _train("rl", model, data, config, sets, out, None, stop_after_s, evaluate)


def pipeline_cmd(config: Path = typer.Option(..., "--config", "-c", help="pipeline YAML (configs/demo.yaml, gpu.yaml, ...)"),
                 sets: list[str] = typer.Option([], "--set", help=SET_HELP + ", eval.limit=5"),
                 out: Optional[Path] = typer.Option(None, "--out", "-o", callback=out_dir,
                                                    help="run dir; default runs/<config name>"),
                 stop_after_s: Optional[float] = typer.Option(None, help="pause (checkpointed) after this many seconds"),
                 redo: list[str] = typer.Option([], "--redo", help="repeatable: re-run this stage even if done"),
                 until: Optional[str] = typer.Option(None, "--until", help="stop once this stage is done (eval_sft: "
                                                                           "SFT and its eval, no GRPO)")) -> None:
    """data -> eval base -> SFT -> eval -> GRPO -> eval -> report. Re-running skips finished stages.
    Every setting the config may hold: `autotriton settings`."""
    from autotriton.train.config import load_pipeline_config
    from autotriton.train.pipeline import run_pipeline
    out = out_dir(out or Path("runs") / config.stem)
    cfg = load_pipeline_config(config, _world_size(), tuple(sets))
    for device, where in ((cfg.data.verify.device, "data.verify.device"), (cfg.rl.verify.device, "rl.verify.device"),
                          (cfg.eval.verify.device, "eval.verify.device")):
        check_device(device, f"{config}: {where}")
    with _progress() as bar:
        result = run_pipeline(cfg, out, say=bar.console.print, stop_after_s=stop_after_s, redo=tuple(redo),
                              progress=_Bars(bar), until=until)
    from accelerate import PartialState
    if not PartialState().is_main_process:
        raise typer.Exit(3 if result.status == "paused" else 0)
    if result.status == "paused":
        console.print(f"[yellow]paused[/]: re-run `autotriton pipeline -c {config} -o {out}` to continue")
        raise typer.Exit(3)
    if result.status == "stopped":
        console.print(f"[green]stopped after {until}[/]: ran {result.ran or 'nothing'}, skipped {result.skipped or 'nothing'}")
        return
    console.print(f"[green]pipeline complete[/]: ran {result.ran or 'nothing'}, skipped {result.skipped or 'nothing'}")
    console.print((out / "report" / "ablation.md").read_text())
    console.print(f"report: {result.report}")
