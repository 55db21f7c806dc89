"""The remembered content negotiation (``apps/common/negotiation.py``) chooses exactly what
DRF's own does, for any ``Accept`` or ``Content-Type`` and format, asked once or again."""

from __future__ import annotations

from typing import Any

from django.test import RequestFactory
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request

from apps.common import negotiation
from apps.common.negotiation import CachedContentNegotiation
from tests.sizes import size

MEDIA = ["application/json", "text/html", "*/*", "application/*", "text/*", "image/png"]
PARAMS = ["", "; q=0.5", "; indent=4", "; q=0", "; charset=utf-8", ";;", "; version=2"]
HEADERS = st.one_of(
    st.lists(st.tuples(st.sampled_from(MEDIA), st.sampled_from(PARAMS)), max_size=4).map(
        lambda parts: ", ".join(m + p for m, p in parts)
    ),
    st.text(max_size=40),
    st.just("application/json, " * 40),  # longer than what is remembered
)
RENDERERS = [[JSONRenderer], [JSONRenderer, BrowsableAPIRenderer]]


def _choice(negotiator: Any, accept: str, fmt: str | None, renderers: list) -> Any:
    request = Request(RequestFactory().get("/", {"format": fmt} if fmt else {}, HTTP_ACCEPT=accept))
    instances = [r() for r in renderers]
    try:
        renderer, media_type = negotiator.select_renderer(request, instances)
    except Exception as refused:  # compared, whatever it is
        return type(refused).__name__, str(refused)
    return type(renderer).__name__, media_type, instances.index(renderer)


@settings(max_examples=size(100, 300), deadline=None)
@given(
    HEADERS,
    st.sampled_from([None, "json", "api", "xml"]),
    st.sampled_from(RENDERERS),
    st.booleans(),
)
def test_the_renderer_chosen_is_drf_s_own(
    accept: str, fmt: str | None, renderers: list, again: bool
) -> None:
    if not again:
        negotiation._renderers.clear()
    ours = CachedContentNegotiation()
    expected = _choice(DefaultContentNegotiation(), accept, fmt, renderers)
    assert _choice(ours, accept, fmt, renderers) == expected
    assert _choice(ours, accept, fmt, renderers) == expected  # from the table, when remembered


@settings(max_examples=size(60, 200), deadline=None)
@given(
    st.one_of(st.sampled_from(MEDIA + ["multipart/form-data; boundary=x"]), st.text(max_size=30))
)
def test_the_parser_chosen_is_drf_s_own(content_type: str) -> None:
    parsers = [JSONParser(), FormParser(), MultiPartParser()]

    def choice(negotiator: Any) -> Any:
        request = Request(RequestFactory().post("/", b"", content_type=content_type))
        parser = negotiator.select_parser(request, parsers)
        return None if parser is None else parsers.index(parser)

    expected = choice(DefaultContentNegotiation())
    assert choice(CachedContentNegotiation()) == expected
    assert choice(CachedContentNegotiation()) == expected


def test_the_table_is_bounded() -> None:
    ours = CachedContentNegotiation()
    for i in range(negotiation.CACHE_SIZE * 2):
        _choice(ours, f"application/json; q=0.{i % 10}, text/x{i}", None, [JSONRenderer])
    assert 0 < len(negotiation._renderers) <= negotiation.CACHE_SIZE
