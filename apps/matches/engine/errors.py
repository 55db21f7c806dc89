"""The one error the engine raises: a rule was broken. ``code`` is stable and machine-readable."""

from __future__ import annotations

from apps.common.text import ECHO_LIMIT, clip, echo

__all__ = ["CODES", "ECHO_LIMIT", "RuleViolation", "clip", "echo"]


class RuleViolation(Exception):
    """A command that the rules do not allow in this state.

    ``code`` is a stable identifier for clients (``not_your_turn``, ``must_follow_suit`` …);
    ``message`` is for humans. Neither ever names a hidden card.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


# Every code the engine can raise, with what it means (docs/rules.md mirrors this list).
CODES: dict[str, str] = {
    "match_not_started": "the match has not been started yet",
    "match_already_started": "the match has already been started",
    "match_over": "the match has ended",
    "deal_over": "no deal is being played right now",
    "deal_in_progress": "a deal is being played; this needs the deal to be over",
    "unknown_variant": "no such variant",
    "invalid_target": "the match target is not allowed for this variant",
    "invalid_seat": "no such seat at this table",
    "hand_not_shown_here": "partnership: a hand is not shown to the table (it would tell a "
    "secret partner); the caller's side claims the rest with show_cards",
    "seat_taken_over": "the computer plays this seat for good: its player resigned, left or lost "
    "technically (four-seat games play on without it)",
    "invalid_deck": "the deck is not a permutation of the variant's cards",
    "invalid_salt": "the salt must be 16 to 128 lowercase hexadecimal digits",
    "not_your_turn": "it is another seat's turn",
    "not_leading": "only the leader may do this, before playing a card",
    "card_not_in_hand": "that card is not in your hand",
    "must_follow_suit": "the talon is closed or exhausted: follow the suit led",
    "must_beat": "the talon is closed or exhausted: beat the card led if you can",
    "must_trump": "the talon is closed or exhausted: with no card of the suit led, trump",
    "talon_closed": "the talon is closed",
    "talon_exhausted": "no face-down card is left in the talon",
    "exchange_not_allowed": "you cannot exchange the trump card now",
    "exchange_needs_trick": "sixty-six: the trump nine is exchanged only after winning a trick",
    "declare_not_allowed": "sixty-six: declare on your own turn, right after winning a trick or "
    "right after leading a marriage card; never on your opponent's turn",
    "count_not_allowed": "sixty-six: the count decides only once every card is played",
    "all_cards_played": "sixty-six: every card is played; the last trick's winner declares or "
    "lets the count decide",
    "bidding_in_progress": "partnership: the bidding is not over",
    "bidding_over": "partnership: the bidding is over",
    "bid_too_low": "partnership: a bid needs a higher table value than the standing bid",
    "doubling_in_progress": "partnership: the doubling window is open; the caller leads after it",
    "doubling_closed": "partnership: the doubling window has closed",
    "already_doubled": "partnership: that doubling has been said (each once)",
    "doubling_out_of_order": "partnership: Kontra, then Rekontra, then Subkontra",
    "doubling_declined": "partnership: you let this doubling go",
    "may_not_double": "partnership: this doubling is not yours to say",
    "not_offered": "partnership: the current doubling choice is not offered to you",
    "marriage_not_allowed": "partnership: a marriage is announced at Snapszer level by the "
    "leader leading the K or O of a pair it holds",
    "enough_not_allowed": "partnership: only the caller or its partner says enough, and never "
    "in a Durchmarsch",
    "enough_not_now": "partnership: enough is said after a completed trick, before the next lead",
    "claim_not_offered": "partnership: showing the cards needs every remaining trick to be sure",
    "cards_shown": "partnership: a hand has been shown; the hand is ending",
    "unknown_command": "the engine does not know this command",
    "confirmation_required": "surrendering needs an explicit confirmation",
    "already_away": "the seat is already disconnected",
    "not_away": "the seat is connected",
    "already_paused": "the seat is already paused",
    "pause_limit": "no pause left: one per deal, three per match",
    "not_paused": "the seat is not paused",
    "already_shown": "the hand is being shown already",
    "empty_hand": "there are no cards to show",
    "not_due": "the deadline has not run out yet",
    "not_standing_in": "the computer is not standing in for this seat",
}
