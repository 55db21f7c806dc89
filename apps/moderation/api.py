"""Moderation API (``/api/v1/``): players report other players, follow their reports, and see
(and acknowledge) the moderators' decisions about themselves. Moderators work in the admin."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.requests import MemberRequest
from apps.common.inputs import (
    PAGE_INPUT,
    BodySerializer,
    ServiceChoiceField,
    StrictLimitOffsetPagination,
)
from apps.common.schema import BODY_REFUSED, problem_responses

from . import selectors, services
from .models import Report, Sanction

# Choice sets named in SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"].
REPORT_CATEGORIES = Report.Category.values
# What a reporter sees of a report's status: being reviewed (escalation is internal), or decided.
REPORT_STATUSES = ["open", "resolved", "dismissed"]
NOTICE_KINDS = [k.value for k in Sanction.Kind]
RESTRICTION_CODES = ["suspended", "banned"]


class ReportPagination(StrictLimitOffsetPagination):
    default_limit = 20
    max_limit = 100


# --- reports --------------------------------------------------------------------------------


class ReportInput(BodySerializer):
    reported_user_id = serializers.IntegerField(min_value=1, help_text="the player reported")
    category = ServiceChoiceField(
        choices=REPORT_CATEGORIES,
        help_text="abuse: obscene or insulting language; threat; harassment; cheating; other",
    )
    reason = serializers.CharField(max_length=2000, help_text="what happened, in your words")
    match_id = serializers.UUIDField(
        required=False,
        allow_null=True,
        help_text="the match it happened in (you both played in it); its chat is kept as "
        "evidence. Without it (and without message_id) you must have played together.",
    )
    message_id = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        help_text="a chat message of the reported player in that match",
    )
    block = serializers.BooleanField(
        default=False, help_text="also block the player (no messages, no pairing, no rooms)"
    )


class ReportedPlayer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class ReportOutput(serializers.Serializer):
    """A report you made. The decision itself (and any sanction) is not shown to reporters."""

    id = serializers.IntegerField()
    reported = ReportedPlayer()
    category = serializers.ChoiceField(choices=REPORT_CATEGORIES)
    reason = serializers.CharField()
    match_id = serializers.UUIDField(allow_null=True)
    message_id = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(
        choices=REPORT_STATUSES,
        help_text="open: waiting for a moderator; resolved: the moderators acted on it; "
        "dismissed: no action was taken",
    )
    created_at = serializers.DateTimeField()
    decided_at = serializers.DateTimeField(allow_null=True)


class ReportCreated(ReportOutput):
    blocked = serializers.BooleanField(help_text="whether you now block the reported player")


class PaginatedReportList(serializers.Serializer):
    """A page of ``ReportOutput`` (LimitOffsetPagination; OpenAPI only)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = ReportOutput(many=True)


def _report_body(report: Report) -> dict[str, Any]:
    shown = "open" if report.status == Report.Status.ESCALATED else report.status
    return {
        "id": report.pk,
        "reported": {"id": report.reported_id, "name": report.reported.public_name},
        "category": report.category,
        "reason": report.reason,
        "match_id": report.match_id,
        "message_id": report.message_id,
        "status": shown,
        "created_at": report.created_at,
        "decided_at": report.resolved_at,
    }


class ReportListCreateApi(APIView):
    """Report a player you played with, and follow your reports."""

    @extend_schema(
        tags=["moderation"],
        operation_id="reports_list",
        summary="List the reports you made, newest first",
        parameters=[
            OpenApiParameter("limit", int, description="page size (default 20, at most 100)"),
            OpenApiParameter("offset", int, description="reports to skip"),
        ],
        responses={
            200: PaginatedReportList,
            **problem_responses("invalid_input", "not_authenticated", invalid_input=PAGE_INPUT),
        },
    )
    def get(self, request: MemberRequest) -> Response:
        paginator = ReportPagination()
        reports = selectors.reports_of_reporter(user_id=request.user.pk)
        page = paginator.paginate_queryset(reports, request)
        return paginator.get_paginated_response([_report_body(r) for r in page or []])

    @extend_schema(
        tags=["moderation"],
        summary="Report a player (optionally a chat message of theirs), and maybe block them",
        request=ReportInput,
        responses={
            201: ReportCreated,
            **problem_responses(
                *BODY_REFUSED,
                "unknown_category",
                "cannot_report_self",
                "not_in_match",
                "message_not_in_match",
                "message_not_from_reported",
                "not_authenticated",
                "no_shared_match",
                "csrf_failed",
                "user_not_found",
                "match_not_found",
                "message_not_found",
                "already_reported",
                "too_many_reports",
            ),
        },
    )
    def post(self, request: MemberRequest) -> Response:
        data = ReportInput(data=request.data)
        data.is_valid(raise_exception=True)
        report = services.report_create(reporter=request.user, **data.validated_data)
        body = {**_report_body(report), "blocked": data.validated_data["block"]}
        return Response(body, status=status.HTTP_201_CREATED)


# --- notices --------------------------------------------------------------------------------


class NoticeOutput(serializers.Serializer):
    """A moderators' decision about you: a warning to read and acknowledge, or a suspension or
    ban in force."""

    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=NOTICE_KINDS)
    reason = serializers.CharField(help_text="the moderators' reason, for you")
    created_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField(allow_null=True, help_text="suspensions: when it ends")
    requires_acknowledgement = serializers.BooleanField(
        help_text="warnings: show it until you acknowledge it"
    )
    acknowledged_at = serializers.DateTimeField(allow_null=True)


class RestrictionOutput(serializers.Serializer):
    code = serializers.ChoiceField(
        choices=RESTRICTION_CODES,
        help_text="the same code online endpoints answer with (403)",
    )
    ends_at = serializers.DateTimeField(allow_null=True, help_text="suspended: until when")


class NoticesOutput(serializers.Serializer):
    notices = NoticeOutput(many=True, help_text="oldest first")
    restriction = RestrictionOutput(
        allow_null=True,
        help_text="null: you may play online and chat (playing the computer is always allowed)",
    )


def _notice_body(sanction: Sanction) -> dict[str, Any]:
    return {
        "id": sanction.pk,
        "kind": sanction.kind,
        "reason": sanction.reason,
        "created_at": sanction.created_at,
        "ends_at": sanction.ends_at,
        "requires_acknowledgement": (
            sanction.kind == Sanction.Kind.WARNING and sanction.acknowledged_at is None
        ),
        "acknowledged_at": sanction.acknowledged_at,
    }


def _restriction_body(user_id: int, now: datetime) -> dict[str, Any] | None:
    restriction = selectors.online_restriction(user_id, now)
    if restriction is None:
        return None
    return {"code": restriction.code, "ends_at": restriction.ends_at}


class NoticeListApi(APIView):
    """Your unacknowledged warnings, and the suspension or ban in force, if any."""

    @extend_schema(
        tags=["moderation"],
        summary="Your notices: warnings to acknowledge, a suspension or ban in force",
        responses={200: NoticesOutput, **problem_responses("not_authenticated")},
    )
    def get(self, request: MemberRequest) -> Response:
        now = timezone.now()
        notices = selectors.notices_for(user_id=request.user.pk, now=now)
        body = {
            "notices": [_notice_body(s) for s in notices],
            "restriction": _restriction_body(request.user.pk, now),
        }
        return Response(body)


class NoticeAcknowledgeApi(APIView):
    """Confirm that you read a warning; it leaves your notices. Repeating it changes nothing."""

    @extend_schema(
        tags=["moderation"],
        summary="Acknowledge a warning",
        request=None,
        responses={
            200: NoticeOutput,
            **problem_responses(
                "not_a_warning", "not_authenticated", "csrf_failed", "notice_not_found"
            ),
        },
    )
    def post(self, request: MemberRequest, notice_id: int) -> Response:
        sanction = services.warning_acknowledge(user=request.user, sanction_id=notice_id)
        return Response(_notice_body(sanction))
