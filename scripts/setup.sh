#!/usr/bin/env bash
# Set up everything `make lab` and `make test` need, on a fresh machine or an old one, as root
# or not.
#   scripts/setup.sh            the virtual environment .venv with Sumer and its test tools
#   scripts/setup.sh --browser  also Debian's chromium, nodejs and npm, for the browser tests
# Quick when nothing changed: the environment is rebuilt only when pyproject.toml is newer; the
# JupyterLab settings and the notebooks' trust are renewed every time (after a `git pull` too).
set -euo pipefail
cd "$(dirname "$0")/.."

export UV_PYTHON_DOWNLOADS=never UV_SYSTEM_CERTS=1 PIP_DISABLE_PIP_VERSION_CHECK=1
python=${PYTHON:-python3}
venv=${VENV:-.venv}
stamp=$venv/.sumer-installed

if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  [ -x "$venv/bin/uv" ] || "$venv/bin/python" -m pip install -q uv
  "$venv/bin/uv" pip install -q --python "$venv/bin/python" -e ".[test]"
  touch "$stamp"
fi

# JupyterLab's front-end settings as on Binder: no "get news?" prompt over the first notebook.
settings=$venv/share/jupyter/lab/settings
mkdir -p "$settings"
cmp -s binder/overrides.json "$settings/overrides.json" || cp binder/overrides.json "$settings/"
# The shipped notebooks show their pictures when first opened (see the script).
"$venv/bin/python" scripts/trust_notebooks.py

# The browser tests need Debian's chromium; the browser-only site's tests build the site, whose
# Pyodide comes from npm and whose wheels get their bytecode from Node.js.
if [ "${1:-}" = "--browser" ]; then
  missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v node >/dev/null 2>&1 || missing+=(nodejs)
  command -v npm >/dev/null 2>&1 || missing+=(npm)
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    elif command -v sudo >/dev/null 2>&1; then
      sudo apt-get update -qq
      sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
      echo "The browser tests need Debian's ${missing[*]}: install them (apt-get install ${missing[*]})." >&2
      exit 1
    fi
  fi
fi
