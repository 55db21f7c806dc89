"""DRF's content negotiation, remembering its choices per process.

Every API request negotiates its renderer from the ``Accept`` header (and a body's parser from
its ``Content-Type``): DRF parses the header into media types and matches them against each
renderer on every request, and builds ``request.headers`` from the whole WSGI environ to read
it. That was 0.06-0.08 ms of a move's CPU, more than its rules (``decide``); clients send the
same one or two headers on every request. The choice depends only on the header, the format
asked for and the view's renderer (or parser) classes, so it is looked up by exactly these.
Only choices that succeed are remembered, from headers of ordinary length and at most
``CACHE_SIZE`` of them (the table is emptied when full: a client varying its header gains
nothing but DRF's own cost); a refusal (406, 415) is DRF's own every time.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.parsers import BaseParser
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request

CACHE_SIZE = 256
MAX_KEY_LENGTH = 256  # longer headers are negotiated each time, as DRF does

_renderers: dict[tuple[str, str | None, tuple[type, ...]], tuple[int, str]] = {}
_parsers: dict[tuple[str, tuple[type, ...]], int] = {}


class CachedContentNegotiation(DefaultContentNegotiation):
    """``DefaultContentNegotiation`` with its successful choices remembered (see the module)."""

    def select_renderer(
        self,
        request: Request,
        renderers: Iterable[BaseRenderer],
        format_suffix: str | None = None,
    ) -> tuple[BaseRenderer, str]:
        choices = list(renderers)  # DRF's list: the view's renderers
        accept = request.META.get("HTTP_ACCEPT", "*/*")
        if len(accept) > MAX_KEY_LENGTH:
            return super().select_renderer(request, choices, format_suffix)
        format_ = format_suffix or request.query_params.get(self.settings.URL_FORMAT_OVERRIDE)
        key = (accept, format_, tuple(type(r) for r in choices))
        known = _renderers.get(key)
        if known is not None:
            return choices[known[0]], known[1]
        renderer, media_type = super().select_renderer(request, choices, format_suffix)
        index = next(i for i, r in enumerate(choices) if r is renderer)
        _remember(_renderers, key, (index, media_type))
        return renderer, media_type

    def select_parser(self, request: Request, parsers: Iterable[BaseParser]) -> BaseParser | None:
        choices = list(parsers)  # DRF's list: the view's parsers
        content_type = request.content_type
        if not content_type or len(content_type) > MAX_KEY_LENGTH:
            return super().select_parser(request, choices)
        key = (content_type, tuple(type(p) for p in choices))
        known = _parsers.get(key)
        if known is not None:
            return choices[known]
        parser = super().select_parser(request, choices)
        if parser is not None:
            _remember(_parsers, key, next(i for i, p in enumerate(choices) if p is parser))
        return parser


def _remember(table: dict, key: Any, value: Any) -> None:
    if len(table) >= CACHE_SIZE:
        table.clear()
    table[key] = value
