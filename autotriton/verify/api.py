"""`verify` and `verify_many`: the judge that rewards and benchmarks call.

Static stages (code extraction, parsing, rule checks) run in the calling
process: they execute nothing. Everything that executes runs in two processes
forked from a warmed fork-server (sandbox.py): a judge (judge.py) that holds
seeds, inputs, reference and verdict, and a confined candidate process
(worker.py, confine.py) that only builds ModelNew and runs forward.
"""

from __future__ import annotations

import copy
import json
import os
import threading
import time
import warnings
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterable, Iterator

from autotriton.tasks.contract import Task, parse_source
from autotriton.tasks.signed import signed_variant
from autotriton.tasks.sizes import as_judged
from autotriton.verify import baseline, footprint
from autotriton.verify.cache import VERIFIER_KEY, ResultCache, cache_key, default_cache_dir
# gpu_count: the CLI's --device check and the tests import it from here.
from autotriton.verify.config import VerifyConfig, gpu_count, visible_gpu_ids  # noqa: F401
from autotriton.verify.extract import extract_code, readable_text
from autotriton.verify.job import Job, build_job, task_spec
from autotriton.verify.result import ErrorKind, VerifyResult, trim
from autotriton.verify.rules import check_rules
from autotriton.verify.sandbox import ForkServer


def _device_name(mode: str) -> str:
    if mode == "interp":
        return "cpu-interpreter"
    import subprocess
    out = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                         capture_output=True, text=True, check=False).stdout.strip().splitlines()
    return out[0] if out else "cuda"


def static_stage(task: Task, text: str, config: VerifyConfig) -> tuple[VerifyResult, str | None]:
    """Extraction, parsing and rules. Returns (partial result, code to run or None)."""
    result = VerifyResult(task_id=task.id, mode=config.mode)
    try:
        return _static_checks(result, text, config)
    except (RecursionError, MemoryError) as exc:
        # A 100k-deep expression or a giant file: the candidate's problem, never ours.
        result.error_kind = ErrorKind.SYNTAX_ERROR
        result.error_msg = f"source too deeply nested or too large to check ({type(exc).__name__})"
        return result, None


def _static_checks(result: VerifyResult, text: str, config: VerifyConfig) -> tuple[VerifyResult, str | None]:
    code = extract_code(text)
    if code is None:
        result.error_kind, result.error_msg = ErrorKind.NO_CODE, "no Python code block defining ModelNew found"
        return result, None
    try:
        parse_source(code)
    except SyntaxError as exc:
        result.error_kind = ErrorKind.SYNTAX_ERROR
        # A NUL byte is refused before any line is read (lineno None: "line None" read as our bug).
        result.error_msg = f"line {exc.lineno}: {exc.msg}" if exc.lineno else exc.msg
        return result, None
    result.parsed = True
    violations = check_rules(code) if config.static_checks else []
    result.static_ok = not violations
    if violations:
        result.error_kind = ErrorKind.RULE_VIOLATION
        result.error_msg = trim("\n".join(str(v) for v in violations))
        result.hack_flags = list(dict.fromkeys(v.rule for v in violations))
        return result, None
    return result, code


def _apply_verdict(result: VerifyResult, verdict: dict) -> VerifyResult:
    if "internal_error" in verdict:
        raise RuntimeError(f"verifier internal error on {result.task_id}:\n{verdict['internal_error']}")
    if "sandbox_error" in verdict:
        result.error_kind = ErrorKind(verdict["sandbox_error"])
        result.error_msg = trim(verdict["message"])
        result.compiled = bool(verdict.get("compiled", False))
        result.details = {"sandbox": verdict.get("sandbox", {})}
        return result
    for key, value in verdict["result"].items():
        if key == "error_kind":
            value = ErrorKind(value)
        setattr(result, key, value)
    return result


# The interpreter our CPU verdicts are made with (requirements.txt). Triton 3.6's rejected 68 of
# 456 honest samples that 3.9's passes, none the other way (an autotuned kernel wants a driver
# there; a 0-d array conversion fails): docs/results/ablation_h200_run24/README.md.
INTERPRETER_TRITON = (3, 9)


def _warn_old_interpreter() -> None:
    import triton

    version = tuple(int(p) for p in triton.__version__.split(".")[:2] if p.isdigit())
    if version < INTERPRETER_TRITON:
        warnings.warn(f"CPU verification with Triton {triton.__version__}: its interpreter rejects some honest "
                      f"kernels (autotuned ones, some integer ops) that Triton "
                      f"{'.'.join(map(str, INTERPRETER_TRITON))} passes; judge again with requirements.txt's Triton "
                      "before reading the verdicts (benchmarks/rejudge_runlog.py)", stacklevel=3)


class Verifier:
    """Owns the sandboxes and the cache. Use as a context manager, or call close()."""

    def __init__(self, config: VerifyConfig | None = None):
        self.config = config or VerifyConfig()
        self.mode = self.config.mode
        self.device_name = _device_name(self.mode)
        root = default_cache_dir() if self.config.cache_dir == "default" else (
            Path(self.config.cache_dir) if self.config.cache_dir else None)
        self.cache = ResultCache(root)
        self._servers: list[ForkServer] = []  # all started by this verifier, closed by close()
        self._idle: list[ForkServer] = []
        self._server_lock = threading.Lock()
        self._ledgers: dict[str, footprint.GpuLedger] = {}
        self._footprint_locks: dict[str, threading.Lock] = {}
        self._ray = None  # backend "ray": every check runs in an actor's own Verifier (ray_pool.py)
        if self.mode == "interp":
            _warn_old_interpreter()
        if self.config.backend == "ray":
            from autotriton.verify.ray_pool import RayPool
            self._ray = RayPool(self.config, type(self))
            self.mode, self.device_name = self._ray.mode, self._ray.device_name

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self) -> None:
        if self._ray is not None:
            self._ray.close()
        with self._server_lock:
            servers, self._servers, self._idle = self._servers, [], []
        for server in servers:
            server.close()

    def ready(self) -> None:
        """Starts one pooled fork-server now, so a judge that cannot start fails before a model
        spends a GPU generating answers for it (an eval_rl generated 300 answers, about 4 minutes
        of an H200, then died starting its first server: session 45). Once per process and mode:
        what it checks (this Python, torch and Triton can run the judge) does not change, and a
        pipeline's four evals of a model writing no code started four servers for nothing (46 s of
        the test suite)."""
        if self._ray is None and self.mode not in ForkServer.started:
            with self._server() as server:
                server.ensure_started()

    def n_workers(self) -> int:
        if self._ray is not None:
            return self._ray.capacity
        if self.config.workers:
            return self.config.workers
        if self.mode == "gpu":
            return max(1, len(self._gpu_ids())) * self.config.workers_per_gpu
        return os.cpu_count() or 1

    def _gpu_ids(self) -> list[str]:
        return self.config.gpu_ids or visible_gpu_ids()

    @contextmanager
    def _server(self) -> Iterator[ForkServer]:
        """An idle fork-server of this verifier for one job, a new one when none is idle.
        Pooled, not one per thread: every verify_many runs on new threads, and per-thread
        servers piled up over an eval resume's calls (2, 6, then 8 servers, ~3 GB)."""
        with self._server_lock:
            if self._idle:
                server = self._idle.pop()
            else:
                gpu = None
                if self.mode == "gpu":  # round robin over the GPUs, in the order servers start
                    ids = self._gpu_ids() or ["0"]
                    gpu = ids[len(self._servers) % len(ids)]
                server = ForkServer(self.mode, gpu)
                self._servers.append(server)
        try:
            yield server
        finally:
            with self._server_lock:
                if server in self._servers:  # else close() ran meanwhile and closed it
                    self._idle.append(server)

    def _key(self, task: Task, text: str, c: VerifyConfig) -> str:
        """Everything a verdict depends on: the shapes the task runs at and its tolerance
        included (a full-size `generate` once reused an interp-size verdict)."""
        spec = task_spec(task, self.mode)
        return cache_key(VERIFIER_KEY, self.device_name, self.mode, task.source, text,
                         str(c.n_trials), str(c.time_it), str(c.static_checks),
                         json.dumps([spec.shapes, spec.tolerance, spec.reference_fp64, spec.range_trials],
                                    sort_keys=True, default=str))

    # ------------------------------------------------------------ GPU memory

    def _ledger(self, gpu_id: str) -> footprint.GpuLedger:
        with self._server_lock:
            if gpu_id not in self._ledgers:
                self._ledgers[gpu_id] = footprint.GpuLedger(footprint.gpu_total_bytes(gpu_id))
            return self._ledgers[gpu_id]

    def _footprint_key(self, task: Task) -> str:
        shapes = json.dumps(task_spec(task, self.mode).shapes, sort_keys=True, default=str)
        return cache_key("footprint", VERIFIER_KEY, task.source, shapes)

    def footprint(self, task: Task, server: ForkServer | None = None) -> footprint.Footprint | None:
        """The task's memory footprint, measured once (on the meta device, in a sandbox
        child) and cached; None when the task cannot be built there (it then runs alone).
        `server`: the caller's, when it holds one already."""
        key = self._footprint_key(task)
        with self._server_lock:
            lock = self._footprint_locks.setdefault(key, threading.Lock())
        with lock:
            record = self.cache.get_json(key)
            if record is None:
                job = build_job("footprint", task, self.config, self.mode)
                if server is not None:
                    found = server.run(job).get("result") or {}
                else:
                    with self._server() as own:
                        found = own.run(job).get("result") or {}
                record = found.get("footprint") or {"invalid": str(found.get("invalid", found))}
                self.cache.put_json(key, record)
        return None if "invalid" in record else footprint.from_dict(record)

    def _record_peak(self, task: Task, verdict: dict, plan: footprint.GpuPlan) -> None:
        """Raise the cached footprint to what the judge really held, from correct verdicts
        only: a failing candidate's replies (up to the reply cap) must not raise the estimate,
        and with it the plan, for every later candidate of the task."""
        if not (verdict.get("result") or {}).get("correct"):
            return
        peak = ((verdict.get("result") or {}).get("details") or {}).get("gpu_peak_bytes")
        key = self._footprint_key(task)
        record = self.cache.get_json(key)
        if type(peak) is not int or record is None or "invalid" in record:
            return
        seen = dict(record.get("judge_peak_bytes") or {})
        which = "fp64" if plan.fp64 else "native"
        if peak > seen.get(which, 0):
            seen[which] = peak
            self.cache.put_json(key, dict(record, judge_peak_bytes=seen))

    def _run(self, task: Task, job: Job, server: ForkServer) -> dict:
        """Run a job; on a GPU inside a reservation sized from the task's footprint. A job
        that ran out of memory beside others runs again alone: `invalid_task` ("does not
        fit") and the candidate's `oom` are only ever decided on a GPU of its own."""
        if self.mode != "gpu":
            return server.run(job)
        gpu = server.gpu_id or (self._gpu_ids() or ["0"])[0]
        ledger = self._ledger(gpu)
        start = time.perf_counter()
        fp = self.footprint(task, server)
        # Outside the job, for details.stages: where a batch's wall time goes besides the jobs.
        waits = {"footprint_s": time.perf_counter() - start, "ledger_wait_s": 0.0}
        share = footprint.default_share_bytes(ledger.total, self.config.workers_per_gpu)
        for alone in (False, True):
            plan = footprint.plan(fp, ledger.total, share, task.reference_fp64, alone) if fp is not None \
                else footprint.plan_unknown(ledger.total)
            start = time.perf_counter()
            ledger.acquire(plan.reserve_bytes)
            waits["ledger_wait_s"] += time.perf_counter() - start
            try:
                verdict = server.run(job.with_plan(plan))
            finally:
                ledger.release(plan.reserve_bytes)
            if fp is not None:
                self._record_peak(task, verdict, plan)
            stages = ((verdict.get("result") or {}).get("details") or {}).get("stages")
            if isinstance(stages, dict):
                stages.update({k: round(v, 3) for k, v in waits.items()})
            if plan.alone or not _out_of_memory(verdict):
                return verdict
        return verdict

    def _run_pooled(self, task: Task, job: Job) -> dict:
        with self._server() as server:
            return self._run(task, job, server)

    def verify(self, task: Task, text: str) -> VerifyResult:
        """The verdict on one candidate; every path that judges (the CLI, eval, this API,
        rewards, data builds) comes here, so all give the same one. The task is taken as
        the judge runs it (`as_judged`: an outside file gets interp sizes); a task whose
        get_inputs draws torch.rand gets half its trials on randn inputs (tasks/signed.py,
        judge.Judge.plan), and `details.signed_trial` says what happened to them."""
        if self._ray is not None:
            return self._on_ray([(task, text)], "verify")[0]
        text = readable_text(text)
        task = as_judged(task)
        result = self._check(task, text, self.config)
        if "signed_trial" not in result.details:  # judged before any trial ran (rules, syntax)
            result.details["signed_trial"] = "n/a" if signed_variant(task.source) is None \
                else "not run (failed before it)"
        return result

    def _check(self, task: Task, text: str, config: VerifyConfig) -> VerifyResult:
        """One check of `text` on `task` under `config`, cached (timeouts excepted)."""
        key = self._key(task, text, config)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        start = time.monotonic()
        result, code = static_stage(task, text, config)
        if code is not None:
            job = build_job("check", task, config, self.mode, code, result.static_ok)
            if self.config.fresh_process:
                with ForkServer(self.mode) as server:
                    verdict = self._run(task, job, server)
            else:
                verdict = self._run_pooled(task, job)
            result = _apply_verdict(result, verdict)
        result.device = result.device or self.device_name
        result.wall_s = time.monotonic() - start
        if self.mode == "gpu" and result.correct and config.measure_compile:
            result.compile_us = self.compile_baseline(task)
        # A timeout says as much about the machine's load as about the answer: two reduction
        # answers that verify alone in seconds timed out at 120 s in a 2-core data build (v6),
        # and the cached verdicts dropped them from every later build (v7, v8). Not kept.
        if result.error_kind != ErrorKind.TIMEOUT:
            self.cache.put(key, result)
        return result

    def naive_pass(self, task: Task, text: str) -> bool:
        """Would a plain harness (allclose at 1e-2, no rules, no anti-hack checks) accept it?

        Used for the hack rate: candidates a plain check accepts and we reject."""
        if self._ray is not None:
            return self._on_ray([(task, text)], "naive")[0]
        code = extract_code(text)
        if code is None:
            return False
        task = as_judged(task)
        key = self._key(task, text, self.config) + "-naive"
        cached = self.cache.get(key)
        if cached is not None:
            return cached.correct
        verdict = self._run_pooled(task, build_job("naive", task, self.config, self.mode, code))
        passed = bool(verdict.get("result", {}).get("naive_pass", False))
        if verdict.get("sandbox_error") != "timeout":  # not kept, as in verify()
            self.cache.put(key, VerifyResult(task_id=task.id, mode=self.mode, correct=passed))
        return passed

    def compile_baseline(self, task: Task) -> float | None:
        """torch.compile time of the reference, measured once per task and cached."""
        job = build_job("baseline", task, self.config, self.mode)
        return baseline.compile_baseline(task, job, self.device_name, self.cache, lambda j: self._run_pooled(task, j))

    def verify_many(self, pairs: Iterable[tuple[Task, str]],
                    progress: Callable[[VerifyResult], None] | None = None) -> list[VerifyResult]:
        """Verify (task, candidate text) pairs in parallel; results keep input order."""
        return self.verify_each(pairs, None if progress is None else lambda _i, res: progress(res))

    def verify_each(self, pairs: Iterable[tuple[Task, str]],
                    on_result: Callable[[int, VerifyResult], None] | None = None) -> list[VerifyResult]:
        """verify_many, with `on_result(index in pairs, result)` called as each verdict arrives, one
        call at a time, so a caller can keep every verdict the moment it exists: an eval that kept
        them by chunks of 12 lost 380 s of an H200 call to one chunk's slowest candidates (run 30)."""
        pairs = list(pairs)
        # One verdict per distinct (task, text), given to each of its pairs: in one batch the copies
        # all missed the cache in parallel, and eval judged every one of a reference's 2 samples
        # twice (80 s of a test), the data build one norm answer twice per build. The cache gives
        # a copy judged later that same verdict.
        first: dict[tuple, int] = {}
        owner = [first.setdefault((task.id, task.level, task.source, text), i) for i, (task, text) in enumerate(pairs)]
        copies: dict[int, list[int]] = {}
        for i, o in enumerate(owner):
            copies.setdefault(o, []).append(i)
        unique = list(copies)
        results: list[VerifyResult | None] = [None] * len(pairs)
        lock = threading.Lock()

        def fan_out(position: int, res: VerifyResult) -> None:
            for i in copies[unique[position]]:
                results[i] = res if i == unique[position] else copy.deepcopy(res)
                if on_result is not None:
                    with lock:
                        on_result(i, results[i])

        if self._ray is not None:
            for position, res in enumerate(self._on_ray([pairs[u] for u in unique], "verify", fan_out)):
                if results[unique[position]] is None:  # a backend that did not call back
                    fan_out(position, res)
            return results

        def one(position: int) -> None:
            fan_out(position, self.verify(*pairs[unique[position]]))

        self._parallel(one, list(range(len(unique))))
        return results

    def naive_pass_many(self, pairs: Iterable[tuple[Task, str]]) -> list[bool]:
        """`naive_pass` of (task, candidate text) pairs in parallel, like verify_many: one at a
        time, these re-runs of full-size KernelBench tasks took minutes of a 9-minute eval on the H100."""
        if self._ray is not None:
            return self._on_ray(list(pairs), "naive")
        return self._parallel(lambda pair: self.naive_pass(*pair), list(pairs))

    def _on_ray(self, pairs: list[tuple[Task, str]], kind: str,
                on_result: Callable[[int, VerifyResult], None] | None = None) -> list:
        from autotriton.verify.ray_pool import Job
        return self._ray.run([Job(kind, task, text) for task, text in pairs], on_result)

    def _parallel(self, fn: Callable, items: list) -> list:
        """`fn` over `items` on at most n_workers threads (each job takes a pooled sandbox); keeps order."""
        with ThreadPoolExecutor(max_workers=min(self.n_workers(), max(1, len(items)))) as pool:
            return list(pool.map(fn, items))


def _out_of_memory(verdict: dict) -> bool:
    """Out of GPU memory: the candidate's `oom` reply, or the reference's "does not fit"
    (a host-memory kill is a sandbox_error, and running alone would not change it)."""
    result = verdict.get("result") or {}
    if result.get("error_kind") == ErrorKind.OOM.value:
        return True
    return result.get("error_kind") == ErrorKind.INVALID_TASK.value and "does not fit" in str(result.get("error_msg"))


def verify(task: Task, candidate: str, config: VerifyConfig | None = None) -> VerifyResult:
    """Verify one candidate (raw model output or code) against `task`."""
    if not isinstance(task, Task):  # our caller's mistake, said plainly (a path passed as the task)
        raise TypeError(f"verify() takes a Task, not {type(task).__name__}: autotriton.tasks.get_task(ID) "
                        "or autotriton.tasks.load_task_file(PATH)")
    with Verifier(config) as verifier:
        return verifier.verify(task, candidate)


def verify_many(pairs: Iterable[tuple[Task, str]], config: VerifyConfig | None = None,
                progress: Callable[[VerifyResult], None] | None = None) -> list[VerifyResult]:
    with Verifier(config) as verifier:
        return verifier.verify_many(pairs, progress)
