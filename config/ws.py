"""``ws`` (deploy/Procfile): daphne, with its own command line, whose WebSocket connections
end with a close frame when they fail.

Autobahn, under daphne, fails a connection by dropping it (``failByDrop``): a frame over the
size limit (``--websocket_max_message_size``, 1 MiB) closed the TCP connection with no close
frame, so the client learned nothing of why. Here it is answered with close code 1009
("message too big"), and a protocol error with 1002, as RFC 6455 (7.1.7) has it.

    python -m config.ws -b 0.0.0.0 -p 8002 config.asgi:application
"""

from __future__ import annotations

from typing import Any

from daphne.cli import CommandLineInterface
from daphne.server import Server


class SocketServer(Server):
    """daphne's server; each WebSocket factory it makes fails connections with a close frame."""

    @property
    def ws_factory(self) -> Any:
        return self._ws_factory

    @ws_factory.setter
    def ws_factory(self, factory: Any) -> None:
        factory.setProtocolOptions(failByDrop=False)
        self._ws_factory = factory


class SocketServerCommand(CommandLineInterface):
    server_class = SocketServer


if __name__ == "__main__":
    SocketServerCommand.entrypoint()
