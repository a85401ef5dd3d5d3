"""User mistakes become one line on stderr and exit code 2; our own bugs keep their traceback.

The library raises a small set of error classes for things a user can fix (a bad task
file, model spec, config or suite spec). `UserErrorsExit` maps exactly those at the top
of the command tree, so commands need no try/except of their own; anything else
(an OSError from a full disk, a KeyError in our code) still raises with its traceback.
"""

from __future__ import annotations

import errno
import math
import tempfile
from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text
from typer.core import TyperGroup

from autotriton.config import ConfigError
from autotriton.data.harvest import HarvestError
from autotriton.models.base import BackendError
from autotriton.rundir import RunDirError
from autotriton.tasks import TaskError

# tasks/specs.SuiteSpecError is a TaskError, so it is in here too.
USER_ERRORS: tuple[type[Exception], ...] = (TaskError, BackendError, ConfigError, HarvestError, RunDirError)
DEVICES = ("auto", "cpu", "cuda")


def fail(message: str) -> None:
    """One line on stderr, exit code 2. Lines of a multi-line message are joined and never
    wrapped (rich wraps at 80 columns off a terminal), so `2>err; head -1 err` is the whole story."""
    line = "; ".join(part.strip() for part in str(message).splitlines() if part.strip())
    # Text, not markup: a message may hold "[1, 2]" or "[/x]", which markup would eat or reject.
    Console(stderr=True).print(Text.assemble(("error:", "bold red"), " ", line), highlight=False, soft_wrap=True)
    raise typer.Exit(2)


class UserErrorsExit(TyperGroup):
    """The app's top group: every subcommand (and its option callbacks) runs inside `invoke`."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except USER_ERRORS as exc:
            fail(str(exc))
        except OSError as exc:
            if exc.errno != errno.ENAMETOOLONG:
                raise  # a full disk or our own bug: its traceback helps
            # a path no file system holds (a 5,000-character --task or candidate: an 84-line box)
            fail(f"{_short(str(exc.filename))}: {exc.strerror}")
        except typer.TyperException as exc:
            # typer vendors click in a private module; its usage errors (an unknown option, a missing
            # argument) are TyperExceptions with exit code 2 and the command's context (typer 0.29,
            # pinned: tests/test_typer_surface.py). One line too, not typer's box, except for a bare
            # command, whose "error" is its help: the point.
            if exc.exit_code != 2 or type(exc).__name__ == "NoArgsIsHelpError":
                raise
            ctx = getattr(exc, "ctx", None)
            where = " ".join(["autotriton"] + (ctx.command_path.split()[1:] if ctx is not None else []))
            fail(f"{exc.format_message()} (see '{where} -h')")


# Samples per task: enough for pass@1000-style studies; 10^20 was taken and then killed for
# memory at 23 GB.
MAX_SAMPLES = 4096


def finite_at_least_0(param: typer.CallbackParam, value: float) -> float:
    """Option callback: a finite number >= 0 (`--temperature nan` ran with greedy decoding)."""
    if not math.isfinite(value) or value < 0:
        fail(f"{param.opts[0]} must be a finite number >= 0, got {value}")
    return value


def finite_above_0(param: typer.CallbackParam, value: float) -> float:
    """Option callback: a finite number > 0 (`verify --timeout-s 0` blamed the candidate)."""
    if not math.isfinite(value) or value <= 0:
        fail(f"{param.opts[0]} must be a finite number > 0, got {value}")
    return value


def out_dir(path: Path | None) -> Path | None:
    """Option callback for `--out` directories: an existing file there is refused up front,
    not found later by a mkdir deep in a run (a FileExistsError traceback before)."""
    if path is None:
        return path
    shown = _short(str(path))
    try:
        if path.exists() and not path.is_dir():
            fail(f"--out {shown} is a file; give a directory (it is created if missing)")
        # The nearest folder that exists must be a folder we may write in: a file on the way,
        # or a read-only place, failed deep in a run with a 100-line traceback.
        parent = path.absolute()
        while not parent.exists():
            parent = parent.parent
    except OSError as exc:  # a 5,000-character path: "File name too long"
        fail(f"--out {shown}: {exc.strerror or exc}")
    if not parent.is_dir():
        fail(f"--out {shown}: {parent} is a file, so the directory cannot be made")
    try:  # a real write: os.access says yes to root under /proc, and the run failed 98 lines later
        with tempfile.TemporaryFile(dir=parent):
            pass
    except OSError as exc:
        fail(f"--out {shown}: {parent} is not writable ({exc.strerror or exc})")
    return path


def _short(text: str) -> str:
    return text if len(text) <= 120 else text[:60] + "..." + text[-40:]


def check_device(device: str, where: str = "--device") -> str:
    """A verifier device (`--device`, or a config's device field): auto, cpu or cuda, and cuda
    only where a GPU is visible (an unknown name used to fall through to the CPU interpreter
    without a word; a config's cuda on a CPU machine ended in an nvidia-smi traceback)."""
    if device not in DEVICES:
        fail(f"{where}: unknown device '{device}' (expected cpu, cuda or auto)")
    from autotriton.verify import VerifyConfig
    if device == "cuda" and VerifyConfig(device="auto").resolved_device() != "cuda":  # auto finds no GPU
        fail(f"{where} is cuda but no CUDA GPU is visible here; use cpu (the Triton interpreter) or auto")
    return device
