"""The moderators' admin: the report queue, sanctions and the log, one module each.

Moderators are active staff users in the "Moderators" group (``roles.py``); administrators are
superusers. Every decision goes through ``services`` (which record who, when and why in
``ModerationAction``) and is also noted in Django's admin log. Nothing here can be deleted, and
no report, sanction or log entry can be edited field by field:

- ``reports.py``: the queue, oldest first; each shows its evidence (the copy taken when it was
  made), the reported player's history and the suggested next step, and is decided through the
  "Resolve" page or the "Resolve selected reports…" action (dismiss, warning, suspension until a
  date, ban; a reason is always required);
- ``sanctions.py``: issued from a report or added directly; taken back with "Lift…" (with a
  reason);
- ``log.py``: the log (``ModerationAction``), read-only;
- ``players.py``: the players (``accounts.User``): search, statistics, sanctions inline;
- ``decisions.py``: the decision forms and pages the first two share; ``fragments.py``: the HTML
  the pages show, rendered from ``templates/moderation/admin/``.
"""

from . import log, players, reports, sanctions

__all__ = ["log", "players", "reports", "sanctions"]
