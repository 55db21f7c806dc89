"""What the trick-taking games share, whatever their seats and deal: the rules of a trick (which
card holds it, the strict rules of following, ``rules.py``), a completed trick (``state.py``)
and its JSON (``view.py``), the events of playing a card, taking a trick, announcing a marriage
and saying "enough" (``events.py``), the command of saying it (``commands.py``), and the
pieces of their declared shapes (``shapes.py``).

A variant that plays tricks builds on these instead of on another variant: every variant's
folder imports only the core and this package (sixty-six, klub's own game with more, excepted),
and the wire names stay those the events were first stored under.
"""

from .rules import refusal, strict_follows, trick_winner, winning_card

__all__ = ["refusal", "strict_follows", "trick_winner", "winning_card"]
