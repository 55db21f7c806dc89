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


# The codes the core raises (the table, presence, the codec's refusals), with what they mean;
# each variant declares its own (``Rules.codes``), and ``registry.rule_codes`` gives them all
# (docs/rules.md mirrors the list).
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
    "invalid_seed": "a seed is 16 to 128 lowercase hexadecimal digits (a deal's seeds: one a "
    "seat, every seed given among them)",
    "seed_not_due": "a seed is for the next deal (whose secret the server has committed to), "
    "sent once a seat while the current deal is played",
    "secret_not_committed": "the deal's secret is not the one the server committed to",
    "unknown_command": "the engine does not know this command",
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
