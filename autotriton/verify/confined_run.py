"""One command run under the candidate's OS confinement, without the fork-server.

For formats whose program produces its own results: a TritonBench item is the
candidate's code followed by the item's test section, one program that the
verifier's judge/candidate split does not fit. The program gets what the
verifier's candidate process gets (confine.py):

- new network, PID, mount and IPC namespaces; the program is the first process of
  its PID namespace, so when it dies every process it started dies with it;
- a read-only filesystem except its temp dir, with the shared temp dirs, home
  dirs, answer keys and the caller's `hide` list (the benchmark checkout, which
  holds the gold code and its results) seen empty; a private /proc;
- its own unprivileged uid, RLIMIT_NPROC, no core dumps;
- a job cgroup capping the memory and processes of everything it starts, with
  RLIMIT_AS as a backstop on CPU and RLIMIT_FSIZE on every file it writes;
- output over OUTPUT_CAP_BYTES is a flood; a wall-clock timeout kills it all.

What cannot be had here is listed in `ConfinedRun.sandbox["missing"]`, as the
verifier does: nothing fails open silently.

The launcher is this file run as `python -S confined_run.py job.json`: it imports
only the standard library and confine.py (loaded by path), so a confined run costs
one small interpreter start on top of the program's own, not a second torch import,
and it never forks the caller (which may hold threads and locks).
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field

OUTPUT_CAP_BYTES = 1 << 20  # as the verifier's sandbox.OUTPUT_CAP_BYTES
# RLIMIT_AS on CPU counts virtual memory: importing torch and triton reserves ~3 GB of
# it (measured 2.6 GB VSZ after `import torch, triton` on the 2-core machine) before
# the program allocates anything, so the backstop is the memory cap plus that.
CPU_VSZ_BASE_MB = 4096
_TAIL_BYTES = 4000


@dataclass
class ConfinedRun:
    returncode: int | None  # exit status (128 + signal when killed by one); None when we killed it
    timed_out: bool
    oom: bool  # the job cgroup's OOM killer fired
    flooded: bool  # output over OUTPUT_CAP_BYTES
    output_tail: str
    sandbox: dict = field(default_factory=dict)  # {"applied": [...], "missing": [...], "uid": int}


def run_confined(argv: list[str], workdir: str, env: dict[str, str], timeout_s: float, memory_mb: int,
                 cpu_mode: bool, hide: tuple[str, ...] = ()) -> ConfinedRun:
    """Run `argv` in `workdir` (which it may write) confined as above; output goes to
    workdir/output.log. `workdir` should be on tmpfs (sandbox._work_root) so that what
    the program writes counts against its memory cap."""
    from autotriton.verify import confine
    run_id = next(confine.JOB_IDS)
    cgroup = confine.JobCgroup(f"autotriton-run-{os.getpid()}-{run_id}", memory_mb << 20)
    job = {"argv": argv, "env": env, "workdir": workdir, "uid": run_uid(run_id), "timeout_s": timeout_s,
           "memory_mb": memory_mb, "cpu_mode": cpu_mode, "cgroup_dirs": cgroup.dirs,
           "hidden": confine.hidden_dirs() + list(hide), "needed": confine.needed_paths(workdir),
           "confine_py": confine.__file__}
    job_path = os.path.join(workdir, ".launch.json")
    with open(job_path, "w") as f:
        json.dump(job, f)
    try:
        return _supervise(job, job_path, cgroup, timeout_s)
    finally:
        cgroup.remove_when_empty()


def run_uid(run_id: int) -> int:
    """A uid of this run's own. RLIMIT_NPROC counts per uid: 14 programs sharing one uid
    hit its 256 (OpenBLAS and libgomp start a thread per core, Triton runs ptxas) and
    failed with EAGAIN. Above the fork-servers' UID_BASE + pid range (pids < 2^22)."""
    return (1 << 30) + ((os.getpid() & 0x3FFFF) << 12) + (run_id & 0xFFF)


def _supervise(job: dict, job_path: str, cgroup, timeout_s: float) -> ConfinedRun:
    from autotriton.child import Child
    from autotriton.verify.confine import read_owned_log
    from autotriton.verify.sandbox import TREE_POLL_S, job_bytes
    launcher = Child([sys.executable, "-S", os.path.abspath(__file__), job_path], cwd=job["workdir"],
                     stdin=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    cap = job["memory_mb"] << 20
    # Without a cgroup (a host that forbids one), the memory of the process tree, its
    # memfds and its temp dir is summed every TREE_POLL_S, as the fork-server does.
    ended = launcher.wait(time.monotonic() + timeout_s, poll_s=TREE_POLL_S,
                          over_cap=lambda: bool(cgroup.missing) and job_bytes(launcher.pid, job["workdir"]) > cap)
    timed_out, watched_oom = ended == "timeout", ended == "over_cap"
    launcher.kill()  # the program dies with it (PDEATHSIG, then its namespace)
    text = launcher.output().decode(errors="replace")
    launcher.close()
    report = _last_json(text)
    size, tail = read_owned_log(job["workdir"], job["uid"], _TAIL_BYTES)
    sandbox = report.get("sandbox", {"applied": [], "missing": ["the launcher reported nothing"]})
    if cgroup.missing:
        sandbox.setdefault("missing", []).append(cgroup.missing)
        sandbox.setdefault("applied", []).append(f"instead of a cgroup: the memory of the job's processes, memfds "
                                                 f"and temp dir summed every {TREE_POLL_S:g} s ({job['memory_mb']} MB)")
    elif cgroup.version:
        sandbox.setdefault("applied", []).append(f"cgroup v{cgroup.version}: {job['memory_mb']} MB for the whole job")
    if report.get("launch_error"):
        raise RuntimeError(f"confined launcher failed before the program ran: {report['launch_error']}")
    if "status" not in report and not (timed_out or watched_oom):
        # Killed from outside (the host's OOM killer, a signal to the process group): the
        # program's fate is unknown, so it did not finish; say what the launcher left.
        report["status"] = 128 + signal.SIGKILL if launcher.returncode == -signal.SIGKILL else 1
        tail = f"{tail}\nthe sandbox launcher ended without a report (exit {launcher.returncode}): {text[-500:]}"
    return ConfinedRun(returncode=None if timed_out or watched_oom else report.get("status"), timed_out=timed_out,
                       oom=watched_oom or cgroup.oom_killed(), flooded=size >= OUTPUT_CAP_BYTES, output_tail=tail,
                       sandbox=sandbox)


def _last_json(text: str) -> dict:
    for line in reversed(text.splitlines()):
        if line.startswith("{"):
            try:
                return json.loads(line)
            except json.JSONDecodeError:
                continue
    return {"launch_error": text[-2000:] or "no output"} if text.strip() else {}


# ====================================================================== the launcher (python -S)

def _load_confine(path: str):
    import importlib.util
    spec = importlib.util.spec_from_file_location("_autotriton_confine", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses looks the module up by name
    spec.loader.exec_module(module)
    return module


def _launch(job_path: str) -> None:
    """Join the cgroup, enter namespaces, fork the program's process; print one JSON line."""
    with open(job_path) as f:
        job = json.load(f)
    os.unlink(job_path)
    confine = _load_confine(job["confine_py"])
    for d in job["cgroup_dirs"]:
        with open(os.path.join(d, "cgroup.procs"), "w") as f:
            f.write(str(os.getpid()))
    parent = os.getppid()
    confine.die_with_parent()
    if os.getppid() != parent:
        os._exit(1)
    cap = int(job["timeout_s"] * 4) + 10  # CPU-time backstop if nobody is left to kill us
    resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 5))
    conf = confine.Confinement()
    confine.enter_namespaces(conf)
    status_r, status_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(status_r)
        _program(job, conf, confine, status_w)
    os.close(status_w)
    with os.fdopen(status_r) as f:
        reported = f.read()
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    first, _, failure = reported.partition("\n")
    sandbox = json.loads(first) if first.startswith("{") else {"applied": conf.applied, "missing": list(conf.missing)}
    if failure or not first.startswith("{"):
        sandbox["missing"].append(f"the program never started: {(failure or first)[-500:]}")
    print(json.dumps({"status": code if code >= 0 else 128 - code, "sandbox": sandbox}), flush=True)
    os._exit(0)


def _program(job: dict, conf, confine, status_w: int) -> None:
    """The program's process: lock down, then exec the program. Never returns."""
    try:
        workdir = job["workdir"]
        pid_ns = any(a.startswith("PID namespace") for a in conf.applied)
        confine.lock_down(conf, workdir, job["uid"], pid_ns, job["hidden"], job["needed"])
        confine.die_with_parent()
        log = os.open(os.path.join(workdir, "output.log"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.close(log)
        # The program imports torch and triton after exec, so their address space is a fixed base.
        confine.cap_memory(conf, job["memory_mb"], CPU_VSZ_BASE_MB << 20 if job["cpu_mode"] else None)
        os.chdir(workdir)
        os.write(status_w, json.dumps(conf.to_dict()).encode())
        os.execve(job["argv"][0], job["argv"], job["env"])  # the pipe is close-on-exec
    except BaseException as exc:  # noqa: BLE001 - reported through the status pipe; the launcher prints it
        try:
            os.write(status_w, f"\n{type(exc).__name__}: {exc}".encode())
        finally:
            os._exit(71)


if __name__ == "__main__":
    try:
        _launch(sys.argv[1])
    except BaseException as exc:  # noqa: BLE001 - our bug: the caller raises it
        print(json.dumps({"launch_error": f"{type(exc).__name__}: {exc}"}), flush=True)
        os._exit(1)
