"""What the write path tells the rest of the club, so that it knows none of its consumers.

Both are sent inside the transaction that appends the events (``appending.command_apply``),
``events_appended`` first:
- ``events_appended(match, before, state, events, first_seq, changed, now)``: new events are in
  the store (``before``: the state before them, ``state``: after; ``changed``: the names of the
  ``Match`` columns the batch changed, ``projection.py``; ``now``: the batch's time). The
  app's own projections beyond the ``Match`` row write in the transaction (the seats' columns,
  ``projection.seats_project``; the seats watched for silence,
  ``attendance.presence_project``); every other subscriber schedules what follows with
  ``transaction.on_commit``, never before the commit: the push to the sockets (``push.py``), a
  worker at the next deadline (``receivers.py``), the computer's move
  (``apps/computer/receivers.py``).
- ``match_finished(match, state)``: the match has just ended. Settlement (stakes, ratings)
  subscribes and does its work in the same transaction, so a move and its settlement commit
  or roll back together (``apps/ranking/settlement.py``).
"""

from __future__ import annotations

from django.dispatch import Signal

match_finished = Signal()
events_appended = Signal()
