"""Match API (``/api/v1/``): ``views`` (thin APIViews: parse, call one service or selector,
answer), ``inputs`` (the request serializers) and ``schema`` (the OpenAPI declarations: the
answers' shapes, with the engine's views and events made from the engine's own declarations).
``urls.py`` routes the views."""
