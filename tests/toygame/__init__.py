"""A game only the tests know ("duel"), with a command, an event and a deal state of its own,
registered by the tests and played through the service, the REST API, the socket, OpenAPI and
the games' catalogue: the proof that a game is its folder and nothing else names it."""
