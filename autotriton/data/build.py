"""`autotriton data build`: tasks -> teachers -> validation -> decontamination -> export.

Stages and what each leaves in the output directory:
1. tasks: composed tasks (`tasks/compose/`) and harvested ones (`tasks/harvest/`);
   tasks overlapping an evaluation suite are dropped here (`decontam.jsonl`);
2. teachers: every candidate (template, inductor, llm) is verified with
   `verify_many`; one JSON line per candidate, with its verdict and error_kind, is
   appended to `candidates.jsonl` after each batch;
3. pair decontamination and deduplication of the verified pairs;
4. export (`export.py`): SFT and RL datasets (HF datasets on disk + JSONL) and a
   dataset card.

Resumable: a re-run reads `candidates.jsonl` and skips every (task, teacher)
already judged; a kill loses at most the batch in flight, and files are only
ever replaced atomically. The resolved config is written to `config.yaml`; a
re-run with different settings is refused rather than mixed.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Callable

from autotriton.data.io import append_jsonl, atomic_write, read_jsonl
from autotriton.tasks import Task, TaskError, task_from_source

Progress = Callable[[str, int, int], None]  # (stage, done, total)


@dataclass
class BuildConfig:
    compose_n: int = field(default=3000, metadata={"help": "composed tasks to generate (0 = none)"})
    compose_seed: int = field(default=0, metadata={"help": "compose seed; task i of a seed never changes"})
    harvest: list[str] = field(default_factory=list, metadata={"help": "harvest sources: dirs, files, pkg:NAME"})
    harvest_limit: int | None = field(default=None, metadata={"help": "cap on harvested (kept) tasks"})
    harvest_workers: int = field(default=0, metadata={"help": "harvest worker processes (0 = all cores)"})
    teachers: list[str] = field(default_factory=lambda: ["template"],
                                metadata={"help": "any of template (CPU), inductor (GPU), llm"})
    llm_model: str = field(default="embedded", metadata={"help": "model spec for the llm teacher"})
    llm_samples: int = field(default=4, metadata={"help": "answers sampled per task by the llm teacher"})
    llm_max_new_tokens: int = field(default=2048, metadata={"help": "completion cap for the llm teacher"})
    llm_temperature: float = field(default=0.7, metadata={"help": "llm teacher sampling temperature"})
    device: str = field(default="auto", metadata={"help": "verifier device: cpu, cuda or auto"})
    workers: int = field(default=0, metadata={"help": "verifier sandboxes (0 = all cores / 6 per GPU)"})
    batch_size: int = field(default=96, metadata={"help": "candidates verified per logged batch"})
    decontaminate_against: list[str] = field(default_factory=list,
                                             metadata={"help": "eval suites besides builtin:heldout"})
    timeout_s: float = field(default=120.0, metadata={"help": "verifier wall-clock limit per candidate"})

    @classmethod
    def from_yaml(cls, path: Path) -> "BuildConfig":
        import yaml
        raw = yaml.safe_load(path.read_text()) or {}
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(raw) - known)
        if unknown:
            raise TaskError(f"{path}: unknown build settings {unknown} (known: {sorted(known)})")
        return cls(**raw)


@dataclass
class TaskItem:
    """A training task with where it came from."""

    task: Task
    source_kind: str  # "compose" | "harvest"
    provenance: dict
    spec: dict | None = None  # compose grammar point (template teacher input)


# --------------------------------------------------------------- stage 1: tasks

def _composed(config: BuildConfig, out: Path) -> list[TaskItem]:
    from autotriton.data.compose import compose, write_tasks
    if config.compose_n <= 0:
        return []
    items = compose(config.compose_n, config.compose_seed)
    if not (out / "tasks" / "compose" / "manifest.jsonl").exists():
        write_tasks(items, out / "tasks" / "compose")
    return [TaskItem(c.task(), "compose", {"source": "compose", "seed": config.compose_seed, "family": c.spec["family"]},
                     c.spec) for c in items]


def _harvested(config: BuildConfig, out: Path, progress: Progress | None) -> list[TaskItem]:
    if not config.harvest:
        return []
    from autotriton.data.harvest import harvest
    hdir = out / "tasks" / "harvest"
    import os
    harvest(config.harvest, hdir, limit=config.harvest_limit, workers=config.harvest_workers or os.cpu_count() or 2,
            progress=(lambda d, t: progress("harvest", d, t)) if progress else None)
    items = []
    for rec in read_jsonl(hdir / "manifest.jsonl"):
        source = (hdir / rec["path"]).read_text()
        task = task_from_source(source, task_id=rec["task_id"], suite="harvest", level=int(rec.get("level", 1)))
        items.append(TaskItem(task, "harvest", rec.get("provenance", {})))
    return items


def load_tasks(config: BuildConfig, out: Path, index, progress: Progress | None = None) -> tuple[list[TaskItem], dict]:
    """Composed + harvested tasks, deduplicated and decontaminated; plus a report."""
    from autotriton.data.decontam import check
    from autotriton.data.normalize import fingerprint
    items = _composed(config, out) + _harvested(config, out, progress)
    seen: set[str] = set()
    kept, report = [], {"generated": len(items), "duplicate": 0, "exact_ast": 0, "ngram_overlap": 0}
    log = []
    for it in items:
        fp = fingerprint(it.task.prompt_source)
        if fp in seen:
            report["duplicate"] += 1
            continue
        seen.add(fp)
        verdict = check(it.task.prompt_source, index)
        if not verdict.keep:
            report[verdict.reason] += 1
            log.append({"stage": "task", "id": it.task.id, **asdict(verdict)})
            continue
        kept.append(it)
    atomic_write(out / "decontam_tasks.jsonl", "".join(json.dumps(r) + "\n" for r in log))
    report["kept"] = len(kept)
    return kept, report


# --------------------------------------------------------------- stage 2: teachers

@dataclass
class Candidate:
    """One teacher answer, before verification. `solution` None: the teacher gave none (reason says why)."""

    item: TaskItem
    teacher: str
    sample: int
    verify_task: Task  # what the code is judged against (the Inductor teacher's is fixed-shape)
    solution: object | None  # template.Solution
    reason: str = ""
    label: str = ""  # e.g. "extern_kernels" for Inductor output that calls cuBLAS


def _template_candidates(batch: list[TaskItem]) -> list[Candidate]:
    """Every style the template teacher has for each task (`template.styles`), one sample each:
    several distinct correct kernels per task, not one shape per family."""
    from autotriton.data.template import styles, teach
    return [Candidate(it, "template", i, it.task, teach(it.spec, style), label=style)
            for it in batch if it.spec for i, style in enumerate(styles(it.spec))]


def _capture_one(source: str, task_id: str, level: int) -> dict:
    import torch._inductor.config as ic
    ic.compile_threads = 1  # the pool's processes already use every core
    from autotriton.data.inductor_capture import capture
    return capture(task_from_source(source, task_id=task_id, suite="harvest", level=level)).to_dict()


def _inductor_candidates(batch: list[TaskItem], pool) -> list[Candidate]:
    from autotriton.data.inductor import fixed_shape_task, rewrite
    from autotriton.data.inductor_capture import Capture
    from autotriton.data.template import Solution
    futures = [pool.submit(_capture_one, it.task.source, it.task.id, it.task.level) for it in batch]
    out = []
    for it, fut in zip(batch, futures):
        try:
            cap = Capture(**fut.result())
        except Exception as exc:  # noqa: BLE001 - a module that kills or breaks the capture worker is data
            cap = Capture(it.task.id, False, f"capture worker failed: {type(exc).__name__}: {str(exc)[:300]}")
        fixed = fixed_shape_task(it.task, it.task.shapes_for("interp")[0])
        if not cap.ok:
            out.append(Candidate(it, "inductor", 0, fixed, None, f"capture_failed: {cap.reason}"))
            continue
        rw = rewrite(cap, it.task.source)
        if not rw.ok:
            label = "extern_kernels" if rw.extern else ""
            out.append(Candidate(it, "inductor", 0, fixed, None, f"rewrite_failed: {rw.reason}", label))
            continue
        out.append(Candidate(it, "inductor", 0, fixed, Solution(rw.reasoning, rw.code)))
    return out


def _llm_candidates(batch: list[TaskItem], backend, config: BuildConfig) -> list[Candidate]:
    from autotriton.data.llm_teacher import sample, split_answer
    from autotriton.models.base import SamplingParams
    params = SamplingParams(n=config.llm_samples, temperature=config.llm_temperature,
                            max_new_tokens=config.llm_max_new_tokens, seed=config.compose_seed)
    out = []
    for it, texts in zip(batch, sample(backend, [it.task for it in batch], params)):
        for s, text in enumerate(texts):
            sol = split_answer(text)
            out.append(Candidate(it, "llm", s, it.task, sol, "" if sol else "no_code: no ModelNew code block"))
    return out


def _record(c: Candidate, result) -> dict:
    sol = c.solution
    rec = {"task_id": c.item.task.id, "teacher": c.teacher, "sample": c.sample, "level": c.item.task.level,
           "source_kind": c.item.source_kind, "provenance": c.item.provenance,
           "prompt_source": c.verify_task.prompt_source, "task_source": c.verify_task.source,
           "reasoning": sol.reasoning if sol else "", "code": sol.code if sol else "", "label": c.label}
    if result is None:
        kind = c.reason.split(":")[0] or "no_solution"
        rec.update(correct=False, error_kind=kind, error_msg=c.reason[:2000], speedup=None)
    else:
        rec.update(correct=bool(result.correct), error_kind=result.error_kind.value,
                   error_msg=result.error_msg[:2000], speedup=result.speedup)
    return rec


def _verify_candidates(cands: list[Candidate], verifier) -> list[dict]:
    todo = [c for c in cands if c.solution is not None]
    results = verifier.verify_many([(c.verify_task, c.solution.answer()) for c in todo])
    by_id = {id(c): r for c, r in zip(todo, results)}
    return [_record(c, by_id.get(id(c))) for c in cands]


def run_teacher(teacher: str, items: list[TaskItem], config: BuildConfig, verifier, log_path: Path,
                progress: Progress | None = None) -> None:
    """Generate and verify one teacher's candidates for every task not yet in the log."""
    done = {r["task_id"] for r in read_jsonl(log_path) if r["teacher"] == teacher}
    todo = [it for it in items if it.task.id not in done and (teacher != "template" or it.spec)]
    total, finished = len(todo), 0
    pool = backend = None
    if teacher == "inductor" and todo:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor
        if verifier.mode != "gpu":
            raise TaskError("the inductor teacher needs a GPU (Inductor emits Triton only for CUDA devices)")
        pool = ProcessPoolExecutor(8, mp_context=mp.get_context("spawn"))
    if teacher == "llm" and todo:
        from autotriton.models import load_backend
        backend = load_backend(config.llm_model)
    try:
        for start in range(0, total, config.batch_size):
            batch = todo[start:start + config.batch_size]
            if teacher == "template":
                cands = _template_candidates(batch)
            elif teacher == "inductor":
                cands = _inductor_candidates(batch, pool)
            elif teacher == "llm":
                cands = _llm_candidates(batch, backend, config)
            else:
                raise TaskError(f"unknown teacher '{teacher}' (template, inductor, llm)")
            records = _verify_candidates(cands, verifier)
            if teacher == "llm":
                records = _explain_passing(records, cands, backend, config)
            for rec in records:
                append_jsonl(log_path, rec)
            finished += len(batch)
            if progress:
                progress(teacher, finished, total)
    finally:
        if pool:
            pool.shutdown()
        if backend:
            backend.close()


def _explain_passing(records: list[dict], cands: list[Candidate], backend, config: BuildConfig) -> list[dict]:
    from autotriton.data.llm_teacher import add_explanations
    from autotriton.models.base import SamplingParams
    passing = [i for i, r in enumerate(records) if r["correct"]]
    if not passing:
        return records
    params = SamplingParams(n=1, temperature=config.llm_temperature, max_new_tokens=config.llm_max_new_tokens)
    sols = add_explanations(backend, [(cands[i].verify_task, cands[i].solution) for i in passing], params)
    for i, sol in zip(passing, sols):
        records[i]["reasoning"] = sol.reasoning
    return records


# --------------------------------------------------------------- stages 3-4 and the whole build

def select_pairs(records: list[dict], index) -> tuple[list[dict], dict]:
    """Verified pairs, one per (task, teacher, code), minus those overlapping eval code."""
    from autotriton.data.decontam import check
    from autotriton.data.normalize import fingerprint
    report = {"verified": 0, "duplicate": 0, "exact_ast": 0, "ngram_overlap": 0, "dropped": []}
    seen, pairs = set(), []
    for r in records:
        if not r["correct"]:
            continue
        report["verified"] += 1
        key = (r["task_id"], fingerprint(r["code"]))
        if key in seen:
            report["duplicate"] += 1
            continue
        seen.add(key)
        verdict = check(r["code"], index)
        if not verdict.keep:
            report[verdict.reason] += 1
            report["dropped"].append({"task_id": r["task_id"], "teacher": r["teacher"], **asdict(verdict)})
            continue
        pairs.append(r)
    report["kept"] = len(pairs)
    return pairs, report


def _check_run_dir(out: Path, config: BuildConfig) -> None:
    import yaml
    out.mkdir(parents=True, exist_ok=True)
    path = out / "config.yaml"
    resolved = asdict(config)
    if path.exists():
        old = yaml.safe_load(path.read_text())
        # teachers may be added to a finished build; anything else changes the data
        same = {k: v for k, v in old.items() if k != "teachers"} == {k: v for k, v in resolved.items() if k != "teachers"}
        if not same:
            raise TaskError(f"{out} holds a build with different settings; use another -o to start fresh "
                            f"(old config: {path})")
    atomic_write(path, yaml.safe_dump(resolved, sort_keys=False))


@dataclass
class BuildReport:
    tasks: dict
    pairs: dict
    teachers: dict  # teacher -> {candidates, passed, pass_rate, error_kinds}
    sft_rows: int
    rl_rows: int
    elapsed_s: float
    out_dir: str

    def to_dict(self) -> dict:
        return asdict(self)


def teacher_stats(records: list[dict]) -> dict:
    from collections import Counter
    stats = {}
    for teacher in sorted({r["teacher"] for r in records}):
        rs = [r for r in records if r["teacher"] == teacher]
        passed = sum(r["correct"] for r in rs)
        kinds = Counter(r["error_kind"] for r in rs if not r["correct"])
        labels = Counter(r["label"] for r in rs if r.get("label"))
        stats[teacher] = {"candidates": len(rs), "passed": passed, "pass_rate": passed / max(1, len(rs)),
                          "error_kinds": dict(kinds.most_common()), "labels": dict(labels)}
    return stats


def run_build(config: BuildConfig, out: Path, progress: Progress | None = None) -> BuildReport:
    from autotriton.data.decontam import build_index
    from autotriton.data.export import export
    from autotriton.verify import Verifier, VerifyConfig
    start = time.perf_counter()
    _check_run_dir(out, config)
    index = build_index(config.decontaminate_against)
    items, task_report = load_tasks(config, out, index, progress)
    log_path = out / "candidates.jsonl"
    # Verdicts are cached inside the build dir: a resumed build reuses them, a new dir starts cold.
    vconfig = VerifyConfig(device=config.device, workers=config.workers, timeout_s=config.timeout_s,
                           measure_compile=False, cache_dir=str(out / "verify_cache"))
    with Verifier(vconfig) as verifier:
        for teacher in config.teachers:
            run_teacher(teacher, items, config, verifier, log_path, progress)
    kept_ids = {it.task.id for it in items}
    records = [r for r in read_jsonl(log_path) if r["task_id"] in kept_ids]
    pairs, pair_report = select_pairs(records, index)
    stats = teacher_stats(records)
    sft_rows, rl_rows = export(pairs, records, items, out, config, task_report, pair_report, stats)
    report = BuildReport(task_report, {k: v for k, v in pair_report.items() if k != "dropped"}, stats,
                         sft_rows, rl_rows, time.perf_counter() - start, str(out))
    atomic_write(out / "build_report.json", json.dumps(report.to_dict(), indent=2) + "\n")
    return report
