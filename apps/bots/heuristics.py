"""The club player's rules of thumb, on a ``BitGame`` seen from the seat on turn.

They read only what that seat knows: its own hand, the card led, the cards played, both scores
and trick counts, the trump card under the talon and the talon's size; never the other hand
or the talon order. So they serve both the ``club`` level (on a sampled world, whose hidden
part they ignore) and the rollouts of the sampling levels (as the fast policy).

- exchange the trump jack whenever allowed;
- announce a marriage when leading (the trump one first);
- close when the points in hand plus sure winners clearly make 66;
- lead cheap side cards, keep trumps, aces and tens; in strict play draw trumps with the top
  trump, then cash sure winners;
- follow: take a ten or an ace cheaply (higher card of the suit, else the lowest trump), bank
  an own ten when it wins the trick, otherwise throw the cheapest card; take any trick that
  reaches 66;
- surrender a close of its own that can no longer reach 66, when that costs less.
"""

from __future__ import annotations

from .bitgame import WIN, BitGame, by_loser_state
from .cardbits import (
    ABOVE,
    ACE,
    CLOSE,
    EXCHANGE,
    KING,
    POINTS,
    QUEEN,
    SUIT_MASK,
    TEN,
    beaters,
    members,
)

SURRENDER = 26  # action: give up the deal (not a BitGame move; the level answers it)


def outstanding(g: BitGame, seat: int) -> int:
    """Cards the seat has not seen: in the other hand or the talon (the trump card included)."""
    return g.DECK & ~g.hands[seat] & ~g.played


def marriage_cards(hand: int, trump: int) -> list[int]:
    """The queen of each marriage held, the trump one first."""
    out = []
    for s in sorted(range(4), key=lambda s: s != trump):
        queen = s * 6 + QUEEN
        if hand >> queen & 3 == 3:
            out.append(queen)
    return out


def marriage_bonus(hand: int, trump: int) -> int:
    return sum(40 if q // 6 == trump else 20 for q in marriage_cards(hand, trump))


def sure_winners(g: BitGame, seat: int) -> list[int]:
    """Own cards no unseen card can beat within their suit (top cards, in sequence)."""
    out_cards = outstanding(g, seat)
    return [c for c in members(g.hands[seat]) if not out_cards & ABOVE[c]]


def sure_points(g: BitGame, seat: int) -> int:
    """A cautious count of what the seat's sure winners bring if it leads them one by one."""
    out_cards = outstanding(g, seat)
    total = 0
    for c in sure_winners(g, seat):
        suit_out = out_cards & SUIT_MASK[c // 6]
        trumps_out = out_cards & SUIT_MASK[g.trump]
        if c // 6 != g.trump and not suit_out and trumps_out:
            continue  # the opponent may well be void and trump it
        low = (suit_out & -suit_out).bit_length() - 1 if suit_out else -1
        total += POINTS[c] + (POINTS[low] if low >= 0 else 2)
    return total


def clearly_winning(g: BitGame, seat: int) -> bool:
    """Whether closing now looks safe: points plus marriages plus sure winners reach 66."""
    hand_winners = sure_winners(g, seat)
    if not g.tricks[seat] and not hand_winners:
        return False
    estimate = g.pts[seat] + marriage_bonus(g.hands[seat], g.trump) + sure_points(g, seat)
    return estimate >= WIN + 4


def cost(g: BitGame, seat: int, c: int) -> int:
    """How much it hurts to give card ``c`` away (lower: lead or throw it first)."""
    hand = g.hands[seat]
    value = POINTS[c]
    if c // 6 == g.trump:
        value += 12
    rank = c % 6
    if rank == TEN and outstanding(g, seat) >> (c + 1) & 1:
        value += 6  # a ten whose ace is still out is easy prey
    if rank in (QUEEN, KING) and hand >> (c // 6 * 6 + QUEEN) & 3 == 3:
        value += 15  # half of a marriage
    return value


def cheapest(g: BitGame, seat: int, options: int) -> int:
    return min(members(options), key=lambda c: (cost(g, seat, c), c))


def should_surrender(g: BitGame, seat: int) -> bool:
    """Own close that cannot reach 66 any more, and giving up costs fewer game points."""
    if g.closed_by != seat or g.closed_at is None or g.result is not None:
        return False
    hand = g.hands[seat]
    opp_size = g.hands[1 - seat].bit_count()
    best_out = sorted((POINTS[c] for c in members(outstanding(g, seat))), reverse=True)
    reachable = (
        g.pts[seat]
        + sum(POINTS[c] for c in members(hand))
        + sum(best_out[:opp_size])
        + marriage_bonus(hand, g.trump)
    )
    if g.led >= 0:
        reachable += POINTS[g.led]
    if reachable >= WIN:
        return False
    now = by_loser_state(g.pts[seat], g.tricks[seat])
    return now < g.failed_close_points()


def club_action(g: BitGame) -> int:
    """The club player's action for the seat on turn (may be ``SURRENDER``)."""
    seat = g.turn
    if should_surrender(g, seat):
        return SURRENDER
    return play_action(g)


def play_action(g: BitGame) -> int:
    """The club player's exchange, close or card (never surrender): the rollout policy."""
    seat = g.turn
    if g.led >= 0:
        return follow(g, seat)
    if g.can_exchange():
        return EXCHANGE
    if g.can_close() and clearly_winning(g, seat):
        return CLOSE
    return lead(g, seat)


def lead(g: BitGame, seat: int) -> int:
    hand = g.hands[seat]
    queens = marriage_cards(hand, g.trump)
    if queens:
        return queens[0]
    if g.strict:
        out_cards = outstanding(g, seat)
        trumps = hand & SUIT_MASK[g.trump]
        if trumps and out_cards & SUIT_MASK[g.trump]:
            top = trumps.bit_length() - 1
            if not out_cards & ABOVE[top]:
                return top  # draw the opponent's trumps
        winners = [c for c in sure_winners(g, seat) if c // 6 != g.trump]
        if winners:
            return max(winners, key=lambda c: (POINTS[c], c))
        if trumps and not out_cards & SUIT_MASK[g.trump]:
            return trumps.bit_length() - 1
    return cheapest(g, seat, hand)


def follow(g: BitGame, seat: int) -> int:
    options = g.playable()
    led = g.led
    same = options & ABOVE[led]
    winners = options & beaters(led, g.trump)
    if winners:
        for c in sorted(members(winners), key=lambda c: (POINTS[c], c)):
            if g.pts[seat] + POINTS[c] + POINTS[led] >= WIN:
                return c  # this trick ends the deal
    if g.strict:
        if winners:
            return min(members(winners), key=lambda c: (c // 6 == g.trump, POINTS[c], c))
        return cheapest(g, seat, options)
    if winners and POINTS[led] >= 10:
        return min(members(winners), key=lambda c: (c // 6 == g.trump, POINTS[c], c))
    banked = [c for c in members(same) if c % 6 in (TEN, ACE)]
    if banked:
        return min(banked)  # the ten if held, else the ace
    return cheapest(g, seat, options)
