from django.urls import path

from .consumers import PlayerConsumer

websocket_urlpatterns = [
    path("ws/me/", PlayerConsumer.as_asgi()),
]
