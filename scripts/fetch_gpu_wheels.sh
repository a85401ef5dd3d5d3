#!/usr/bin/env bash
# Download the pure-Python wheels the lent GPU machine lacks (Python 3.12, no network there)
# into .whl/, which the device tool carries (typer needs pydantic; training needs trl, datasets, gguf).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
  -d .whl rich==15.0.0 typer==0.29.2 click shellingham markdown-it-py mdurl pygments \
  pydantic==2.14.3 pydantic-core==2.50.4 typing-inspection annotated-doc annotated-types \
  trl==1.16.0 datasets==5.2.0 dill multiprocess gguf==0.19.0 \
  hypothesis==6.170.15 sortedcontainers pytest==9.2.0 pluggy iniconfig \
  matplotlib==3.11.2 contourpy cycler fonttools kiwisolver pyparsing python-dateutil
du -sh .whl
