from django.urls import path

from . import api

urlpatterns = [
    path("guests/", api.GuestCreateApi.as_view(), name="guest-create"),
    path("me/", api.MeApi.as_view(), name="me"),
    path("me/delete/", api.AccountDeleteApi.as_view(), name="me-delete"),
]
