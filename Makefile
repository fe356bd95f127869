# `make lab` opens the start notebook in JupyterLab; `make test` runs every test.
# Both set up what they need first (scripts/setup.sh), on a fresh machine too, as root or not.
# `make lite` builds the browser-only site (build/lite); `make app GAME=sumeria` serves one
# game's board as an app (`make apps`: all five); `make update` brings a used checkout up to
# date (see README.md).

VENV := .venv
export VENV
STAMP := $(VENV)/.sumer-installed
# Extra options for JupyterLab or Voilà, e.g. LAB_ARGS="--no-browser --ServerApp.port=8890".
LAB_ARGS ?=
APP_ARGS ?=
GAME ?= sumeria

.PHONY: lab test setup lint bench lite app apps update clean

$(STAMP): pyproject.toml scripts/setup.sh
	scripts/setup.sh

setup: $(STAMP)

# --allow-root: Docker, Codespaces and CI machines run as root. The server's root is the
# repository, so the docs/ the notebooks link to open too. A quiet start, the start notebook's
# address (with its token) the last line printed, with documented settings only:
# - default_url: the printed address (and "/") opens 00-start-here, not the launcher;
# - notebook_shim off: it only serves the classic Notebook's extensions, and reading every
#   setting of the server it printed "ServerApp.token config is deprecated" with a line of source;
# - autodetect off: no language servers are used, and looking for them listed 19 absent ones;
# - transport_encryption=auto: kernels talk to the server over CurveZMQ (their kernelspec says
#   they can) instead of warning, for each kernel, that they run unencrypted.
lab:
	scripts/setup.sh
	@$(VENV)/bin/jupyter lab --allow-root --ServerApp.root_dir="$(CURDIR)" \
	  --LabApp.default_url=/lab/tree/notebooks/00-start-here.ipynb \
	  --ServerApp.jpserver_extensions=notebook_shim=False \
	  --LanguageServerManager.autodetect=False \
	  --MappingKernelManager.transport_encryption=auto \
	  $(LAB_ARGS) notebooks/00-start-here.ipynb

test: $(STAMP)
	scripts/setup.sh --browser
	$(VENV)/bin/ruff check .
	$(VENV)/bin/python -m pytest -n 2 --dist loadscope

lint: $(STAMP)
	$(VENV)/bin/ruff check .

bench: $(STAMP)
	for script in benchmarks/*.py; do $(VENV)/bin/python $$script || exit 1; done

lite: $(STAMP)
	$(VENV)/bin/python scripts/build_lite.py

# One game's board-only app (GAME=sumeria, tigris, mesopotamia, priest_kings or royal_ur), or all five
# from a front page (`make apps`: each game's title, picture, one line and a link to its app).
# - the `sumer` template (jupyter-data/voila/templates/sumer, found through JUPYTER_PATH):
#   Voilà's lab template without its Font Awesome links to cdn.jsdelivr.net, and a tree page
#   that opens the front page (apps/index.ipynb) instead of the list of files (classic_tree:
#   the tree page is then the template's own tree.html);
# - NotebookNotary.data_dir: Voilà reads no jupyter_config.json, so it is told where
#   scripts/trust_notebooks.py keeps the environment's signatures; otherwise it logs that each
#   app "is not trusted" just after the set-up trusted it;
# - transport_encryption=auto: as for `make lab`, each app's kernel talks to Voilà over
#   CurveZMQ instead of warning, once per app, that it runs over TCP without encryption
#   (Voilà's kernel manager is a MappingKernelManager, so the same setting reaches it).
VOILA = JUPYTER_PATH="$(CURDIR)/jupyter-data$${JUPYTER_PATH:+:$$JUPYTER_PATH}" \
  $(VENV)/bin/voila --Voila.ip=127.0.0.1 --VoilaConfiguration.template=sumer \
  --NotebookNotary.data_dir="$(abspath $(VENV))/share/jupyter" \
  --MappingKernelManager.transport_encryption=auto

app:
	scripts/setup.sh
	$(VOILA) $(APP_ARGS) apps/$(GAME).ipynb

apps:
	scripts/setup.sh
	$(VOILA) --VoilaConfiguration.classic_tree=True $(APP_ARGS) apps

update:
	python3 scripts/update.py
	scripts/setup.sh

clean:
	rm -rf $(VENV) build/lite .pytest_cache .hypothesis
