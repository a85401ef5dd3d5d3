"""The parent: a worker per source file (killed and restarted on hangs), dedupe, resumable
outputs and the report."""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from autotriton.child import Child
from autotriton.data.harvest.probe import PRELOAD_BUDGET_S
from autotriton.data.harvest.scan import ClassJob, ScanResult, provenance_of, scan_file
from autotriton.data.harvest.sources import SourceFile, resolve_sources
from autotriton.rundir import append_jsonl, atomic_write, read_jsonl
from autotriton.data.normalize import fingerprint

# Stages a class can be rejected at, in filter order; "kept" passed them all, "limit"
# passed them all but came after `limit` tasks were kept.
STAGES = ("build", "run", "outputs", "determinism", "dedupe")
DEADLINE_GRACE_S = 5.0  # parent waits this long past the worker's own alarm before killing


@dataclass
class ClassOutcome:
    name: str
    task_id: str
    stage: str  # "kept", or the stage (STAGES) it was rejected at
    reason: str = ""
    detail: str = ""
    level: int = 0
    reference_fp64: bool = True
    source: str = field(default="", repr=False)

    def record(self) -> dict:
        d = asdict(self)
        d.pop("source")
        return d


def _worker_env(workdir: str, sf: SourceFile) -> dict:
    repo = str(Path(__file__).resolve().parents[2])
    path = [repo] + ([sf.sys_path] if sf.sys_path else []) + [os.environ.get("PYTHONPATH", "")]
    env = {k: os.environ[k] for k in ("PATH", "LANG", "LC_ALL", "LD_LIBRARY_PATH") if k in os.environ}
    env.update(HOME=workdir, PYTHONPATH=os.pathsep.join(p for p in path if p), CUDA_VISIBLE_DEVICES="",
               HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", OMP_NUM_THREADS="1",
               TOKENIZERS_PARALLELISM="false", PYTHONDONTWRITEBYTECODE="1")
    return env


def _phase_deadline(phase: str, time_limit_s: float) -> float:
    budget = {"ready": PRELOAD_BUDGET_S + 30, "import": 5 * time_limit_s, "search": 6 * time_limit_s,
              "validate": 4 * time_limit_s}[phase]
    return time.monotonic() + budget + DEADLINE_GRACE_S


class _Worker:
    """One worker process (autotriton.child) and the events it writes."""

    def __init__(self, job: dict, env: dict, workdir: str):
        self.stderr = open(os.path.join(workdir, "stderr.log"), "w+b")
        self.child = Child([sys.executable, "-c", "from autotriton.data.harvest.probe import worker_main; worker_main()"],
                           cwd=workdir, env=env, stderr=self.stderr)
        self.child.send(job, close=True)

    def next_event(self, deadline: float) -> dict | str:
        """The next event, or "timeout" / "exited"."""
        while (event := self.child.receive(deadline)) == "malformed":
            pass  # not ours: harvested code wrote to a guessed fd
        return event

    def stderr_tail(self) -> str:
        self.stderr.seek(0, os.SEEK_END)
        self.stderr.seek(max(0, self.stderr.tell() - 400))
        return self.stderr.read().decode(errors="replace").strip().replace("\n", " | ")[-300:]

    def close(self) -> None:
        self.child.close()  # the whole group: processes the harvested code started die with the worker
        self.stderr.close()


def _run_worker(sf: SourceFile, jobs: list[ClassJob], start: int, time_limit_s: float,
                outcomes: dict[int, ClassOutcome], workdir: str) -> int:
    """Run one worker from class `start`; returns the index of the next class to run
    (after a kill or crash, the one after the culprit)."""
    job = {"original": sf.module if sf.installed else None, "time_limit_s": time_limit_s, "start": start,
           "workdir": workdir, "classes": [asdict(j) for j in jobs]}
    worker = _Worker(job, _worker_env(workdir, sf), workdir)
    current, phase, stage = None, "ready", "build"
    deadline = _phase_deadline("ready", time_limit_s)
    try:
        while True:
            event = worker.next_event(deadline)
            if isinstance(event, str):
                break
            if event["event"] == "start":
                current, phase, stage = event["index"], "import", "build"
                deadline = _phase_deadline(phase, time_limit_s)
            elif event["event"] == "phase":
                if event["phase"] != phase:
                    phase = event["phase"]
                    deadline = _phase_deadline(phase, time_limit_s)
                stage = event["stage"]
            elif event["event"] == "result":
                j = jobs[event["index"]]
                outcomes[event["index"]] = ClassOutcome(
                    j.name, j.task_id, event["stage"], event.get("reason", ""), event.get("detail", ""),
                    event.get("level", 0), event.get("reference_fp64", True), event.get("source", ""))
                current = None
        if current is None and len(outcomes) == len(jobs):
            return len(jobs)
        tail = worker.stderr_tail()
    finally:
        worker.close()
    if event == "timeout":
        reason, detail = "timeout", f"no answer in the {phase} phase; worker killed"
    else:
        reason, detail = "crash", f"worker exited {worker.child.returncode}: {tail}"
    if current is None:  # died before its first class: the file's remaining classes all fail
        for i in range(start, len(jobs)):
            outcomes.setdefault(i, ClassOutcome(jobs[i].name, jobs[i].task_id, "build", reason, detail))
        return len(jobs)
    outcomes[current] = ClassOutcome(jobs[current].name, jobs[current].task_id, stage if stage != "outputs" else "run",
                                     reason, detail)
    return current + 1


def _probe_file(sf: SourceFile, jobs: list[ClassJob], time_limit_s: float) -> list[ClassOutcome]:
    outcomes: dict[int, ClassOutcome] = {}
    with tempfile.TemporaryDirectory(prefix="harvest_") as workdir:
        start = 0
        while start < len(jobs):
            start = _run_worker(sf, jobs, start, time_limit_s, outcomes, workdir)
    return [outcomes[i] for i in range(len(jobs))]


@dataclass
class FileResult:
    file: SourceFile
    key: str
    scan: ScanResult
    outcomes: list[ClassOutcome]


def _file_key(sf: SourceFile) -> str:
    digest = hashlib.sha256(sf.path.read_bytes()).hexdigest()[:16]
    return f"{sf.path.resolve()}@{digest}"


def process_file(sf: SourceFile, time_limit_s: float) -> FileResult:
    """Scan a file and probe its classes (in one worker; more after kills)."""
    scan = scan_file(sf)
    outcomes = _probe_file(sf, scan.classes, time_limit_s) if scan.classes else []
    return FileResult(sf, _file_key(sf), scan, outcomes)


# ====================================================================== parent: outputs and report

@dataclass
class HarvestReport:
    """What survived each filter, cumulative over every run into the same out_dir."""

    sources: list[str]
    files: int = 0  # .py files finished (this and earlier runs)
    files_resumed: int = 0  # skipped by this run: finished by an earlier one
    files_parsed: int = 0
    classes_found: int = 0  # public nn.Module subclasses with a forward
    built: int = 0
    ran: int = 0  # forward ran within the time limit
    valid_outputs: int = 0  # finite, non-empty tensors that are not just an input
    deterministic: int = 0
    kept: int = 0  # also unique by fingerprint
    kept_fp64: int = 0  # kept tasks whose reference runs in float64
    levels: dict[str, int] = field(default_factory=dict)
    rejects: dict[str, int] = field(default_factory=dict)  # reason -> count (file, class and dedupe)
    examples: dict[str, list[str]] = field(default_factory=dict)  # reason -> a few "file:Class: detail"
    elapsed_s: float = 0.0  # this run
    time_limit_s: float = 0.0
    workers: int = 0

    def to_dict(self) -> dict:
        return asdict(self)


def _count(report: HarvestReport, reason: str, example: str, n: int = 1) -> None:
    report.rejects[reason] = report.rejects.get(reason, 0) + n
    examples = report.examples.setdefault(reason, [])
    if len(examples) < 3:
        examples.append(example[:300])


def build_report(records: list[dict], sources: Sequence[str]) -> HarvestReport:
    report = HarvestReport(sources=list(sources), files=len(records))
    for rec in records:
        if rec["reason"] and rec["reason"] != "no_module_class":
            _count(report, rec["reason"], f"{rec['file']}: {rec['detail']}")
            continue
        report.files_parsed += 1
        if rec["reason"]:
            _count(report, rec["reason"], rec["file"])
        for reason, n in rec["static_rejects"].items():
            _count(report, reason, rec["file"], n)
        for c in rec["classes"]:
            report.classes_found += 1
            passed = STAGES.index(c["stage"]) if c["stage"] in STAGES else len(STAGES)
            report.built += passed > 0
            report.ran += passed > 1
            report.valid_outputs += passed > 2
            report.deterministic += passed > 3
            if c["stage"] == "kept":
                report.kept += 1
                report.kept_fp64 += bool(c["reference_fp64"])
                report.levels[str(c["level"])] = report.levels.get(str(c["level"]), 0) + 1
            else:
                _count(report, c["reason"], f"{rec['file']}:{c['name']}: {c['detail']}")
    return report


@dataclass
class _State:
    """What out_dir already holds: one record per file (the latest), kept fingerprints."""

    out_dir: Path
    records: dict[str, dict]  # file key -> progress record
    fingerprints: dict[str, str]  # fingerprint -> task id

    @classmethod
    def load(cls, out_dir: Path) -> "_State":
        records = {r["key"]: r for r in read_jsonl(out_dir / "progress.jsonl")}
        manifest = read_jsonl(out_dir / "manifest.jsonl")
        return cls(out_dir, records, {m["fingerprint"]: m["task_id"] for m in manifest})

    def done(self, key: str) -> bool:
        return key in self.records and not self.records[key]["partial"]

    @property
    def kept(self) -> int:
        return len(self.fingerprints)

    def finish(self, result: FileResult, limit: int | None) -> None:
        """Dedupe and write a file's tasks. Classes past `limit` are recorded as over_limit
        and the file as partial, so a later run with a larger limit redoes it."""
        partial = False
        for outcome in result.outcomes:
            if outcome.stage != "kept":
                continue
            fp = fingerprint(outcome.source)
            owner = self.fingerprints.get(fp)
            if owner is not None and owner != outcome.task_id:
                outcome.stage, outcome.reason, outcome.detail = "dedupe", "duplicate", f"same fingerprint as {owner}"
            elif owner is None and limit is not None and self.kept >= limit:
                outcome.stage, outcome.reason, partial = "limit", "over_limit", True
            else:
                self._write_task(outcome, result.file, fp, new=owner is None)
        record = {"key": result.key, "source": result.file.source, "file": result.file.rel, "partial": partial,
                  "reason": result.scan.reason, "detail": result.scan.detail,
                  "static_rejects": result.scan.static_rejects,
                  "classes": [o.record() for o in result.outcomes]}
        append_jsonl(self.out_dir / "progress.jsonl", record)
        self.records[result.key] = record

    def _write_task(self, outcome: ClassOutcome, sf: SourceFile, fp: str, new: bool) -> None:
        path = f"tasks/{outcome.task_id}.py"
        atomic_write(self.out_dir / path, outcome.source)
        if new:
            append_jsonl(self.out_dir / "manifest.jsonl", {
                "task_id": outcome.task_id, "path": path, "provenance": provenance_of(sf, outcome.name),
                "fingerprint": fp, "level": outcome.level, "reference_fp64": outcome.reference_fp64})
            self.fingerprints[fp] = outcome.task_id


def harvest(sources: Sequence[str], out_dir: Path, *, time_limit_s: float = 10.0, workers: int = 2,
            limit: int | None = None, progress: Callable[[int, int], None] | None = None) -> HarvestReport:
    """Harvest nn.Module classes from `sources` into tasks under `out_dir`.

    time_limit_s: a forward may take this long; the worker's alarms and the parent's
    hard kill are multiples of it. workers: files probed in parallel (one process each).
    limit: keep at most this many tasks in out_dir; no file is started once it is reached,
    and a file cut short is redone by a later run with a larger limit.
    progress(done, total) is called after each file this run processes."""
    start = time.perf_counter()
    out_dir = Path(out_dir)
    (out_dir / "tasks").mkdir(parents=True, exist_ok=True)
    files = resolve_sources(sources)
    state = _State.load(out_dir)
    todo = [f for f in files if not state.done(_file_key(f))]
    done = 0
    with cf.ThreadPoolExecutor(max(1, workers)) as pool:
        queue = iter(todo)
        pending: set[cf.Future] = set()
        while True:
            while len(pending) < max(1, workers) and (limit is None or state.kept < limit):
                sf = next(queue, None)
                if sf is None:
                    break
                pending.add(pool.submit(process_file, sf, time_limit_s))
            if not pending:
                break
            finished, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for fut in finished:
                state.finish(fut.result(), limit)
                done += 1
                if progress is not None:
                    progress(done, len(todo))
    report = build_report(list(state.records.values()), sources)
    report.files_resumed, report.elapsed_s = len(files) - len(todo), round(time.perf_counter() - start, 2)
    report.time_limit_s, report.workers = time_limit_s, workers
    atomic_write(out_dir / "report.json", json.dumps(report.to_dict(), indent=2) + "\n")
    return report
