"""What `scripts/lite_apps.py` writes into a built browser-only site (issue 29, item 4): the
apps' front page, one page a game made from the site's REPL page one folder deeper with the
app's code in its address, the settings files its pages read, and the Apps menu of the site's
JupyterLab. (tests/browser/test_lite_apps.py opens them in Chromium.)"""

from __future__ import annotations

import html
import json
from urllib.parse import parse_qs

import pytest

from engine.core import RULESETS
from scripts import build_lite, lite_apps
from sumer_widgets.games import card

#: The parts of JupyterLite's repl/index.html that `app_page` rewrites.
REPL_PAGE = """<!DOCTYPE html><html><head>
<title>REPLite</title>
<link rel="manifest" href="../manifest.webmanifest">
<link id="jupyter-lite-main" rel="preload" href="../build/repl/bundle.js?_=1" as="script">
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root="..">{}</script>
<script>(async function () {
  await import('../config-utils.js?_=1');
}.call(this));</script>
</head><body></body></html>"""


@pytest.fixture()
def site(tmp_path):
    (tmp_path / "repl").mkdir()
    (tmp_path / "repl" / "index.html").write_text(REPL_PAGE)
    (tmp_path / "repl" / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"settingsUrl": "../build/schemas", "themesUrl": "./build/themes"}}))
    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0, "jupyter-config-data": {"appUrl": "/lab"}}))
    return tmp_path


def test_each_game_gets_a_page_that_runs_its_app_from_the_site_two_folders_up(site):
    written = lite_apps.add_apps(site)
    assert [p.relative_to(site).as_posix() for p in written] == (
        ["apps/index.html"] + [f"apps/{game}/index.html" for game in RULESETS])
    for game in RULESETS:
        page = (site / "apps" / game / "index.html").read_text()
        assert 'data-jupyter-lite-root="../.."' in page
        assert 'href="../../build/repl/bundle.js' in page and "'../../config-utils.js" in page
        assert 'href="../../manifest.webmanifest"' in page and '"../build' not in page
        assert f"<title>{html.escape(card(game).title)} — Sumer</title>" in page
        assert ".jp-CodeConsole-promptCell" in page.split("</head>")[0], "the prompt shows"
        query = parse_qs(lite_apps.app_address(game))
        assert query["code"] == [f'from sumer_widgets.apps import app\napp("{game}")']
        assert query["kernel"] == ["python"] and query["hideCodeInput"] == ["1"]
        assert "toolbar" not in query, "any toolbar value keeps the REPL's toolbar"
        assert json.dumps(lite_apps.app_address(game)) in page
        config = json.loads((site / "apps" / game / "jupyter-lite.json").read_text())
        assert config["jupyter-config-data"]["settingsUrl"] == "../../build/schemas"
        assert config["jupyter-config-data"]["themesUrl"] == "./build/themes"
    for folder in ("apps", *(f"apps/{game}" for game in RULESETS)):
        assert (site / folder / "jupyter-lite.json").exists()
        assert (site / folder / "jupyter-lite.ipynb").exists()


def test_the_front_page_links_each_game_to_its_app_and_to_the_lessons(site):
    lite_apps.add_apps(site)
    page = (site / "apps" / "index.html").read_text()
    # JupyterLite's pages below read this page's settings.
    assert ('<script id="jupyter-config-data" type="application/json" '
            'data-jupyter-lite-root="..">{}</script>') in page
    for game in RULESETS:
        assert f'<a href="{game}/">{html.escape(card(game).title)}</a>' in page
    assert ".ipynb\"" not in page.replace(lite_apps.LESSONS, "")
    assert f'href="../{lite_apps.LESSONS}"' in page
    assert "http://" not in page.replace("http://www.w3.org", "")
    assert "https://" not in page


def test_the_site_jupyterlab_has_an_apps_menu_with_each_game(site):
    lite_apps.add_apps(site)
    config = json.loads((site / "lab" / "jupyter-lite.json").read_text())
    data = config["jupyter-config-data"]
    assert data["appUrl"] == "/lab", "the lab's own settings stay"
    (menu,) = data["settingsOverrides"][lite_apps.MENU_PLUGIN]["menus"]
    assert menu["label"] == "Apps"
    urls = [item["args"]["url"] for item in menu["items"] if item.get("command") == "help:open"]
    assert urls == ["../apps/"] + [f"../apps/{game}/" for game in RULESETS]
    assert all(item["args"]["newBrowserTab"] for item in menu["items"] if "args" in item)


def test_a_changed_repl_page_stops_the_build():
    with pytest.raises(ValueError, match="REPL page changed"):
        lite_apps.app_page("<html><head></head></html>", "sumeria", "Sumeria")


def test_the_site_is_rebuilt_when_the_apps_code_changes():
    assert lite_apps.__file__ in {str(p) for p in build_lite.site_inputs()}


def test_the_repl_page_of_the_jupyterlite_the_site_uses_takes_the_apps():
    """`app_page` against the REPL page of the JupyterLite app the build uses (when its build
    environment is at hand)."""
    import tarfile

    apps = sorted(build_lite.CACHE.glob("env-*/lib/python*/site-packages/jupyterlite_core/"
                                        "jupyterlite-app-*.tgz"))
    if not apps:
        pytest.skip("no JupyterLite build environment in the cache (scripts/build_lite.py)")
    with tarfile.open(apps[-1]) as archive:
        (member,) = [m for m in archive.getmembers() if m.name.endswith("repl/index.html")]
        text = archive.extractfile(member).read().decode("utf-8")
    page = lite_apps.app_page(text, "tigris", "Tigris & Euphrates")
    assert "../../build/" in page and '"../build/' not in page and "'../config" not in page
