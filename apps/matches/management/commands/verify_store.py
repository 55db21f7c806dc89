"""``manage.py verify_store [--match ID …]``: replay every stored match, compare it with its
projections, check each escrow and that the ledger balances (``apps/matches/integrity.py``,
``apps/wallet/integrity.py``). One line per problem on stdout and exit status 1; a summary line
and status 0 when there is none. Read-only: safe on a live database."""

from __future__ import annotations

import uuid
from argparse import ArgumentParser, ArgumentTypeError
from itertools import chain
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from apps.matches.integrity import store_problems
from apps.matches.models import Match
from apps.wallet.integrity import ledger_problems


def _match_id(text: str) -> uuid.UUID:
    try:
        return uuid.UUID(text)
    except ValueError:
        raise ArgumentTypeError(f"not a match id: {text!r}") from None


class Command(BaseCommand):
    help = (
        "Replay every stored match and compare it with its projections (Match, Seat, escrow); "
        "check that every wallet is the sum of its ledger entries and the ledger balances. "
        "Prints one line per problem and exits 1 if there is any."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--match",
            dest="matches",
            action="append",
            type=_match_id,
            metavar="ID",
            help="check only this match (repeatable); the ledger is checked as a whole",
        )

    def handle(self, *args: Any, matches: list[uuid.UUID] | None, **options: Any) -> None:
        if matches:
            unknown = set(matches) - set(
                Match.objects.filter(pk__in=matches).values_list("pk", flat=True)
            )
            if unknown:
                raise CommandError(f"no such match: {', '.join(sorted(map(str, unknown)))}")
        problems = 0
        for problem in chain(store_problems(matches), ledger_problems()):
            problems += 1
            self.stdout.write(problem)
        checked = len(matches) if matches else Match.objects.count()
        if problems:
            raise CommandError(f"{problems} problem(s) found", returncode=1)
        self.stdout.write(
            f"verify_store: {checked} match(es) replayed, the ledger balances: no problem"
        )
