"""The parts of typer (and the click it vendors in typer._click) that cli/errors.py and
cli/main.py lean on. typer is pinned to one minor version (pyproject.toml); this test fails
loudly, naming what moved, when a typer release changes any of them, instead of usage mistakes
going back to typer's boxed, multi-line errors (issue 14) or help going back to `…` cuts."""

from __future__ import annotations

import pytest
import typer
import typer.main
from typer.core import TyperGroup
from typer.testing import CliRunner

from autotriton.cli.errors import UserErrorsExit


def test_typer_is_the_pinned_minor_version():
    assert typer.__version__.startswith("0.29."), f"cli/errors.py is written for typer 0.29, not {typer.__version__}"


def _toy(seen: list) -> typer.Typer:
    """A two-level app shaped like autotriton's: a top group of class `cls`, a sub-app, options."""
    def positive(param: typer.CallbackParam, value: int) -> int:
        seen.append(param.opts[0])  # errors.py's callbacks name the option by param.opts[0]
        return value

    app = typer.Typer(cls=UserErrorsExit, add_completion=False, no_args_is_help=True, rich_markup_mode=None)
    sub = typer.Typer(no_args_is_help=True)
    app.add_typer(sub, name="sub")

    @sub.command("run")
    def run(path: str = typer.Argument(...), n: int = typer.Option(1, callback=positive)) -> None:
        raise typer.Exit(0)

    @sub.command("other")
    def other() -> None:
        pass

    return app


def _raised(app: typer.Typer, args: list[str]) -> Exception:
    """What the command tree raises, before typer's standalone mode prints it."""
    with pytest.raises(Exception) as info:
        typer.main.get_command(app).main(args, prog_name="toy", standalone_mode=False)
    return info.value


@pytest.mark.parametrize("args, kind, message", [
    (["sub", "run", "p", "--bogus"], "NoSuchOption", "No such option: --bogus"),
    (["sub", "run"], "MissingParameter", "Missing argument 'path'"),
    (["sub", "run", "p", "--n", "abc"], "BadParameter", "'--n'"),
])
def test_usage_errors_are_typer_exceptions_with_exit_code_2_and_their_context(args, kind, message):
    """errors.py catches typer.TyperException inside TyperGroup.invoke, keeps those with
    exit_code 2, and builds one line from format_message() and ctx.command_path."""
    app = _toy([])
    app.info.cls = TyperGroup  # the raw error, before UserErrorsExit turns it into a one-line exit
    exc = _raised(app, args)
    assert isinstance(exc, typer.TyperException), type(exc).__mro__
    assert type(exc).__name__ == kind and exc.exit_code == 2
    assert message in exc.format_message() and "\n" not in exc.format_message()
    assert exc.ctx is not None and exc.ctx.command_path == "toy sub run"


def test_a_bare_group_raises_no_args_is_help_by_that_name():
    """errors.py re-raises this one by class name, so a bare `autotriton data` prints its help."""
    exc = _raised(_toy([]), ["sub"])
    assert type(exc).__name__ == "NoArgsIsHelpError" and isinstance(exc, typer.TyperException)
    assert exc.exit_code == 2


def test_subcommand_parsing_and_callbacks_run_inside_the_top_group_invoke():
    """UserErrorsExit overrides TyperGroup.invoke alone: the subcommands' parsing, option
    callbacks and bodies must all run inside it."""
    inside: list = []

    class Recording(TyperGroup):
        def invoke(self, ctx):
            try:
                return super().invoke(ctx)
            except BaseException as exc:
                inside.append(type(exc).__name__)
                raise

    seen: list = []
    app = _toy(seen)
    app.info.cls = Recording
    _raised(app, ["sub", "run", "p", "--bogus"])
    assert typer.main.get_command(app).main(["sub", "run", "p", "--n", "3"], standalone_mode=False) == 0
    assert inside == ["NoSuchOption", "Exit"] and seen == ["--n"]


def test_usage_mistakes_through_user_errors_exit_are_one_error_line_and_exit_2():
    out = CliRunner().invoke(_toy([]), ["sub", "run", "p", "--bogus"])
    lines = out.stderr.strip().splitlines()
    assert out.exit_code == 2 and len(lines) == 1, out.output
    assert lines[0].startswith("error: No such option: --bogus") and "(see 'autotriton sub run -h')" in lines[0]
    assert CliRunner().invoke(_toy([]), ["sub", "run", "p"]).exit_code == 0  # typer.Exit(0) is the exit code


def test_the_top_apps_markup_mode_reaches_every_subcommand():
    """main.py sets rich_markup_mode on the top app only: plain help for data/train/tasks too."""
    command = typer.main.get_command(_toy([]))
    run = command.commands["sub"].commands["run"]
    assert run.rich_markup_mode is None and command.commands["sub"].rich_markup_mode is None
