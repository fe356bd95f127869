"""What the browser-only site serves of the notebooks and docs (`scripts/build_lite.py`,
`stage_contents`; issue 29, item 5): every multi-line text of a notebook as one string —
JupyterLite showed a list of lines joined by commas, so each printed line after the first
began with a stray ", " — the Pyodide kernel, and no link to a test file (the site holds no
tests): the link's words stay."""

from __future__ import annotations

import base64
import json

from scripts import build_lite

MULTILINE = ("text/plain", "text/html", "text/markdown")


def test_a_printed_output_of_several_lines_is_one_string_without_commas():
    notebook = {
        "cells": [
            {"cell_type": "code", "execution_count": 1, "id": "a", "metadata": {},
             "source": ["print('one')\n", "print('two')"],
             "outputs": [{"name": "stdout", "output_type": "stream",
                          "text": ["one\n", "two\n", "three\n"]},
                         {"data": {"text/plain": ["a\n", "b"]}, "execution_count": 1,
                          "metadata": {}, "output_type": "execute_result"}]},
            {"cell_type": "markdown", "id": "b", "metadata": {},
             "source": ["| rule | checked by |\n", "| R-1 | [`test_rules.py`]"
                        "(../tests/engine/x/test_rules.py), [docs](../docs/x.md) |"]}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}
    served = build_lite.site_notebook(json.dumps(notebook))
    stream, result = served["cells"][0]["outputs"]
    assert stream["text"] == "one\ntwo\nthree\n"
    assert result["data"]["text/plain"] == "a\nb"
    assert served["cells"][0]["source"] == "print('one')\nprint('two')"
    assert served["metadata"]["kernelspec"] == build_lite.KERNELSPEC
    assert served["metadata"]["language_info"] == build_lite.LANGUAGE_INFO
    table = served["cells"][1]["source"]
    assert "| R-1 | `test_rules.py`, [docs](../docs/x.md) |" in table
    assert "../tests/" not in table


def test_the_staged_notebooks_and_docs_have_no_list_of_lines_and_no_test_link(tmp_path):
    build_lite.stage_contents(tmp_path)
    staged = sorted((tmp_path / "notebooks").glob("*.ipynb"))
    assert staged, "no notebook was staged"
    for path in staged:
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            assert isinstance(cell["source"], str), path.name
            for output in cell.get("outputs", []):
                if "text" in output:
                    assert isinstance(output["text"], str), path.name
                for kind in MULTILINE:
                    assert isinstance(output.get("data", {}).get(kind, ""), str), path.name
        assert "../tests/" not in path.read_text(encoding="utf-8"), path.name
    for page in (tmp_path / "docs").rglob("*.md"):
        assert not build_lite.TEST_LINK.search(page.read_text(encoding="utf-8")), page


def test_every_page_of_the_site_names_an_icon_drawn_in_the_page(tmp_path):
    (tmp_path / "lab").mkdir()
    (tmp_path / "index.html").write_text("<html><head><title>x</title></head><body></body>")
    (tmp_path / "lab" / "index.html").write_text("<html><head></head><body></body></html>")
    (tmp_path / "doc.html").write_text("<html><head></head></html>")  # not a page of the app
    assert build_lite.add_favicon(tmp_path) == 2
    for page in (tmp_path / "index.html", tmp_path / "lab" / "index.html"):
        head = page.read_text().split("</head>")[0]
        assert head.count('rel="icon"') == 1 and 'href="data:image/svg+xml,' in head
    assert build_lite.add_favicon(tmp_path) == 0, "a page got a second icon"


def test_the_jupyterlite_pages_the_site_is_built_from_name_no_icon_of_their_own():
    """The reason for `add_favicon`, checked against the JupyterLite app the build uses (when
    its build environment is at hand): its pages would otherwise ask for /favicon.ico."""
    import tarfile

    import pytest

    apps = sorted(build_lite.CACHE.glob("env-*/lib/python*/site-packages/jupyterlite_core/"
                                        "jupyterlite-app-*.tgz"))
    if not apps:
        pytest.skip("no JupyterLite build environment in the cache (scripts/build_lite.py)")
    with tarfile.open(apps[-1]) as archive:
        pages = [m for m in archive.getmembers() if m.name.endswith("/index.html")]
        assert pages
        for member in pages:
            text = archive.extractfile(member).read().decode("utf-8")
            assert 'rel="icon"' not in text and "</head>" in text, member.name


def test_a_stored_svg_picture_is_served_with_an_image_an_untrusted_notebook_shows():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>'
    notebook = {"cells": [{"cell_type": "code", "execution_count": 1, "id": "a", "metadata": {},
                           "source": "map()", "outputs": [{
                               "output_type": "display_data", "metadata": {},
                               "data": {"image/svg+xml": svg, "text/plain": "<SVG picture>"}}]}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    served = build_lite.site_notebook(json.dumps(notebook))
    data = served["cells"][0]["outputs"][0]["data"]
    assert data["image/svg+xml"] == svg, "the picture itself stays"
    image = data["text/html"]
    assert image.startswith('<img alt="SVG picture"')
    encoded = image.split("base64,")[1].split('"')[0]
    assert base64.b64decode(encoded).decode() == svg


def test_the_notebooks_are_shipped_with_the_language_info_the_sites_kernel_gives():
    """JupyterLab writes the kernel's language_info into a notebook once the kernel is up: any
    other words in the shipped notebook marked it modified on opening (issue 29, item 5). Read
    from the kernel extension the build uses, when its build environment is at hand."""
    import pytest

    envs = sorted(p for p in build_lite.CACHE.glob("env-*") if (p / ".complete").exists())
    if not envs:
        pytest.skip("no JupyterLite build environment in the cache (scripts/build_lite.py)")
    assert build_lite.kernel_language_info(envs[-1]) == build_lite.LANGUAGE_INFO
