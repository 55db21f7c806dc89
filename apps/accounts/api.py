"""Accounts API: guests and the caller's own profile."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from apps.common.errors import Conflict

from . import services
from .models import User


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = User
        fields = ["id", "username", "display_name", "avatar_url", "is_guest"]
        read_only_fields = ["id", "username", "is_guest"]


class GuestInput(serializers.Serializer):
    display_name = serializers.CharField(max_length=40, required=False, allow_blank=True)


class GuestOutput(serializers.Serializer):
    session_token = serializers.CharField()
    player = PlayerSerializer()


class GuestThrottle(AnonRateThrottle):
    scope = "guest_create"


class GuestCreateApi(APIView):
    """Create a guest identity (no registration): it may play the computer."""

    permission_classes = [AllowAny]
    throttle_classes = [GuestThrottle]

    @extend_schema(request=GuestInput, responses={201: GuestOutput}, auth=[])
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


class ProfileInput(serializers.Serializer):
    display_name = serializers.CharField(max_length=40, required=False)
    avatar_url = serializers.URLField(max_length=500, required=False, allow_blank=True)


class MeApi(APIView):
    """The caller's profile: display name and avatar (shown to opponents)."""

    @extend_schema(responses=PlayerSerializer)
    def get(self, request: Request) -> Response:
        return Response(PlayerSerializer(request.user).data)

    @extend_schema(request=ProfileInput, responses=PlayerSerializer)
    def patch(self, request: Request) -> Response:
        data = ProfileInput(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.profile_update(
            user=request.user,
            display_name=data.validated_data.get("display_name"),
            avatar_url=data.validated_data.get("avatar_url"),
        )
        return Response(PlayerSerializer(user).data)
