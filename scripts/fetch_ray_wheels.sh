#!/usr/bin/env bash
# Ray for the lent GPU machine (Python 3.12, no network): its wheel is 79 MB, over one device call's
# 64 MiB beside the tree, so it travels in two halves, .carry_ray0/ and .carry_ray1/ (git-ignored,
# the small wheels Ray needs beside the first). benchmarks/gpu_env.sh `carried_ray` joins them,
# checks the md5 and installs Ray into /tmp/site.   Usage: scripts/fetch_ray_wheels.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
  -d "$tmp" ray==2.60.0 msgpack jsonschema jsonschema-specifications referencing rpds-py
rm -rf .carry_ray0 .carry_ray1 && mkdir -p .carry_ray0 .carry_ray1
wheel=$(ls "$tmp"/ray-*.whl)
md5sum < "$wheel" | cut -d' ' -f1 > .carry_ray0/ray.md5
basename "$wheel" > .carry_ray0/ray.name
split -n 2 -d -a 1 "$wheel" "$tmp/half_"
mv "$tmp/half_0" .carry_ray0/ray.part_0 && mv "$tmp/half_1" .carry_ray1/ray.part_1
mv "$tmp"/*.whl .carry_ray0/ 2>/dev/null || true
rm -f .carry_ray0/ray-*.whl
rm -rf "$tmp"
du -sh .carry_ray0 .carry_ray1
