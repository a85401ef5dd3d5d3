# Sourced by the GPU scripts: output folder, carried wheels (.whl/, see scripts/fetch_gpu_wheels.sh)
# installed into /tmp/site, and the repo on PYTHONPATH. The GPU machine has no network.
OUT=${OUT:-out}
mkdir -p "$OUT"
if [ -d .whl ]; then
  # once per warm machine: later calls of a multi-call run find /tmp/site filled
  if [ ! -f /tmp/site/.whl-installed ]; then
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
      && touch /tmp/site/.whl-installed || exit 1
  fi
  export PYTHONPATH=/tmp/site:$PWD
elif [ -f /tmp/site/.whl-installed ]; then
  export PYTHONPATH=/tmp/site:$PWD
else
  export PYTHONPATH=$PWD
fi
export PYTHONUNBUFFERED=1

# Device and library versions, printed and saved as $OUT/versions.txt (every GPU result names them).
versions() {
  {
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
    python3 -c 'import sys, torch, triton, transformers; print("python", sys.version.split()[0], "torch", torch.__version__, "triton", triton.__version__, "transformers", transformers.__version__)'
  } 2>&1 | tee "$OUT/versions.txt"
}
