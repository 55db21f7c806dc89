"""The club's own web client: one page shell for every client route (the client reads the path)."""

from django.urls import path

from . import views

app_name = "web"

urlpatterns = [
    path("", views.client, name="home"),
    path("join/<str:code>", views.client, name="join"),
    path("join/<str:code>/", views.client, name="join-slash"),
    path("m/<uuid:match_id>/", views.client, name="match"),
    path("rules/", views.client, name="rules"),
    path("rules/<slug:game>/", views.client, name="rules-game"),
]
