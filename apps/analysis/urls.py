from django.urls import path

from . import api

urlpatterns = [
    path(
        "matches/<uuid:match_id>/deals/<int:number>/analysis/",
        api.DealAnalysisApi.as_view(),
        name="match-deal-analysis",
    ),
]
