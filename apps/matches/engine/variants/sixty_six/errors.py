"""The codes ``sixty-six`` raises besides klub's, with what they mean."""

CODES: dict[str, str] = {
    "exchange_needs_trick": "the trump nine is exchanged only after winning a trick",
    "declare_not_allowed": "declare on your own turn, right after winning a trick or "
    "right after leading a marriage card; never on your opponent's turn",
    "count_not_allowed": "the count decides only once every card is played",
    "all_cards_played": "every card is played; the last trick's winner declares or "
    "lets the count decide",
}
