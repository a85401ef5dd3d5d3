"""The confinement of the candidate process, checked from outside (class D of the
adversarial corpus: side effects, not verdicts).

Every candidate here runs with the static rules off, so only the runtime stands
between it and the host. Each one tries something and then raises with a report
of what it saw; the tests check the host afterwards (files, listeners, process
table) and the verdict's text, never the candidate's word alone.

Needs Linux and root (the sandbox drops to a uid of its own and enters net, PID,
mount and IPC namespaces); skipped elsewhere.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import socket
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import pytest

from autotriton.tasks import get_task
from autotriton.verify import ErrorKind, Verifier, VerifyConfig
from autotriton.verify.confined_run import run_confined
from autotriton.verify.sandbox import ForkServer, _work_root

RELU = get_task("builtin/l1/relu")
CONFIG = dict(device="cpu", cache_dir=None, static_checks=False, timeout_s=30.0, memory_mb=2048)

HEADER = """import os, socket, sys, time
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        raise RuntimeError("REPORT " + repr(probe()))
"""


def _namespaces_work() -> str | None:
    """None if a child can enter the four namespaces the sandbox uses, else why not."""
    pid = os.fork()
    if pid == 0:
        libc = ctypes.CDLL(None, use_errno=True)
        flags = 0x40000000 | 0x20000000 | 0x00020000 | 0x08000000  # NEWNET | NEWPID | NEWNS | NEWIPC
        os._exit(0 if libc.unshare(flags) == 0 else 1)
    _, status = os.waitpid(pid, 0)
    return None if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 else "unshare(net|pid|mount|ipc) failed"


pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the sandbox's confinement is Linux-only"),
    pytest.mark.skipif(os.geteuid() != 0, reason="needs root: the sandbox switches the candidate to its own uid"),
]


def _candidate(probe: str, **values: str) -> str:
    for key, value in values.items():
        probe = probe.replace(key, value)
    return HEADER + "\n\n" + probe


def _report(result) -> str:
    assert result.error_kind == ErrorKind.RUNTIME_ERROR, (result.error_kind, result.error_msg)
    assert "REPORT " in result.error_msg, result.error_msg
    return result.error_msg.split("REPORT ", 1)[1]


# ---------------------------------------------------------------- the probes

WRITE = """
def probe():
    out = {}
    for path in TARGETS:
        try:
            with open(path, "w") as f:
                f.write("escaped")
            out[path] = "WRITTEN"
        except OSError as exc:
            out[path] = type(exc).__name__ + " " + str(exc.errno)
    return out
"""

CONNECT = """
def probe():
    out = {}
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(1.0)
    try:
        s.connect(("127.0.0.1", TCP_PORT))
        out["tcp"] = "CONNECTED"
    except OSError as exc:
        out["tcp"] = "refused: " + str(exc)
    u = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    u.settimeout(1.0)
    try:
        u.connect(UNIX_PATH)
        out["unix"] = "CONNECTED"
    except OSError as exc:
        out["unix"] = "refused: " + str(exc)
    return out
"""

GRANDCHILD = """
def probe():
    r, w = os.pipe()
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.write(w, str(os.getpid()).encode())
            os.execv("/bin/sh", ["/bin/sh", "-c", "while :; do sleep 1; done", TOKEN])
        os._exit(0)
    os.close(w)
    grandchild = int(os.read(r, 32) or b"0")
    deadline = time.monotonic() + 5
    seen = ""
    while time.monotonic() < deadline and TOKEN not in seen:
        try:
            with open(f"/proc/{grandchild}/cmdline", "rb") as f:
                seen = f.read().decode(errors="replace")
        except OSError:
            pass
        time.sleep(0.05)
    return {"grandchild": grandchild, "running": TOKEN in seen}
"""

SNOOP = """
def probe():
    def read(path):
        try:
            with open(path, "rb") as f:
                return f.read(4096).replace(b"\\0", b" ").decode(errors="replace")
        except OSError as exc:
            return "<" + type(exc).__name__ + ">"
    pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
    return {"me": os.getpid(), "ppid": os.getppid(), "pids": pids,
            "cmdlines": {p: read(f"/proc/{p}/cmdline") for p in pids},
            "environs": {p: read(f"/proc/{p}/environ") for p in pids},
            "pid1": read("/proc/1/cmdline"), "parent": read(f"/proc/{os.getppid()}/cmdline")}
"""

ENV_BLOCK = """
def probe():
    import ctypes
    with open("/proc/self/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    start, end = int(fields[47]), int(fields[48])
    block = ctypes.string_at(start, end - start) if 0 < start < end else b""
    return [e.decode(errors="replace") for e in block.split(b"\\0") if b"AUTOTRITON_TEST_SECRET" in e]
"""

LOG_SYMLINK = """
def probe():
    return None


os.unlink("output.log")
os.symlink(SECRET_PATH, "output.log")
os._exit(3)
"""


class _Listener:
    """A TCP and a Unix listener the candidate may try to reach; records what connected."""

    def __init__(self, unix_path: str):
        self.accepted: list[str] = []
        self.stop = False
        self.tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.tcp.bind(("127.0.0.1", 0))
        self.tcp.listen(8)
        self.unix_path = unix_path
        self.unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.unix.bind(unix_path)
        os.chmod(unix_path, 0o777)
        self.unix.listen(8)
        for sock, name in ((self.tcp, "tcp"), (self.unix, "unix")):
            sock.settimeout(0.2)
            threading.Thread(target=self._accept, args=(sock, name), daemon=True).start()

    @property
    def port(self) -> int:
        return self.tcp.getsockname()[1]

    def _accept(self, sock: socket.socket, name: str) -> None:
        while not self.stop:
            try:
                conn, _ = sock.accept()
            except OSError:
                continue
            self.accepted.append(name)
            conn.close()

    def close(self) -> None:
        self.stop = True
        self.tcp.close()
        self.unix.close()


def _processes_with(token: str) -> list[int]:
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if token.encode() in f.read():
                    found.append(int(pid))
        except OSError:
            pass
    return found


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """Everything the candidates aim at, set up once; all candidates verified in one batch."""
    why = _namespaces_work()
    if why:
        pytest.skip(f"namespaces unavailable here: {why}")
    root = tmp_path_factory.mktemp("sandbox-world")
    # pytest's own tmp dirs sit under a 0700 directory: a candidate would be stopped by
    # permissions before the read-only mount is even tried. This one it can reach.
    shared = Path(tempfile.mkdtemp(prefix="autotriton-sandbox-test-", dir="/tmp"))
    os.chmod(shared, 0o777)
    token = f"autotriton-sandbox-test-{uuid.uuid4().hex}"
    targets = [str(shared / f"{token}.marker"), f"/tmp/{token}.marker", f"/dev/shm/{token}.marker"]
    listener = _Listener(str(shared / "listener.sock"))
    secret_path = root / "root-only-secret"
    secret = f"ROOT-ONLY-{uuid.uuid4().hex}"
    secret_path.write_text(secret + "\n")
    os.chmod(secret_path, 0o600)
    env_secret = f"hunter2-{uuid.uuid4().hex}"
    sources = {
        "write": _candidate(WRITE, TARGETS=repr(targets)),
        "connect": _candidate(CONNECT, TCP_PORT=str(listener.port), UNIX_PATH=repr(listener.unix_path)),
        "grandchild": _candidate(GRANDCHILD, TOKEN=repr(token)),
        "snoop": _candidate(SNOOP),
        "env": _candidate(ENV_BLOCK),
        "log_symlink": _candidate(LOG_SYMLINK, SECRET_PATH=repr(str(secret_path))),
        "honest": RELU.solution_source,
    }
    with pytest.MonkeyPatch.context() as mp:
        # The fork-server inherits this process's environment; the candidate's must not.
        mp.setenv("AUTOTRITON_TEST_SECRET", env_secret)
        start = time.monotonic()
        with Verifier(VerifyConfig(**CONFIG, workers=2)) as verifier:
            results = dict(zip(sources, verifier.verify_many([(RELU, s) for s in sources.values()])))
        elapsed = time.monotonic() - start
    time.sleep(0.5)  # let the kernel finish reaping the killed namespaces
    yield {"results": results, "targets": targets, "listener": listener, "token": token, "secret": secret,
           "env_secret": env_secret, "elapsed": elapsed}
    listener.close()
    shutil.rmtree(shared, ignore_errors=True)
    for path in targets:
        if os.path.exists(path):
            os.unlink(path)
    for pid in _processes_with(token):
        os.kill(pid, 9)


def test_every_verdict_reports_full_confinement(world):
    for name, result in world["results"].items():
        sandbox = result.details.get("sandbox")
        assert sandbox, f"{name}: no sandbox report in {result.details}"
        assert sandbox["missing"] == [], f"{name}: {sandbox['missing']}"
        assert sandbox["uid"] and sandbox["uid"] != 0
    assert world["results"]["honest"].correct


def test_writes_outside_the_temp_dir_leave_no_file(world):
    report = _report(world["results"]["write"])
    assert "WRITTEN" not in report, report
    # EROFS (30) or ENOENT (2), never EACCES: the shared temp dirs are an empty read-only
    # tmpfs for the candidate, so the target is missing or unwritable by mount, not by mode.
    assert report.count("Error 30'") + report.count("Error 2'") == len(world["targets"]), report
    for path in world["targets"]:
        assert not os.path.exists(path), f"the candidate left {path} behind"


def test_no_tcp_connection_reaches_a_host_listener(world):
    report = _report(world["results"]["connect"])
    assert "'tcp': 'refused" in report, report
    assert "tcp" not in world["listener"].accepted


def test_no_unix_socket_connection_reaches_a_host_listener(world):
    """The network namespace does not cover path-bound Unix sockets: a world-accessible
    socket on the (read-only) host filesystem is still reachable."""
    report = _report(world["results"]["connect"])
    assert "unix" not in world["listener"].accepted, f"a host Unix socket accepted the candidate: {report}"


def test_setsid_grandchild_does_not_outlive_the_verdict(world):
    report = _report(world["results"]["grandchild"])
    assert "'running': True" in report, f"the grandchild never started, so this test proves nothing: {report}"
    deadline = time.monotonic() + 3
    while _processes_with(world["token"]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _processes_with(world["token"]), "a grandchild of the candidate survived the verdict"


def test_proc_shows_no_host_process(world):
    report = _report(world["results"]["snoop"])
    assert "'me': 1" in report and "'ppid': 0" in report, report
    assert "'pids': [1]" in report, f"the candidate saw other processes: {report[:500]}"
    for leak in ("pytest", "autotriton-judge", world["env_secret"]):
        assert leak not in report, f"{leak!r} visible from inside: {report[:500]}"


def test_scrubbed_environment_is_not_in_candidate_memory(world):
    """os.environ is scrubbed, but a fork keeps the server's original environment block."""
    result = world["results"]["env"]
    assert world["env_secret"] not in result.error_msg, \
        "the fork-server's environment (tokens, keys) is readable from the candidate's memory"


def test_verdict_never_carries_a_root_only_file(world):
    """The candidate owns its temp dir; the root server must not read its log through a symlink."""
    result = world["results"]["log_symlink"]
    assert result.error_kind == ErrorKind.EXITED, (result.error_kind, result.error_msg)
    assert world["secret"] not in result.error_msg, "a root-only file reached the verdict through output.log"


def test_batch_is_fast(world):
    assert world["elapsed"] < 45, world["elapsed"]


# ---------------------------------------------------------------- a facility that fails

class _PatchedServer(ForkServer):
    """A fork-server whose confine module has one facility broken, as on a host that forbids it."""

    def __init__(self, patch: str):
        super().__init__("interp")
        self.patch = patch

    def _argv(self) -> list[str]:
        code = "import autotriton.verify.confine as c\n" + self.patch + \
            f"\nfrom autotriton.verify import sandbox\nsandbox.serve('interp', {self.scratch!r})\n"
        return [sys.executable, "-c", code]


def _run_honest(patch: str) -> dict:
    from autotriton.verify.job import build_job
    config = VerifyConfig(device="cpu", n_trials=1, timeout_s=30.0, memory_mb=2048)
    with _PatchedServer(patch) as server:
        return server.run(build_job("check", RELU, config, "interp", candidate=RELU.solution_source))


def test_a_failed_unshare_is_reported_as_missing():
    verdict = _run_honest(
        "_real = c._unshare\n"
        "c._unshare = lambda flags: 'Operation not permitted (simulated)' if flags == c.CLONE_NEWPID else _real(flags)")
    result = verdict.get("result")
    assert result is not None, verdict
    missing = result["details"]["sandbox"]["missing"]
    assert any(m.startswith("PID namespace") and "simulated" in m for m in missing), missing
    assert result["correct"], result  # the candidate still runs; the report says what it lacked


def test_a_submount_that_cannot_be_remounted_is_reported():
    """One busy submount (here /sys) must show up in the report, not stop every candidate."""
    why = _namespaces_work()
    if why:
        pytest.skip(f"namespaces unavailable here: {why}")
    verdict = _run_honest(
        "_real = c._mount\n"
        "def _fake(source, target, fstype, flags):\n"
        "    if target == '/sys' and flags & c.MS_REMOUNT:\n"
        "        return 'Device or resource busy (simulated)'\n"
        "    return _real(source, target, fstype, flags)\n"
        "c._mount = _fake")
    result = verdict.get("result")
    assert result is not None and result["correct"], verdict
    applied = " ".join(result["details"]["sandbox"]["applied"])
    assert "/sys" in applied, applied


# ---------------------------------------------------------------- no cgroup

def test_without_a_cgroup_the_jobs_whole_footprint_is_counted():
    """Hosts that do not delegate the memory controller (the lent H100: memory.max cannot
    be created) fall back to summing the job from /proc: children, memfds and temp-dir
    files over the cap still end as `oom`, and the verdict says which protection is used."""
    from autotriton.verify.corpus import load_corpus
    if _namespaces_work():
        pytest.skip("namespaces unavailable here")
    hacks = {h.name: h for h in load_corpus()}
    names = ["d_children_memory", "d_memfd_memory", "d_disk_fill", "d_unlinked_tempfile_memory", "d_sysv_shm_memory"]
    with Verifier(VerifyConfig(**CONFIG, workers=2, cgroup=False)) as verifier:
        results = verifier.verify_many([(get_task(hacks[n].task_id), hacks[n].source) for n in names]
                                       + [(RELU, RELU.solution_source)])
    for name, r in zip(names, results):
        if name == "d_sysv_shm_memory":  # refused at shmget (no segments in the job's IPC namespace)
            assert r.error_kind == ErrorKind.RUNTIME_ERROR and "could be parked" in r.error_msg, r.error_msg[-400:]
            continue
        assert r.error_kind == ErrorKind.OOM, (name, r.error_kind, r.error_msg[-400:])
    honest = results[-1]
    assert honest.correct, honest.error_msg
    sandbox = honest.details["sandbox"]
    assert any("turned off" in m for m in sandbox["missing"])
    assert any("summed from /proc" in a for a in sandbox["applied"])


def test_confined_run_caps_memory_and_reports_protections():
    """The runner TritonBench programs use: same confinement as a candidate process."""
    with tempfile.TemporaryDirectory(dir=_work_root()) as work:
        hog = run_confined([sys.executable, "-c", "b = bytearray(3 << 30); b[::4096] = b'x' * len(b[::4096])"],
                           work, {"PATH": "/usr/bin:/bin"}, timeout_s=60, memory_mb=256, cpu_mode=True)
        assert hog.returncode != 0 and not hog.timed_out
        ok = run_confined([sys.executable, "-c", "print('hello')"], work, {"PATH": "/usr/bin:/bin"},
                          timeout_s=60, memory_mb=256, cpu_mode=True)
        assert ok.returncode == 0 and "hello" in ok.output_tail
        assert ok.sandbox["applied"] or ok.sandbox["missing"]  # every protection is accounted for
        slow = run_confined([sys.executable, "-c", "import time; time.sleep(60)"], work, {}, timeout_s=2,
                            memory_mb=256, cpu_mode=True)
        assert slow.timed_out and slow.returncode is None


READ = """
def probe():
    out = {}
    for path in PATHS:
        try:
            with open(path) as f:
                out[path] = "GOT " + f.read(10)
        except OSError as exc:
            out[path] = type(exc).__name__
    out["on sys.path"] = [p for p in sys.path if p.startswith(CWD)]
    return out
"""


def test_the_callers_folder_and_the_checkout_stay_hidden(monkeypatch):
    """Run from a folder under /tmp, the fork-server put it first on every candidate's sys.path
    and kept all of /tmp visible; a checkout's answer folders (our KernelBench answers, scored
    model answers, training data) were readable too. Only the package itself may be."""
    why = _namespaces_work()
    if why:
        pytest.skip(f"namespaces unavailable here: {why}")
    import autotriton
    cwd = Path(tempfile.mkdtemp(prefix="autotriton-cwd-test-", dir="/tmp"))
    try:
        os.chmod(cwd, 0o755)
        (cwd / "answer.txt").write_text("the answer\n")
        os.chmod(cwd / "answer.txt", 0o644)
        checkout = Path(autotriton.__file__).resolve().parents[1]
        answers = sorted((checkout / "benchmarks" / "kernelbench_answers").rglob("*.py"))
        targets = [str(cwd / "answer.txt"), str(checkout / "README.md")] + [str(a) for a in answers[:1]]
        monkeypatch.chdir(cwd)
        with Verifier(VerifyConfig(**CONFIG, workers=1)) as verifier:
            result = verifier.verify(RELU, _candidate(READ, PATHS=repr(targets), CWD=repr(str(cwd))))
    finally:
        shutil.rmtree(cwd, ignore_errors=True)
    report = _report(result)
    assert "GOT " not in report and "'on sys.path': []" in report, report
    assert result.details["sandbox"]["missing"] == [], result.details["sandbox"]
