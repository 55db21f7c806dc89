"""Accounts API: guests and the caller's own profile."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle
from rest_framework.views import APIView

from apps.common.addresses import limited_address
from apps.common.errors import Conflict
from apps.common.inputs import BodySerializer
from apps.common.schema import BODY_REFUSED, problem_responses

from . import services
from .models import User
from .requests import MemberRequest

# The 400s of a display name refused (names.py; docs/api.md section 10).
NAME_REFUSED = (
    "display_name_invisible",
    "display_name_hidden_character",
    "display_name_too_many_marks",
    "display_name_reserved",
    "display_name_taken",
)


class PlayerSerializer(serializers.ModelSerializer):
    display_name = serializers.CharField(
        source="public_name",
        read_only=True,
        help_text="the name others see; a guest's that chose none is the club's word for a "
        "guest in the request's language",
    )
    language = serializers.CharField(
        read_only=True,
        help_text='the language the player chose: "hu", "en", or "" (none yet: Hungarian)',
    )

    class Meta:
        model = User
        fields = ["id", "username", "display_name", "avatar_url", "is_guest", "language"]
        read_only_fields = ["id", "username", "is_guest"]


class GuestInput(BodySerializer):
    # checked in full, and normalised, by services.display_name_clean
    display_name = serializers.CharField(max_length=40, required=False, allow_blank=True)


class GuestOutput(serializers.Serializer):
    session_token = serializers.CharField(
        help_text="send it as the X-Session-Token header from now on; keep it secret"
    )
    player = PlayerSerializer()


class GuestThrottle(AnonRateThrottle):
    """Guests created per client address: ``settings.GUEST_CREATE_RATE`` (e.g. ``"30/hour"``)."""

    scope = "guest_create"

    def get_rate(self) -> str | None:
        return settings.GUEST_CREATE_RATE

    def get_ident(self, request: Request) -> str:
        # not DRF's reading of X-Forwarded-For, which any client can write
        return limited_address(request._request)


class GuestCreateApi(APIView):
    """Create a guest identity (no registration): it may play the computer."""

    permission_classes = [AllowAny]
    throttle_classes = [GuestThrottle]

    @extend_schema(
        tags=["accounts"],
        summary="Create a guest identity and its session token",
        request=GuestInput,
        responses={
            201: GuestOutput,
            **problem_responses(
                *BODY_REFUSED,
                *NAME_REFUSED,
                "csrf_failed",
                "already_authenticated",
                "throttled",
            ),
        },
        auth=[],
    )
    def post(self, request: Request) -> Response:
        if request.user.is_authenticated:
            raise Conflict("you are already signed in", code="already_authenticated")
        data = GuestInput(data=request.data)
        data.is_valid(raise_exception=True)
        user, token = services.guest_create(
            request=request._request, display_name=data.validated_data.get("display_name", "")
        )
        body = {"session_token": token, "player": PlayerSerializer(user).data}
        return Response(body, status=status.HTTP_201_CREATED)


class ProfileInput(BodySerializer):
    # checked in full, and normalised, by services.display_name_clean
    display_name = serializers.CharField(max_length=40, required=False)
    avatar_url = serializers.URLField(max_length=500, required=False, allow_blank=True)
    language = serializers.ChoiceField(
        choices=["hu", "en"],
        required=False,
        help_text="the language of the player's mails and the API's answers",
    )


class DeleteInput(BodySerializer):
    password = serializers.CharField(
        max_length=4096, help_text="the account's password, once more", trim_whitespace=False
    )


class AccountDeleteThrottle(UserRateThrottle):
    """Tries at deleting the account (each checks a password): ``ACCOUNT_DELETE_RATE``."""

    scope = "account_delete"

    def get_rate(self) -> str | None:
        return settings.ACCOUNT_DELETE_RATE


class MeApi(APIView):
    """The caller's profile: display name and avatar (shown to opponents)."""

    @extend_schema(
        tags=["accounts"],
        summary="Your profile",
        responses={200: PlayerSerializer, **problem_responses("not_authenticated")},
    )
    def get(self, request: MemberRequest) -> Response:
        return Response(PlayerSerializer(request.user).data)

    @extend_schema(
        tags=["accounts"],
        summary="Change your display name or avatar",
        request=ProfileInput,
        responses={
            200: PlayerSerializer,
            **problem_responses(
                *BODY_REFUSED,
                *NAME_REFUSED,
                "not_authenticated",
                "csrf_failed",
            ),
        },
    )
    def patch(self, request: MemberRequest) -> Response:
        data = ProfileInput(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.profile_update(
            user=request.user,
            display_name=data.validated_data.get("display_name"),
            avatar_url=data.validated_data.get("avatar_url"),
            language=data.validated_data.get("language"),
        )
        return Response(PlayerSerializer(user).data)


class AccountDeleteApi(APIView):
    """Deleting one's own account (a POST with the password: a DELETE's body is not one every
    client and proxy keeps)."""

    throttle_classes = [AccountDeleteThrottle]

    @extend_schema(
        tags=["accounts"],
        summary="Delete your account",
        description="The account's name, e-mail address, avatar and password go; its matches "
        "stay in the record, under a deleted player's name. Online matches in play end as "
        "your technical loss, matches against Kati end; your sessions end everywhere. A mail "
        "tells the old address. Guests have no account to delete.",
        request=DeleteInput,
        responses={
            200: inline_serializer("AccountDeleted", {"deleted": serializers.BooleanField()}),
            **problem_responses(
                *BODY_REFUSED,
                "password_incorrect",
                "registration_required",
                "not_authenticated",
                "csrf_failed",
                "throttled",
            ),
        },
    )
    def post(self, request: MemberRequest) -> Response:
        data = DeleteInput(data=request.data)
        data.is_valid(raise_exception=True)
        services.account_delete(user=request.user, password=data.validated_data["password"])
        return Response({"deleted": True})
