#!/usr/bin/env bash
# Download the pure-Python wheels the lent GPU machine lacks (Python 3.12, no network there)
# into .whl/, which the device tool carries. See ../shared/docs/GPU.md.
set -euo pipefail
cd "$(dirname "$0")/.."
grep -qx '/.whl/' .git/info/exclude || echo /.whl/ >> .git/info/exclude
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
  -d .whl rich==15.0.0 typer==0.29.2 click shellingham markdown-it-py mdurl pygments \
  hypothesis==6.170.15 sortedcontainers pytest==9.2.0 pluggy iniconfig \
  matplotlib==3.11.2 contourpy cycler fonttools kiwisolver pyparsing python-dateutil
du -sh .whl
