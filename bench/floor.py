"""The floor of a move: a minimal Django view doing a move's database work and nothing else.

``POST /bench/floor/<match_id>/`` with ``{"events": n}`` locks the match row (``SELECT … FOR
UPDATE``, as ``event_store.match_lock``), inserts ``n`` event rows and saves the projection in
one statement (as ``event_store.events_record``: the same SQL), and commits; it answers the new
version as JSON. No authentication, no input validation beyond ``int``, no rules, no push: what a
move costs the web process beyond this is the service's own. It goes through the production
middleware like every request. Served only by ``api_move.py --floor`` (``floor_settings.py``);
the product's URLs (``config.urls``) do not include it.
"""

from __future__ import annotations

import json

from django.db import connection, transaction
from django.http import HttpRequest, JsonResponse
from django.urls import path
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt

from apps.matches.event_store import _INSERT, _INSERT_ROW, _LOCK, _PROJECTION
from apps.matches.models import Match
from config.urls import urlpatterns as product_urls

# a played card as the event store keeps it (the payload's size is a real one's)
PAYLOAD = json.dumps({"type": "card_played", "schema_version": 1, "seat": 0, "card": "PA"})
_VERSION = [f.column for f in Match._meta.concrete_fields].index("version")
COMMAND = json.dumps({"type": "play_card", "seat": 0, "card": "PA", "stand_in": False})


@csrf_exempt
def floor_move(request: HttpRequest, match_id: str) -> JsonResponse:
    count = int(json.loads(request.body)["events"])
    now = timezone.now()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(_LOCK, [match_id])
        first = cursor.fetchone()[_VERSION] + 1
        rows = [
            (match_id, first + i, "card_played", 1, PAYLOAD, None, first)
            + ((COMMAND, f"f{first}") if i == 0 else (None, None))
            + (now,)
            for i in range(count)
        ]
        insert = _INSERT + ", ".join([_INSERT_ROW] * count)
        projection = [first + count - 1, "active", "[0, 0]", 0, None, "", None, None, now, match_id]
        cursor.execute(
            f"WITH appended AS ({insert}) {_PROJECTION}",
            [value for r in rows for value in r] + projection,
        )
    return JsonResponse({"version": first + count - 1})


urlpatterns = [path("bench/floor/<uuid:match_id>/", floor_move), *product_urls]
