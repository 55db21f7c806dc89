"""The club's URLs plus two views of the logging tests: one fails, one publishes a task."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import path

from config.urls import urlpatterns as club

from .tasks import say


def fail(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the bug under test")


def publish(request: HttpRequest) -> HttpResponse:
    result = say.delay(request.GET.get("text", "hello"))
    return JsonResponse({"task_id": result.id})


urlpatterns = [path("test-fail/", fail), path("test-publish/", publish), *club]
