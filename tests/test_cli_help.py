"""`autotriton <cmd> -h` reads whole at 80 columns, for every command: no line wider than the
terminal and nothing cut to `…`. Rich's options table cut cells to fit 80 columns
(`hf:PATH[+adapte…`, `--no-only-answe…`, `--no-prompt-tra…`), so below 110 columns and in a
pipe the help is click's plain one, which wraps (cli/main._help_markup)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
import typer.main
from typer.testing import CliRunner

from autotriton.cli.main import app

ANSI = re.compile(r"\x1b\[[0-9;]*m")  # FORCE_COLOR or a CI's TTY_COMPATIBLE would colour Rich's output


def _command_paths(command, path=()):
    yield path
    for name, sub in getattr(command, "commands", {}).items():
        yield from _command_paths(sub, path + (name,))


COMMANDS = list(_command_paths(typer.main.get_command(app)))


def _overlong(text: str, columns: int) -> list[str]:
    return [line for line in ANSI.sub("", text).splitlines() if len(line) > columns or "…" in line]


def test_every_command_is_enumerated():
    assert len(COMMANDS) >= 15, COMMANDS
    assert {(), ("eval",), ("generate",), ("verify",), ("serve",), ("tasks", "list"), ("data", "build"),
            ("train", "sft"), ("train", "rl")} <= set(COMMANDS)


@pytest.mark.parametrize("markup, columns", [(None, 80), ("rich", 110)])
def test_help_of_every_command_fits_its_width(monkeypatch, markup, columns):
    """Plain help at 80 columns; Rich's only from 110, the narrowest width at which it cut
    nothing (at 100 eval's `kernelbench:PATH[:levels=…`)."""
    import typer.rich_utils
    monkeypatch.setattr(app, "rich_markup_mode", markup)  # typer hands it to every subcommand
    monkeypatch.setattr(typer.rich_utils, "MAX_WIDTH", None)  # a TERMINAL_WIDTH in the environment
    runner = CliRunner()
    for path in COMMANDS:
        out = runner.invoke(app, [*path, "-h"], env={"COLUMNS": str(columns)})
        assert out.exit_code == 0 and "Usage:" in out.stdout, (path, out.output)
        assert ("─" in out.stdout) == (markup == "rich"), path  # Rich's boxes, or plain help
        assert not _overlong(out.stdout, columns), (path, _overlong(out.stdout, columns))


def test_piped_help_at_80_columns_is_plain_and_whole():
    """The mode as a user gets it: chosen at start-up, here in a pipe."""
    env = {**os.environ, "COLUMNS": "80"}
    env.pop("TERMINAL_WIDTH", None)
    out = subprocess.run([sys.executable, "-m", "autotriton.cli.main", "eval", "-h"], capture_output=True,
                         text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr[-500:]
    assert "hf:PATH[+adapter:DIR]" in out.stdout and "--no-prompt-trace" in out.stdout
    assert "─" not in out.stdout and not _overlong(out.stdout, 80), out.stdout
