"""Process isolation for candidates: a warmed fork-server and its client.

The server is a long-lived `python -m autotriton.verify.sandbox` with torch,
triton and our runner already imported (that import is most of a fresh
process's cost). For each job it forks a child that:

- starts a new session, so a timeout kills its whole process group;
- gets a fresh temporary working directory and a scrubbed environment;
- sends stdout/stderr to a file capped by RLIMIT_FSIZE (a flood is detected);
- in CPU mode, gets an RLIMIT_AS memory cap; in both modes the server polls
  its RSS and kills it past the limit; on GPU it caps its CUDA memory;
- initialises CUDA itself (the server never touches CUDA, so forking is safe);
- runs exactly one candidate and exits: no process is ever reused.

Covered: infinite loops (wall-clock timeout, SIGKILL to the group; a child
also dies with its server, PR_SET_PDEATHSIG, and under an RLIMIT_CPU cap), segfaults
and aborts (signal -> crash), CUDA illegal memory accesses (raised or fatal,
either way the child dies alone), sys.exit / os._exit (exited), exceptions at
import (import_error), output floods (output_flood), giant allocations (oom),
stray grandchildren (killed with the group), tampering with timing functions
(detected by identity checks in guards.py).

Not covered: candidate code runs in the same process as the checks, so code
that escapes the static rules (which forbid os/sys/ctypes/dunder access/
dynamic lookup) could tamper with the checker's memory. There is no seccomp
or network namespace: the static rules are what keep candidates off files
and sockets. GPU memory of a crashed child is reclaimed by the driver, but a
kernel that wedges the GPU affects every worker on that device.
"""

from __future__ import annotations

import gc
import json
import os
import resource
import secrets
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

OUTPUT_CAP_BYTES = 1 << 20  # 1 MiB of candidate stdout/stderr, then it is a flood
RESULT_CAP_BYTES = 8 << 20
POLL_S = 0.02
# Environment a child keeps; everything else (tokens, keys, proxies) is dropped.
KEEP_ENV = ("PATH", "HOME", "LANG", "LC_ALL", "TRITON_INTERPRET", "CUDA_VISIBLE_DEVICES",
            "TRITON_CACHE_DIR", "TRITON_HOME", "CUDA_HOME", "LD_LIBRARY_PATH", "PYTHONPATH",
            "NCCL_NVLS_ENABLE", "TORCH_SYMM_MEM_DISABLE_MULTICAST", "NVSHMEM_DISABLE_NVLS")


# ====================================================================== server

def _close_inherited_fds(keep: int) -> None:
    """Close everything the server had open (its protocol pipes above all), so a
    candidate cannot write forged verdicts into them or read later jobs."""
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    max_fd = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    max_fd = 65536 if max_fd == resource.RLIM_INFINITY else min(max_fd, 65536)
    os.closerange(3, keep)
    os.closerange(keep + 1, max_fd)


def _die_with_server(server_pid: int, timeout_s: float) -> None:
    """A child in its own session outlives a killed server unless told otherwise: one
    spinning `while True` candidate was found alive 71 minutes after its client died."""
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: SIGKILL when the server exits
    if os.getppid() != server_pid:  # the server died before prctl took effect
        os._exit(1)
    # Backstop: CPU seconds can never exceed wall seconds per thread by much; the
    # kernel kills the child even if nobody is left to supervise it.
    cpu_cap = int(timeout_s * 4) + 10
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_cap, cpu_cap + 5))


def _child(job: dict, write_fd: int, workdir: str, memory_mb: int, nonce: str, server_pid: int) -> None:
    """Runs in the forked child; never returns."""
    try:
        gc.disable()  # one short job: collecting would copy the inherited heap page by page
        os.setsid()
        _die_with_server(server_pid, job["timeout_s"])
        _close_inherited_fds(keep=write_fd)
        log = os.open(os.path.join(workdir, "output.log"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.close(log)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the cap fail instead of killing
        resource.setrlimit(resource.RLIMIT_FSIZE, (OUTPUT_CAP_BYTES, OUTPUT_CAP_BYTES))
        if job["mode"] == "interp":
            # CUDA reserves huge virtual ranges, so RLIMIT_AS is for CPU mode only.
            vsz = _vsz_bytes(os.getpid())
            cap = vsz + memory_mb * (1 << 20)
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        os.chdir(workdir)
        keep = {k: os.environ[k] for k in KEEP_ENV if k in os.environ}
        os.environ.clear()
        os.environ.update(keep)
        os.environ["HOME"] = workdir
        from autotriton.verify.runner import run_job
        if job["mode"] == "gpu":
            import torch
            torch.set_num_threads(4)  # input generation on the host; the server never started a pool
        payload = json.dumps({"result": run_job(dict(job, workdir=workdir))})
    except SystemExit as exc:  # raised outside the runner's own handling
        payload = json.dumps({"exited": str(exc.code)})
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises
        import traceback
        payload = json.dumps({"internal_error": "".join(traceback.format_exception(exc))[-4000:]})
    # The frame starts with a nonce the parent chose before forking; anything
    # else in the pipe (a candidate writing to every fd) makes the frame invalid.
    data = (nonce + "\n" + payload).encode()
    while data:
        n = os.write(write_fd, data)
        data = data[n:]
    os._exit(0)


def _vsz_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/statm") as f:
        return int(f.read().split()[0]) * resource.getpagesize()


def _rss_bytes(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * resource.getpagesize()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return 0


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_isolated(job: dict) -> dict:
    """Fork a child for `job`, supervise it, and return the sandbox verdict.

    Returns {"result": {...}} from the runner, or {"sandbox_error": kind, "message": ...}.
    """
    timeout_s, memory_mb = job["timeout_s"], job["memory_mb"]
    workdir = tempfile.mkdtemp(prefix="autotriton-")
    nonce = secrets.token_hex(16)
    server_pid = os.getpid()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        _child(job, write_fd, workdir, memory_mb, nonce, server_pid)
    os.close(write_fd)
    try:
        verdict = _supervise(pid, read_fd, timeout_s, memory_mb, nonce)
        log_path = Path(workdir, "output.log")
        size = log_path.stat().st_size if log_path.exists() else 0
        if size >= OUTPUT_CAP_BYTES:
            verdict = {"sandbox_error": "output_flood",
                       "message": f"candidate wrote {size} bytes of output (cap {OUTPUT_CAP_BYTES})"}
        elif "sandbox_error" in verdict and size:
            verdict["message"] += "\n--- candidate output (tail) ---\n" + log_path.read_text(errors="replace")[-1500:]
        return verdict
    finally:
        os.close(read_fd)
        _kill_group(pid)
        shutil.rmtree(workdir, ignore_errors=True)


def _supervise(pid: int, read_fd: int, timeout_s: float, memory_mb: int, nonce: str) -> dict:
    deadline = time.monotonic() + timeout_s
    chunks: list[bytes] = []
    size, eof, status = 0, False, None
    while True:
        if status is None:
            done, st = os.waitpid(pid, os.WNOHANG)
            if done:
                status = st
        if eof and status is not None:
            break
        if time.monotonic() > deadline:
            _kill_group(pid)
            os.waitpid(pid, 0) if status is None else None
            return {"sandbox_error": "timeout", "message": f"no result within {timeout_s:.0f} s; process group killed"}
        if status is None and _rss_bytes(pid) > memory_mb * (1 << 20):
            _kill_group(pid)
            os.waitpid(pid, 0)
            return {"sandbox_error": "oom", "message": f"resident memory exceeded {memory_mb} MB; killed"}
        if not eof:
            ready, _, _ = select.select([read_fd], [], [], POLL_S)
            if ready:
                data = os.read(read_fd, 1 << 16)
                if not data:
                    eof = True
                else:
                    chunks.append(data)
                    size += len(data)
                    if size > RESULT_CAP_BYTES:
                        _kill_group(pid)
                        return {"sandbox_error": "crash", "message": "result message too large"}
        else:
            # The report is in; the child is in os._exit. Reap it without the
            # 20 ms poll step (that sleep alone cost ~15% of a simple L1 check).
            time.sleep(0.001)
    return _verdict(status, b"".join(chunks), nonce)


def _parse_frame(raw: bytes, nonce: str) -> dict | None:
    """The runner's message, or None if the bytes are not exactly one valid frame."""
    head = (nonce + "\n").encode()
    if not raw.startswith(head):
        return None
    try:
        msg = json.loads(raw[len(head):])
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    if not isinstance(msg, dict) or len(msg) != 1:
        return None
    key, value = next(iter(msg.items()))
    if key == "result" and isinstance(value, dict):
        return msg
    if key in ("exited", "internal_error") and isinstance(value, str):
        return msg
    return None


def _verdict(status: int, raw: bytes, nonce: str) -> dict:
    if raw:
        msg = _parse_frame(raw, nonce)
        if msg is None:
            return {"sandbox_error": "crash" if os.WIFSIGNALED(status) else "exited",
                    "message": "the child's result pipe held a malformed or forged message; "
                               "only the runner's nonce-framed report counts"}
        if "exited" in msg:
            return {"sandbox_error": "exited", "message": f"candidate called exit({msg['exited']})"}
        return msg
    if os.WIFSIGNALED(status):
        sig = signal.Signals(os.WTERMSIG(status)).name
        return {"sandbox_error": "crash", "message": f"process killed by {sig}"}
    return {"sandbox_error": "exited", "message": f"process exited with code {os.WEXITSTATUS(status)} "
            "before reporting (sys.exit or os._exit in candidate code?)"}


def serve(mode: str) -> None:
    """Fork-server loop: one JSON job per stdin line, one JSON verdict per line."""
    proto = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # stray prints from imports must not corrupt the protocol
    import torch  # noqa: F401 - warm the imports every child inherits
    import triton  # noqa: F401
    import triton.language  # noqa: F401
    from autotriton.verify import runner
    runner.warm_up(mode)
    # Children inherit the warm heap copy-on-write; a GC pass in a child would
    # touch (and so copy) every object. Freezing moves them out of GC's reach.
    gc.collect()
    gc.freeze()
    print(json.dumps({"ready": True}), file=proto, flush=True)
    for line in sys.stdin:
        job = json.loads(line)
        print(json.dumps(run_isolated(job)), file=proto, flush=True)


# ====================================================================== client

class ForkServer:
    """Client handle on one fork-server process. Not thread-safe: one per worker."""

    def __init__(self, mode: str, gpu_id: str | None = None, start_timeout_s: float = 120.0):
        # gpu_id: an entry of the parent's CUDA_VISIBLE_DEVICES (or an index when it is unset)
        self.mode, self.gpu_id, self.start_timeout_s = mode, gpu_id, start_timeout_s
        self.proc: subprocess.Popen | None = None
        self._lock = threading.Lock()

    def _env(self) -> dict:
        env = dict(os.environ)
        if self.mode == "interp":
            env["TRITON_INTERPRET"] = "1"
        else:
            env.pop("TRITON_INTERPRET", None)
        if self.gpu_id is not None:
            env["CUDA_VISIBLE_DEVICES"] = str(self.gpu_id)
        # Compiled kernels are keyed by source hash, so sharing the cache is safe and
        # saves ~1 s per repeated kernel.
        env.setdefault("TRITON_CACHE_DIR", str(Path(tempfile.gettempdir()) / "autotriton-triton-cache"))
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
        return env

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "autotriton.verify.sandbox", "--mode", self.mode],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=self._env(), text=True, bufsize=1,
        )
        line = self._readline(self.start_timeout_s)
        if line is None or not json.loads(line).get("ready"):
            self.close()
            raise RuntimeError("verifier fork-server failed to start (is torch/triton importable?)")

    def _readline(self, timeout_s: float) -> str | None:
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout_s)
        if not ready:
            return None
        line = self.proc.stdout.readline()
        return line or None

    def run(self, job: dict) -> dict:
        with self._lock:
            if self.proc is None or self.proc.poll() is not None:
                self.start()
            self.proc.stdin.write(json.dumps(job) + "\n")
            self.proc.stdin.flush()
            # The server enforces the job timeout; this margin only guards against the server dying.
            line = self._readline(job["timeout_s"] + 30)
            if line is None:
                self.close()
                return {"sandbox_error": "timeout", "message": "fork-server stopped answering"}
            try:
                return json.loads(line)
            except json.JSONDecodeError:
                self.close()  # a corrupted protocol stream: never trust this server again
                return {"sandbox_error": "crash", "message": "fork-server sent a malformed verdict"}

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="autotriton verifier fork-server (internal)")
    parser.add_argument("--mode", choices=["interp", "gpu"], required=True)
    serve(parser.parse_args().mode)
