"""`autotriton data build`: tasks -> teachers -> validation -> decontamination -> export.

Stages and what each leaves in the output directory:
1. tasks: composed tasks (`tasks/compose/`) and harvested ones (`tasks/harvest/`);
   tasks overlapping an evaluation suite are dropped here (`decontam.jsonl`);
2. teachers (`teachers/`): every candidate (template, inductor, llm) is verified with
   `verify_many`; one JSON line per candidate, with its verdict and error_kind, is
   appended to `candidates.jsonl` after each batch;
3. pair decontamination and deduplication of the verified pairs;
4. export (`export.py`): SFT and RL datasets (HF datasets on disk + JSONL) and a
   dataset card.

Resumable: a re-run reads `candidates.jsonl` and skips every (task, teacher)
already judged; a kill loses at most the batch in flight, and files are only
ever replaced atomically. The resolved config is written to `config.yaml`; once
the folder holds any output, a re-run with different settings is refused rather
than mixed (teachers may be added). A start that failed before writing anything
else binds nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Callable, ClassVar, Iterable

from autotriton.config import ConfigError, apply_overrides, check_at_least, from_dict, hash_record, load_yaml
from autotriton.data.teachers import Candidate, Solution, TaskItem, Teacher
from autotriton.data.teachers.inductor import teacher_version
from autotriton.rundir import append_jsonl, atomic_write, check_settings, holds_output, read_jsonl, write_settings
from autotriton.tasks import TaskError, task_from_source
from autotriton.verify import config as verify_config
from autotriton.verify.config import VerifyConfig
from autotriton.verify.extract import extract_code

Progress = Callable[[str, int, int], None]  # (stage, done, total)


@dataclass
class BuildConfig:
    compose_n: int = field(default=3000, metadata={"help": "composed tasks to generate (0 = none)"})
    compose_seed: int = field(default=0, metadata={"help": "compose seed; task i of a seed never changes"})
    expr_n: int = field(default=0, metadata={"help": "elementwise expression tasks to add (data/exprs.py)"})
    focus_n: int = field(default=0, metadata={"help": "level-1 tasks to add of the families the grammar draws rarely: "
                                                       "pooling, embeddings, group norms, losses (compose.FOCUS_WEIGHTS)"})
    idiom_n: int = field(default=0, metadata={"help": "idiom tasks to add: losses, products, scans and norms as people "
                                                       "write them (data/idioms.py)"})
    block_n: int = field(default=0, metadata={"help": "block tasks to add: a norm then a projection, gated pairs, "
                                                       "attention, pre-norm MLPs (data/blocks.py), answered in segments"})
    harvest: list[str] = field(default_factory=list, metadata={"help": "harvest sources: dirs, files, pkg:NAME"})
    harvest_limit: int | None = field(default=None, metadata={"help": "cap on harvested (kept) tasks"})
    harvest_workers: int = field(default=0, metadata={"help": "harvest worker processes (0 = all cores)"})
    teachers: list[str] = field(default_factory=lambda: ["template"],
                                metadata={"help": "any of template, inductor (Inductor's Triton for the judging device), llm"})
    llm_model: str = field(default="embedded", metadata={"help": "model spec for the llm teacher"})
    llm_samples: int = field(default=4, metadata={"help": "answers sampled per task by the llm teacher"})
    llm_max_new_tokens: int = field(default=2048, metadata={"help": "completion cap for the llm teacher"})
    llm_temperature: float = field(default=0.7, metadata={"help": "llm teacher sampling temperature"})
    batch_size: int = field(default=96, metadata={"help": "candidates verified per logged batch"})
    decontaminate_against: list[str] = field(default_factory=list,
                                             metadata={"help": "eval suites besides builtin:heldout"})
    verify: VerifyConfig = field(default_factory=lambda: VerifyConfig(timeout_s=120.0), metadata={
        "help": "the judge of teacher answers (verify.device: cpu, cuda or auto; verify.workers: sandboxes, 0 = all "
                "cores / 6 per GPU; verify.timeout_s: 120 s without an answer from the candidate, 4 times it in all)"})
    prompt_trace: bool = field(default=False, metadata={
        "help": "prompts carry the reference's ATen op listing (tasks/trace.py); models trained on it are evaluated with it"})
    rl_holdout: float = field(default=0.0, metadata={
        "help": "share of tasks kept out of SFT and given to RL alone (by a hash of the task id); 0 = RL gets every "
                "task, SFT's included"})

    YAML_RENAMED: ClassVar[dict] = {"device": "verify.device", "workers": "verify.workers", "timeout_s": "verify.timeout_s"}
    YAML_NAME: ClassVar[str] = "build settings"
    # The stage hash's record (autotriton/config.py, hash_record): every field, as first run.
    HASHED: ClassVar[tuple] = (
        "compose_n", "compose_seed", "harvest", "harvest_limit", "harvest_workers", "teachers", "llm_model",
        "llm_samples", "llm_max_new_tokens", "llm_temperature", "verify.device", "verify.workers", "batch_size",
        "decontaminate_against", "verify.timeout_s")
    HASHED_AS: ClassVar[dict] = {"verify.device": "device", "verify.workers": "workers", "verify.timeout_s": "timeout_s"}
    HASHED_IF_SET: ClassVar[tuple] = ("prompt_trace", "expr_n", "idiom_n", "focus_n", "block_n", "rl_holdout") + verify_config.HASHED_IF_SET
    NOT_HASHED: ClassVar[tuple] = verify_config.NOT_HASHED

    def __post_init__(self):
        check_at_least(self, {"compose_n": 0, "expr_n": 0, "idiom_n": 0, "focus_n": 0, "block_n": 0, "harvest_limit": 0, "harvest_workers": 0, "llm_samples": 1,
                              "llm_max_new_tokens": 1, "llm_temperature": 0.0, "batch_size": 1, "rl_holdout": 0.0})
        if self.rl_holdout >= 1.0:
            raise ConfigError(f"rl_holdout must be below 1 (the share of tasks kept from SFT), not {self.rl_holdout}")

    @classmethod
    def from_yaml(cls, path: Path | None, overrides: tuple[str, ...] = ()) -> "BuildConfig":
        """`data build -c`: a flat BuildConfig file (or a pipeline config's `data:` section)."""
        raw = load_yaml(path) if path else {}
        if isinstance(raw.get("data"), dict):  # BuildConfig has no `data` field
            raw = raw["data"]
        raw = apply_overrides(raw, tuple(o.removeprefix("data.") for o in overrides))
        return from_dict(cls, raw, path.name if path else "build")


# --------------------------------------------------------------- stage 1: tasks

def _composed(config: BuildConfig, out: Path) -> list[TaskItem]:
    from autotriton.data.compose import compose, compose_focus, write_tasks
    from autotriton.data.exprs import compose_exprs
    from autotriton.data.blocks import compose_blocks
    from autotriton.data.idioms import compose_idioms
    seed = config.compose_seed
    items = (compose(config.compose_n, seed) + compose_exprs(config.expr_n, seed) + compose_idioms(config.idiom_n, seed)
             + compose_focus(config.focus_n, seed) + compose_blocks(config.block_n, seed))
    if not items:
        return []
    # Written on every run, not once: a resumed build whose generator changed (data v16's expression
    # trees) kept the old files beside the new tasks. About 2 s for 2,800 tasks.
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
    from autotriton.tasks.heldout import is_heldout
    items = []
    # by id: harvest workers append to the manifest as they finish, so its order varies by run
    for rec in sorted(read_jsonl(hdir / "manifest.jsonl"), key=lambda r: r["task_id"]):
        if is_heldout(rec["fingerprint"]):  # the development suite's real modules (harvest/split.py)
            continue
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

def _open_teacher(name: str, config: BuildConfig, verifier) -> Teacher:
    """The teacher a build config names (see `teachers/`)."""
    if name == "template":
        from autotriton.data.teachers.template import TemplateTeacher
        return TemplateTeacher()
    if name == "inductor":
        from autotriton.data.teachers.inductor import InductorTeacher
        # Kernels written for the device that judges them; on a CPU by Inductor's Triton backend
        # for CPU tensors (inductor/capture.py). A capture takes a core, as a verification does.
        gpu = verifier.mode == "gpu"
        return InductorTeacher(device="cuda" if gpu else "cpu", workers=8 if gpu else max(1, (os.cpu_count() or 2) // 2))
    if name == "llm":
        from autotriton.data.teachers.llm import LLMTeacher
        from autotriton.models import load_backend
        from autotriton.models.base import SamplingParams
        sample = SamplingParams(n=config.llm_samples, temperature=config.llm_temperature,
                                max_new_tokens=config.llm_max_new_tokens, seed=config.compose_seed)
        explain = SamplingParams(n=1, temperature=config.llm_temperature, max_new_tokens=config.llm_max_new_tokens)
        return LLMTeacher(load_backend(config.llm_model), sample, explain)
    raise TaskError(f"unknown teacher '{name}' (template, inductor, llm)")


def _record(c: Candidate, result, device: str) -> dict:
    sol = c.solution
    rec = {"device": device, "task_id": c.item.task.id, "teacher": c.teacher, "sample": c.sample, "level": c.item.task.level,
           "source_kind": c.item.source_kind, "provenance": c.item.provenance,
           "prompt_source": c.verify_task.prompt_source, "task_source": c.verify_task.source,
           "item_source": source_digest(c.item.task.source),
           "reasoning": sol.reasoning if sol else "", "code": sol.code if sol else "", "label": c.label}
    if result is None:
        kind = c.reason.split(":")[0] or "no_solution"
        rec.update(correct=False, error_kind=kind, error_msg=c.reason[:2000], speedup=None)
    else:
        rec.update(correct=bool(result.correct), error_kind=result.error_kind.value,
                   error_msg=result.error_msg[:2000], speedup=result.speedup)
    return rec


def _verify_candidates(cands: list[Candidate], verifier) -> list[dict]:
    """Each candidate's record; an answer that two candidates give to one task is judged once
    (Verifier.verify_each)."""
    todo = [c for c in cands if c.solution is not None]
    judged = verifier.verify_many([(c.verify_task, c.solution.answer()) for c in todo])
    by_id = {id(c): res for c, res in zip(todo, judged)}
    device = verifier.config.resolved_device()
    return [_record(c, by_id.get(id(c)), device) for c in cands]


def _explain_passing(records: list[dict], cands: list[Candidate], teacher: Teacher) -> list[dict]:
    """The teacher's final reasoning for each candidate that verified (records are in `cands` order)."""
    passing = [i for i, r in enumerate(records) if r["correct"]]
    if not passing:
        return records
    for i, sol in zip(passing, teacher.explain([cands[i] for i in passing])):
        records[i]["reasoning"] = sol.reasoning
    return records


# Teachers whose answers are a function of the task alone (no model, no sampling, no GPU): on resume
# each logged answer is written again, and a task whose answer changed is judged again. Data v16
# changed the elementwise answers of 1,296 tasks whose sources stayed the same; the resume had kept
# the old verdicts, and the build was started from a log with those tasks' records cut out by hand.
REPRODUCIBLE = frozenset({"template"})


def _failed_under_other_code(teacher: str, record: dict) -> bool:
    """An Inductor candidate that failed under other rewriter code, which a resumed build captures
    and judges again (teacher_version). Kept pairs stay: they were verified as they are, and so do
    tasks that failed to build before any code of the teacher's ran (lazy modules' uninitialised
    parameters: 10 of the first 64 a resumed build judged again)."""
    built = not (record.get("error_msg") or "").startswith("capture_failed: task failed to build")
    return teacher == "inductor" and not record["correct"] and built and record.get("teacher_version") != teacher_version()


def run_teacher(name: str, items: list[TaskItem], config: BuildConfig, verifier, log_path: Path,
                progress: Progress | None = None) -> None:
    """Generate and verify one teacher's candidates for every task not yet in the log (or, for a
    reproducible teacher, whose answer is not the logged one)."""
    logged = [r for r in current_records(read_jsonl(log_path), items) if r["teacher"] == name]
    done = {r["task_id"] for r in logged if not _failed_under_other_code(name, r)}
    pending = [it for it in items if it.task.id not in done]
    rewrite = name in REPRODUCIBLE and bool(logged)
    if not pending and not rewrite:
        return  # nothing to do: do not start a model or a GPU compile pool
    teacher = _open_teacher(name, config, verifier)
    try:
        if rewrite:
            judge_again, reworded = _answers_changed(teacher, [it for it in items if it.task.id in done], logged)
            pending += judge_again
            for rec in reworded:
                append_jsonl(log_path, rec)
        todo = teaching_order([it for it in pending if teacher.teaches(it)])
        for start in range(0, len(todo), config.batch_size):
            batch = todo[start:start + config.batch_size]
            cands = teacher.candidates(batch)
            records = _explain_passing(_verify_candidates(cands, verifier), cands, teacher)
            for rec in records:
                if name == "inductor":
                    rec["teacher_version"] = teacher_version()
                append_jsonl(log_path, rec)
            if progress:
                progress(name, start + len(batch), len(todo))
    finally:
        teacher.close()


def teaching_order(items: list[TaskItem]) -> list[TaskItem]:
    """Lowest level first, so a build stopped early holds the pairs a model can learn from: the
    Inductor teacher's level-3 answers on harvested modules run to a median of 15,681 tokens (7 of
    422 under 2,048, 91 under 4,096), its level-1 ones to 1,532 (61 of 82 under 2,048; SmolLM2's
    tokenizer, the cpu6 build, session 72), and in id order the 153 level-1 and level-2 tasks left
    waited behind about 1,250 of level 3. Within a level, the shortest task source first: by
    quartile of source length, the cpu6 build's 897 level-3 records verified 190, 148, 129 and 85
    of about 224, with answers of 6,074 to 54,547 characters (medians; session 78)."""
    return sorted(items, key=lambda it: (it.task.level, len(it.task.source), it.task.id))


def _answers_changed(teacher: Teacher, items: list[TaskItem],
                     logged: list[dict]) -> tuple[list[TaskItem], list[dict]]:
    """The tasks among `items` whose answers `teacher` now writes otherwise than the log holds, and
    the records of answers whose reasoning alone changed. A verdict is of the code the verifier
    extracts from the answer: where that code is the logged one (data v19 reworded the reasoning of
    2,000-odd row and product answers, not their code), the logged verdict stands under the new
    reasoning; any other change is judged again."""
    held = {(r["task_id"], r["sample"]): r for r in logged}
    now = teacher.candidates([it for it in items if teacher.teaches(it)])
    judge_again, reworded = set(), []
    for c in now:
        old = held.get((c.item.task.id, c.sample))
        if old is None or c.solution is None:
            judge_again.add(c.item.task.id)
        elif (old["reasoning"], old["code"]) == (c.solution.reasoning, c.solution.code):
            continue
        elif old["code"] and old["error_kind"] != "timeout" and _same_code(old, c.solution):
            # (a timeout may be the machine's load, not the code's: the verifier never caches one)
            reworded.append(dict(old, reasoning=c.solution.reasoning, verdict_of="code"))
        else:
            judge_again.add(c.item.task.id)
    return [it for it in items if it.task.id in judge_again], reworded


def _same_code(record: dict, solution: Solution) -> bool:
    """Whether the verifier would run the same module for `solution` as it ran for `record`."""
    before = extract_code(Solution(record["reasoning"], record["code"]).answer())
    return record["code"] == solution.code and before is not None and before == extract_code(solution.answer())


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


def _claim_run_dir(out: Path, config: BuildConfig) -> None:
    """Refuse to add to a build made with other settings; then record these in config.yaml."""
    # The explicit record (hash_record), not asdict: builds recorded before `verify:` was a section
    # named device, workers and timeout_s flat, and still resume.
    record, resolved = out / "config.yaml", hash_record(config)
    # Teachers may be added to a finished build, and where candidates are judged may change on
    # resume (a build begun on a CPU can finish on a GPU machine): each record names the device
    # that judged it, and the card counts them. The prompt format is applied at export, so a
    # finished build can be exported again with the op listing. A harvest may go further (a larger
    # harvest_limit adds the tasks of files it had not reached; the 589 first harvested came from
    # 570 of transformers' 2,544 model files). Anything else changes the data.
    check_settings(record, resolved, holds_output(out, record),
                   may_change=("teachers", "device", "workers", "batch_size", "prompt_trace", "harvest_limit",
                               "harvest_workers"),
                   hint="use another -o to start fresh")
    write_settings(record, resolved)


@dataclass
class BuildReport:
    tasks: dict
    pairs: dict
    teachers: dict  # teacher -> {candidates, passed, pass_rate, error_kinds, labels, judged_on}
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
        devices = Counter(r.get("device", "unrecorded") for r in rs)  # records before 2026-11-27 lack it
        stats[teacher] = {"candidates": len(rs), "passed": passed, "pass_rate": passed / max(1, len(rs)),
                          "error_kinds": dict(kinds.most_common()), "labels": dict(labels),
                          "judged_on": dict(devices)}
    return stats


def current_records(records: list[dict], items: list[TaskItem]) -> list[dict]:
    """The log's records of this build's tasks as they are now, the last of each sample: a record
    whose task source is not the task's (a generator changed since it was judged: 120 of 1,000 expression tasks did on
    2026-11-28) is stale, and its task is judged again. By id alone, the stale answer was exported
    beside a prompt of the old task, and the new task was never judged."""
    sources = {it.task.id: it.task.source for it in items}
    return latest_records(r for r in records if r["task_id"] in sources and _judged_on(r, sources[r["task_id"]]))


def latest_records(records: Iterable[dict]) -> list[dict]:
    """The last record of each (task, teacher, sample): a later verdict of the same sample supersedes
    (an answer judged again, or reworded with its verdict kept)."""
    latest: dict[tuple, dict] = {}
    for r in records:
        latest[(r["task_id"], r["teacher"], r["sample"])] = r
    return list(latest.values())


def _judged_on(record: dict, source: str) -> bool:
    """Whether `record` judged the task whose source is `source`. Records since 2026-11-28 carry the
    task's digest (`item_source`); earlier ones their verified task's source, which is the task's
    own but for the Inductor teacher's (its task pinned to the captured sizes): those are kept by
    id, as before."""
    if "item_source" in record:
        return record["item_source"] == source_digest(source)
    return record["task_source"] == source or record["teacher"] == "inductor"


def source_digest(source: str) -> str:
    return hashlib.sha256(source.encode()).hexdigest()[:16]


def run_build(config: BuildConfig, out: Path, progress: Progress | None = None) -> BuildReport:
    from autotriton.data.decontam import build_index
    from autotriton.data.export import export
    from autotriton.verify import Verifier
    start = time.perf_counter()
    _claim_run_dir(out, config)
    index = build_index(config.decontaminate_against)
    items, task_report = load_tasks(config, out, index, progress)
    log_path = out / "candidates.jsonl"
    # Verdicts are cached inside the build dir: a resumed build reuses them, a new dir starts cold.
    vconfig = replace(config.verify, measure_compile=False, cache_dir=str(out / "verify_cache"))
    with Verifier(vconfig) as verifier:
        for teacher in config.teachers:
            run_teacher(teacher, items, config, verifier, log_path, progress)
    records = current_records(read_jsonl(log_path), items)
    pairs, pair_report = select_pairs(records, index)
    stats = teacher_stats(records)
    sft_rows, rl_rows = export(pairs, records, items, out, config, task_report, pair_report, stats)
    report = BuildReport(task_report, {k: v for k, v in pair_report.items() if k != "dropped"}, stats,
                         sft_rows, rl_rows, time.perf_counter() - start, str(out))
    atomic_write(out / "build_report.json", json.dumps(report.to_dict(), indent=2) + "\n")
    return report
