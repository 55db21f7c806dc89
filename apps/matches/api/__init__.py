"""Match API (``/api/v1/``): ``views`` (thin APIViews: parse, call one service or selector,
answer), ``inputs`` (the request serializers) and ``schema`` (the OpenAPI description of the
answers). ``urls.py`` routes the views."""
