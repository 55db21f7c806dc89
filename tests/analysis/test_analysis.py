"""The analysis of whole deals (``apps.bots.analysis``): what the seat knew is all that its
own-knowledge values depend on (twin deals), every recorded decision is analysed once, the
losses and marks follow from the values, the turning point and the totals are as defined in
docs/analysis.md, and the same deal always gets the same analysis."""

from __future__ import annotations

import random

import pytest

from apps.bots import analysis
from apps.bots.analysis import Decision, decision_values, decisions
from apps.bots.cardbits import CLOSE, INDEX
from apps.bots.knowledge import Knowledge
from apps.matches.engine import MatchState, decide, replay
from apps.matches.engine.tricks.events import CardPlayed, EnoughDeclared, MarriageAnnounced
from apps.matches.engine.variants.klub.events import DealSurrendered, TalonClosed, TrumpExchanged
from apps.matches.engine.variants.sixty_six.events import CountChosen
from tests.analysis.deals import played_deal, replayed_deal
from tests.bots.helpers import bot_view, hide_differently, random_positions
from tests.sizes import size

VARIANTS = ["klub", "sixty-six"]
DECISION_EVENTS = (
    CardPlayed,
    TrumpExchanged,
    TalonClosed,
    DealSurrendered,
    EnoughDeclared,
    CountChosen,
)


def _made(state: MatchState, rng: random.Random) -> int:
    """A legal action of the seat on turn (cards, exchange, close; the words after the last
    trick), as the search's int."""
    deal = state.deal
    assert deal is not None
    view = bot_view(state, deal.turn)
    from apps.bots.actions import to_int  # noqa: PLC0415

    return rng.choice(
        [
            n
            for a in view["legal_actions"]
            if (n := to_int(a)) is not None and n != analysis.SURRENDER
        ]
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_own_values_do_not_depend_on_cards_the_seat_could_not_see(variant: str) -> None:
    """Twin deals: the opponent's unknown cards and the face-down talon dealt differently
    (``hide_differently``) leave the seat's knowledge, its choices and every own value the
    same, while the all-cards-known values may change."""
    rng = random.Random(f"twins-{variant}")
    positions = list(random_positions(rng, size(3, 20), variant))
    checked = differed = 0
    for state in rng.sample(positions, min(len(positions), size(14, 120))):
        deal = state.deal
        assert deal is not None
        if variant == "sixty-six" and not deal.tricks:
            continue  # the first trick's worlds are the dearest: the later ones say the same
        twin = hide_differently(state, rng)
        seat = deal.turn
        assert Knowledge.read(bot_view(state, seat)) == Knowledge.read(bot_view(twin, seat))
        made = _made(state, rng)
        one = decision_values(Decision(state, seat, made, False), index=3, seed=7, samples=4)
        two = decision_values(Decision(twin, seat, made, False), index=3, seed=7, samples=4)
        assert one["own"] == two["own"], (variant, deal)
        checked += one["own"] is not None
        differed += one["exact"] != two["exact"]
    assert checked > size(5, 40)
    assert differed, "no twin changed the all-cards-known values: the twins are not twins"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_deal_is_analysed_decision_by_decision(variant: str) -> None:
    rng = random.Random(f"deal-{variant}")
    # a sixty-six deal's first tricks are dear to search: fewer deals and layouts on PRs
    deals, samples = {"klub": (size(2, 20), size(8, 24)), "sixty-six": (size(1, 8), size(2, 8))}[
        variant
    ]
    for n in range(deals):
        before, events = played_deal(rng, variant, ("club", "club"))
        got = analysis.analyse(before, events, seed=n, samples=samples)
        if variant == "klub" and n == 0:
            again = analysis.analyse(before, events, seed=n, samples=samples)
            assert got == again  # seeded: the same deal, the same analysis
        recorded = [e for e in events if isinstance(e, DECISION_EVENTS)]
        if isinstance(events[-2], MarriageAnnounced):  # klub: the announcement reached 66
            recorded.append(events[-2])
        assert [d["seat"] for d in got["decisions"]] == [e.seat for e in recorded]  # type: ignore[attr-defined]
        assert [d["index"] for d in got["decisions"]] == list(range(len(recorded)))
        thresholds = dict(analysis.THRESHOLDS)
        for d in got["decisions"]:
            exact = d["exact"]
            values = [c["value"] for c in exact["values"]]
            assert exact["best"] == max(values) and exact["loss"] == exact["best"] - exact["value"]
            assert d["action"] in [c["action"] for c in exact["values"]]
            assert all(-3 <= v <= 3 for v in values)
            own = d["own"]
            assert (own is None) == d["forced"] == (len(values) == 1)
            if own is None:
                continue
            assert own["loss"] >= 0 and own["layouts"] >= 1
            worst = [m for m, t in thresholds.items() if own["loss"] >= t - 1e-9]
            expected = max(worst, key=thresholds.__getitem__) if worst else None
            assert own["mark"] == expected
        for seat in (0, 1):
            mine = [d for d in got["decisions"] if d["seat"] == seat]
            totals = got["seats"][seat]
            assert totals["lost_exact"] == sum(d["exact"]["loss"] for d in mine)
            marks = [d["own"]["mark"] for d in mine if d["own"]]
            assert totals["blunders"] == marks.count("blunder")
        point = got["turning_point"]
        result = got["result"]
        if point is not None:
            assert result["winner"] is not None and point["seat"] == 1 - result["winner"]
            chosen = got["decisions"][point["decision"]]
            assert chosen["seat"] == point["seat"]
            if point["rule"] == "lost_under_best_play":
                assert chosen["exact"]["best"] >= 0 > chosen["exact"]["value"]


def test_the_marks_are_at_their_thresholds() -> None:
    assert analysis.mark(0.29) is None
    assert analysis.mark(0.3) == "inaccuracy"
    assert analysis.mark(0.7) == "mistake"
    assert analysis.mark(1.49) == "mistake"
    assert analysis.mark(1.5) == analysis.mark(6) == "blunder"


def test_a_close_is_worth_its_best_single_lead_and_an_exhausted_talon_is_known() -> None:
    """A close's own value is one lead's mean over the layouts (the seat leads without seeing
    the other hand), never more than the mean of each layout's best lead; with the talon
    exhausted the seat knows every card: its own values are the exact ones."""
    rng = random.Random("close")
    seen_close = seen_known = 0
    for state in random_positions(rng, size(3, 12), "klub"):
        deal = state.deal
        assert deal is not None
        seat = deal.turn
        view = bot_view(state, seat)
        moves = {a["type"] for a in view["legal_actions"]}
        if "close_talon" in moves and len(deal.tricks) >= 3 and seen_close < 3:
            got = decision_values(Decision(state, seat, CLOSE, False), index=0, seed=1)
            assert got["own"]["value"] <= got["exact"]["value"] + 3
            seen_close += 1
        if deal.strict and not deal.talon and deal.closed_by is None and not deal.table:
            made = INDEX[deal.hands[seat][0].code]
            got = decision_values(Decision(state, seat, made, False), index=0, seed=1)
            if got["own"] is not None:
                assert got["own"]["layouts"] == 1 and got["own"]["exhaustive"]
                assert [c["value"] for c in got["own"]["values"]] == [
                    c["value"] for c in got["exact"]["values"]
                ]
                seen_known += 1
    assert seen_close and seen_known


def test_a_marriage_that_reaches_66_is_the_leaders_decision() -> None:
    """Klub: the announcement that reaches 66 ends the deal before its card is played; the
    lead is still a decision of the analysis."""
    rng = random.Random("marriage")
    for _ in range(400):
        before, events = played_deal(rng, "klub", ("club", "club"))
        if (
            not any(isinstance(e, CardPlayed) for e in events[-3:])
            and events[-1].reason == "reached_66"
        ):  # type: ignore[attr-defined]
            got = list(decisions(before, events))
            assert got[-1].action % 6 == 2  # the queen of the suit announced
            return
    pytest.skip("no deal ended by a marriage announcement")


def test_partnership_is_not_analysed() -> None:
    from apps.matches.engine import INITIAL, StartMatch  # noqa: PLC0415

    state = replay(decide(INITIAL, StartMatch("partnership", 0)))
    with pytest.raises(analysis.NotAnalysable):
        analysis.analyse(state, [], seed=0)


WORKED_DECK = "MX ZU PK PO ZX PA MO PX ZO ZK TU TK ZA TA MK TX MU PU TO MA"
WORKED_MOVES = [
    (1, "PO"), (0, "PX"), (0, "ZO"), (1, "ZX"), (1, "ZU"), (0, "ZK"),
    (0, "close"), (0, "PA"), (1, "PK"), (0, "MO"),
]  # fmt: skip


def test_the_worked_example_of_docs_analysis() -> None:
    """docs/analysis.md's example, number for number."""
    before, events = replayed_deal("klub", 0, WORKED_DECK, WORKED_MOVES)
    got = analysis.analyse(before, events, seed=2)
    assert got["result"] == {"winner": 0, "game_points": 1, "reason": "close_succeeded"}
    assert got["turning_point"] == {"decision": 4, "seat": 1, "rule": "lost_under_best_play"}
    four = got["decisions"][4]
    exact = {
        c["action"].get("card", c["action"]["type"]): c["value"] for c in four["exact"]["values"]
    }
    assert exact == {"PK": -1, "TA": 1, "ZU": -1, "ZA": -1, "MX": -1, "close_talon": 1}
    own = four["own"]
    assert (own["best"], own["value"], own["loss"], own["mark"]) == (0.475, -0.8, 1.275, "mistake")
    assert (own["layouts"], own["exhaustive"]) == (40, False)
    assert got["decisions"][7]["own"]["layouts"] == 35  # after the close: every hand
    assert got["seats"][1]["lost_exact"] == 8 and got["seats"][1]["mistakes"] == 1
    assert got["seats"][0]["lost_exact"] == 4 and got["seats"][0]["lost_expected"] == 0


def test_sixty_sixs_bonus_of_earlier_draws_is_left_out_of_the_values() -> None:
    """The bonus goes to the deal's winner whatever the choice: the values are the same with
    and without it (a seat right but silent is valued by the plain minimax, which would add
    it)."""
    from apps.matches.engine.state import copy_with  # noqa: PLC0415

    rng = random.Random("bonus")
    seen = 0
    for state in random_positions(rng, size(2, 8), "sixty-six"):
        deal = state.deal
        assert deal is not None
        if len(deal.tricks) < 3 or rng.random() < 0.5:  # the later positions: cheap to search
            continue
        with_bonus = copy_with(state, deal=copy_with(deal, bonus=2))
        made = _made(state, rng)
        plain = decision_values(Decision(state, deal.turn, made, False), index=1, seed=3, samples=2)
        more = decision_values(
            Decision(with_bonus, deal.turn, made, False), index=1, seed=3, samples=2
        )
        assert (plain["exact"], plain["own"]) == (more["exact"], more["own"])
        seen += 1
    assert seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_deals_played_at_random_with_every_way_to_end_are_analysed(variant: str) -> None:
    """Random legal commands, giving up included (a surrender off turn, a resignation that
    ends the match mid-deal, sixty-six's wrong "enough"): every deal is analysed, each of its
    decisions valued, and a deal without a winner has no turning point."""
    from apps.matches.engine import INITIAL, StartMatch  # noqa: PLC0415
    from apps.matches.engine.events import DealEnded  # noqa: PLC0415
    from apps.matches.simulation import deal_command, random_action  # noqa: PLC0415

    rng = random.Random(f"random-{variant}")
    ends = set()
    deals = {"klub": size(25, 150), "sixty-six": size(8, 60)}[variant]  # its first tricks: dear
    for n in range(deals):
        before = replay(decide(INITIAL, StartMatch(variant, rng.randrange(2))))
        events = list(decide(before, deal_command(before, rng)))
        state = replay(events, before)
        while not any(isinstance(e, DealEnded) for e in events):
            batch = list(decide(state, random_action(state, rng, give_up_rate=0.03)))
            events += batch
            state = replay(batch, state)
        end = next(i for i, e in enumerate(events) if isinstance(e, DealEnded))
        got = analysis.analyse(before, events[: end + 1], seed=n, samples=2)
        ends.add(got["result"]["reason"])
        if got["result"]["winner"] is None:
            assert got["turning_point"] is None
        for d in got["decisions"]:
            assert d["exact"]["loss"] >= 0
            assert d["own"] is None or d["own"]["loss"] >= 0
    assert "match_ended" in ends and len(ends) >= 3


def test_where_the_deal_decides_the_match_each_choice_says_how() -> None:
    """The issue's "match score where it changes the outcome": at 6:5 to 7, a choice worth a
    win of the deal wins the match; at 5:6 one worth a loss loses it; a choice that leaves it
    open says nothing; where every choice leads to the same, none says anything. A sixty-six
    deal's winner takes the bonus of earlier draws too."""
    from apps.matches.engine.state import copy_with  # noqa: PLC0415

    before, events = played_deal(random.Random("match"), "klub", ("expert", "club"))
    state = replay(events[:1], before)
    assert state.target == 7
    close = copy_with(state, scores=(6, 5))
    assert analysis.match_outcomes(close, 0, {1: 1, 2: 0, 3: -1}) == {1: "won", 2: "on", 3: "on"}
    assert analysis.match_outcomes(close, 1, {1: 1, 2: -1}) == {1: "on", 2: "lost"}
    assert analysis.match_outcomes(close, 0, {1: 2, 2: 1}) is None  # won whatever
    assert analysis.match_outcomes(state, 0, {1: 3, 2: -3}) is None  # 0:0, the match goes on
    sixty_six, events66 = played_deal(random.Random("match"), "sixty-six", ("expert", "club"))
    dealt = replay(events66[:1], sixty_six)
    near = copy_with(dealt, scores=(5, 0), deal=copy_with(dealt.deal, bonus=1))
    assert near.target == 7
    assert analysis.match_outcomes(near, 0, {1: 1, 2: -1}) == {1: "won", 2: "on"}

    # a whole deal at 6:6: every decision whose choices' values differ in sign says so
    tied = copy_with(before, scores=(6, 6))
    got = analysis.analyse(tied, events, seed=1)
    said = 0
    for d in got["decisions"]:
        signs = {(v["value"] > 0) - (v["value"] < 0) for v in d["exact"]["values"]}
        for v in d["exact"]["values"]:
            if len(signs & {1, -1}) == 2 or (signs & {1, -1} and 0 in signs):
                expected = {1: "won", -1: "lost", 0: None}[(v["value"] > 0) - (v["value"] < 0)]
                assert v.get("match") == expected, d
                said += v.get("match") is not None
            else:
                assert "match" not in v, d
    assert said
