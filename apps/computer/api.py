"""The computer's API: a hint, what Kati would play for the asking seat (games against her)."""

from __future__ import annotations

from uuid import UUID

from django.conf import settings
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.throttling import UserRateThrottle
from rest_framework.views import APIView

from apps.accounts.requests import MemberRequest
from apps.common.schema import problem_responses

from . import hints


class HintThrottle(UserRateThrottle):
    """A hint costs a search of up to half a second: a person asks a few a minute at most."""

    scope = "hint"

    def get_rate(self) -> str | None:
        return settings.HINT_RATE


class HintApi(APIView):
    """What the strongest Kati would play for your seat now."""

    throttle_classes = [HintThrottle]

    @extend_schema(
        tags=["matches"],
        summary="A hint: what Kati would play for your seat (games against Kati only)",
        responses={
            200: OpenApiResponse(
                inline_serializer(
                    "Hint",
                    {
                        "version": serializers.IntegerField(
                            help_text="the match's version the hint was chosen at"
                        ),
                        "action": serializers.DictField(
                            help_text="one of your legal actions at that version, as "
                            "`POST …/actions/` takes it"
                        ),
                        "level": serializers.CharField(help_text="the Kati who chose it"),
                    },
                ),
                description="Chosen from what your seat may know (your view and the deal's "
                "public history), exactly as Kati decides for a seat she stands in for.",
            ),
            **problem_responses(
                "not_authenticated",
                "match_not_found",
                "hint_not_offered",
                "not_your_turn",
                "match_over",
                "throttled",
            ),
        },
    )
    def get(self, request: MemberRequest, match_id: UUID) -> Response:
        return Response(hints.hint_for(match_id=match_id, user=request.user))
