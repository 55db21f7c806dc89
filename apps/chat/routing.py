from django.urls import path

from .sockets import TableConsumer

websocket_urlpatterns = [
    path("ws/matches/<uuid:match_id>/", TableConsumer.as_asgi()),
]
