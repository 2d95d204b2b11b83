# `make demo` and `make test` work on a fresh machine with Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-test
DEMO_STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: demo test lint goldens docs bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Re-install when the project's metadata changes.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,docs]'
	touch $(STAMP)

# The demo needs the package alone (jinja2, docstring-parser, orjson), not the test extras.
$(DEMO_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(DEMO_STAMP)

# The peers the benchmarks compare against (langchain-core, pydantic-ai); not needed by tests.
$(BENCH_STAMP): pyproject.toml $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(BENCH_STAMP)

# TI402 (info: a default or constraint a provider cannot express, moved into the description)
# is left out of the demo's output; the warnings are shown.
demo: $(DEMO_STAMP)
	mkdir -p demo
	$(BIN)/toolsinspector scan example_class.py:ExampleClass -o demo/tools.json
	$(BIN)/toolsinspector render --provider all --tools demo/tools.json -o demo --ignore TI402
	$(BIN)/toolsinspector stubs demo/tools.json -o demo/stubs.py --quiet
	@echo "demo/: tools.json, tools.classification.json, stubs.py and one file per provider:"
	@ls demo

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check inspector tests benchmarks example_class.py docs/hooks
	$(BIN)/mypy
	# The package's own .pyc first: the suite writes none (no stale .pyc of a file a test
	# rewrites), and each command a test runs in a new process would otherwise compile the
	# package again (24 s of the suite's 136 s on two cores). One worker per core
	# (pytest-xdist), and a worker that runs out of tests takes some of the other's
	# (worksteal): no long tail on one core.
	$(BIN)/python -m compileall -q -j 0 inspector
	PYTHONDONTWRITEBYTECODE=1 $(BIN)/python -m pytest -n auto --dist worksteal
	$(MAKE) --no-print-directory docs

# The documentation site (MkDocs + Material) into site/; --strict fails on a broken link or a
# stale API name.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

# The harness's own tests first (a tiny run of every row, the targets table), then the run.
bench: $(BENCH_STAMP)
	$(BIN)/python -m pytest benchmarks/tests -q
	# the commit before the fidelity work, for the real classes' side-by-side target
	rm -rf $(VENV)/before-fidelity && mkdir $(VENV)/before-fidelity
	git archive 0e0e954 | tar -x -C $(VENV)/before-fidelity
	$(BIN)/python benchmarks/run.py --sizes 2000,20000 --repeat 5 \
		--before-fidelity $(VENV)/before-fidelity

goldens: $(STAMP)
	$(BIN)/python tests/regen_goldens.py

clean:
	rm -rf $(VENV) demo site dist build .pytest_cache .mypy_cache .ruff_cache .hypothesis
