"""The server extension (sumer_server): kernel websockets without Nagle's delay."""

from __future__ import annotations

import json
import logging
import types
from pathlib import Path

import pytest
from jupyter_core.paths import jupyter_config_path
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

import sumer_server
from sumer_server import NoDelayConnection
from sumer_server.saved_view import WIDGET_VIEW, pre_save_hook
from tests.browser.lab import Lab


def serverapp(connection_class):
    settings = {sumer_server.SETTING: connection_class}
    hooks = []
    return types.SimpleNamespace(web_app=types.SimpleNamespace(settings=settings),
                                 log=logging.getLogger("test"), hooks=hooks,
                                 contents_manager=types.SimpleNamespace(
                                     register_pre_save_hook=hooks.append))


def test_loading_puts_the_no_delay_connection_in_place_of_the_default():
    app = serverapp(ZMQChannelsWebsocketConnection)
    sumer_server._load_jupyter_server_extension(app)
    assert app.web_app.settings[sumer_server.SETTING] is NoDelayConnection


def test_a_connection_class_configured_by_someone_else_is_kept():
    class Theirs(ZMQChannelsWebsocketConnection):
        pass

    app = serverapp(Theirs)
    sumer_server._load_jupyter_server_extension(app)
    assert app.web_app.settings[sumer_server.SETTING] is Theirs


def test_connecting_turns_nagle_off_before_the_channels_open(monkeypatch):
    calls = []

    async def open_channels(self):
        calls.append("channels")

    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", open_channels)
    connection = NoDelayConnection.__new__(NoDelayConnection)
    # A stand-in for the tornado handler (the trait would insist on a real one).
    connection._trait_values["websocket_handler"] = types.SimpleNamespace(
        set_nodelay=lambda value: calls.append(("nodelay", value)))
    # Run the coroutine by hand: a browser test in the same process may own the event loop.
    with pytest.raises(StopIteration):
        connection.connect().send(None)
    assert calls == [("nodelay", True), "channels"]


def test_the_installed_package_enables_the_extension_and_the_voila_setting():
    enabled = voila = False
    for folder in map(Path, jupyter_config_path()):
        server = folder / "jupyter_server_config.d" / "sumer_server.json"
        if server.exists():
            enabled |= json.loads(server.read_text())["ServerApp"]["jpserver_extensions"][
                "sumer_server"]
        if (folder / "voila.json").exists():
            setting = json.loads((folder / "voila.json").read_text()).get("Voila", {})
            voila |= setting.get(sumer_server.SETTING) == "sumer_server.NoDelayConnection"
    assert enabled and voila


def board_output():
    """A board's output as JupyterLab holds it while its kernel runs: the live view and the
    saved view beside it."""
    return {"output_type": "display_data", "metadata": {}, "data": {
        WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": "abc"},
        "text/html": "<svg></svg><p>▶ Run this cell to play on this board.</p>",
        "text/plain": "<SumeriaBoard>"}}


def notebook_with_views():
    bare = {"output_type": "display_data", "metadata": {},
            "data": {WIDGET_VIEW: {"model_id": "only"}}}
    return {"nbformat": 4, "nbformat_minor": 5,
            "metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {}}},
            "cells": [{"cell_type": "code", "id": "a", "metadata": {}, "execution_count": 1,
                       "source": "board", "outputs": [board_output(), bare]},
                      {"cell_type": "markdown", "id": "b", "metadata": {}, "source": "x"}]}


def test_loading_registers_the_hook_that_saves_pictures_not_live_views():
    app = serverapp(ZMQChannelsWebsocketConnection)
    sumer_server._load_jupyter_server_extension(app)
    assert app.hooks == [pre_save_hook]
    model = {"type": "notebook", "content": notebook_with_views()}
    pre_save_hook(model, path="x.ipynb", contents_manager=None)
    first, bare = model["content"]["cells"][0]["outputs"]
    assert WIDGET_VIEW not in first["data"] and "text/html" in first["data"]
    assert WIDGET_VIEW in bare["data"]  # nothing else to show: kept
    assert "widgets" not in model["content"]["metadata"]
    other = {"type": "file", "content": "text"}
    pre_save_hook(other)
    assert other == {"type": "file", "content": "text"}


def test_a_real_jupyter_lab_loads_it_and_saves_a_notebook_with_its_pictures(tmp_path):
    import urllib.request

    config = tmp_path / "config"
    root = tmp_path / "root"
    root.mkdir()
    lab = Lab(root, config)
    try:
        body = json.dumps({"type": "notebook", "format": "json",
                           "content": notebook_with_views()}).encode()
        request = urllib.request.Request(f"{lab.url}/api/contents/saved.ipynb?token={lab.token}",
                                         data=body, method="PUT",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status in (200, 201)
    finally:
        lab.stop()
    saved = json.loads((root / "saved.ipynb").read_text())
    assert WIDGET_VIEW not in saved["cells"][0]["outputs"][0]["data"]
    log = (config / "lab.log").read_text()
    assert "sumer_server: kernel messages are sent without delay" in log
    assert "saved with their pictures" in log
