"""`autotriton eval`: sample candidates for every task of the chosen suites, verify
them, and compute AutoTriton's table per channel.

Resumable: every answer is appended to `generated.jsonl` as soon as its batch is
generated, and its verdict to `runlog.jsonl` a few candidates at a time (one JSON
line each, flushed). Re-running the same command skips what the logs already hold:
it judges the answers generated but not yet judged before generating more, so
Ctrl-C loses at most the generation in flight or one chunk of verdicts.

Suites: `builtin[:train|heldout]`, `kernelbench:PATH[:levels=1,2,3]`,
`tritonbench-g:PATH`, `tritonbench-t:PATH` (parsed in `tasks/specs.py`).

The output directory is bound to the settings in `run.json` once it holds a
sample: a re-run with other settings is refused (`rundir.check_settings`), while
one after a start that failed before any sample simply replaces the record.
`run.json` also records the verifier's settings (not binding: a resume may judge
on another machine).

`evaluate` is the one entry point: `autotriton eval`, the pipeline's eval stages
and the Python API (`autotriton.evaluate`) all call it, with EvalConfig's defaults.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Callable

from autotriton.eval.config import EvalConfig
from autotriton.eval.metrics import ChannelMetrics, channel_metrics
from autotriton.models.prompts import initial_messages, prompt_trace_of
from autotriton.tasks.specs import parse_suite_spec, parse_suites, suite_tasks
from autotriton.models.answers import AnswersBackend
from autotriton.models.base import Backend, Generation
from autotriton.rundir import append_jsonl, atomic_write, check_settings, read_jsonl, write_settings
from autotriton.tasks import Task
from autotriton.verify import VERIFIER_VERSION, Verifier


@dataclass
class EvalItem:
    """One problem to sample for: a verifier task, or a TritonBench item."""

    key: str
    channel: str
    prompt: list[dict]
    task: Task | None = None
    tb_item: object | None = None
    # TritonBench: the item as the Task that answer-replaying backends (reference, answers:DIR)
    # look up; never verified, the item is judged by its own test section.
    answer_task: Task | None = None

    @property
    def backend_task(self) -> Task | None:
        return self.task or self.answer_task


def resolve_suite(text: str, limit: int = 0, rewrites_log: Path | None = None, trace: bool = False) -> list[EvalItem]:
    """Tasks of one suite spec (`tasks/specs.py`), each with its channel name and prompt: the
    first `limit` tasks (0 = all), then, with `:rewrites=K`, their kept rewrites
    (eval/robustness.py; checked ones are logged to and read back from `rewrites_log`).
    `trace`: prompts carry the op listing (TritonBench items have no Model to trace)."""
    spec = parse_suite_spec(text)
    if spec.kind in ("tritonbench-g", "tritonbench-t"):
        items = _tritonbench_items(spec)[:limit or None]
        if spec.rewrites:
            from autotriton.eval import tritonbench
            from autotriton.eval.robustness import REWRITTEN, tritonbench_rewrites
            rewritten = tritonbench_rewrites([it.tb_item for it in items], spec.rewrites, rewrites_log)
            items += [EvalItem(f"{it.channel}/{rw.id}", it.channel + REWRITTEN, tritonbench.prompt_messages(rw),
                               tb_item=rw, answer_task=tritonbench.answer_task(rw))
                      for it in items for rw in rewritten[it.tb_item.id]]
        return items
    tasks = suite_tasks(spec)[:limit or None]
    channel = {"builtin": "builtin", "dev": "dev", "harvest": "harvest", "kernelbench": "KernelBench"}[spec.kind]
    items = [EvalItem(t.id, f"{channel}-L{t.level}", initial_messages(t.prompt_source, trace), task=t) for t in tasks]
    if spec.rewrites:
        from autotriton.eval.robustness import REWRITTEN, task_rewrites
        rewritten = task_rewrites(tasks, spec.rewrites, rewrites_log)
        items += [EvalItem(r.id, f"{channel}-L{t.level}{REWRITTEN}", initial_messages(r.prompt_source, trace), task=r)
                  for t in tasks for r in rewritten[t.id]]
    return items


def suite_items(suites: list[str], limit: int = 0, rewrites_log: Path | None = None,
                trace: bool = False) -> list[EvalItem]:
    """The items of several suite specs. Two suites of one kind in one eval (a user's own
    KernelBench-format folder beside the real one) were merged into one channel, 130 tasks of
    "KernelBench-L1", and files of the same name shared one id (issue 33): a suite whose
    channels another suite already uses gets its own, `KernelBench-L1@<folder>`, and ids
    `<folder>:kernelbench/l1/...`. Suites that do not collide keep their names."""
    out: list[EvalItem] = []
    owner: dict[str, str] = {}  # channel -> the suite spec that named it first
    for n, text in enumerate(suites):
        items = resolve_suite(text, limit, rewrites_log, trace)
        if any(owner.get(it.channel, text) != text for it in items):
            path = parse_suite_spec(text).path
            tag = Path(path).name if path else "suite"
            if any(f"{it.channel}@{tag}" in owner for it in items):
                tag = f"{tag}{n + 1}"
            items = [replace(it, key=f"{tag}:{it.key}", channel=f"{it.channel}@{tag}") for it in items]
        for it in items:
            owner.setdefault(it.channel, text)
        out += items
    return out


def _tritonbench_items(spec) -> list[EvalItem]:
    from autotriton.eval import tritonbench
    from autotriton.tasks.tritonbench import load_tritonbench_g, load_tritonbench_t
    loader = load_tritonbench_g if spec.kind == "tritonbench-g" else load_tritonbench_t
    channel = "TritonBench-G" if spec.kind == "tritonbench-g" else "TritonBench-T"
    return [EvalItem(f"{channel}/{it.id}", channel, tritonbench.prompt_messages(it), tb_item=it,
                     answer_task=tritonbench.answer_task(it)) for it in loader(spec.path)]


GENERATED = "generated.jsonl"


def _read_generated(path: Path) -> dict[tuple[str, int], Generation]:
    """Answers already generated, by (key, sample). A cut-off call keeps them: on the H200 two
    520-s calls of KernelBench-L1 at batch 100 (generation, then verdicts at full size) both ended
    inside their first batch and kept nothing (session 38)."""
    return {(r["key"], r["sample"]): Generation(r["text"], r["prompt_tokens"], r["completion_tokens"],
                                                 r["finish_reason"]) for r in read_jsonl(path)}


class RunLog:
    """Append-only JSONL of per-sample records; the source of truth for resume.
    A line torn by a kill is dropped on reload and cut off before the next append (`rundir`)."""

    def __init__(self, path: Path):
        self.path = path
        self.records: list[dict] = read_jsonl(path)
        self.done = {(r["key"], r["sample"]) for r in self.records}

    def append(self, record: dict) -> None:
        append_jsonl(self.path, record)
        self.records.append(record)
        self.done.add((record["key"], record["sample"]))


def _claim_run_dir(out: Path, model: str, config: EvalConfig, verifier: Verifier, log: RunLog,
                   has_answers: bool) -> None:
    """Refuse to add samples to a log made with other settings; then record these."""
    meta = {"model": model, "suites": config.suites, "samples": config.samples, "mode": verifier.mode,
            "sampling": asdict(config.sampling())}
    if config.limit:
        meta["limit"] = config.limit
    if config.only_answered:
        meta["only_answered"] = True
    if config.prompt_trace:
        meta["prompt_trace"] = True
    meta["verifier"] = asdict(verifier.config)
    check_settings(out / "run.json", meta, has_output=bool(log.records) or has_answers, may_change=("verifier",))
    write_settings(out / "run.json", meta)


def score_batch(items: list[tuple[EvalItem, int, object]], verifier: Verifier, config: EvalConfig,
                keep: Callable[[dict], None] | None = None) -> list[dict]:
    """Verify (item, sample, generation) triples; returns log records, each also given to `keep`
    the moment it is final (its verdict, and for a rejected answer the plain-harness re-check), so
    a call cut off mid-batch keeps every verdict it reached."""
    keep = keep or (lambda _record: None)
    tasks = [(it, s, g) for it, s, g in items if it.task is not None]
    pairs = [(it.task, g.text) for it, _, g in tasks]
    records: list[dict | None] = [None] * len(tasks)
    recheck: list[int] = []  # rejected answers that parsed: the hack rate re-runs them in a plain harness

    def record(i: int, res, naive: bool | None) -> None:
        it, s, g = tasks[i]
        records[i] = {"key": it.key, "channel": it.channel, "task_id": it.key, "sample": s, "text": g.text,
                      "tokens": g.completion_tokens, "result": res.to_dict(), "naive_pass": naive,
                      "signed_trial": res.details.get("signed_trial"), "verifier": VERIFIER_VERSION}
        keep(records[i])

    def judged(i: int, res) -> None:
        if config.hack_rate and not res.correct and res.parsed:
            recheck.append(i)
        else:
            record(i, res, False if config.hack_rate else None)

    results = verifier.verify_each(pairs, judged)
    for i, passed in zip(recheck, verifier.naive_pass_many([pairs[i] for i in recheck])):
        record(i, results[i], passed)
    done = [r for r in records if r is not None]
    for it, s, g in items:
        if it.tb_item is not None:
            from autotriton.eval.tritonbench import score_tritonbench
            done.append({"key": it.key, "channel": it.channel, "task_id": it.key, "sample": s,
                         "text": g.text, "tokens": g.completion_tokens,
                         "naive_pass": None,  # no plain-harness re-check exists for TritonBench: not measured
                         "result": score_tritonbench(it.tb_item, g.text, verifier.mode)})
            keep(done[-1])
    return done


def run_eval(backend: Backend, model_spec: str, config: EvalConfig, verifier: Verifier, out: Path,
             progress: Callable[[int, int, str], None] | None = None,
             on_batch: Callable[[dict[str, ChannelMetrics], list[dict]], None] | None = None,
             deadline: float | None = None) -> dict[str, ChannelMetrics] | None:
    """Generate, verify and log every missing (task, sample); return metrics per channel.
    `on_batch(metrics so far, records so far)` runs after every batch, so a report can be
    rewritten as results arrive and a killed eval still leaves one. `progress(done, total, note)`
    before and after every batch: the note says what is being generated, then how long the batch
    took to generate and to verify. `deadline` (time.monotonic()): no batch is started that the
    longest one so far says would end past it, and None is returned; the same call resumes. A
    batch is the unit of work kept: on the H200 one took 341 s, and a 560-s call killed mid-batch
    lost 200 s of it (run 23). The longest batch is kept in out/batch_time.json, so a later call
    that resumes with less time left than a batch takes pauses at once instead of losing it.
    `config.judge` False: every answer is generated and none judged, and None is returned."""
    parse_suites(config.suites)  # a bad spec fails before anything is written
    log = RunLog(out / "runlog.jsonl")
    if config.prompt_trace is None:
        config = replace(config, prompt_trace=prompt_trace_of(model_spec))
    generated = _read_generated(out / GENERATED)
    _claim_run_dir(out, model_spec, config, verifier, log, has_answers=bool(generated))
    items = suite_items(config.suites, config.limit, out / "rewrites.jsonl", config.prompt_trace)
    if isinstance(backend, AnswersBackend):
        backend.check_covers([it.backend_task for it in items if it.backend_task is not None])
    if config.only_answered:
        items = [it for it in items if it.backend_task is not None and backend.find(it.backend_task, 0) is not None]
    total = len(items) * config.samples
    if progress:
        progress(len(log.done), total, "")
    longest = _longest_batch(out, config.batch_size)
    for start in range(0, len(items), config.batch_size):
        batch = items[start:start + config.batch_size]
        todo = [(it, [s for s in range(config.samples) if (it.key, s) not in log.done]) for it in batch]
        todo = [(it, missing) for it, missing in todo if missing]
        if not todo:
            continue
        if deadline is not None and longest and time.monotonic() + longest > deadline:
            if progress:
                progress(len(log.done), total, f"paused: a batch takes up to {longest:.0f} s, less is left")
            return None
        def note(text: str) -> None:
            if progress:
                progress(len(log.done), total, text)

        started = time.monotonic()
        triples = _answers(backend, config, todo, generated, out / GENERATED, note)
        generated_at = time.monotonic()
        if config.judge:
            every, done_before = 2 * verifier.n_workers(), len(log.done)

            def kept(record: dict) -> None:
                log.append(record)
                judged = len(log.done) - done_before
                if judged % every == 0 or judged == len(triples):
                    note(f"verified {judged}/{len(triples)} in {time.monotonic() - generated_at:.0f} s")

            score_batch(triples, verifier, config, kept)
        longest = max(longest, time.monotonic() - started)
        atomic_write(out / "batch_time.json", json.dumps({"batch_size": config.batch_size, "longest_s": longest}) + "\n")
        note(f"generate {generated_at - started:.0f} s, " + (f"verify {time.monotonic() - generated_at:.0f} s"
                                                              if config.judge else "judged elsewhere"))
        if on_batch and config.judge:
            on_batch(*_metrics(log, items, config))
    if not config.judge:
        if progress:
            progress(len(log.done), total, f"all {total} answers are in {GENERATED}; none judged here")
        return None
    return _metrics(log, items, config)[0]


def _answers(backend: Backend, config: EvalConfig, todo: list[tuple[EvalItem, list[int]]],
             generated: dict[tuple[str, int], Generation], path: Path,
             note: Callable[[str], None]) -> list[tuple[EvalItem, int, Generation]]:
    """(item, sample, answer) for every missing sample of `todo`: those generated by an earlier
    call that was cut off before judging them, then the rest, generated now and appended to
    `path` (and `generated`) before any is judged."""
    need = [(it, [s for s in missing if (it.key, s) not in generated]) for it, missing in todo]
    need = [(it, missing) for it, missing in need if missing]
    kept = sum(len(m) for _, m in todo) - sum(len(m) for _, m in need)
    if need:
        note(f"generating {sum(len(m) for _, m in need)} answers" + (f" ({kept} kept from before)" if kept else ""))
        tasks = [it.backend_task for it, _ in need]
        gens = backend.generate([it.prompt for it, _ in need],
                                replace(config.sampling(), n=max(len(m) for _, m in need)),
                                tasks=tasks if all(tasks) else None)
        for (it, missing), gs in zip(need, gens):
            for s, g in zip(missing, gs):
                generated[(it.key, s)] = g
                append_jsonl(path, {"key": it.key, "sample": s, **asdict(g)})
    else:
        note(f"judging {kept} answers generated before")
    return [(it, s, generated[(it.key, s)]) for it, missing in todo for s in missing]


def _longest_batch(out: Path, batch_size: int) -> float:
    """The longest batch an earlier call of this eval took; 0 when none ran at this batch size."""
    path = out / "batch_time.json"
    if not path.is_file():
        return 0.0
    kept = json.loads(path.read_text())
    return float(kept["longest_s"]) if kept.get("batch_size") == batch_size else 0.0


def _metrics(log: RunLog, items: list[EvalItem], config: EvalConfig) -> tuple[dict[str, ChannelMetrics], list[dict]]:
    keys = {it.key for it in items}
    records = [r for r in log.records if r["key"] in keys and r["sample"] < config.samples]
    channels = sorted({r["channel"] for r in records})
    return {c: channel_metrics(c, [r for r in records if r["channel"] == c], config.ks) for c in channels}, records


@dataclass
class EvalResult:
    """What `evaluate` returns: metrics per channel, the device that judged, the report files;
    `finished` False when it stopped at its deadline (metrics and reports then empty: the run log
    and the report written after the last batch hold what was done)."""

    metrics: dict[str, ChannelMetrics]
    device: str
    reports: dict[str, str]
    finished: bool = True


def evaluate(model: str, config: EvalConfig | None = None, out: Path | str = "runs/eval", *,
             backend: Backend | None = None,
             progress: Callable[[int, int, str], None] | None = None, command: str | None = None,
             deadline: float | None = None) -> EvalResult:
    """Evaluate `model` (a model spec: `embedded:triton`, `hf:PATH`, `openai:NAME@URL`...) on
    `config.suites`, as `autotriton eval`, the pipeline's eval stages and the Python API all do:
    writes runlog.jsonl, run.json, results.json/md, plots and report.html under `out` (the report
    after every batch too, so a killed run leaves one), resumes a run that was stopped, and
    returns the metrics per channel. `backend`: an already loaded model (the pipeline's trained
    policy), closed by its owner. The judge's settings are `config.verify`. `deadline`
    (time.monotonic()): stop between batches before it (run_eval), unfinished."""
    from autotriton.eval.report import write_report
    from autotriton.models import load_backend
    config, out = config or EvalConfig(), Path(out)
    command = command or f"autotriton.evaluate({model!r})"
    own = backend is None
    if own:
        backend = load_backend(model, batch_size=config.sequences_per_call())
    try:
        with Verifier(config.verify) as verifier:
            verifier.ready()

            def report(metrics, records):  # after every batch
                return write_report(metrics, records, out, model, verifier.device_name, command + " (partial)")
            metrics = run_eval(backend, model, config, verifier, out, progress=progress, on_batch=report,
                               deadline=deadline)
            if metrics is None:
                return EvalResult({}, verifier.device_name, {}, finished=False)
            paths = write_report(metrics, RunLog(out / "runlog.jsonl").records, out, model, verifier.device_name,
                                 command)
            return EvalResult(metrics, verifier.device_name, {k: str(v) for k, v in paths.items()})
    finally:
        if own:
            backend.close()
