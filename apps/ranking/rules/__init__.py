"""The ranking's rules as pure functions (no Django, no clock, no I/O; an import-linter
contract holds the package to it): Elo (``elo.py``), who is paired with whom
(``matchmaking.py``) and the monthly tournament's standings and medals (``tournament.py``)."""
