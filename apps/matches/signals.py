"""What the write path tells the rest of the club, so that it knows none of its consumers.

Both are sent inside the transaction that appends the events (``appending.command_apply``):
- ``match_finished(match, state)``: the match has just ended. Settlement (stakes, ratings)
  subscribes and does its work in the same transaction, so a move and its settlement commit
  or roll back together (``apps/ranking/settlement.py``).
- ``events_appended(match, state, events, first_seq)``: new events are in the store.
  Subscribers schedule what follows with ``transaction.on_commit``, never before the commit:
  the push to the sockets (``push.py``), a worker at each new deadline (``tasks.py``), the
  computer's move (``apps/computer/receivers.py``).
"""

from __future__ import annotations

from django.dispatch import Signal

match_finished = Signal()
events_appended = Signal()
