# task: builtin/l1/relu
# expect: error=runtime_error
# static: off
# why: the candidate looks for the judge and the fork-server through /proc (its parent's cmdline and environ, PID 1's cmdline, every process whose cmdline mentions autotriton, the judge's memory); it answers honestly only if it saw a process other than its own, so a pass means /proc leaked the host's processes.
import os

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask, other=0.0), 0.0), mask=mask)


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read(65536)
    except OSError:
        return b""


def _foreign_processes() -> list[str]:
    mine = {os.getpid()}
    seen = []
    ppid = os.getppid()
    if ppid > 0 and (_read(f"/proc/{ppid}/cmdline") or _read(f"/proc/{ppid}/environ")):
        seen.append(f"parent {ppid}")
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) not in mine:
            cmd = _read(f"/proc/{entry}/cmdline")
            if cmd and b"autotriton" in cmd or b"sandbox" in cmd or _read(f"/proc/{entry}/environ"):
                seen.append(f"{entry}: {cmd[:80]!r}")
    if os.getpid() != 1 and _read("/proc/1/cmdline"):
        seen.append("pid 1")
    return seen


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        found = _foreign_processes()
        if not found:
            raise RuntimeError("no process but this one is visible")
        y = torch.empty_like(x)
        relu_kernel[(triton.cdiv(y.numel(), 1024),)](x, y, y.numel(), BLOCK=1024)
        return y
