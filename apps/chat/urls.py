from django.urls import path

from . import api

urlpatterns = [
    path("matches/<uuid:match_id>/chat/", api.ChatMessagesApi.as_view(), name="match-chat"),
    path("blocks/", api.BlockListApi.as_view(), name="block-list"),
    path("blocks/<int:user_id>/", api.BlockDetailApi.as_view(), name="block-detail"),
    path("calls/ice-servers/", api.IceServersApi.as_view(), name="call-ice-servers"),
]
