"""Type stub of the C extension ``apps.bots._search`` (see ``_search.c`` and ``fastsearch.py``).

Every search takes, after its klub arguments, ``variant`` (0 klub, 1 sixty-six) and ``cp0``
(seat 0's card points, sixty-six's count), or neither (klub).

``set_deadline(seconds)``: the calling thread's later searches raise ``OutOfTime`` once its
CPU time (``time.thread_time``) reaches ``seconds`` (0: no deadline).

Values are game points (-3..3) for the player on turn; actions are card indices 0..23
(``cardbits``), ``EXCHANGE`` (24) or ``CLOSE`` (25).
"""

from collections.abc import Sequence

def open_values(
    h0: int,
    h1: int,
    talon: Sequence[int],
    trump_card: int,
    led: int,
    turn: int,
    p0: int,
    p1: int,
    t0: int,
    t1: int,
    actions: Sequence[int],
    variant: int = ...,
    cp0: int = ...,
    /,
) -> tuple[int, ...]: ...
def open_value(
    h0: int,
    h1: int,
    talon: Sequence[int],
    trump_card: int,
    led: int,
    turn: int,
    p0: int,
    p1: int,
    t0: int,
    t1: int,
    variant: int = ...,
    cp0: int = ...,
    /,
) -> int: ...
def strict_values(
    h0: int,
    h1: int,
    trump: int,
    closed_by: int,
    closed_at: Sequence[Sequence[int]] | None,
    led: int,
    turn: int,
    p0: int,
    p1: int,
    t0: int,
    t1: int,
    actions: Sequence[int],
    variant: int = ...,
    cp0: int = ...,
    /,
) -> tuple[int, ...]: ...
def strict_value(
    h0: int,
    h1: int,
    trump: int,
    closed_by: int,
    closed_at: Sequence[Sequence[int]] | None,
    led: int,
    turn: int,
    p0: int,
    p1: int,
    t0: int,
    t1: int,
    variant: int = ...,
    cp0: int = ...,
    /,
) -> int: ...
def close_lead_values(
    h0: int,
    h1: int,
    trump: int,
    turn: int,
    p0: int,
    p1: int,
    t0: int,
    t1: int,
    leads: Sequence[int],
    variant: int = ...,
    cp0: int = ...,
    /,
) -> tuple[int, ...]: ...
def model_values(
    h0: int,
    h1: int,
    talon: Sequence[int],
    trump_card: int,
    led: int,
    turn: int,
    p0: int,
    p1: int,
    t0: int,
    t1: int,
    actions: Sequence[int],
    blind: int,
    tricks: int,
    beta: float,
    trump_cost: float,
    marriage_cost: float,
    lead_tricks: int,
    random_lead: float,
    loss_weight: float,
    variant: int = ...,
    cp0: int = ...,
    /,
) -> tuple[float, ...]: ...
def set_deadline(seconds: float, /) -> None: ...
def nodes() -> int: ...

class OutOfTime(Exception): ...
