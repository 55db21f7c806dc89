"""What moderation tells the apps above it (which it does not know).

``online_play_barred(user_id, now)``: a suspension or a ban was just issued, inside the
transaction that issues it. The ranking app subscribes and cancels the player's waiting
matchmaking ticket in the same transaction (``apps/ranking/receivers.py``). The matches app
sits below moderation and is called directly (``apps/matches/withdrawal.py``).
"""

from __future__ import annotations

from django.dispatch import Signal

online_play_barred = Signal()
