"""``manage.py runserver`` (``make run``): daphne's development server, with the WebSocket
server of the deployed ``ws`` process (``config/ws.py``).

daphne's own command runs daphne's plain ``Server``, whose sockets fail by dropping the TCP
connection: a message over 1 MiB closed the socket with no close frame in embedded mode, where
the deployed server answers 1009 ("message too big"). Both now run ``SocketServer``.

This command wins over daphne's (and Django's) because ``config`` comes first in
``INSTALLED_APPS``.
"""

from __future__ import annotations

from daphne.management.commands.runserver import Command as DaphneRunserverCommand

from config.ws import SocketServer


class Command(DaphneRunserverCommand):
    server_cls = SocketServer
