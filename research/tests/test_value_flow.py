"""``research/value_flow.py``: each decision costed in perfect-information value. The costs
account for every game point of the results, and the expert, which solves exactly once every
card is known, never loses value after the talon is exhausted."""

from __future__ import annotations

from research.value_flow import value_flow


def test_the_costs_account_for_the_results_and_the_expert_solves_the_known_endgame() -> None:
    flow = value_flow("expert", "rdeep", pairs=4, budget=0.05, seed=11)

    assert flow.deals == 8
    assert flow.points >= flow.deals  # every deal is worth 1 to 3 game points
    assert abs(flow.result) <= flow.points
    assert flow.result == flow.start - flow.total(0) + flow.total(1)
    exhausted = {k for _, k in flow.count if k.startswith("strict, talon exhausted")}
    assert exhausted, "no deal reached an exhausted talon"
    assert all(flow.cost[0, k] == 0 for k in exhausted)
    assert any(flow.cost.values()), "no decision cost anything"
