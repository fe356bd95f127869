"""A notebook saved after running reopens on its pictures, not on "model not found".

A board's or a question's output holds a widget view (valid only while its kernel runs) beside
its saved view (text/html: the picture or the question, and "▶ Run this cell …"). JupyterLab
and Notebook 7 reopen a saved notebook with no kernel behind its views, and show "Error
displaying widget: model not found" for each. `drop_live_views` keeps the saved view alone
in the file — the page being edited keeps its live widgets — so lesson 2 opens on the
pictures. The server extension runs it before every save (`pre_save_hook`); the shipped
notebooks are tidied by the same function (``scripts/tidy_notebooks.py``). An output that has
nothing but its widget view (a widget without a saved view) keeps it.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def drop_live_views(notebook: MutableMapping[str, Any]) -> int:
    """Remove from `notebook` (nbformat 4, as a dict) every widget view that has a saved view
    beside it, and the widget state in the metadata; returns how many views were removed."""
    notebook.get("metadata", {}).pop("widgets", None)
    dropped = 0
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []) or []:
            data = output.get("data") if isinstance(output, MutableMapping) else None
            if isinstance(data, MutableMapping) and WIDGET_VIEW in data and len(data) > 1:
                del data[WIDGET_VIEW]
                dropped += 1
    return dropped


def pre_save_hook(model: MutableMapping[str, Any], **_kwargs: Any) -> None:
    """A contents manager's pre-save hook: a notebook's live views are not saved."""
    if model.get("type") == "notebook" and isinstance(model.get("content"), MutableMapping):
        drop_live_views(model["content"])
