"""The API's own reference: the catalogue of error codes (``catalogue.py``)."""

from __future__ import annotations

from dataclasses import asdict

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .catalogue import CODES, catalogue_entries
from .errors import PROBLEM_BASE


class ErrorCodeSerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=CODES, help_text="the problem's `code`")
    status = serializers.IntegerField(help_text="the HTTP status it comes with")
    meaning = serializers.CharField()


class ErrorCatalogueOutput(serializers.Serializer):
    type_base = serializers.CharField(help_text="a problem's `type` is this followed by its code")
    codes = ErrorCodeSerializer(many=True, help_text="by status, then code")


class ErrorCatalogueApi(APIView):
    """Every error code the server answers, with its status and meaning (no authentication)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["reference"],
        summary="The catalogue of error codes",
        responses={200: ErrorCatalogueOutput},
        auth=[],
    )
    def get(self, request: Request) -> Response:
        codes = [asdict(entry) for entry in catalogue_entries()]
        return Response({"type_base": PROBLEM_BASE, "codes": codes})
