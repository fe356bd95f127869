"""Sumer's Jupyter server extension: kernel messages reach the page without waiting, and a
notebook saved after running reopens on its pictures (`saved_view`).

A board's move comes back from the kernel as one update message, sent to the page over the
kernel's websocket. Tornado leaves Nagle's algorithm on for websockets, so a message that
follows another one still unacknowledged waits for the browser's delayed acknowledgement: about
40 ms on Linux, nearly half of a move's round trip (measured in benchmarks/widget_latency.py).
`NoDelayConnection` turns the delay off for each kernel websocket (TCP_NODELAY); every byte is
sent as before.

The extension is enabled wherever the package is installed (JupyterLab, Jupyter Server,
Binder and Voilà served by a Jupyter server: ``etc/jupyter/jupyter_server_config.d``);
the standalone ``voila`` command reads ``etc/jupyter/voila.json``. Limits: a server configured
with a kernel connection class of its own keeps it (this one is only a subclass of the default).
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

SETTING = "kernel_websocket_connection_class"


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """The default kernel websocket connection, with Nagle's algorithm off."""

    async def connect(self) -> Any:
        self.websocket_handler.set_nodelay(True)
        return await super().connect()


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "sumer_server"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    from sumer_server.saved_view import pre_save_hook

    register = getattr(serverapp.contents_manager, "register_pre_save_hook", None)
    if register is not None:
        register(pre_save_hook)
        serverapp.log.info("sumer_server: notebooks are saved with their pictures, not their "
                           "live widget views")
    settings = serverapp.web_app.settings
    configured = settings.get(SETTING) or ZMQChannelsWebsocketConnection
    if configured is ZMQChannelsWebsocketConnection:
        settings[SETTING] = NoDelayConnection
        serverapp.log.info("sumer_server: kernel messages are sent without delay (TCP_NODELAY)")
    elif not issubclass(configured, NoDelayConnection):
        serverapp.log.info("sumer_server: the server has its own kernel connection class (%s); "
                           "it is kept", configured.__name__)
