from django.urls import path

from .api import views

urlpatterns = [
    path("games/", views.GameListApi.as_view(), name="game-list"),
    path("matches/", views.MatchListApi.as_view(), name="match-list"),
    path("matches/computer/", views.ComputerMatchCreateApi.as_view(), name="match-computer"),
    path("matches/commitments/", views.CommitmentApi.as_view(), name="match-commitment"),
    path("matches/<uuid:match_id>/", views.MatchDetailApi.as_view(), name="match-detail"),
    path("matches/<uuid:match_id>/actions/", views.MatchActionApi.as_view(), name="match-actions"),
    path("matches/<uuid:match_id>/events/", views.MatchEventsApi.as_view(), name="match-events"),
    path("matches/<uuid:match_id>/seeds/", views.MatchSeedApi.as_view(), name="match-seeds"),
    path(
        "matches/<uuid:match_id>/heartbeat/",
        views.MatchHeartbeatApi.as_view(),
        name="match-heartbeat",
    ),
    path(
        "matches/<uuid:match_id>/deals/<int:number>/",
        views.DealRecordApi.as_view(),
        name="match-deal",
    ),
    path("matches/<uuid:match_id>/rematch/", views.RematchOfferApi.as_view(), name="rematch-offer"),
    path(
        "matches/<uuid:match_id>/rematch/accept/",
        views.RematchAcceptApi.as_view(),
        name="rematch-accept",
    ),
    path("me/guest-matches/", views.GuestMatchesApi.as_view(), name="guest-matches"),
    path("rooms/", views.RoomCreateApi.as_view(), name="room-create"),
    path("rooms/join/", views.RoomJoinApi.as_view(), name="room-join"),
    path("rooms/invites/<str:code>/", views.RoomInviteApi.as_view(), name="room-invite"),
    path("rooms/<uuid:match_id>/cancel/", views.RoomCancelApi.as_view(), name="room-cancel"),
    path("rooms/<uuid:match_id>/seats/", views.RoomSeatApi.as_view(), name="room-seat"),
]
