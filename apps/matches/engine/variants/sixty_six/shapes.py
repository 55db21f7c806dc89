"""The JSON a ``sixty-six`` deal is shown as, declared: klub's two-seat shapes for the 24-card
deck (``klub.shapes.declare``), named ``SixtySix…`` where they differ, with the fields of
``view.deal_view``; its events are shaped as klub's (one shape per event type)."""

from __future__ import annotations

from ...cards import DECK_24
from ...shapes import BOOLEAN, INTEGER, Shapes, array, described, nullable, obj
from ..klub.shapes import EVENTS, declare
from .events import DEAL_END_REASONS

DECLARATION = obj(
    {
        "seat": INTEGER,
        "points": described(INTEGER, "the declarer's score: card points plus marriages"),
        "tricks": described(INTEGER, "the declarer's tricks"),
        "right": described(BOOLEAN, "66 or more with a trick: the declaration was right"),
    },
    title="Declaration",
    description='Who said "enough", and whether it was right.',
)

DECLARED = declare(
    DECK_24,
    reasons=DEAL_END_REASONS,
    reasons_title="SixtySixDealEndReasonEnum",
    prefix="SixtySix",
    exchanged="the trump nine",
    no_winner="match_ended and draw",
    view_add={
        "bonus": described(
            INTEGER,
            "game points from drawn deals (one per 60:60 draw): this deal's winner gets them "
            "on top of its own",
        ),
        "card_points": described(INTEGER, "your card points (what the count compares)"),
    },
    revealed_add={
        "card_points": array(INTEGER, "per seat: card points of the won tricks"),
        "declared": described(nullable(DECLARATION), 'null when nobody said "enough"'),
        "bonus_won": described(INTEGER, "of game_points, the bonus of drawn deals"),
        "bonus_carried": described(
            INTEGER, "the bonus the next deal carries: one more after a draw, else 0"
        ),
    },
)

SHAPES = Shapes(deal_view=DECLARED.deal_view, history=DECLARED.history, events=EVENTS)
