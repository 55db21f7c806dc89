from django.urls import path

from . import api

urlpatterns = [
    path("errors/", api.ErrorCatalogueApi.as_view(), name="error-catalogue"),
]
