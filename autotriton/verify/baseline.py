"""Reference baselines on GPU: torch.compile time of a task, measured once and cached.

Compiling the reference takes seconds (Inductor), and it is a property of the
task, not of the candidate, so it is measured once per (task, device) in its
own sandbox child and cached; eager time is re-measured beside every
candidate, in the same process, for the speedup.
"""

from __future__ import annotations

import threading
from typing import Callable

from autotriton.tasks.contract import Task
from autotriton.verify.cache import VERIFIER_KEY, ResultCache, cache_key
from autotriton.verify.job import Job
from autotriton.verify.result import ErrorKind, VerifyResult

# One lock per task key: concurrent verifications of the same task wait for one compile,
# while different tasks compile in parallel (a single global lock serialised ~7 s compiles
# over 60 tasks, >330 s on the H100).
_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()
_MEMO: dict[str, float | None] = {}


def compile_baseline(task: Task, job: Job, device_name: str, cache: ResultCache,
                     run: Callable[[Job], dict]) -> float | None:
    """`job` is the task's baseline job; `run` runs it in a sandbox and returns the verdict."""
    key = cache_key("compile-baseline", VERIFIER_KEY, device_name, task.source)
    with _LOCKS_GUARD:
        lock = _LOCKS.setdefault(key, threading.Lock())
    with lock:
        if key in _MEMO:
            return _MEMO[key]
        cached = cache.get(key)
        if cached is not None:
            _MEMO[key] = cached.compile_us
            return cached.compile_us
        verdict = run(job)
        value = verdict.get("result", {}).get("compile_us")
        record = VerifyResult(task_id=task.id, mode="gpu", compile_us=value,
                              error_kind=ErrorKind.NONE if value else ErrorKind.RUNTIME_ERROR,
                              error_msg=str(verdict.get("message", "")))
        cache.put(key, record)
        _MEMO[key] = value
        return value
