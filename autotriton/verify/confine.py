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
import os
import resource
import signal
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


def lock_down(conf: Confinement, workdir: str, uid: int, pid_namespace: bool) -> None:
    """In the candidate process, before candidate code: mounts, /proc, uid, limits."""
    if any(a.startswith("mount namespace") for a in conf.applied):
        _read_only_except(conf, workdir)
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


def _read_only_except(conf: Confinement, workdir: str) -> None:
    err = _mount(None, "/", None, MS_REC | MS_PRIVATE)
    if err is not None:
        conf.missing.append(f"read-only filesystem: private propagation failed: {err}")
        return
    _hide(conf, workdir)
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


def hidden_dirs() -> list[str]:
    """Directories the candidate sees empty. Shared temp and runtime dirs hold other jobs'
    files and Unix sockets (a network namespace does not cover path-bound sockets);
    home dirs hold caches of past verdicts; the built-in solutions and runs/ (training
    data) are answer keys: one attack simply exec'd the task's solution.py."""
    import autotriton
    package = os.path.dirname(autotriton.__file__)
    from autotriton.verify.cache import default_cache_dir
    return ["/tmp", "/var/tmp", "/run", "/dev/shm", "/root", "/home", os.path.join(package, "tasks", "builtin"),
            os.path.join(os.path.dirname(package), "runs"), str(default_cache_dir())]


def _needed(workdir: str) -> list[str]:
    """Paths the candidate process still reads after confinement: Python, its packages
    (lazy imports), CUDA libraries, its own temp dir."""
    import sys
    paths = [sys.prefix, sys.base_prefix, sys.exec_prefix, workdir] + [p for p in sys.path if p]
    for var in ("LD_LIBRARY_PATH", "CUDA_HOME"):
        paths += [p for p in os.environ.get(var, "").split(":") if p]
    for name in ("torch", "triton", "autotriton"):
        module = sys.modules.get(name)
        if module is not None and getattr(module, "__file__", None):
            paths.append(os.path.dirname(module.__file__))
    return [os.path.realpath(p) for p in paths if os.path.exists(p)]


def _hide(conf: Confinement, workdir: str) -> None:
    """An empty read-only tmpfs over each hidden dir; where a hidden dir holds something
    still needed (a virtualenv under /root, the temp dir under /tmp), the needed child
    is bound back in from a descriptor opened before the tmpfs covered it."""
    needed = _needed(workdir)
    hidden = []
    for d in hidden_dirs():
        real = os.path.realpath(d)
        if not os.path.isdir(real) or real in needed:
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


def die_with_parent() -> None:
    """SIGKILL when the launcher exits. Set after setuid: changing credentials clears it."""
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
