from django.urls import path

from . import api

urlpatterns = [
    path("matches/", api.MatchListApi.as_view(), name="match-list"),
    path("matches/computer/", api.ComputerMatchCreateApi.as_view(), name="match-computer"),
    path("matches/<uuid:match_id>/", api.MatchDetailApi.as_view(), name="match-detail"),
    path("matches/<uuid:match_id>/actions/", api.MatchActionApi.as_view(), name="match-actions"),
    path("matches/<uuid:match_id>/events/", api.MatchEventsApi.as_view(), name="match-events"),
    path(
        "matches/<uuid:match_id>/heartbeat/",
        api.MatchHeartbeatApi.as_view(),
        name="match-heartbeat",
    ),
    path(
        "matches/<uuid:match_id>/deals/<int:number>/",
        api.DealRecordApi.as_view(),
        name="match-deal",
    ),
    path("matches/<uuid:match_id>/rematch/", api.RematchOfferApi.as_view(), name="rematch-offer"),
    path(
        "matches/<uuid:match_id>/rematch/accept/",
        api.RematchAcceptApi.as_view(),
        name="rematch-accept",
    ),
    path("rooms/", api.RoomCreateApi.as_view(), name="room-create"),
    path("rooms/join/", api.RoomJoinApi.as_view(), name="room-join"),
    path("rooms/<uuid:match_id>/cancel/", api.RoomCancelApi.as_view(), name="room-cancel"),
]
