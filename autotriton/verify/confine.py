"""OS confinement of the candidate process (Linux): namespaces, read-only mounts, a
separate uid, resource limits.

The fork-server forks a *launcher* for each candidate. The launcher (still root,
running only our code) unshares a network, PID, mount and IPC namespace and forks
the candidate process, which is PID 1 of the new PID namespace. Before any
candidate code runs, the candidate process:

- remounts every filesystem read-only except its own temp dir (so it writes only there);
- mounts a fresh /proc, which shows only its own namespace (so it cannot read its
  parent's or the judge's /proc/<pid>/cmdline, environ or memory);
- switches to an unprivileged uid of its own (no root: no ptrace of the judge, no
  reading root-only files, no remounting), with RLIMIT_NPROC capping fork bombs;
- has no network at all (a new network namespace holds only a downed loopback);
- gets SIGKILL when the launcher dies; when it dies, being PID 1 of its namespace,
  the kernel kills every process left in it (a `setsid` grandchild included).

Where the host forbids a facility (an unprivileged container, a non-root user
without user namespaces) the candidate still runs, and `Confinement.missing`
names each protection that is absent; it is copied into every verdict's details.
Nothing fails open silently.
"""

from __future__ import annotations

import ctypes
import itertools
import os
import resource
import secrets
import signal
import stat
import time
from dataclasses import dataclass, field

CLONE_NEWNS = 0x00020000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
PR_SET_PDEATHSIG = 1
# Threads count against RLIMIT_NPROC. CUDA starts ~4, Triton's compiler runs ptxas
# as a subprocess; 256 leaves room for that and stops a fork bomb early.
NPROC_LIMIT = 256
# One uid per fork-server (base + its pid): concurrent candidates cannot signal,
# ptrace or read one another's files either.
UID_BASE = 1_000_000

_libc = ctypes.CDLL(None, use_errno=True)


@dataclass
class Confinement:
    """Which protections a candidate process actually got."""

    uid: int | None = None
    applied: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"uid": self.uid, "applied": self.applied, "missing": self.missing}


def _errno_text() -> str:
    err = ctypes.get_errno()
    return f"{os.strerror(err)} (errno {err})"


def _unshare(flags: int) -> str | None:
    """None on success, else why it failed."""
    return None if _libc.unshare(flags) == 0 else _errno_text()


def _mount(source: bytes | None, target: str, fstype: bytes | None, flags: int) -> str | None:
    rc = _libc.mount(source, target.encode(), fstype, flags, None)
    return None if rc == 0 else _errno_text()


def enter_namespaces(conf: Confinement) -> None:
    """In the launcher (before forking the candidate): new net, PID, mount and IPC
    namespaces. As root these need no user namespace; a non-root user gets them
    through one, mapped to its own uid."""
    wanted = {"network namespace (no network)": CLONE_NEWNET, "PID namespace": CLONE_NEWPID,
              "mount namespace": CLONE_NEWNS, "IPC namespace": CLONE_NEWIPC}
    if os.geteuid() != 0:
        _enter_user_namespace(conf)
    for name, flag in wanted.items():
        err = _unshare(flag)
        (conf.applied if err is None else conf.missing).append(name if err is None else f"{name}: {err}")
    if "IPC namespace" in conf.applied:
        _no_ipc_storage(conf)


# System V IPC objects hold memory that no process maps and no /proc walk sees: a red-team
# candidate parked 3 GB in shm segments against a 2 GB cap on a host without a job cgroup.
# The job's own IPC namespace gets none (its sysctls are per namespace; set as root here).
IPC_LIMITS = {"/proc/sys/kernel/shmmni": 0, "/proc/sys/kernel/shmall": 0, "/proc/sys/kernel/msgmni": 0}


def _no_ipc_storage(conf: Confinement) -> None:
    try:
        for path, value in IPC_LIMITS.items():
            with open(path, "w") as f:
                f.write(str(value))
        conf.applied.append("no System V shared memory or message queues (IPC namespace limits 0)")
    except OSError as exc:
        conf.missing.append(f"System V IPC limits: {exc}")


def _enter_user_namespace(conf: Confinement) -> None:
    uid, gid = os.geteuid(), os.getegid()
    err = _unshare(CLONE_NEWUSER)
    if err is not None:
        conf.missing.append(f"user namespace (needed by a non-root user for the others): {err}")
        return
    try:
        with open("/proc/self/setgroups", "w") as f:
            f.write("deny")
        with open("/proc/self/uid_map", "w") as f:
            f.write(f"0 {uid} 1")
        with open("/proc/self/gid_map", "w") as f:
            f.write(f"0 {gid} 1")
        conf.applied.append("user namespace")
    except OSError as exc:
        conf.missing.append(f"user namespace id maps: {exc}")


def lock_down(conf: Confinement, workdir: str, uid: int, pid_namespace: bool,
              hidden: list[str] | None = None, needed: list[str] | None = None) -> None:
    """In the candidate process, before candidate code: mounts, /proc, uid, limits.

    `hidden` and `needed` default to `hidden_dirs()` and `needed_paths(workdir)` of this
    process; a launcher that has not imported torch (confined_run.py) is given its
    parent's."""
    if any(a.startswith("mount namespace") for a in conf.applied):
        hidden = hidden_dirs() if hidden is None else hidden
        needed = needed_paths(workdir) if needed is None else needed
        _read_only_except(conf, workdir, hidden, needed)
        trim_sys_path(needed)
        if pid_namespace:
            err = _mount(b"proc", "/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
            if err is None:
                conf.applied.append("private /proc (only this namespace's processes)")
            else:
                conf.missing.append(f"private /proc: {err}")
    else:
        conf.missing.append("read-only filesystem outside the temp dir (no mount namespace)")
        conf.missing.append("private /proc (no mount namespace)")
    _drop_privileges(conf, workdir, uid)
    _limits(conf)


def _read_only_except(conf: Confinement, workdir: str, hidden: list[str], needed: list[str]) -> None:
    err = _mount(None, "/", None, MS_REC | MS_PRIVATE)
    if err is not None:
        conf.missing.append(f"read-only filesystem: private propagation failed: {err}")
        return
    _hide(conf, hidden, needed)
    # Bind the temp dir onto itself: the remount loop below then leaves it writable.
    err = _mount(workdir.encode(), workdir, None, MS_BIND)
    failed: dict[str, str] = {}
    for point, flags in _mounts():
        if point == workdir or point == "/proc" or point.startswith("/proc/"):
            continue
        why = _mount(None, point, None, MS_BIND | MS_REMOUNT | MS_RDONLY | flags)
        if why is not None:
            failed[point] = why
    if err is not None or "/" in failed:
        conf.missing.append(f"read-only filesystem outside the temp dir: {err or 'remounting / failed: ' + failed['/']}")
    else:
        conf.applied.append("read-only filesystem except the temp dir"
                            + (f" (could not remount {', '.join(list(failed)[:5])})" if failed else ""))


SITE_DIRS = ("site-packages", "dist-packages")


def hidden_dirs() -> list[str]:
    """Directories the candidate sees empty. Shared temp and runtime dirs hold other jobs'
    files and Unix sockets (a network namespace does not cover path-bound sockets);
    home dirs hold caches of past verdicts; the built-in solutions are answer keys (one
    attack simply exec'd the task's solution.py), and so is a checkout of this project
    (runs/ holds training data, benchmarks/kernelbench_answers/ our KernelBench answers,
    docs/results/ scored model answers): all of it but the package itself is hidden."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # autotriton/, not imported from here
    from autotriton.verify.cache import default_cache_dir
    checkout = os.path.dirname(package)
    dirs = [] if os.path.basename(checkout) in SITE_DIRS else [checkout]
    return dirs + ["/tmp", "/var/tmp", "/run", "/dev/shm", "/root", "/home", os.path.join(package, "tasks", "builtin"),
                   str(default_cache_dir())]


def needed_paths(workdir: str) -> list[str]:
    """Paths the candidate process still reads after confinement: Python, its packages
    (lazy imports), CUDA libraries, its own temp dir. Only these entries of sys.path: the
    first one is the caller's working directory (`python -m`), and run from /tmp it kept
    all of /tmp visible; a checkout on PYTHONPATH kept its answer folders visible."""
    import sys
    prefixes = [sys.prefix, sys.base_prefix, sys.exec_prefix]
    paths = prefixes + [workdir] + [p for p in sys.path if p and (
        os.path.basename(p.rstrip("/")) in SITE_DIRS or any(_inside(p, prefix) for prefix in prefixes))]
    for var in ("LD_LIBRARY_PATH", "CUDA_HOME"):
        paths += [p for p in os.environ.get(var, "").split(":") if p]
    for name in ("torch", "triton", "autotriton"):
        module = sys.modules.get(name)
        if module is not None and getattr(module, "__file__", None):
            package = os.path.dirname(module.__file__)
            # torch's and triton's own folder holds the packages they import; ours may be a checkout
            paths += [package] if name == "autotriton" else [package, os.path.dirname(package)]
    return [os.path.realpath(p) for p in paths if os.path.exists(p)]


def _inside(path: str, folder: str) -> bool:
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def trim_sys_path(needed: list[str]) -> None:
    """Drop every sys.path entry outside what the candidate may read: the caller's working
    directory (`python -m` puts it first) must not be where the candidate's imports look."""
    import sys
    sys.path[:] = [p for p in sys.path if p and any(_inside(p, n) for n in needed)]


def _hide(conf: Confinement, hidden_dirs: list[str], needed: list[str]) -> None:
    """An empty read-only tmpfs over each hidden dir; where a hidden dir holds something
    still needed (a virtualenv under /root, the temp dir under /tmp), the needed child
    is bound back in from a descriptor opened before the tmpfs covered it."""
    hidden = []
    for d in hidden_dirs:
        real = os.path.realpath(d)
        if not os.path.isdir(real):
            continue
        if real in needed:
            conf.missing.append(f"{d} left visible: the candidate's Python needs it")
            continue
        keep = sorted({real + "/" + n[len(real) + 1:].split("/")[0] for n in needed if n.startswith(real + "/")})
        fds = [(k, os.open(k, os.O_RDONLY | os.O_PATH)) for k in keep]
        try:
            if _mount(b"tmpfs", real, b"tmpfs", MS_NOSUID | MS_NODEV) is not None:
                continue
            for path, fd in fds:
                if os.path.isdir(f"/proc/self/fd/{fd}"):
                    os.mkdir(path)
                else:
                    open(path, "w").close()
                _mount(f"/proc/self/fd/{fd}".encode(), path, None, MS_BIND | MS_REC)
            hidden.append(d)
        finally:
            for _, fd in fds:
                os.close(fd)
    if hidden:
        conf.applied.append("empty: " + ", ".join(hidden))


def _mounts() -> list[tuple[str, int]]:
    """(mount point, per-mount flags to keep) from mountinfo, parents before children."""
    keep = {"nosuid": MS_NOSUID, "nodev": MS_NODEV, "noexec": MS_NOEXEC}
    out = []
    with open("/proc/self/mountinfo") as f:
        for line in f:
            parts = line.split()
            point = parts[4].replace("\\040", " ")
            flags = 0
            for opt in parts[5].split(","):
                flags |= keep.get(opt, 0)
            out.append((point, flags))
    return sorted(out, key=lambda p: p[0].count("/"))


def _drop_privileges(conf: Confinement, workdir: str, uid: int) -> None:
    if os.geteuid() != 0 or not _really_root():
        conf.missing.append(f"separate unprivileged uid: the verifier is not root, so the candidate "
                            f"runs as the invoking user (uid {os.getuid()} outside any user namespace)")
        conf.uid = os.getuid()
        return
    os.chown(workdir, uid, uid)
    for root, dirs, files in os.walk(workdir):
        for name in dirs + files:
            os.chown(os.path.join(root, name), uid, uid)
    os.setgroups([])
    os.setgid(uid)
    os.setuid(uid)
    conf.uid = uid
    conf.applied.append(f"unprivileged uid {uid}")


def _really_root() -> bool:
    """Root of the host, not root of a user namespace we made (which cannot setuid)."""
    try:
        with open("/proc/self/uid_map") as f:
            first = f.read().split()
        return first[:3] == ["0", "0", "4294967295"]
    except OSError:
        return False


def _limits(conf: Confinement) -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if os.geteuid() != 0:
        resource.setrlimit(resource.RLIMIT_NPROC, (NPROC_LIMIT, NPROC_LIMIT))
        conf.applied.append(f"RLIMIT_NPROC {NPROC_LIMIT}")
    else:
        conf.missing.append("RLIMIT_NPROC (root ignores it)")


def cap_memory(conf: Confinement, memory_mb: int, address_base: int | None) -> None:
    """The process's own share of the memory cap, set before any candidate code runs (the job
    cgroup, where the host delegates one, caps the whole job from outside):

    - RLIMIT_FSIZE at the cap, writes past it failing instead of killing: the memfds that carry
      outputs are files too (a 256 MB ReLU output failed under a 64 MiB cap);
    - RLIMIT_AS at `address_base` bytes plus the cap, where one is given (CPU only: CUDA reserves
      huge virtual ranges). The base is what the process has mapped before its work: torch and
      triton alone take ~3 GB of address space."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (memory_mb << 20, memory_mb << 20))
    if address_base is not None:
        cap = address_base + (memory_mb << 20)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        conf.applied.append(f"RLIMIT_AS {cap >> 20} MB (CPU)")


def address_space_bytes() -> int:
    """This process's mapped address space (VSZ)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[0]) * resource.getpagesize()


def die_with_parent() -> None:
    """SIGKILL when the launcher exits. Set after setuid: changing credentials clears it."""
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


# ---------------------------------------------------------------- per-job cgroup

class JobCgroup:
    """Memory and process limits for everything one candidate starts, children and
    memfds included: a resident-memory watch on one pid and RLIMIT_AS per process let
    three children hold 2.7 GB, and 40 memfds 2.5 GB, against a 2 GB cap.

    cgroup v2 where the unified hierarchy has the memory controller, else v1's memory
    and pids hierarchies. `missing` says why not, when neither can be used."""

    def __init__(self, name: str, memory_bytes: int, pids: int = NPROC_LIMIT, enabled: bool = True):
        self.dirs: list[str] = []
        self.version = 0
        self.missing = ""
        if not enabled:
            self.missing = "per-job memory/process cgroup: turned off (VerifyConfig.cgroup)"
            return
        # A random tail: where the host shows a container only v1's root hierarchy, every
        # container on it shares that directory, and pid plus job number collided there in CI
        # (EEXIST on autotriton-24144-0, left by another container's process with the same pid).
        name = f"{name}-{secrets.token_hex(6)}"
        try:
            if _v2_memory_root():
                self._make_v2(name, memory_bytes, pids)
            else:
                self._make_v1(name, memory_bytes, pids)
        except OSError as exc:
            self.remove()
            self.missing = f"per-job memory/process cgroup: {exc}"

    def _make_v2(self, name: str, memory_bytes: int, pids: int) -> None:
        path = os.path.join(_v2_memory_root(), name)
        os.mkdir(path)
        self.dirs, self.version = [path], 2
        _write(os.path.join(path, "memory.max"), memory_bytes)
        _write(os.path.join(path, "memory.swap.max"), 0, optional=True)
        _write(os.path.join(path, "pids.max"), pids, optional=True)

    def _make_v1(self, name: str, memory_bytes: int, pids: int) -> None:
        for controller in ("memory", "pids"):
            parent = _v1_dir(controller)
            if parent is None:
                raise OSError(f"no cgroup v1 {controller} hierarchy mounted")
            path = os.path.join(parent, name)
            os.mkdir(path)
            self.dirs.append(path)
        self.version = 1
        _write(os.path.join(self.dirs[0], "memory.limit_in_bytes"), memory_bytes)
        _write(os.path.join(self.dirs[0], "memory.memsw.limit_in_bytes"), memory_bytes, optional=True)
        _write(os.path.join(self.dirs[1], "pids.max"), pids)

    def join(self) -> None:
        """Move the calling process (the launcher, before it forks the candidate) in."""
        for d in self.dirs:
            _write(os.path.join(d, "cgroup.procs"), os.getpid())

    def oom_killed(self) -> bool:
        if not self.dirs:
            return False
        name = "memory.events" if self.version == 2 else "memory.oom_control"
        try:
            with open(os.path.join(self.dirs[0], name)) as f:
                fields = dict(line.split() for line in f if len(line.split()) == 2)
        except OSError:
            return False
        return int(fields.get("oom_kill", "0")) > 0

    def remove(self) -> None:
        """Remove the cgroup dirs; those still holding a dying process stay in `dirs`."""
        left = []
        for d in self.dirs:
            try:
                os.rmdir(d)
            except FileNotFoundError:
                pass
            except OSError:
                left.append(d)  # EBUSY: a killed process has not left yet
        self.dirs = left

    def remove_when_empty(self) -> None:
        """`remove`, retried for up to 0.5 s: killed processes leave the cgroup a moment after
        they are reaped."""
        for _ in range(50):
            self.remove()
            if not self.dirs:
                return
            time.sleep(0.01)


def _write(path: str, value: int, optional: bool = False) -> None:
    try:
        with open(path, "w") as f:
            f.write(str(value))
    except OSError:
        if not optional:
            raise


def _v2_memory_root() -> str | None:
    """This process's own cgroup v2 directory, if it can hold children with the memory controller."""
    try:
        with open("/proc/self/cgroup") as f:
            line = next((ln for ln in f if ln.startswith("0::")), None)
        if line is None or not os.path.exists("/sys/fs/cgroup/cgroup.controllers"):
            return None
        path = "/sys/fs/cgroup" + line.strip()[3:]
        with open(os.path.join(path, "cgroup.controllers")) as f:
            return path if "memory" in f.read().split() else None
    except OSError:
        return None


def _v1_dir(controller: str) -> str | None:
    with open("/proc/self/cgroup") as f:
        for line in f:
            _, names, path = line.strip().split(":", 2)
            if controller in names.split(","):
                root = f"/sys/fs/cgroup/{controller}"
                return root + path if os.path.isdir(root + path) else (root if os.path.isdir(root) else None)
    return None


# One counter of confined jobs per process: fork-server jobs and confined runs name their cgroups
# and uids from it, so no two jobs of one process share either.
JOB_IDS = itertools.count()


def read_owned_log(workdir: str, uid: int, tail_bytes: int = 1500) -> tuple[int, str]:
    """(size, tail) of a confined job's output.log, read without trusting the path: the
    candidate owns its dir and once swapped the log for a symlink to /etc/shadow (the
    root server read it into the verdict) or to / (the server crashed on a directory)."""
    try:
        fd = os.open(os.path.join(workdir, "output.log"), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return 0, ""
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1 or st.st_uid not in (uid, os.geteuid()):
            return 0, ""
        return st.st_size, os.pread(fd, tail_bytes, max(0, st.st_size - tail_bytes)).decode(errors="replace")
    finally:
        os.close(fd)
