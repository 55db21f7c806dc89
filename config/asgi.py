"""ASGI entry point: WebSockets (``/ws/…``); in embedded mode HTTP too."""

from django.core.asgi import get_asgi_application

from .entry import require_settings_module

require_settings_module()  # no silent fallback to the embedded settings
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import re_path  # noqa: E402

from apps.chat import routing as table_sockets  # noqa: E402
from apps.common.sockets import NoRouteConsumer  # noqa: E402
from apps.ranking import routing as player_sockets  # noqa: E402

websocket_urlpatterns = table_sockets.websocket_urlpatterns + player_sockets.websocket_urlpatterns
# Any other path: refused with an error frame and close code 4404 (not a server error).
websocket_urlpatterns.append(re_path(r"", NoRouteConsumer.as_asgi()))

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Browsers authenticate by their session cookie; apps send their session token in the
        # first message (never in the URL, which ends up in logs). See apps/common/sockets.py.
        "websocket": AuthMiddlewareStack(URLRouter(websocket_urlpatterns)),
    }
)
