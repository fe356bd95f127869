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
from tests.browser.lab import Lab


def serverapp(connection_class):
    settings = {sumer_server.SETTING: connection_class}
    return types.SimpleNamespace(web_app=types.SimpleNamespace(settings=settings),
                                 log=logging.getLogger("test"))


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


def test_a_real_jupyter_lab_loads_it(tmp_path):
    config = tmp_path / "config"
    lab = Lab(tmp_path, config)
    lab.stop()
    assert "sumer_server: kernel messages are sent without delay" in (
        config / "lab.log").read_text()
