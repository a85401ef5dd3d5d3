"""The `autotriton` command line (main.py). Help written into a pipe or a file is laid out
at 160 columns, not the 80 that Rich assumes without a terminal: at 80 the options table
cut `hf:PATH[+adapter:DIR]` to `hf:PATH[+adapte…`. TERMINAL_WIDTH is typer's own setting,
read when typer.rich_utils is imported, so it is set here, before main imports typer; a
user's own value wins."""

import os
import sys

if not sys.stdout.isatty():
    os.environ.setdefault("TERMINAL_WIDTH", "160")
