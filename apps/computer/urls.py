from django.urls import path

from . import api

urlpatterns = [
    path("matches/<uuid:match_id>/hint/", api.HintApi.as_view(), name="match-hint"),
]
