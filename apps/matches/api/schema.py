"""The OpenAPI description of the match API's answers (documentation only: nothing here runs while
a request is answered, except ``MatchSummary``, which also shapes the rows of the match list).
The bodies themselves are built by ``selectors`` and ``engine.view_for``; keep them in step."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.matches.engine.codec import event_types
from apps.matches.engine.variants.klub.events import DEAL_END_REASONS

# Choice sets named in SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"].
MATCH_STATUSES = ["waiting", "active", "finished", "expired", "cancelled"]
VIEW_STATUSES = ["not_started", "playing", "awaiting_deal", "finished"]
DEAL_PHASES = ["open", "closed", "exhausted", "over"]
ACTION_TYPES = [
    "play_card",
    "exchange_trump",
    "close_talon",
    "surrender",
    "resign",
    "leave",
    "pause",
    "resume",
    "show_hand",
]
MATCH_END_REASONS = ["points", "resigned", "left", "technical_loss", "abandoned"]
SUITS_HELP = "suit code: P piros, T tök, Z zöld, M makk"
CARD_HELP = "card code: suit (P, T, Z, M) + rank (U, O, K, X, A), e.g. PA"


def _cards(help_text: str = "card codes") -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), help_text=help_text)


class PlayerInfo(serializers.Serializer):
    seat = serializers.IntegerField()
    user_id = serializers.IntegerField(
        allow_null=True, help_text="the player's id (for blocks, reports, stats); null: Kati"
    )
    name = serializers.CharField(help_text="display name; the computer is Kati")
    avatar_url = serializers.CharField(allow_blank=True)
    is_computer = serializers.BooleanField()
    strength = serializers.CharField(allow_null=True, help_text="the computer's level, else null")
    is_you = serializers.BooleanField()


class Invite(serializers.Serializer):
    code = serializers.CharField(help_text="6 characters; joining is case-insensitive")
    join_url = serializers.URLField()
    expires_at = serializers.DateTimeField()


class TableCard(serializers.Serializer):
    seat = serializers.IntegerField()
    card = serializers.CharField(help_text=CARD_HELP)


class Trick(serializers.Serializer):
    leader = serializers.IntegerField()
    cards = TableCard(many=True, help_text="in play order")
    winner = serializers.IntegerField()


class DealResult(serializers.Serializer):
    winner = serializers.IntegerField(allow_null=True, help_text="null only for match_ended")
    game_points = serializers.IntegerField()
    reason = serializers.ChoiceField(choices=list(DEAL_END_REASONS))


class RevealedDealFields(serializers.Serializer):
    """The whole of a finished deal: what was hidden while it was played."""

    result = DealResult()
    deck = _cards("the shuffled deck, in dealing order (the commitment covers it)")
    salt = serializers.CharField(help_text="hex; commitment = sha256(salt + ''.join(deck))")
    dealt_hands = serializers.ListField(child=_cards(), help_text="per seat, as dealt")
    hands = serializers.ListField(child=_cards(), help_text="per seat, unplayed at the end")
    tricks = Trick(many=True)
    points = serializers.ListField(child=serializers.IntegerField(), help_text="per seat")
    closed_at = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        allow_null=True,
        help_text="per seat [points, tricks] when the talon was closed, or null",
    )
    surrendered_by = serializers.IntegerField(allow_null=True)


class RevealedDeal(RevealedDealFields):
    pass


class ShownHand(serializers.Serializer):
    seat = serializers.IntegerField()
    cards = _cards("the shown cards that seat still holds")
    until = serializers.DateTimeField(help_text="hidden again at this time")


@extend_schema_field(
    {
        "type": "array",
        "items": {
            "type": "object",
            "nullable": True,
            "required": ["until", "stand_in"],
            "properties": {
                "until": {"type": "string", "format": "date-time"},
                "stand_in": {"type": "boolean"},
            },
            "additionalProperties": False,
        },
        "description": "per seat: its pause, else null. until: when it runs out; stand_in: it "
        "ran out and the computer plays for that seat until it presses OK",
    }
)
class PausesField(serializers.ListField):
    pass


class PresenceView(serializers.Serializer):
    """Every seat's clocks (online play). A client shows the countdowns from these times."""

    away_until = serializers.ListField(
        child=serializers.DateTimeField(allow_null=True),
        help_text="per seat: the reconnect deadline of a disconnected player, else null",
    )
    paused = PausesField()
    pauses_left = serializers.ListField(
        child=serializers.IntegerField(), help_text="per seat: pauses it may still ask this deal"
    )
    shown_until = serializers.ListField(
        child=serializers.DateTimeField(allow_null=True),
        help_text="per seat: until when its hand is shown, else null",
    )


class DealView(serializers.Serializer):
    """The current deal as one seat sees it."""

    number = serializers.IntegerField(help_text="1, 2, … within the match")
    dealer = serializers.IntegerField()
    commitment = serializers.CharField(help_text="sha256 hex of salt + deck, published up front")
    phase = serializers.ChoiceField(
        choices=DEAL_PHASES,
        help_text="open: cards are drawn after each trick; closed: someone closed the talon; "
        "exhausted: nothing left to draw; over: the deal ended (see revealed)",
    )
    trump_suit = serializers.CharField(help_text=SUITS_HELP)
    trump_card = serializers.CharField(
        allow_null=True, help_text="face up under the talon; null once taken or closed"
    )
    talon_size = serializers.IntegerField(help_text="cards left to draw, trump card included")
    closed_by = serializers.IntegerField(allow_null=True)
    leader = serializers.IntegerField(help_text="the seat that leads the current trick")
    turn = serializers.IntegerField(allow_null=True, help_text="whose move it is; null when over")
    table = TableCard(many=True, help_text="the current trick so far, in play order")
    last_trick = Trick(allow_null=True)
    hand_sizes = serializers.ListField(child=serializers.IntegerField(), help_text="per seat")
    trick_counts = serializers.ListField(child=serializers.IntegerField(), help_text="per seat")
    marriages = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="announced marriage suits per seat",
    )
    hand = _cards("your cards, sorted")
    captured = _cards("cards in your won tricks")
    points = serializers.IntegerField(help_text="your card points plus counted marriages")
    pending_marriage_points = serializers.IntegerField(
        help_text="marriage points that count once you win a trick"
    )
    revealed = RevealedDeal(required=False, help_text="only once the deal is over")
    shown_hands = ShownHand(
        many=True,
        required=False,
        help_text="the other players' hands shown to you right now (online play, 10 s)",
    )


class MatchResult(serializers.Serializer):
    winner = serializers.IntegerField(allow_null=True)
    reason = serializers.ChoiceField(choices=MATCH_END_REASONS)
    scores = serializers.ListField(child=serializers.IntegerField())
    radli = serializers.IntegerField(allow_null=True, help_text="the loser's seat")
    schneider = serializers.BooleanField()
    ruckschneider = serializers.BooleanField()


class Action(serializers.Serializer):
    """An action exactly as listed in ``legal_actions``: send one back unchanged."""

    type = serializers.ChoiceField(choices=ACTION_TYPES)
    card = serializers.CharField(required=False, help_text=f"play_card only; {CARD_HELP}")
    confirm = serializers.BooleanField(required=False, help_text="surrender only; must be true")


class MatchView(serializers.Serializer):
    """Everything the caller's seat may know now (``engine.view_for``)."""

    seat = serializers.IntegerField()
    status = serializers.ChoiceField(choices=VIEW_STATUSES)
    variant = serializers.CharField(allow_null=True)
    target = serializers.IntegerField(help_text="game points that win the match")
    scores = serializers.ListField(child=serializers.IntegerField(), help_text="game points")
    deals_played = serializers.IntegerField()
    deal = DealView(allow_null=True)
    result = MatchResult(allow_null=True)
    legal_actions = Action(many=True, help_text="what you may send now; empty if nothing")
    presence = PresenceView(required=False, help_text="absent before the match starts")


_EVENT_SCHEMA = {
    "type": "object",
    "required": ["type", "schema_version"],
    "properties": {
        "type": {"type": "string", "enum": [cls.type for cls in event_types()]},
        "schema_version": {"type": "integer"},
    },
    "additionalProperties": True,
    "description": "One engine event, redacted for your seat, with the fields of its type: "
    "match_started {variant, seats, first_dealer, target}; "
    "deal_started {number, dealer, commitment, trump_card, hand}; "
    "trump_exchanged {seat, card, taken}; talon_closed {seat}; "
    "marriage_announced {seat, suit, points}; card_played {seat, card, stand_in}; "
    "trick_taken {seat, points}; card_drawn {seat, card (only for the drawer, or face up), "
    "face_up}; deal_surrendered {seat}; "
    "deal_ended {winner, game_points, reason, deck, salt}; "
    "match_ended {winner, reason, scores, radli, schneider, ruckschneider}; "
    "player_disconnected {seat, deadline}; player_reconnected {seat}; "
    "pause_started {seat, until}; stand_in_started {seat}; pause_ended {seat}; "
    "hand_shown {seat, until, cards (to the others only while shown)}; hand_hidden {seat}. "
    "card_played also carries stand_in: true when the computer played it for a paused player.",
}


@extend_schema_field(_EVENT_SCHEMA)
class EventField(serializers.DictField):
    pass


class EventEnvelope(serializers.Serializer):
    type = serializers.CharField(help_text='always "event"')
    match_id = serializers.UUIDField()
    seq = serializers.IntegerField(help_text="1, 2, … per match, without gaps")
    event = EventField()


class EventFeed(serializers.Serializer):
    version = serializers.IntegerField(help_text="the match's current version")
    has_more = serializers.BooleanField(help_text="ask again with after_seq = the last seq")
    events = EventEnvelope(many=True)


class DealRecord(RevealedDealFields):
    number = serializers.IntegerField()
    commitment = serializers.CharField()
    trump_suit = serializers.CharField(help_text=SUITS_HELP)
    dealer = serializers.IntegerField()


REMATCH_STATUSES = ["offered", "started"]


class RematchState(serializers.Serializer):
    status = serializers.ChoiceField(choices=REMATCH_STATUSES)
    offered_by_seat = serializers.IntegerField(required=False, help_text="offered only")
    expires_at = serializers.DateTimeField(required=False, help_text="offered only")
    new_match_id = serializers.UUIDField(required=False, help_text="started only")


class MatchOutput(serializers.Serializer):
    """A match as the caller sees it. ``view`` is the engine's view for the caller's seat."""

    id = serializers.UUIDField()
    mode = serializers.ChoiceField(choices=["computer", "friend", "ranked"])
    variant = serializers.CharField()
    status = serializers.ChoiceField(choices=MATCH_STATUSES)
    version = serializers.IntegerField(
        help_text="seq of the last event; send it as expected_version"
    )
    your_seat = serializers.IntegerField()
    scores = serializers.ListField(child=serializers.IntegerField())
    players = PlayerInfo(many=True)
    invite = Invite(allow_null=True, help_text="the room's invite, for its creator while open")
    stake = serializers.IntegerField(
        allow_null=True, help_text="ranked: the coins each player staked; otherwise null"
    )
    rematch = RematchState(
        allow_null=True,
        help_text="a finished match's rematch: offered (and by whom) or started; else null",
    )
    winner_seat = serializers.IntegerField(allow_null=True)
    end_reason = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    view = MatchView()


class ActionSubmit(serializers.Serializer):
    """The documented body of ``POST …/actions/`` (validated by ``inputs.ActionInput``)."""

    action = Action()
    expected_version = serializers.IntegerField(
        min_value=0, help_text="the version you saw; a stale one is a 409 version_conflict"
    )
    client_move_id = serializers.CharField(
        min_length=1,
        max_length=64,
        help_text="unique per move (e.g. a UUID); resending it returns the first answer",
    )


class MatchSummary(serializers.Serializer):
    id = serializers.UUIDField()
    mode = serializers.CharField()
    variant = serializers.CharField()
    status = serializers.CharField()
    scores = serializers.ListField(child=serializers.IntegerField())
    version = serializers.IntegerField()
    created_at = serializers.DateTimeField()


class PaginatedMatchSummaryList(serializers.Serializer):
    """A page of ``MatchSummary`` (LimitOffsetPagination; OpenAPI only)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = MatchSummary(many=True)


class ActionOutput(serializers.Serializer):
    version = serializers.IntegerField(help_text="seq of this action's last event")
    events = EventEnvelope(many=True, help_text="this action's events, redacted for you")
    view = MatchView(help_text="your view right after this action (before any reply)")


class Heartbeat(serializers.Serializer):
    version = serializers.IntegerField(help_text="the match's version: fetch it if yours is older")
    presence = PresenceView(required=False, help_text="every seat's clocks")


class RematchOutput(serializers.Serializer):
    status = serializers.ChoiceField(choices=REMATCH_STATUSES)
    new_match_id = serializers.UUIDField(allow_null=True)
