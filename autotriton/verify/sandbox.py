"""Process isolation: a warmed fork-server that runs each job as a judge process and a
confined candidate process, and its client.

The server is a long-lived `python -m autotriton.verify.sandbox` with torch, triton,
the judge and the worker already imported (that import is most of a fresh
process's cost). For each job it forks:

- a *launcher*, which joins the job's cgroup, enters new namespaces (confine.py) and
  forks the *candidate process*: PID 1 of its PID namespace, no network, read-only
  filesystem except its tmpfs temp dir, shared dirs and answer keys hidden, a private
  /proc, its own unprivileged uid; memory capped by the job cgroup, RLIMIT_AS (CPU)
  and the server's RSS watch; output over OUTPUT_CAP_BYTES is a flood;
- a *judge* (judge.py), which holds seeds, inputs, the reference and the verdict,
  and talks to the candidate process over one socket pair.

The candidate process is forked before the judge draws anything, inherits no
file descriptor but its socket and its log, and exits with its namespace. The
server supervises both: wall-clock timeout (everything killed), resident memory
(candidate: `oom`; judge: the task does not fit, `invalid_task`), and how the
candidate ended when the judge reports it gone (signal: `crash`; exit: `exited`).
Only the judge's pipe carries a verdict; the candidate never holds it.

Not covered: GPU memory of a crashed child is reclaimed by the driver, but a
kernel that wedges the GPU affects every worker on that device. See
docs/VERIFIER.md for what each protection covers and what is missing where.
"""

from __future__ import annotations

import gc
import json
import os
import resource
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from autotriton.child import Child
from autotriton.verify.job import CANDIDATE_KINDS, Job, build_job

OUTPUT_CAP_BYTES = 1 << 20  # 1 MiB of candidate stdout/stderr, then it is a flood
VERDICT_CAP_BYTES = 8 << 20
POLL_S = 0.02
# A job's `timeout_s` is the longest the candidate may go without answering a request (loading, a
# forward call, timing), counted from its last answer; a whole verification gets TIMEOUT_STRETCHES
# times it. A flat limit over the whole verification cut honest interpreted answers as the trials
# grew: KernelBench-L3's 3_DeepNarrowMLP takes 97 s of 20 checked forwards of 4 s each on 2 CPU
# cores (verifiers 35 and 36, session 40), and a softmax template answer of 22-44 s alone passed 60 s
# beside the test suite. A hang is still killed `timeout_s` after the candidate's last answer.
TIMEOUT_STRETCHES = 4
# In the interpreter (CPU) both limits count the smaller of the wall clock's seconds and the CPU
# seconds the candidate and the judge took: a loaded machine delays their work, it does not make it
# longer. Honest level-1/2 answers of 22-44 s alone passed the 60 s beside the test suite and an
# outside pass's verifications, and two level-3 answers correct at 1x load timed out at 3x (outside
# pass on verifier 62, session 58). A candidate that waits without computing (a sleep, a blocked
# read) is still stopped by the wall clock, at LOADED_STRETCH times each limit. A GPU job keeps the
# wall clock: its time is the device's, which the CPU's counters do not see.
LOADED_STRETCH = 4
# Environment a child keeps; everything else (tokens, keys, proxies) is dropped.
KEEP_ENV = ("PATH", "LANG", "LC_ALL", "TRITON_INTERPRET", "CUDA_VISIBLE_DEVICES",
            "CUDA_HOME", "LD_LIBRARY_PATH", "PYTHONPATH",
            "NCCL_NVLS_ENABLE", "TORCH_SYMM_MEM_DISABLE_MULTICAST", "NVSHMEM_DISABLE_NVLS")


# The fork-server's own environment (ForkServer._env): KEEP_ENV plus where its caches live.
SERVER_ENV = KEEP_ENV + ("HOME", "TMPDIR", "USER", "XDG_CACHE_HOME", "AUTOTRITON_CACHE",
                         "TORCHINDUCTOR_CACHE_DIR", "PYTORCH_CUDA_ALLOC_CONF")


# ====================================================================== children

def _close_fds(keep: set[int]) -> None:
    """Close everything inherited (the server's protocol pipes above all)."""
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    max_fd = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    max_fd = 65536 if max_fd == resource.RLIM_INFINITY else min(max_fd, 65536)
    low = 3
    for fd in sorted(keep) + [max_fd]:
        if fd > low:
            os.closerange(low, fd)
        low = max(low, fd + 1)


def _die_with(parent_pid: int, cpu_cap_s: float) -> None:
    """A child in its own session outlives a killed server unless told otherwise: one
    spinning `while True` candidate was found alive 71 minutes after its client died."""
    from autotriton.verify.confine import die_with_parent
    die_with_parent()
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        os._exit(1)
    # Backstop: the kernel kills the child even if nobody is left to supervise it.
    cap = int(cpu_cap_s * 4) + 10
    resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 5))


def _redirect_output(path: str) -> None:
    log = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)


def _scrub_env(workdir: str, triton_cache: str) -> None:
    keep = {k: os.environ[k] for k in KEEP_ENV if k in os.environ}
    os.environ.clear()
    os.environ.update(keep)
    # HOME/TMPDIR inside the writable dir: Triton compiles through tempfile and CUDA
    # caches under ~/.nv; USER because getpass fails for a uid without a passwd entry.
    os.environ.update(HOME=workdir, TMPDIR=workdir, USER="sandbox", TRITON_CACHE_DIR=triton_cache,
                      TRITON_HOME=workdir)
    tempfile.tempdir = workdir  # the server already resolved (and cached) /tmp


def _launcher(job: Job, sock: socket.socket, status_w: int, server_pid: int, cgroup) -> None:
    """Runs in the forked launcher; never returns. Root, our code only."""
    from autotriton.verify import confine
    code = 1
    try:
        if cgroup.dirs:
            cgroup.join()  # before the fork: the candidate and all it starts are inside
        os.setsid()
        _die_with(server_pid, _cap_s(job))
        _close_fds({sock.fileno(), status_w})
        conf = confine.Confinement()
        confine.enter_namespaces(conf)
        pid = os.fork()
        if pid == 0:
            _candidate(job, sock, status_w, conf)
        os.write(status_w, f"pid {pid}\n".encode())
        _, status = os.waitpid(pid, 0)
        os.write(status_w, f"status {status}\n".encode())
        code = 0
    finally:
        os._exit(code)


def _candidate(job: Job, sock: socket.socket, status_w: int, conf) -> None:
    """The candidate process; never returns."""
    from autotriton.verify import confine
    try:
        gc.disable()  # one short job: collecting would copy the inherited heap page by page
        workdir = job.workdir
        pid_ns = any(a.startswith("PID namespace") for a in conf.applied)
        # Before any file is open for writing: a mount with writers cannot turn read-only (EBUSY).
        confine.lock_down(conf, workdir, job.uid, pid_ns)
        confine.die_with_parent()
        _redirect_output(os.path.join(workdir, "output.log"))
        # A flooding log is still caught at OUTPUT_CAP_BYTES; writing other files needs open(),
        # which the rules forbid. The fork-server has imported torch and triton already.
        confine.cap_memory(conf, job.memory_mb, confine.address_space_bytes() if job.mode == "interp" else None)
        os.chdir(workdir)
        _scrub_env(workdir, os.path.join(workdir, ".triton"))
        report = json.dumps(conf.to_dict())
        os.write(status_w, f"conf {report}\n".encode())
        os.close(status_w)  # from here on, candidate code: nothing to the server but exit status
        from autotriton.verify import worker
        worker.run(sock, job, {"sandbox": conf.to_dict()})
    except BaseException:  # noqa: BLE001 - the exit status tells the server; the log tells humans
        import traceback
        traceback.print_exc()
        os._exit(70)
    os._exit(0)


def _judge(job: Job, sock: socket.socket | None, verdict_w: int, server_pid: int) -> None:
    """The judge process; never returns. Writes exactly one JSON verdict."""
    try:
        os.setsid()
        _die_with(server_pid, _cap_s(job))
        _close_fds({verdict_w} | ({sock.fileno()} if sock else set()))
        _redirect_output(os.path.join(job.judge_dir, "judge.log"))
        os.chdir(job.judge_dir)
        from autotriton.verify import judge
        if job.kind == "baseline":
            msg = {"result": judge.run_baseline(job)}
        elif job.kind == "footprint":
            msg = {"result": judge.run_footprint(job)}
        elif job.kind == "naive":
            msg = {"result": judge.run_naive(job, sock, verdict_w)}
        else:
            msg = {"result": judge.run_job(job, sock, verdict_w)}
    except BaseException as exc:  # noqa: BLE001 - our own bug: reported, and the caller raises
        import traceback
        # The frames and the message's head, not only its last 4,000 characters: torch's dispatcher
        # errors end in a list of backends that cut the failing line off (outside pass on verifier 96).
        text = "".join(traceback.format_exception(exc))
        msg = {"internal_error": text if len(text) <= 6000 else text[:4000] + "\n[...]\n" + text[-2000:]}
    data = json.dumps(msg).encode()
    while data:
        data = data[os.write(verdict_w, data):]
    os._exit(0)


# ====================================================================== supervision

def _rss_bytes(pid: int | None) -> int:
    if pid is None:
        return 0
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * resource.getpagesize()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return 0


# Without a job cgroup, what the candidate holds is added up from /proc instead (below),
# at this interval: a walk over its processes, their descriptors and its temp dir.
TREE_POLL_S = 0.1
TREE_MAX_ENTRIES = 10_000


NPROC_TREE_CAP = 1024


def _process_tree(root: int) -> list[int]:
    """The candidate and everything it started: PID 1 of its namespace adopts orphans,
    so a double fork stays in the tree."""
    found, todo = [], [root]
    while todo and len(found) < NPROC_TREE_CAP:
        pid = todo.pop()
        found.append(pid)
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{tid}/children") as f:
                    todo += [int(c) for c in f.read().split()]
        except (OSError, ValueError):
            continue
    return found


def _memfd_bytes(pid: int, seen: set) -> int:
    """Pages held in memfds and in deleted files kept open (shared memory that no RSS
    counts unless it is mapped)."""
    total = 0
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return 0
    for fd in fds[:TREE_MAX_ENTRIES]:
        try:
            # Files unlinked from the tmpfs temp dir but held open are memory too.
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
            if not (link.startswith("/memfd:") or link.endswith(" (deleted)")):
                continue
            st = os.stat(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if (st.st_dev, st.st_ino) not in seen:
            seen.add((st.st_dev, st.st_ino))
            total += st.st_blocks * 512
    return total


def _dir_bytes(path: str) -> int:
    """Bytes of the files under `path`, walked with a stack: os.walk recursed once per level
    in Python 3.11, and a candidate's 3,000-deep chain of folders raised RecursionError."""
    total, entries, todo = 0, 0, [path]
    while todo and entries <= TREE_MAX_ENTRIES:
        try:
            with os.scandir(todo.pop()) as it:
                for entry in it:
                    entries += 1
                    if entry.is_dir(follow_symlinks=False):
                        todo.append(entry.path)
                    elif entry.is_file(follow_symlinks=False):
                        total += entry.stat(follow_symlinks=False).st_blocks * 512
        except OSError:
            pass
    return total


def remove_tree(path) -> None:
    """shutil.rmtree(path, ignore_errors=True), at any depth: rmtree recurses once per folder
    level, and a candidate's 3,000-deep chain of folders in its temp dir raised RecursionError
    in the cleanup and killed the fork-server. GNU rm walks any depth."""
    try:
        shutil.rmtree(path, ignore_errors=True)
    except RecursionError:
        subprocess.run(["rm", "-rf", "--one-file-system", "--", str(path)], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def job_bytes(candidate: int, workdir: str) -> int:
    """Resident memory of the candidate's processes, their memfds and its temp dir's files:
    the cgroup's total, counted from outside where no cgroup can be made (three children of
    900 MB each, 40 memfds or 2.4 GB of files in the temp dir otherwise go unseen)."""
    seen: set = set()
    return sum(_rss_bytes(p) + _memfd_bytes(p, seen) for p in _process_tree(candidate)) + _dir_bytes(workdir)


def _kill(pid: int | None, group: bool = False) -> None:
    if pid is None:
        return
    try:
        os.killpg(pid, signal.SIGKILL) if group else os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


@dataclass
class Watch:
    """What the server saw of one job."""

    launcher: int | None = None
    judge: int | None = None
    candidate: int | None = None
    candidate_status: int | None = None
    sandbox: dict = field(default_factory=dict)
    killed: str | None = None  # "timeout", "oom", "judge_oom", "client_gone"
    verdict: bytes = b""
    status_buf: bytes = b""

    def read_status(self, fd: int) -> bool:
        """Consume launcher/candidate status lines; False at EOF."""
        data = os.read(fd, 65536)
        if not data:
            return False
        self.status_buf += data
        while b"\n" in self.status_buf:
            line, self.status_buf = self.status_buf.split(b"\n", 1)
            key, _, value = line.decode(errors="replace").partition(" ")
            if key == "pid":
                self.candidate = int(value)
            elif key == "status":
                self.candidate_status = int(value)
            elif key == "conf":
                self.sandbox = json.loads(value)
        return True


_CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pids: tuple[int | None, ...]) -> float:
    """User and system CPU seconds of these processes, all their threads (/proc/PID/stat's
    utime and stime); a process gone counts nothing."""
    total = 0
    for pid in pids:
        if pid is None:
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()  # the name before ")" may hold spaces
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return total / _CLOCK_TICKS


class _JobClock:
    """The time a job's limits count (see LOADED_STRETCH): since the candidate's last answer, and
    since the start."""

    def __init__(self, w: Watch, counts_cpu: bool):
        self.w, self.counts_cpu = w, counts_cpu
        self.start = self.answered = time.monotonic()
        self.cpu_answered = 0.0  # the processes are fresh forks: their counters start at 0

    def _cpu(self) -> float:
        return _cpu_seconds((self.w.candidate, self.w.judge))

    def answer(self) -> None:
        self.answered = time.monotonic()
        if self.counts_cpu:
            self.cpu_answered = self._cpu()

    def counted(self) -> tuple[float, float, float, float]:
        """(since the last answer, since the start) as counted, then both by the wall clock."""
        now = time.monotonic()
        wall_since, wall_total = now - self.answered, now - self.start
        if not self.counts_cpu:
            return wall_since, wall_total, wall_since, wall_total
        cpu = self._cpu()
        return min(wall_since, cpu - self.cpu_answered), min(wall_total, cpu), wall_since, wall_total


def _loaded_stretch(job: Job) -> int:
    return LOADED_STRETCH if job.mode == "interp" else 1


def _cap_s(job: Job) -> float:
    """The longest a whole job may take, as _JobClock counts."""
    return job.timeout_s * TIMEOUT_STRETCHES


def wall_cap_s(job: Job) -> float:
    """The longest a whole job may take by the wall clock."""
    return _cap_s(job) * _loaded_stretch(job)


def _overdue(clock: _JobClock, job: Job) -> tuple[str | None, float]:
    """("timeout" or "timeout_total", 0) when a limit is reached, else (None, the wall seconds
    before one can be: counted time never runs faster than the wall clock)."""
    cap = _cap_s(job)
    since, total, wall_since, wall_total = clock.counted()
    if total >= cap or wall_total >= wall_cap_s(job):
        return "timeout_total", 0.0
    if since >= job.timeout_s or wall_since >= job.timeout_s * _loaded_stretch(job):
        return "timeout", 0.0
    return None, max(POLL_S, min(job.timeout_s - since, cap - total))


def _client_watch(client_fd: int | None):
    """A poll on the read end of the server's job pipe, which reports a hang-up once every writer
    (the client) is gone; the client sends nothing while a job runs, so that is all it can report."""
    if client_fd is None:
        return None
    poll = select.poll()
    poll.register(client_fd, 0)  # POLLHUP and POLLERR are always reported
    return poll


def _supervise(w: Watch, verdict_r: int, status_r: int | None, job: Job, count_tree: bool,
               client_fd: int | None = None) -> None:
    """Wait for the verdict, killing on timeout or memory (`count_tree`: no cgroup, so
    the candidate's whole footprint is counted from /proc, see job_bytes), or when the client that
    sent the job is gone (`client_fd`: a server whose client was killed ran its job on, up to
    LOADED_STRETCH times its limits, for a verdict nobody would read: a stopped data build left
    such servers behind, session 74)."""
    clock = _JobClock(w, counts_cpu=_loaded_stretch(job) > 1)
    client = _client_watch(client_fd)
    next_limit = clock.start + job.timeout_s
    open_fds = [verdict_r] + ([status_r] if status_r is not None else [])
    limit = job.memory_mb * (1 << 20)
    next_tree = 0.0
    while verdict_r in open_fds:
        if client is not None and client.poll(0):
            w.killed = "client_gone"
            return
        now = time.monotonic()
        if now > next_limit:
            w.killed, wait = _overdue(clock, job)
            if w.killed:
                return
            next_limit = now + wait
        if _rss_bytes(w.candidate) > limit:
            w.killed = "oom"
            return
        if count_tree and w.candidate is not None and now >= next_tree:
            next_tree = now + TREE_POLL_S
            if job_bytes(w.candidate, job.workdir) > limit:
                w.killed = "oom"
                return
        if _rss_bytes(w.judge) > job.judge_memory_mb * (1 << 20):
            w.killed = "judge_oom"
            return
        ready, _, _ = select.select(open_fds, [], [], POLL_S)
        for fd in ready:
            if fd == verdict_r:
                data = os.read(fd, 1 << 16)
                w.verdict += data
                # The judge marks each reply of the candidate here (judge.Channel): the limit runs from it.
                clock.answer()
                next_limit = min(clock.answered + job.timeout_s, clock.start + _cap_s(job))
                if not data or len(w.verdict) > VERDICT_CAP_BYTES:
                    open_fds.remove(fd)
            elif not w.read_status(fd):
                open_fds.remove(fd)


def _await_candidate_status(w: Watch, status_r: int, timeout_s: float = 5.0) -> None:
    """After the judge saw the channel close: the launcher reports how the candidate ended."""
    deadline = time.monotonic() + timeout_s
    while w.candidate_status is None and time.monotonic() < deadline:
        ready, _, _ = select.select([status_r], [], [], POLL_S)
        if ready and not w.read_status(status_r):
            return


def _gone_verdict(w: Watch, stage: str) -> dict:
    status = w.candidate_status
    if status is None:
        return {"sandbox_error": "crash", "message": f"the candidate process stopped answering during {stage}"}
    if os.WIFSIGNALED(status):
        sig = signal.Signals(os.WTERMSIG(status)).name
        return {"sandbox_error": "crash", "message": f"candidate process killed by {sig} during {stage}"}
    code = os.WEXITSTATUS(status)
    return {"sandbox_error": "exited", "message": f"candidate process exited with code {code} during {stage} "
            "(sys.exit or os._exit in candidate code?)"}


def _resolve(w: Watch, job: Job, status_r: int | None, cgroup) -> dict:
    counted = (f" (CPU seconds of the candidate and the judge, or {_loaded_stretch(job)} times as many by the "
               "clock)") if _loaded_stretch(job) > 1 else ""
    if w.killed == "timeout":
        return {"sandbox_error": "timeout", "message": f"no answer from the candidate within {job.timeout_s:.0f} s"
                f"{counted} of its last (load, a forward call or timing; the judge's own work between them counts "
                "too); all processes killed"}
    if w.killed == "timeout_total":
        return {"sandbox_error": "timeout", "message": f"no verdict within {_cap_s(job):.0f} s"
                f"{counted} ({TIMEOUT_STRETCHES} times the limit per answer); all processes killed"}
    if w.killed == "oom":
        return {"sandbox_error": "oom", "message": f"candidate resident memory exceeded {job.memory_mb} MB; killed"}
    if w.killed == "client_gone":
        return {"internal_error": "the client went away mid-job; the job was stopped"}
    if w.killed == "judge_oom":
        return {"result": {"parsed": True, "correct": False, "error_kind": "invalid_task",
                           "error_msg": f"skipped: the reference needs more than {job.judge_memory_mb} MB of host memory"}}
    try:
        msg = json.loads(w.verdict)
    except ValueError:
        return {"internal_error": "the judge process died without a verdict"}
    result = msg.get("result", {})
    if "candidate_gone" in result:
        if status_r is not None:
            _await_candidate_status(w, status_r)
        if cgroup is not None and cgroup.oom_killed():
            return {"sandbox_error": "oom", "message": f"the candidate's processes exceeded {job.memory_mb} MB "
                    "(memory cgroup); the kernel killed them", "compiled": result.get("compiled", False)}
        verdict = _gone_verdict(w, result["candidate_gone"])
        verdict["compiled"] = result.get("compiled", False)
        return verdict
    return msg


def run_isolated(job: Job, scratch: str | None = None, client_fd: int | None = None) -> dict:
    """Run one job (judge + confined candidate, or a judge alone for baselines) and
    return {"result": {...}}, {"sandbox_error": kind, "message": ...} or {"internal_error": ...}.
    The judge's temp dir goes under `scratch` (the server's, which its client removes); the job
    stops when `client_fd` (the pipe its client sends jobs on) hangs up."""
    server_pid = os.getpid()
    judge_dir = tempfile.mkdtemp(prefix="autotriton-judge-", dir=scratch)
    # Named after the server, so that its client can remove what a killed server left (ForkServer.close).
    workdir = tempfile.mkdtemp(prefix=f"{CAND_PREFIX}{server_pid}-", dir=_work_root())
    job = replace(job, judge_dir=judge_dir, workdir=workdir, uid=_sandbox_uid())
    w = Watch()
    fds: list[int] = []
    sock_j = status_r = cgroup = None
    try:
        if job.kind in CANDIDATE_KINDS:
            from autotriton.verify.confine import JOB_IDS, NPROC_LIMIT, JobCgroup
            cgroup = JobCgroup(f"autotriton-{server_pid}-{next(JOB_IDS)}", job.memory_mb << 20,
                               enabled=job.cgroup)
            Path(workdir, "candidate.py").write_text(job.candidate)  # before any file-size cap
            if job.mode == "gpu":
                _seed_workdir_cache(workdir)
            sock_j, sock_c = socket.socketpair()
            status_r, status_w = os.pipe()
            w.launcher = os.fork()
            if w.launcher == 0:
                sock_j.close()
                os.close(status_r)
                _launcher(job, sock_c, status_w, server_pid, cgroup)
            sock_c.close()
            os.close(status_w)
            fds.append(status_r)
        verdict_r, verdict_w = os.pipe()
        w.judge = os.fork()
        if w.judge == 0:
            os.close(verdict_r)
            _judge(job, sock_j, verdict_w, server_pid)
        os.close(verdict_w)
        fds.append(verdict_r)
        if sock_j is not None:
            sock_j.close()  # the judge has its copy; EOF on it must mean the judge is gone
        _supervise(w, verdict_r, status_r, job, count_tree=cgroup is not None and bool(cgroup.missing),
                   client_fd=client_fd)
        verdict = _resolve(w, job, status_r, cgroup)
        if cgroup is not None and w.sandbox:
            if cgroup.missing:
                w.sandbox.setdefault("missing", []).append(cgroup.missing)
                w.sandbox["applied"].append(f"instead of a cgroup: the memory of every process, memfd and temp-dir "
                                            f"file of the job summed from /proc every {TREE_POLL_S:g} s "
                                            f"({job.memory_mb} MB; no process cap beyond RLIMIT_NPROC)")
            else:
                w.sandbox.setdefault("applied", []).append(
                    f"cgroup v{cgroup.version}: {job.memory_mb} MB and {NPROC_LIMIT} processes for the whole job")
            if workdir.startswith("/dev/shm/"):
                w.sandbox["applied"].append("temp dir on tmpfs: its files count against the memory cgroup")
            else:
                w.sandbox.setdefault("missing", []).append(
                    "temp dir on disk (no usable /dev/shm tmpfs): RLIMIT_FSIZE caps each file, not the total")
        if verdict.get("result") is not None and w.sandbox:
            verdict["result"].setdefault("details", {})["sandbox"] = w.sandbox
        elif "sandbox_error" in verdict:
            verdict["sandbox"] = w.sandbox
        return _with_output(verdict, workdir, job.uid)
    finally:
        for pid, group in ((w.launcher, True), (w.candidate, False), (w.judge, True)):
            _kill(pid, group)
        for pid in (w.launcher, w.judge):
            if pid:
                os.waitpid(pid, 0)
        for fd in fds:
            os.close(fd)
        if cgroup is not None:
            cgroup.remove_when_empty()
        remove_tree(workdir)
        remove_tree(judge_dir)


CAND_PREFIX = "autotriton-cand-"
# A candidate's temp dir on tmpfs: what it writes is memory charged to its job cgroup, so
# the total is capped (RLIMIT_FSIZE caps one file; 300 MiB of files reached the host disk).
TMPFS_MIN_FREE_BYTES = 1 << 30


def _work_root() -> str | None:
    """/dev/shm when it is a tmpfs with room (Docker's default is 64 MB), else the temp dir."""
    try:
        with open("/proc/self/mounts") as f:
            tmpfs = any(line.split()[1] == "/dev/shm" and line.split()[2] == "tmpfs" for line in f)
        st = os.statvfs("/dev/shm")
    except OSError:
        return None
    free = st.f_bavail * st.f_frsize
    return "/dev/shm" if tmpfs and free >= TMPFS_MIN_FREE_BYTES and os.access("/dev/shm", os.W_OK) else None


def _with_output(verdict: dict, workdir: str, uid: int) -> dict:
    from autotriton.verify.confine import read_owned_log
    size, tail = read_owned_log(workdir, uid)
    if size >= OUTPUT_CAP_BYTES:
        return {"sandbox_error": "output_flood",
                "message": f"candidate wrote {size} bytes of output (cap {OUTPUT_CAP_BYTES})",
                "sandbox": verdict.get("sandbox", {})}
    if "sandbox_error" in verdict and tail:
        verdict["message"] += "\n--- candidate output (tail) ---\n" + tail
    return verdict


def shared_triton_cache() -> str:
    """Triton's compiled helpers (cuda_utils, launchers), built by a trusted process.
    Candidates get a copy, never the directory: a shared writable cache would let one
    candidate plant a binary that another candidate's kernel then loads."""
    return os.path.join(tempfile.gettempdir(), f"autotriton-triton-{os.geteuid()}")


def seed_triton_cache() -> None:
    """Build Triton's driver helpers once, in a trusted child (CUDA must never start in
    the server), so candidates do not each run gcc on them."""
    path = shared_triton_cache()
    if os.path.isdir(path) and os.listdir(path):
        return
    os.makedirs(path, mode=0o755, exist_ok=True)
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.environ["TRITON_CACHE_DIR"] = path
            from autotriton.verify import warm_kernels
            warm_kernels.run()
            code = 0
        finally:
            os._exit(code)
    os.waitpid(pid, 0)


def _seed_workdir_cache(workdir: str) -> None:
    shared = shared_triton_cache()
    if os.path.isdir(shared):
        shutil.copytree(shared, os.path.join(workdir, ".triton"), dirs_exist_ok=True)


def _sandbox_uid() -> int:
    from autotriton.verify.confine import UID_BASE
    return UID_BASE + os.getpid()


# ====================================================================== server

def warm_up(mode: str, scratch: str | None = None) -> None:
    """Run the judge and the worker once, in this process, so children inherit warm
    imports. A cold child spent ~1.8 s of a 1.9 s job in lazy imports (torch._dynamo
    via manual_seed, sympy, the interpreter) against 0.07 s warm. One thread each: an
    OpenMP pool started before fork() can deadlock the children. GPU mode skips the
    run: it would initialise CUDA here, which must never happen before fork. Its temp
    dir goes under `scratch`, which the client removes even if warm-up is killed."""
    import torch
    import torch._dynamo  # noqa: F401 - a dispatch mode imports it lazily: 2-3 s per child, cold
    from autotriton.verify import guards, judge, worker
    torch.set_num_threads(1)
    guards.install_launch_hook()
    with guards.WriteTracker([], poison_allocations=True):
        torch.manual_seed(0)
        (torch.empty(4).fill_(1) + 1).sum()
    worker.describe(ValueError("warm"))
    if mode != "interp":
        seed_triton_cache()
        return
    from autotriton.tasks.suite import get_task
    from autotriton.verify.config import VerifyConfig
    task = get_task("builtin/l1/softmax")
    tmp = tempfile.mkdtemp(prefix="autotriton-warm-", dir=scratch)
    try:
        Path(tmp, "candidate.py").write_text(task.solution_source)
        job = build_job("check", task, VerifyConfig(device="cpu", n_trials=1, time_it=False), "interp",
                        candidate=task.solution_source)
        a, b = socket.socketpair()
        worker.interpreted()
        side = threading.Thread(target=lambda: worker.Worker(b, "interp", str(Path(tmp, "candidate.py"))).serve({}))
        side.start()
        result = judge.run_job(replace(job, workdir=tmp, judge_dir=tmp), a)
        a.close()
        side.join()
        b.close()
    finally:
        remove_tree(tmp)
    guards.STATE.candidate_globals = None
    sys.modules.pop("candidate", None)
    from autotriton.verify import compare
    compare._WEIGHTS.clear()  # each child draws its own fingerprint weights, unseen by the others
    if not result.get("correct"):
        raise RuntimeError(f"verifier warm-up failed on its own reference solution: {result}")


def serve(mode: str, scratch: str | None = None) -> None:
    """Fork-server loop: one JSON job per stdin line, one JSON verdict per line. Temp dirs
    of the server's own (warm-up, judges) go under `scratch`, made and removed by its client."""
    proto = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # stray prints from imports must not corrupt the protocol
    try:
        warm_up(mode, scratch)
    except BaseException as e:
        # Its stderr goes nowhere: the reason travels on the protocol, or the client can only say
        # "not ready" (it blamed a loaded machine for bf16.py's refusal of Triton 3.6, session 45).
        print(json.dumps({"ready": False, "error": f"{type(e).__name__}: {e}"}), file=proto, flush=True)
        raise
    # Children inherit the warm heap copy-on-write; a GC pass in a child would
    # touch (and so copy) every object. Freezing moves them out of GC's reach.
    gc.collect()
    gc.freeze()
    print(json.dumps({"ready": True}), file=proto, flush=True)
    for line in sys.stdin:
        job = Job.from_wire(json.loads(line))
        verdict = run_isolated(job, scratch, client_fd=sys.stdin.fileno())
        try:
            print(json.dumps(verdict), file=proto, flush=True)
        except BrokenPipeError:
            return  # the client is gone (its job was stopped for it): nobody to serve


# ====================================================================== client

class ForkServer:
    """Client handle on one fork-server process. Not thread-safe: one job at a time.
    Use as a context manager, or call close(): it ends the process and removes its
    scratch dir (warm-up and judge temp dirs), which the server cannot do when killed."""

    # The modes whose server has started in this process: Verifier.ready() need not start another.
    started: set[str] = set()

    def __init__(self, mode: str, gpu_id: str | None = None, start_timeout_s: float = 120.0):
        # gpu_id: an entry of the parent's CUDA_VISIBLE_DEVICES (or an index when it is unset)
        self.mode, self.gpu_id, self.start_timeout_s = mode, gpu_id, start_timeout_s
        self.child: Child | None = None
        self.scratch: str | None = None
        self._lock = threading.Lock()

    def __enter__(self) -> ForkServer:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _env(self) -> dict:
        # Only what the server needs: its candidates are forked from it, and one read the
        # server's original environment block back out of memory (tokens, keys).
        env = {k: v for k, v in os.environ.items() if k in SERVER_ENV or k.startswith(("TRITON_", "CUDA_"))}
        if self.mode == "interp":
            env["TRITON_INTERPRET"] = "1"
        else:
            env.pop("TRITON_INTERPRET", None)
        if self.gpu_id is not None:
            env["CUDA_VISIBLE_DEVICES"] = str(self.gpu_id)
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
        return env

    def _argv(self) -> list[str]:
        return [sys.executable, "-m", "autotriton.verify.sandbox", "--mode", self.mode, "--scratch", self.scratch]

    def start(self) -> None:
        self.close()  # a server that died on its own leaves its scratch dir behind
        # Killed servers left their warm-up dirs in /tmp, one per start (34 seen after a day).
        self.scratch = tempfile.mkdtemp(prefix="autotriton-server-")
        # In its own scratch dir, not the caller's: `python -m` puts the working directory first
        # on sys.path, and every candidate is forked from this process.
        self.child = Child(self._argv(), cwd=self.scratch, env=self._env())
        ready = self.child.receive(time.monotonic() + self.start_timeout_s)
        if not (isinstance(ready, dict) and ready.get("ready")):
            why = self._why(ready)
            self.close()
            raise RuntimeError(f"verifier fork-server failed to start: {why}")
        ForkServer.started.add(self.mode)

    def _why(self, ready) -> str:
        """Why a server sent no ready line. Which cause matters: on 2 cores beside two other
        verifying processes a server once took past the limit to import torch and triton, and
        the message blamed the install; a server whose warm-up raised was blamed on the load."""
        if isinstance(ready, dict) and ready.get("error"):
            return f"its warm-up raised {ready['error']}"
        if ready == "timeout":
            return f"not ready after {self.start_timeout_s:.0f} s (a loaded machine?)"
        if self.child.wait(time.monotonic() + 10) == "exited":  # it closed its stdout: exiting
            return f"exited with code {self.child.returncode}; is torch/triton importable by {sys.executable}?"
        return f"sent {ready!r} instead of its ready line"

    def ensure_started(self) -> None:
        """Starts the server unless it is running (one that died on its own is started again)."""
        if self.child is None or not self.child.alive():
            self.start()

    def run(self, job: Job) -> dict:
        with self._lock:
            self.ensure_started()
            self.child.send(job.to_wire())
            # The server enforces the job timeout; this margin only guards against the server dying.
            verdict = self.child.receive(time.monotonic() + wall_cap_s(job) + 30)
            if isinstance(verdict, dict):
                return verdict
            self.close()  # dead, silent or a corrupted protocol stream: never trust this server again
            if verdict == "malformed":
                return {"sandbox_error": "crash", "message": "fork-server sent a malformed verdict"}
            return {"sandbox_error": "timeout", "message": "fork-server stopped answering"}

    def close(self) -> None:
        if self.child is not None:
            self.child.close()
            # A server killed mid-job leaves that job's candidate dir (on /dev/shm: memory) behind.
            root = _work_root() or tempfile.gettempdir()
            for left in Path(root).glob(f"{CAND_PREFIX}{self.child.pid}-*"):
                remove_tree(left)
            self.child = None
        if self.scratch is not None:
            remove_tree(self.scratch)
            self.scratch = None


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="autotriton verifier fork-server (internal)")
    parser.add_argument("--mode", choices=["interp", "gpu"], required=True)
    parser.add_argument("--scratch", required=True, help="temp dir of the server's own; its client removes it")
    args = parser.parse_args()
    serve(args.mode, args.scratch)
