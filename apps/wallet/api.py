"""Wallet API (``/api/v1/wallet/``): your coins and your ledger history. Only your own."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.requests import MemberRequest
from apps.common.inputs import PAGE_INPUT, StrictLimitOffsetPagination
from apps.common.schema import problem_responses

from . import selectors, services
from .models import LedgerEntry, Transfer

# Named in SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"] (the WALLET section of the settings).
TRANSFER_KINDS = Transfer.Kind.values


class LedgerPagination(StrictLimitOffsetPagination):
    default_limit = 20
    max_limit = 100


class WalletOutput(serializers.Serializer):
    balance = serializers.IntegerField(help_text="your coins")


class LedgerEntryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    amount = serializers.IntegerField(help_text="coins in (positive) or out (negative)")
    kind = serializers.ChoiceField(
        choices=TRANSFER_KINDS,
        help_text="signup_grant: the club's welcome coins; grant: coins from an administrator; "
        "stake: your stake went into a match's escrow; payout: you won a match's escrow; "
        "refund: your stake came back (the match was void)",
    )
    match_id = serializers.UUIDField(allow_null=True, help_text="stake, payout, refund: the match")
    balance_after = serializers.IntegerField(help_text="your balance after this entry")
    created_at = serializers.DateTimeField()


class PaginatedLedger(serializers.Serializer):
    """A page of ``LedgerEntryOutput`` (LimitOffsetPagination; OpenAPI only)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = LedgerEntryOutput(many=True)


def _entry_body(entry: LedgerEntry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "amount": entry.amount,
        "kind": entry.transfer.kind,
        "match_id": entry.transfer.match_id,
        "balance_after": entry.balance_after,
        "created_at": entry.created_at,
    }


class WalletApi(APIView):
    @extend_schema(
        tags=["wallet"],
        operation_id="wallet_retrieve",
        summary="Your coins",
        description="Registered players get the sign-up grant when their wallet opens (at "
        "sign-up, or on first use for older accounts).",
        responses={
            200: WalletOutput,
            **problem_responses("not_authenticated", "guest_has_no_wallet"),
        },
    )
    def get(self, request: MemberRequest) -> Response:
        account = services.wallet_open(user=request.user)
        return Response({"balance": account.balance})


class LedgerApi(APIView):
    @extend_schema(
        tags=["wallet"],
        operation_id="wallet_ledger_list",
        summary="Your ledger history, newest first",
        parameters=[
            OpenApiParameter("limit", int, description="page size (default 20, at most 100)"),
            OpenApiParameter("offset", int, description="entries to skip"),
        ],
        responses={
            200: PaginatedLedger,
            **problem_responses(
                "invalid_input",
                "not_authenticated",
                "guest_has_no_wallet",
                invalid_input=PAGE_INPUT,
            ),
        },
    )
    def get(self, request: MemberRequest) -> Response:
        services.wallet_open(user=request.user)
        paginator = LedgerPagination()
        page = paginator.paginate_queryset(selectors.ledger_of(request.user.pk), request)
        return paginator.get_paginated_response([_entry_body(e) for e in page or []])
