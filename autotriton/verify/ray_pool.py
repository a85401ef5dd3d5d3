"""Verifier workers on Ray: the same judge, spread over every GPU (or CPU) of a cluster.

`Verifier(VerifyConfig(backend="ray", address=...))` sends each candidate to one of a pool of Ray
actors, one per GPU of the cluster (or one per CPU in interpreter mode). Each actor holds a local
`Verifier` on its node, with that node's fork-servers, sandboxes, rules, trials, cache and GPU-memory
ledger, so a verdict does not depend on the backend; only where it is computed does.

Scheduling: an actor takes up to `slots` candidates at once (Ray runs them on threads, as the local
pool does), and each new candidate goes to the least loaded actor. GPU memory is accounted where it
is spent: each actor's ledger admits its GPU's jobs by their measured footprint (footprint.py), so a
large job waits on its own GPU only, never in front of another GPU's small ones.

Failures:
- An actor lost mid-batch (node gone, process killed) costs only its in-flight candidates: each is
  sent again, alone on an actor, so that a second loss can be told apart from its neighbours'.
- A candidate whose actor dies `MAX_ACTOR_DEATHS` times is judged a crash: a kernel that takes its
  judge down with it is the candidate's verdict, never a lost batch.
- Our own errors inside an actor (a Python exception out of `Verifier.verify`) raise, as they do
  locally.
"""

from __future__ import annotations

import collections
import os
import socket
import threading
import time
from dataclasses import dataclass, replace
from typing import Callable

from autotriton.tasks.contract import Task
from autotriton.verify.config import VerifyConfig
from autotriton.verify.result import ErrorKind, VerifyResult

# The first loss of an actor under a candidate is most likely its node's or a neighbour's doing; the
# second, with the candidate alone on a fresh actor, is the candidate's.
MAX_ACTOR_DEATHS = 2
START_TIMEOUT_S = 180.0  # an actor that has not answered by then (no node has room for it) fails the pool;
# one starts in about 15 s on a busy 2-core host (torch imported, a fork-server warmed)


class RayPoolError(RuntimeError):
    """The cluster cannot judge (no Ray, no room for an actor, no GPU where one was asked for)."""


class JudgeActor:
    """One GPU's (or one CPU's) judge on its node: a local Verifier, called on up to `slots` threads."""

    def __init__(self, config: VerifyConfig, verifier_cls: type):
        self.verifier = verifier_cls(config)  # api.Verifier, handed in: this module does not import api

    def where(self) -> dict:
        return {"node": socket.gethostname(), "pid": os.getpid(), "device": self.verifier.device_name,
                "mode": self.verifier.mode}

    def verify(self, task: Task, text: str) -> VerifyResult:
        return self.verifier.verify(task, text)

    def naive_pass(self, task: Task, text: str) -> bool:
        return self.verifier.naive_pass(task, text)

    def close(self) -> None:
        self.verifier.close()


@dataclass
class _Slot:
    """An actor of the pool and the candidates it holds now."""
    handle: object
    load: int = 0
    alone: bool = False  # running a candidate that already lost an actor, with nothing beside it


@dataclass
class Job:
    kind: str  # "verify" or "naive"
    task: Task
    text: str
    deaths: int = 0


class RayPool:
    """The actors, and `run`, which judges a batch on them and keeps its order."""

    def __init__(self, config: VerifyConfig, verifier_cls: type, actor_cls: type = JudgeActor):
        """`verifier_cls`: the local Verifier each actor runs (api.Verifier); `actor_cls`: JudgeActor,
        or in tests a class that misbehaves on purpose."""
        try:
            import ray
        except ImportError:
            raise RayPoolError("backend 'ray' needs the ray package (pip install 'ray>=2.60')") from None
        self._ray = ray
        self._started_ray = not ray.is_initialized()
        if self._started_ray:
            ray.init(address=config.address, include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        gpus = int(ray.cluster_resources().get("GPU", 0))
        device = config.device if config.device != "auto" else ("cuda" if gpus else "cpu")
        if device == "cuda" and not gpus:
            raise RayPoolError("device cuda asked for, but the Ray cluster has no GPU")
        self.device = device
        if device == "cuda":
            self.slots = config.workers or config.workers_per_gpu
            n = config.actors or gpus
            options = {"num_gpus": 1, "num_cpus": 0}
        else:
            self.slots = config.workers or 1
            n = config.actors or max(1, int(ray.cluster_resources().get("CPU", 1)) // self.slots)
            options = {"num_cpus": self.slots}
        # Each actor judges locally on the GPU Ray gives it (CUDA_VISIBLE_DEVICES is set per actor).
        self._local = replace(config, backend="local", address=None, device=device, workers=self.slots,
                              gpu_ids=None)
        self._verifier_cls = verifier_cls
        self._actor_cls = ray.remote(actor_cls).options(max_concurrency=self.slots, **options)
        self._slots: list[_Slot] = []
        self._starting: dict = {}  # where() ref -> handle, for actors not yet answering
        self._lock = threading.Lock()  # one batch at a time: callers on threads (one verify() each) queue here
        for _ in range(n):
            self._start_actor()
        self.places = self._wait_started(n)
        self.mode = "gpu" if device == "cuda" else "interp"
        self.device_name = self.places[0]["device"]

    # ------------------------------------------------------------ actors

    def _start_actor(self) -> None:
        handle = self._actor_cls.remote(self._local, self._verifier_cls)
        self._starting[handle.where.remote()] = handle

    def _wait_started(self, n: int) -> list[dict]:
        """Block until `n` actors answer; their places (node, pid, device)."""
        places, deadline = [], time.monotonic() + START_TIMEOUT_S
        while len(places) < n:
            left = deadline - time.monotonic()
            ready, _ = self._ray.wait(list(self._starting), num_returns=1, timeout=max(0.0, left))
            if not ready:
                raise RayPoolError(f"{n - len(places)} of {n} verifier actors did not start in {START_TIMEOUT_S:.0f} s "
                                   f"(cluster resources: {self._ray.cluster_resources()})")
            places.append(self._admit(ready[0]))
        return places

    def _admit(self, ref) -> dict:
        handle = self._starting.pop(ref)
        place = self._ray.get(ref)
        self._slots.append(_Slot(handle))
        return place

    def _lose(self, slot: _Slot) -> None:
        """An actor died: drop it and start another in its place (where the cluster has room)."""
        if slot in self._slots:
            self._slots.remove(slot)
            self._ray.kill(slot.handle)
            self._start_actor()

    @property
    def capacity(self) -> int:
        return max(1, len(self._slots) + len(self._starting)) * self.slots

    # ------------------------------------------------------------ batches

    def run(self, jobs: list[Job], on_result: Callable[[int, VerifyResult], None] | None = None) -> list:
        """Each job's verdict (a VerifyResult, or a bool for "naive"), in the order given;
        `on_result(index, verdict)` as each VerifyResult arrives."""
        with self._lock:
            return self._run(jobs, on_result)

    def _run(self, jobs: list[Job], on_result) -> list:
        results: list = [None] * len(jobs)
        queue = collections.deque(range(len(jobs)))
        inflight: dict = {}  # ref -> (job index, slot)
        idle_since = time.monotonic()
        while queue or inflight:
            self._submit(jobs, queue, inflight)
            refs = list(inflight) + list(self._starting)
            ready, _ = self._ray.wait(refs, num_returns=1, timeout=10.0)
            if not ready:
                if not self._slots and time.monotonic() - idle_since > START_TIMEOUT_S:
                    raise RayPoolError(f"no verifier actor has been running for {START_TIMEOUT_S:.0f} s "
                                       f"with {len(queue) + len(inflight)} candidates left")
                continue
            idle_since = time.monotonic()
            ref = ready[0]
            if ref in self._starting:
                self._admit_or_retry(ref)
                continue
            index, slot = inflight.pop(ref)
            slot.load -= 1
            slot.alone = False
            outcome = self._outcome(ref, slot, jobs[index])
            if outcome is None:
                queue.appendleft(index)
                continue
            results[index] = outcome
            if on_result is not None and isinstance(outcome, VerifyResult):
                on_result(index, outcome)
        return results

    def _submit(self, jobs: list[Job], queue: collections.deque, inflight: dict) -> None:
        """Fill free places, least loaded actor first; a job that lost an actor runs alone."""
        while queue:
            free = [s for s in self._slots if not s.alone and s.load < self.slots]
            if not free:
                return
            job = jobs[queue[0]]
            if job.deaths:
                free = [s for s in free if s.load == 0]
                if not free:
                    return
            slot = min(free, key=lambda s: s.load)
            index = queue.popleft()
            call = slot.handle.verify if job.kind == "verify" else slot.handle.naive_pass
            inflight[call.remote(job.task, job.text)] = (index, slot)
            slot.load += 1
            slot.alone = bool(job.deaths)

    def _admit_or_retry(self, ref) -> None:
        try:
            self._admit(ref)
        except self._ray.exceptions.RayActorError:  # died while starting: try once more elsewhere
            self._start_actor()

    def _outcome(self, ref, slot: _Slot, job: Job):
        """The job's verdict; None when its actor died and it should be sent again."""
        try:
            return self._ray.get(ref)
        except self._ray.exceptions.RayActorError as exc:
            self._lose(slot)
            job.deaths += 1
            if job.deaths < MAX_ACTOR_DEATHS:
                return None
            return _killed_judge(job, exc, self.mode, self.device_name)

    def close(self) -> None:
        handles = [s.handle for s in self._slots] + list(self._starting.values())
        try:  # let each actor close its fork-servers before it goes
            self._ray.get([s.handle.close.remote() for s in self._slots], timeout=30)
        except Exception:  # noqa: BLE001 - a dead actor has nothing left to close
            pass
        for handle in handles:
            self._ray.kill(handle)
        self._slots, self._starting = [], {}
        if self._started_ray:
            self._ray.shutdown()


def _killed_judge(job: Job, exc: Exception, mode: str, device: str) -> VerifyResult | bool:
    if job.kind == "naive":
        return False
    first = str(exc).strip().splitlines()[0][:300] if str(exc).strip() else type(exc).__name__
    return VerifyResult(task_id=job.task.id, mode=mode, device=device, error_kind=ErrorKind.CRASH,
                        error_msg=f"the verifier actor judging this candidate died {job.deaths} times, the last time "
                                  f"with it alone on the actor ({first})")
