#!/usr/bin/env bash
# Check the Binder set-up without Docker: build a fresh environment the way repo2docker does —
# binder/requirements.txt with Binder's JupyterLab and ipywidgets versions, then binder/postBuild —
# and run every notebook in it with nbval.
set -euo pipefail
cd "$(dirname "$0")/.."
export UV_PYTHON_DOWNLOADS=never UV_SYSTEM_CERTS=1 PIP_DISABLE_PIP_VERSION_CHECK=1
BINDER_JUPYTERLAB=${BINDER_JUPYTERLAB:-4.4.9}
BINDER_IPYWIDGETS=${BINDER_IPYWIDGETS:-8.1.7}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
uv=.venv/bin/uv
[ -x "$uv" ] || { "${PYTHON:-python3}" -m pip install -q --target "$work/uv" uv; uv="$work/uv/bin/uv"; }
"$uv" venv -q --python "${PYTHON:-python3}" "$work/env"
# uv keys its cache of a local project on pyproject.toml alone: without a reinstall it would put
# a wheel of older code into the environment.
"$uv" pip install -q --python "$work/env/bin/python" --reinstall-package sumer \
  -r binder/requirements.txt \
  "jupyterlab==$BINDER_JUPYTERLAB" "ipywidgets==$BINDER_IPYWIDGETS" nbval pytest
NB_PYTHON_PREFIX="$work/env" bash binder/postBuild
test -f "$work/env/share/jupyter/lab/settings/overrides.json"
# The notebooks open with their pictures: trusted by the environment's own notary.
"$work/env/bin/python" scripts/trust_notebooks.py --check
"$work/env/bin/python" -c "import jupyterlab, ipywidgets; print('binder env: jupyterlab',
  jupyterlab.__version__, 'ipywidgets', ipywidgets.__version__)"
# The kernels start in the notebooks' folder, so they import the installed package.
"$work/env/bin/python" -m pytest -q -p no:cacheprovider --nbval --nbval-current-env \
  -o addopts="" notebooks
