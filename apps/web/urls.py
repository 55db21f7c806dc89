"""The club's own web client: one page shell for every client route (the client reads the path),
and the installed app's manifest, service worker and offline page."""

from django.urls import path

from . import views

app_name = "web"

urlpatterns = [
    path("", views.client, name="home"),
    path("join/<str:code>", views.client, name="join"),
    path("join/<str:code>/", views.client, name="join-slash"),
    path("m/<uuid:match_id>/", views.client, name="match"),
    path("matches/", views.client, name="matches"),
    path(
        "matches/<uuid:match_id>/deals/<int:number>/analysis/",
        views.client,
        name="deal-analysis",
    ),
    path("p/<int:user_id>/", views.client, name="profile"),
    path("account/", views.client, name="account"),
    path("account/signup", views.client, name="account-signup"),
    path("account/password/reset", views.client, name="account-password-reset"),
    path("rules/", views.client, name="rules"),
    path("rules/<slug:game>/", views.client, name="rules-game"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("offline/", views.offline, name="offline"),
]
