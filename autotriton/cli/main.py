"""`autotriton` command line. Thin: parse arguments, call the library, render.

User mistakes (missing file, unknown task, malformed task) print one line and
exit 2, with no traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from autotriton.cli import render
from autotriton.cli.render import fail
from autotriton.cli.data import data_app
from autotriton.cli.train import pipeline_cmd, train_app
from autotriton.models.base import BackendError
from autotriton.tasks import TaskError, get_task, list_tasks

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="AutoTriton: verify, generate and train Triton kernels.")
tasks_app = typer.Typer(no_args_is_help=True, help="Browse task suites: built-in, KernelBench, TritonBench.")
app.add_typer(tasks_app, name="tasks")
app.add_typer(data_app, name="data")
app.add_typer(train_app, name="train")
app.command("pipeline")(pipeline_cmd)
console = Console()


def _config(device: str, no_cache: bool, timeout_s: float):
    from autotriton.verify import VerifyConfig
    return VerifyConfig(device=device, cache_dir=None if no_cache else "default", timeout_s=timeout_s)


@tasks_app.command("list")
def tasks_list(
    suite: str = typer.Option("builtin", help="suite spec: builtin[:train|heldout], kernelbench:PATH[:levels=1,2], "
                                              "tritonbench-g:PATH or tritonbench-t:PATH"),
    level: Optional[int] = typer.Option(None, help="only this level (1, 2 or 3)"),
    split: Optional[str] = typer.Option(None, help="train or heldout"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object per task, nothing truncated"),
) -> None:
    """List a suite's tasks with their channel, split, tags and shape settings."""
    from autotriton.eval.harness import resolve_suite
    if split not in (None, "train", "heldout"):
        fail(f"unknown split '{split}' (expected train or heldout)")
    try:
        items = resolve_suite(suite)
    except (TaskError, OSError, ValueError) as exc:
        fail(str(exc))
    rows = [_task_row(it) for it in items]
    rows = [r for r in rows if (level is None or r["level"] == level) and (split is None or r["split"] == split)]
    if as_json:
        for row in rows:
            print(json.dumps(row))
    elif console.is_terminal:
        console.print(render.task_rows_table(rows))
    else:  # piped: plain tab-separated lines, never cut to a terminal's width
        for r in rows:
            print("\t".join([r["id"], r["channel"], str(r["level"]), r["split"], ",".join(r["tags"]),
                             ",".join(s["name"] for s in r["shapes"])]))


def _task_row(item) -> dict:
    task = item.task
    if task is None:  # a TritonBench item: no shape settings, judged by its own test section
        return {"id": item.key, "channel": item.channel, "level": 0, "split": "heldout", "tags": [], "shapes": [],
                "path": item.tb_item.file}
    return {"id": task.id, "channel": item.channel, "level": task.level, "split": task.split, "tags": list(task.tags),
            "shapes": [{"name": s.name, "mode": s.mode, "overrides": s.overrides} for s in task.shapes],
            "path": task.path or ""}


@tasks_app.command("show")
def tasks_show(task_id: str = typer.Argument(..., help="e.g. builtin/l1/softmax"),
               solution: bool = typer.Option(False, help="also print the reference solution")) -> None:
    """Print a task's source and metadata."""
    try:
        task = get_task(task_id)
    except TaskError as exc:
        fail(str(exc))
    render.show_task(console, task, solution)


def _read_candidate(path: Path) -> str:
    if not path.is_file():
        fail(f"candidate file not found: {path}")
    try:
        text = path.read_text()
    except UnicodeDecodeError:
        fail(f"{path} is not a text file")
    from autotriton.verify import extract_code
    if extract_code(text) is None:
        fail(f"{path} holds no Python code defining ModelNew")
    return text


@app.command("verify")
def verify_cmd(
    candidate: Path = typer.Argument(..., help="candidate .py (or raw model output with a code block)"),
    task: str = typer.Option(..., "--task", "-t", help="built-in task id or path to a task .py file"),
    device: str = typer.Option("auto", help="cpu (Triton interpreter), cuda, or auto"),
    as_json: bool = typer.Option(False, "--json", help="print the result as JSON"),
    no_cache: bool = typer.Option(False, "--no-cache", help="ignore and do not write the result cache"),
    timeout_s: float = typer.Option(60.0, help="wall-clock limit for the candidate"),
) -> None:
    """Verify one candidate. Exit code 0 if and only if it is correct."""
    from autotriton.eval.loaders import with_signed_trials
    from autotriton.verify import Verifier
    if device not in ("auto", "cpu", "cuda"):
        fail(f"unknown device '{device}' (expected cpu, cuda or auto)")
    try:
        task_obj = get_task(task)
    except TaskError as exc:
        fail(str(exc))
    text = _read_candidate(candidate)
    with Verifier(_config(device, no_cache, timeout_s)) as verifier:
        # A task file whose get_inputs draws torch.rand is also checked on randn inputs, as eval does.
        (result,), (trial,) = with_signed_trials(verifier, [(task_obj, text)], verifier.verify_many([(task_obj, text)]))
    result.details["signed_trial"] = trial
    if as_json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        render.verdict(console, result)
    raise typer.Exit(0 if result.correct else 1)


@app.command("demo")
def demo(device: str = typer.Option("auto", help="cpu, cuda or auto"),
         no_cache: bool = typer.Option(False, "--no-cache", help="re-verify even if cached")) -> None:
    """Verify every built-in reference solution, then show cheating kernels being caught."""
    from autotriton.verify import Verifier
    from autotriton.verify.corpus import demo_hacks
    hacks = demo_hacks()
    tasks = [t for t in list_tasks() if t.solution_source]
    with Verifier(_config(device, no_cache, 120.0)) as verifier:
        console.print(f"[bold]Verifying {len(tasks)} reference solutions[/] "
                      f"({verifier.mode} mode, {verifier.n_workers()} workers)")
        results = render.run_with_progress(verifier, [(t, t.solution_source) for t in tasks], "references")
        console.print(render.summary_table(tasks, results))
        console.print("\n[bold]Cheating candidates (each must be rejected)[/]")
        hack_results = verifier.verify_many([(get_task(h.task_id), h.source) for h in hacks])
        console.print(render.hack_table(hacks, hack_results))
    bad_refs = sum(not r.correct for r in results)
    missed = sum(r.correct for r in hack_results)
    console.print(f"\nreferences passed: {len(results) - bad_refs}/{len(results)}; "
                  f"hacks rejected: {len(hack_results) - missed}/{len(hack_results)}")
    raise typer.Exit(0 if bad_refs == 0 and missed == 0 else 1)


def _backend(spec: str):
    from autotriton.models import BackendError, load_backend
    try:
        return load_backend(spec)
    except BackendError as exc:
        fail(str(exc))


def _sampling(samples: int, temperature: float, max_new_tokens: int, seed: int):
    from autotriton.models.base import SamplingParams
    return SamplingParams(n=samples, temperature=temperature, max_new_tokens=max_new_tokens, seed=seed)


@app.command("eval")
def eval_cmd(
    model: str = typer.Option("embedded", "--model", "-m", help="model spec: embedded | hf:PATH[+adapter:DIR] | "
                              "openai:MODEL@URL | vllm:PATH | reference | answers:DIR"),
    suite: list[str] = typer.Option(["builtin:heldout"], "--suite", "-s", help="repeatable: builtin[:train|heldout], "
                                    "kernelbench:PATH[:levels=1,2,3], tritonbench-g:PATH, tritonbench-t:PATH"),
    samples: int = typer.Option(1, help="samples per task"),
    k: str = typer.Option("1", "-k", help="comma-separated k values for pass@k (each <= samples)"),
    device: str = typer.Option("auto", help="cpu, cuda or auto"),
    out: Path = typer.Option(Path("runs/eval"), help="output directory (re-running resumes it)"),
    temperature: float = typer.Option(0.7), max_new_tokens: int = typer.Option(2048), seed: int = typer.Option(0),
    no_hack_rate: bool = typer.Option(False, help="skip the plain-allclose re-check used for the hack rate"),
    only_answered: bool = typer.Option(False, help="answers:DIR only: evaluate just the tasks that have an answer file"),
) -> None:
    """Evaluate a model on one or more suites; writes results.json, results.md, plots and report.html."""
    from rich.progress import Progress

    from autotriton.eval.harness import EvalConfig, RunLog, run_eval
    from autotriton.eval.report import markdown_table, write_report
    from autotriton.verify import Verifier
    try:
        ks = [int(x) for x in k.split(",")]
    except ValueError:
        fail(f"-k must be comma-separated integers, got '{k}'")
    if max(ks) > samples:
        fail(f"pass@{max(ks)} needs --samples >= {max(ks)}")
    config = EvalConfig(suites=list(suite), samples=samples, ks=ks, hack_rate=not no_hack_rate,
                        only_answered=only_answered, sampling=_sampling(samples, temperature, max_new_tokens, seed))
    backend = _backend(model)
    if only_answered and not hasattr(backend, "find"):
        fail("--only-answered needs --model answers:DIR")
    with Verifier(_config(device, False, 120.0)) as verifier, Progress(console=console) as bar:
        job = bar.add_task("eval", total=None)
        command = "autotriton " + " ".join(sys.argv[1:])

        def report(metrics, records):  # after every batch: a killed eval still has its report
            return write_report(metrics, records, out, model, verifier.device_name, command + " (partial)")
        try:
            metrics = run_eval(backend, model, config, verifier, out, on_batch=report,
                               progress=lambda done, total: bar.update(job, completed=done, total=total))
        except (TaskError, BackendError) as exc:
            fail(str(exc))
        records = RunLog(out / "runlog.jsonl").records
        paths = write_report(metrics, records, out, model, verifier.device_name, command)
    backend.close()
    console.print(markdown_table(metrics), markup=False)
    missing = getattr(backend, "missing", [])  # answers:DIR
    if missing:
        console.print(f"{len(missing)} tasks had no answer file (scored as no code): {', '.join(missing[:10])}"
                      + (" ..." if len(missing) > 10 else ""), markup=False)
    console.print(f"report: {paths['html']}")


@app.command("generate")
def generate_cmd(
    module: Path = typer.Argument(..., help="PyTorch file in the task contract (Model, get_inputs, get_init_inputs)"),
    model: str = typer.Option("embedded", "--model", "-m", help="model spec (see `autotriton eval --help`)"),
    n: int = typer.Option(8, "-n", help="candidates sampled in the first turn"),
    turns: int = typer.Option(3, help="refinement rounds with verifier feedback"),
    device: str = typer.Option("auto", help="cpu, cuda or auto"),
    temperature: float = typer.Option(0.7), max_new_tokens: int = typer.Option(2048), seed: int = typer.Option(0),
) -> None:
    """Turn a PyTorch module into a verified Triton one, written to MODULE_triton.py."""
    from rich.progress import Progress

    from autotriton.eval.generate import generate_kernel
    from autotriton.tasks import load_task_file
    from autotriton.verify import Verifier
    try:
        task = load_task_file(module)
    except TaskError as exc:
        fail(str(exc))
    backend = _backend(model)
    with Verifier(_config(device, False, 120.0)) as verifier, Progress(console=console) as bar:
        job = bar.add_task(f"generate ({n} samples, {turns} turns)", total=None)
        try:
            outcome = generate_kernel(task, backend, verifier, n=n, turns=turns,
                                      params=_sampling(1, temperature, max_new_tokens, seed),
                                      progress=lambda a: bar.advance(job))
        except BackendError as exc:
            fail(str(exc))
    backend.close()
    best = outcome.best
    report = render.generate_report(outcome)
    (module.parent / f"{module.stem}_triton_report.md").write_text(report)
    if not outcome.success:
        console.print(report, markup=False)
        console.print(f"[bold red]no candidate passed[/] after {len(outcome.attempts)} attempts; "
                      f"best: turn {best.turn} sample {best.sample}, {best.result.error_kind.value}")
        raise typer.Exit(1)
    target = module.parent / f"{module.stem}_triton.py"
    target.write_text(best.code)
    console.print(report, markup=False)
    console.print(f"[bold green]wrote {target}[/]")


@app.command("serve")
def serve_cmd(model: str = typer.Option("embedded", "--model", "-m", help="model spec"),
              host: str = typer.Option("127.0.0.1"), port: int = typer.Option(8000)) -> None:
    """Serve a model through an OpenAI-compatible /v1/chat/completions endpoint."""
    from autotriton.models.serve import serve
    backend = _backend(model)
    console.print(f"serving {model} on http://{host}:{port}/v1")
    serve(backend, host=host, port=port, model_name=model)


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
