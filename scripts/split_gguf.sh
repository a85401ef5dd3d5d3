#!/usr/bin/env bash
# Split the embedded GGUF (98 MB) into N parts (4 x 24.6 MB: one part + the 25 MB of wheels + the
# ~12 MB working tree stay under 64 MiB) in .carry_gguf0/, .carry_gguf1/, ... (git-ignored), so
# each fits one device call's 64 MiB next to other carried files; benchmarks/gpu_pipeline.sh
# reassembles them on the device machine and checks the md5.   Usage: scripts/split_gguf.sh [N=4]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-4}
GGUF=$(.venv/bin/python -c 'from autotriton.models.embedded import gguf_path; print(gguf_path())')
rm -rf .carry_gguf*
tmp=$(mktemp -d)
split -n "$N" -d -a 1 "$GGUF" "$tmp/part_"
for i in $(seq 0 $((N - 1))); do
  mkdir -p ".carry_gguf$i" && mv "$tmp/part_$i" ".carry_gguf$i/part_$i"
done
rmdir "$tmp"
du -sh .carry_gguf*
