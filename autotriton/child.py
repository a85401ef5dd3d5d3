"""A child process on a deadline: started in a session of its own, spoken to in JSON lines, and
killed with every process it started.

The one runner behind the verifier's fork-server client (verify/sandbox.ForkServer), the confined
run's launcher (verify/confined_run) and the harvest worker (data/harvest/run). Each had its own
Popen, select loop and kill, and they differed where it mattered: the fork-server client killed
only the server, not what it had started, and a launcher that wrote more than a pipe holds while
the caller polled its exit would have blocked on the full pipe.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import time
from typing import Callable, Literal

Received = dict | Literal["timeout", "exited", "malformed"]


class Child:
    """One child process. `stdin`/`stderr` take what Popen takes (PIPE, DEVNULL, a file,
    STDOUT); stdout is always a pipe, read here. Not thread-safe."""

    def __init__(self, argv: list[str], *, cwd: str, env: dict[str, str] | None = None,
                 stdin=subprocess.PIPE, stderr=subprocess.DEVNULL):
        self.proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=stdin, stdout=subprocess.PIPE, stderr=stderr,
                                     start_new_session=True)
        self._buf = b""
        self._eof = False

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def returncode(self) -> int | None:
        return self.proc.poll()

    def alive(self) -> bool:
        return self.proc.poll() is None

    def send(self, message: dict, close: bool = False) -> None:
        """One JSON line to the child's stdin; `close` ends its input after it."""
        self.proc.stdin.write((json.dumps(message) + "\n").encode())
        self.proc.stdin.flush()
        if close:
            self.proc.stdin.close()

    def receive(self, deadline: float) -> Received:
        """The next line of the child's stdout as a JSON object, "malformed" for a line that is
        not one, or "timeout" / "exited" when `deadline` (time.monotonic) passes or the child
        closes its stdout first."""
        while b"\n" not in self._buf:
            if self._eof or not self._read_some(deadline - time.monotonic()):
                return "exited" if self._eof else "timeout"
        line, self._buf = self._buf.split(b"\n", 1)
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            return "malformed"
        return message if isinstance(message, dict) else "malformed"

    def wait(self, deadline: float, over_cap: Callable[[], bool] | None = None,
             poll_s: float = 0.05) -> Literal["exited", "timeout", "over_cap"]:
        """Until the child exits, `deadline` passes or `over_cap()` says so, reading its
        stdout meanwhile (output() returns it)."""
        while self.proc.poll() is None:
            if time.monotonic() > deadline:
                return "timeout"
            if over_cap is not None and over_cap():
                return "over_cap"
            self._read_some(min(poll_s, max(0.0, deadline - time.monotonic())))
        return "exited"

    def output(self, timeout_s: float = 5.0) -> bytes:
        """What the child wrote to stdout and receive() has not taken, up to its end or
        `timeout_s` (a process that escaped the kill could hold the pipe open)."""
        deadline = time.monotonic() + timeout_s
        while not self._eof and self._read_some(deadline - time.monotonic()):
            pass
        out, self._buf = self._buf, b""
        return out

    def _read_some(self, timeout_s: float) -> bool:
        """Reads what is there within `timeout_s`; False when nothing came in time."""
        if self._eof:
            return False
        fd = self.proc.stdout.fileno()
        ready, _, _ = select.select([fd], [], [], max(0.0, timeout_s))
        if not ready:
            return False
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            self._eof = True
        self._buf += chunk
        return True

    def kill(self) -> None:
        """SIGKILL to the child's whole process group (what it started dies with it), then
        reap it. Its output stays readable."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass  # already gone, with everything it started
        self.proc.wait()

    def close(self) -> None:
        """kill(), then close the pipes. Safe to call twice."""
        self.kill()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None and not pipe.closed:
                try:
                    pipe.close()
                except BrokenPipeError:
                    pass  # a dead child's stdin: nothing to flush into
