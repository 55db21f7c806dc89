"""Kati in ``partnership``: four seats, bidding, a secret partner (docs/bots.md, "Partnership").

``seen.py`` reads what her seat knows from its view and the public history and deals the unseen
cards into worlds consistent with it; ``world.py`` is a hand as the search plays it (every card
known); ``thumb.py`` holds the rules of thumb; ``players.py`` the four levels.
"""
