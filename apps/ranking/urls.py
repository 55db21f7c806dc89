from django.urls import path

from . import api, leaderboards_api

urlpatterns = [
    path("matchmaking/tickets/", api.TicketCreateApi.as_view(), name="ticket-create"),
    path(
        "matchmaking/tickets/<int:ticket_id>/",
        api.TicketDetailApi.as_view(),
        name="ticket-detail",
    ),
    path("players/<int:user_id>/", api.PublicProfileApi.as_view(), name="player-profile"),
    path("players/<int:user_id>/stats/", api.PlayerStatsApi.as_view(), name="player-stats"),
    path("leaderboards/<slug:variant>/", leaderboards_api.LadderApi.as_view(), name="leaderboard"),
    path(
        "leaderboards/<slug:variant>/<int:year>/<int:month>/",
        leaderboards_api.StandingsApi.as_view(),
        name="leaderboard-month",
    ),
]
