from django.urls import path

from . import api

urlpatterns = [
    path("reports/", api.ReportListCreateApi.as_view(), name="report-list"),
    path("me/notices/", api.NoticeListApi.as_view(), name="notice-list"),
    path(
        "me/notices/<int:notice_id>/acknowledge/",
        api.NoticeAcknowledgeApi.as_view(),
        name="notice-acknowledge",
    ),
]
