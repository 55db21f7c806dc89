"""Random positions on the engine, the bot's input for a seat (view plus history), and a deal
played between two players through the service's path."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from apps.bots import fastsearch
from apps.bots.bitgame import BitGame, from_deal
from apps.bots.bitgame66 import BitGame66, from_deal66
from apps.bots.cardbits import CLOSE, CODES, COUNT, DECLARE, EXCHANGE, INDEX, mask, partner
from apps.bots.declaring import declaration_due, is_right
from apps.bots.knowledge import Knowledge
from apps.bots.levels import choose_action
from apps.bots.replies import reply_weights
from apps.matches.engine import (
    INITIAL,
    Card,
    Command,
    DealCards,
    MatchState,
    RuleViolation,
    StartMatch,
    card,
    command_from_json,
    decide,
    history_for,
    legal_actions,
    replay,
    view_for,
)
from apps.matches.engine.state import copy_with
from apps.matches.engine.variants.klub.commands import CloseTalon, ExchangeTrump, PlayCard
from apps.matches.engine.variants.sixty_six.commands import DeclareEnough, LetCount
from apps.matches.simulation import deal_command

Player = Callable[[dict[str, Any], random.Random, float], dict[str, Any]]


def new_deal(rng: random.Random, variant: str = "klub") -> MatchState:
    state = replay(decide(INITIAL, StartMatch(variant, rng.randrange(2))))
    return replay(decide(state, deal_command(state, rng)), state)


def bot_view(state: MatchState, seat: int) -> dict[str, Any]:
    """What the service hands the bot: the seat's view plus the deal's public history."""
    return {**view_for(state, seat), "history": history_for(state, seat)}


def hide_differently(state: MatchState, rng: random.Random) -> MatchState:
    """``state`` with the hidden cards of the seat on turn dealt differently: the opponent's
    unknown cards and the face-down talon reshuffled together. Cards the seat knows the
    opponent holds (exchanged, drawn face up, half of an announced marriage) stay put."""
    deal = state.deal
    assert deal is not None
    seat = deal.turn
    opp = 1 - seat
    known = Knowledge.read(bot_view(state, seat)).opp_known
    fixed = tuple(c for c in deal.hands[opp] if known >> INDEX[c.code] & 1)
    pool = [c for c in deal.hands[opp] if c not in fixed] + list(deal.talon)
    rng.shuffle(pool)
    size = len(deal.hands[opp]) - len(fixed)
    new_hand = fixed + tuple(pool[:size])
    hands = tuple(new_hand if s == opp else deal.hands[s] for s in (0, 1))
    return copy_with(state, deal=copy_with(deal, hands=hands, talon=tuple(pool[size:])))


def blind_answers(variant: str, level: str, rng: random.Random, deals: int = 12) -> int:
    """How many positions of ``deals`` random deals ``level`` answered the same when the cards
    its seat cannot see were dealt differently (``hide_differently``), with the same rng;
    asserts it always does. A budget far above need: the sample counts bind, not the clock
    (which is why this is dear for the searching levels: up to 100 worlds a decision)."""
    checked = 0
    positions = list(random_positions(rng, deals, variant))
    for state in positions[:: 3 if level in ("strong", "expert") else 1]:
        deal = state.deal
        assert deal is not None
        seat = deal.turn
        other = hide_differently(state, rng)
        if other.deal.hands == deal.hands and other.deal.talon == deal.talon:  # type: ignore[union-attr]
            continue
        view = bot_view(state, seat)
        assert bot_view(other, seat) == view
        first = choose_action(view, variant=variant, level=level, rng=random.Random(3), budget=60)
        again = choose_action(
            bot_view(other, seat), variant=variant, level=level, rng=random.Random(3), budget=60
        )
        assert again == first, (level, view)
        checked += 1
    return checked


def card_of(action: dict[str, Any]) -> str:
    assert action["type"] == "play_card", action
    return action["card"]


# the search's int actions that are not cards, and the engine's commands they stand for
COMMAND_OF: dict[int, type[Command]] = {
    EXCHANGE: ExchangeTrump,
    CLOSE: CloseTalon,
    DECLARE: DeclareEnough,
    COUNT: LetCount,
}


def engine_actions(state: MatchState, seat: int) -> set[int]:
    """The engine's legal actions for ``seat`` as the model's ints (giving up left out)."""
    out = set()
    for a in legal_actions(state, seat):
        if isinstance(a, PlayCard):
            out.add(INDEX[a.card.code])
        out.update(n for n, kind in COMMAND_OF.items() if isinstance(a, kind))
    return out


def engine_command(action: int, seat: int) -> Command:
    """The engine's command for the model's int ``action`` by ``seat``."""
    kind = COMMAND_OF.get(action)
    return kind(seat) if kind is not None else PlayCard(seat, card(CODES[action]))  # type: ignore[call-arg]


def same_deal(g: BitGame, state: MatchState) -> None:
    """The model ``g`` and the engine's deal hold the same hands, scores, tricks, talon, trump,
    close, card led and result (and, in sixty-six, card points)."""
    deal = state.deal
    assert deal is not None
    for s in (0, 1):
        assert g.hands[s] == mask(c.code for c in deal.hands[s])
        assert g.pts[s] == deal.points(s)
        assert g.tricks[s] == deal.trick_count(s)
    if isinstance(g, BitGame66):
        assert g.cp == list(deal.card_points)  # type: ignore[attr-defined]
    assert g.talon == [INDEX[c.code] for c in deal.talon]
    assert g.trump_card == INDEX[deal.trump_card.code]
    assert g.trump_taken == deal.trump_card_taken
    assert (g.closed_by if g.closed_by >= 0 else None) == deal.closed_by
    assert g.closed_at == deal.closed_at
    assert g.led == (INDEX[deal.table[0].code] if deal.table else -1)
    if deal.result is None:
        assert g.result is None
        assert g.turn == deal.turn
    else:
        assert g.result == (deal.result.winner, deal.result.game_points)


def assert_history_names_no_hidden_card(state: MatchState) -> None:
    """The deal's public history is the same for both seats and names no card either seat may
    not see (the opponent's hand, the face-down talon), but the face-up trump card and the
    card exchanged for it, which were shown."""
    history = history_for(state, 0)
    assert history_for(state, 1) == history
    text = repr(history)
    deal = state.deal
    assert deal is not None
    shown = {history["trump_card_dealt"]}
    if deal.trump_card_visible:
        shown.add(deal.trump_card.code)
    if history["exchange"]:
        shown.add(history["exchange"]["card"])
    for seat in (0, 1):
        hidden = {c.code for c in deal.hands[1 - seat]} | {c.code for c in deal.talon}
        for code in hidden - shown:
            assert f"'{code}'" not in text, (code, history)


def illegal_answers(
    deck: tuple[Card, ...],
    dealer: int,
    players: tuple[Player, Player],
    rngs: tuple[random.Random, random.Random],
    budget: float,
) -> int:
    """Play one deal from ``deck`` on the engine, ``players[s]`` at seat ``s``, each decision as
    the service makes it (the seat's view plus history in; ``command_from_json`` and ``decide``
    out). Returns how many answers were not among the view's legal actions or were refused by
    the engine; each is replaced by the first legal card, so the deal finishes."""
    state = replay(decide(INITIAL, StartMatch("klub", dealer)))
    state = replay(decide(state, DealCards(deck, "0" * 32)), state)
    illegal = 0
    while not state.deal.over:  # type: ignore[union-attr]
        seat = state.deal.turn  # type: ignore[union-attr]
        view = bot_view(state, seat)
        action = players[seat](view, rngs[seat], budget)
        fallback = next(a for a in view["legal_actions"] if a["type"] == "play_card")
        if action not in view["legal_actions"]:
            illegal += 1
            action = fallback
        try:
            events = decide(state, command_from_json(action, seat=seat))
        except RuleViolation:
            illegal += 1
            events = decide(state, command_from_json(fallback, seat=seat))
        state = replay(events, state)
    return illegal


def random_step(state: MatchState, rng: random.Random, close_rate: float = 0.1) -> MatchState:
    """One random exchange, close or card for the seat on turn (closes are rare); in
    sixty-six, after the last trick, its winner's declaration or the count."""
    assert state.deal is not None
    actions = [
        a
        for a in legal_actions(state, state.deal.turn)
        if isinstance(a, PlayCard | ExchangeTrump | CloseTalon)
    ]
    plays = [a for a in actions if isinstance(a, PlayCard)]
    if not plays:  # sixty-six, every card played: the last trick's winner has the word
        words = [
            a
            for a in legal_actions(state, state.deal.turn)
            if a.type in ("declare_enough", "let_count")
        ]
        return replay(decide(state, rng.choice(words)), state)
    others = [a for a in actions if not isinstance(a, PlayCard)]
    action = rng.choice(others) if others and rng.random() < close_rate else rng.choice(plays)
    return replay(decide(state, action), state)


def random_positions(rng: random.Random, deals: int, variant: str = "klub") -> Iterator[MatchState]:
    """Every position (deal running) of ``deals`` random deals."""
    for _ in range(deals):
        state = new_deal(rng, variant)
        close_rate = rng.choice((0.0, 0.1, 0.3))
        while not state.deal.over:  # type: ignore[union-attr]
            yield state
            state = random_step(state, rng, close_rate)


def minimax(g: BitGame, seat: int, *, strict: Callable[[BitGame, int], int] | None = None) -> int:
    """Plain minimax over ``BitGame``: the value of ``g`` for ``seat``. With ``strict``, that
    function values the positions where the talon is exhausted or closed."""
    if g.result is not None:
        return g.value(seat)
    if strict is not None and g.strict:
        return strict(g, seat)
    values = []
    for a in g.actions():
        h = g.clone()
        h.apply(a)
        values.append(minimax(h, seat, strict=strict))
    return max(values) if g.turn == seat else min(values)


def endgame(hand0: str, hand1: str, **kw: object) -> BitGame:
    """Trump M, the talon exhausted, seat 0 to lead unless told otherwise."""
    return BitGame(
        [mask(hand0.split()), mask(hand1.split())],
        [],
        INDEX["MU"],
        kw.pop("leader", 0),  # type: ignore[arg-type]
        trump_taken=True,
        **kw,  # type: ignore[arg-type]
    )


def play_randomly(g: BitGame, rng: random.Random) -> None:
    """One random card or exchange (never a close), marriages preferred so that points near
    66 and marriage wins come up often."""
    options = [a for a in g.actions() if a < CLOSE]
    if g.led < 0 and rng.random() < 0.5:
        hand = g.hands[g.turn]
        marriages = [a for a in options if a < EXCHANGE and partner(a) >= 0]
        marriages = [a for a in marriages if hand >> partner(a) & 1]
        if marriages:
            g.apply(rng.choice(marriages))
            return
    g.apply(rng.choice(options))


def strict_position(rng: random.Random) -> BitGame:
    """A random strict position: the talon exhausted by random play, or closed by the player
    on turn at a random lead; then sometimes a few strict cards."""
    while True:
        g = from_deal(new_deal(rng).deal)  # type: ignore[arg-type]
        close = rng.random() < 0.5
        while g.result is None and not g.strict:
            if close and g.can_close() and rng.random() < 0.35:
                g.apply(CLOSE)
                break
            play_randomly(g, rng)
        for _ in range(rng.randrange(5)):
            if g.result is None:
                g.apply(rng.choice(g.actions()))
        if g.result is None:
            return g


def modelled_values(
    g: BitGame,
    blind: int,
    tricks: int,
    lead_tricks: int = 0,
    random_lead: float = 0.0,
    *,
    loss_weight: float = 1.0,
) -> dict[int, float]:
    """Plain expectimax, the reference for ``FastDealSolver.model_values``: each action's
    expected value for the player on turn when, for the next ``tricks`` open tricks, seat
    ``blind`` answers every lead as ``replies.reply_weights`` says, and for the next
    ``lead_tricks`` leads any card it holds (each as likely) with probability
    ``random_lead``, else its best action; exact values after. Each game point the other
    seat loses counts ``loss_weight`` times, at every leaf."""
    # the model holds while more face-down cards than the floor remain
    follow_floor = len(g.talon) - 2 * tricks
    lead_floor = len(g.talon) - 2 * lead_tricks if random_lead > 0 else len(g.talon)

    def weigh(v: float) -> float:  # a leaf's value for seat 0, the searching seat's losses weighed
        lost = v < 0 if blind == 1 else v > 0
        return loss_weight * v if lost else v

    def value(g: BitGame) -> float:  # for seat 0
        if g.result is not None:
            return weigh(g.value(0))
        if g.strict or len(g.talon) <= min(follow_floor, lead_floor):
            if g.strict:
                return weigh(fastsearch.solve(g, 0))
            return weigh(fastsearch.FastDealSolver(g).value(0))
        if g.turn == blind and g.led >= 0 and len(g.talon) > follow_floor:
            return sum(p * after(g, r) for r, p in reply_weights(g).items())
        values = {a: after(g, a) for a in g.actions()}
        best = max(values.values()) if g.turn == 0 else min(values.values())
        if g.turn == blind and g.led < 0 and len(g.talon) > lead_floor:
            cards = [v for a, v in values.items() if a < EXCHANGE]
            return (1 - random_lead) * best + random_lead * sum(cards) / len(cards)
        return best

    def after(g: BitGame, a: int) -> float:
        n = g.clone()
        n.apply(a)
        return value(n)

    sign = 1 if g.turn == 0 else -1
    return {a: sign * after(g, a) for a in g.actions()}


@dataclass
class Deal66:
    """How a sixty-six deal between two players went (``play_sixty_six``)."""

    illegal: int = 0  # answers not among the legal actions, or refused by the engine
    wrong: int = 0  # declarations that were not right by the declarer's own view
    missed: int = 0  # right declarations not made when the seat answered
    declared_after_marriage: int = 0  # declarations right after leading a marriage card
    words: int = 0  # answers after the last trick (declare_enough or let_count)
    reason: str = ""


def play_sixty_six(
    deck: tuple[Card, ...],
    dealer: int,
    players: tuple[Player, Player],
    rngs: tuple[random.Random, random.Random],
    budget: float,
) -> Deal66:
    """Play one sixty-six deal from ``deck`` on the engine as the service does: the seat on
    turn answers, and a seat the deal does not wait for answers too when it should say
    "enough" (right after leading a marriage card, ``declaring.declaration_due``). Each answer
    is checked against the seat's view: legal, a declaration only when right, a right
    declaration never left unsaid. Illegal answers are replaced by the first legal card or
    word, so the deal finishes."""
    state = replay(decide(INITIAL, StartMatch("sixty-six", dealer)))
    state = replay(decide(state, DealCards(deck, "0" * 32)), state)
    out = Deal66()
    while not state.deal.over:  # type: ignore[union-attr]
        turn = state.deal.turn  # type: ignore[union-attr]
        seat = turn
        if declaration_due(bot_view(state, 1 - turn), "sixty-six"):
            seat = 1 - turn
        view = bot_view(state, seat)
        action = players[seat](view, rngs[seat], budget)
        fallback = next(a for a in view["legal_actions"] if a["type"] != "surrender")
        if action["type"] == "declare_enough":
            out.wrong += not is_right(view)
            out.declared_after_marriage += seat != turn
        elif is_right(view) and action["type"] not in ("surrender", "resign", "leave"):
            out.missed += 1
        if action["type"] in ("declare_enough", "let_count") and not view["deal"]["hand"]:
            out.words += 1
        if action not in view["legal_actions"]:
            out.illegal += 1
            action = fallback
        try:
            events = decide(state, command_from_json(action, seat=seat))
        except RuleViolation:
            out.illegal += 1
            events = decide(state, command_from_json(fallback, seat=seat))
        state = replay(events, state)
    out.reason = state.deal.result.reason  # type: ignore[union-attr]
    return out


def sixty_six_world(rng: random.Random, open_tricks: int) -> BitGame66:
    """A random sixty-six world (``BitGame66``, auto) with the talon open and at most
    ``open_tricks`` open tricks left (6: the first trick), reached by random cards and
    exchanges of the trump nine; sometimes with a card led."""
    while True:
        g = from_deal66(new_deal(rng, "sixty-six").deal, auto=True)  # type: ignore[arg-type]
        while g.result is None and not g.strict and (len(g.talon) + 1) // 2 > open_tricks:
            _random_card_or_exchange(g, rng)
        if g.result is None and not g.strict and rng.random() < 0.3:
            g.apply(rng.choice([a for a in g.actions() if a < EXCHANGE]))
        if g.result is None and not g.strict:
            return g


def sixty_six_strict(rng: random.Random) -> BitGame66:
    """A random strict sixty-six position (``BitGame66``, auto): the talon exhausted by random
    play, or closed by the player on turn at a random lead; then sometimes a few cards."""
    while True:
        g = from_deal66(new_deal(rng, "sixty-six").deal, auto=True)  # type: ignore[arg-type]
        close = rng.random() < 0.5
        while g.result is None and not g.strict:
            if close and CLOSE in g.actions() and rng.random() < 0.3:
                g.apply(CLOSE)
                break
            _random_card_or_exchange(g, rng)
        for _ in range(rng.randrange(5)):
            if g.result is None:
                g.apply(rng.choice(g.actions()))
        if g.result is None:
            return g


def _random_card_or_exchange(g: BitGame66, rng: random.Random) -> None:
    actions = g.actions()
    if EXCHANGE in actions and rng.random() < 0.5:
        g.apply(EXCHANGE)
        return
    if g.led < 0 and rng.random() < 0.5:  # marriages often, so that 66 comes up
        hand = g.hands[g.turn]
        marriages = [a for a in actions if a < EXCHANGE and partner(a) >= 0]
        marriages = [a for a in marriages if hand >> partner(a) & 1]
        if marriages:
            g.apply(rng.choice(marriages))
            return
    g.apply(rng.choice([a for a in actions if a < EXCHANGE]))
