"""The codes klub's deal rules raise besides the trick-taking ones, with what they mean."""

CODES: dict[str, str] = {
    "talon_closed": "the talon is closed",
    "talon_exhausted": "no face-down card is left in the talon",
    "exchange_not_allowed": "you cannot exchange the trump card now",
    "confirmation_required": "surrendering needs an explicit confirmation",
}
