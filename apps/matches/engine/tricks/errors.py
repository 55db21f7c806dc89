"""The codes the trick-taking rules raise (``rules.py``, and every variant that plays tricks),
with what they mean."""

TRICK_CODES: dict[str, str] = {
    "not_your_turn": "it is another seat's turn",
    "not_leading": "only the leader may do this, before playing a card",
    "card_not_in_hand": "that card is not in your hand",
    "must_follow_suit": "the talon is closed or exhausted: follow the suit led",
    "must_beat": "the talon is closed or exhausted: beat the card led if you can",
    "must_trump": "the talon is closed or exhausted: with no card of the suit led, trump",
}
