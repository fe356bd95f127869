# `make lab` opens the start notebook in JupyterLab; `make test` runs every test.
# Both set up what they need first (scripts/setup.sh), on a fresh machine too.

VENV := .venv
STAMP := $(VENV)/.sumer-installed

.PHONY: lab test setup lint bench clean

$(STAMP): pyproject.toml scripts/setup.sh
	scripts/setup.sh

setup: $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab notebooks/00-start-here.ipynb

test: $(STAMP)
	scripts/setup.sh --browser
	$(VENV)/bin/ruff check .
	$(VENV)/bin/python -m pytest -n 2 --dist loadscope

lint: $(STAMP)
	$(VENV)/bin/ruff check .

bench: $(STAMP)
	for script in benchmarks/*.py; do $(VENV)/bin/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
