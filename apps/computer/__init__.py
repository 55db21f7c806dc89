"""Kati at the table: the Django glue that seats the computer's decisions (``apps.bots``, pure)
in real matches. A receiver notices when the computer must move (its own seat, or a paused
player's it stands in for), a Celery task runs the move off the request path, and the service
plays it through the same ``command_apply`` as a player's (docs/bots.md)."""
