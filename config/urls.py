from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from apps.accounts.urls import urlpatterns as accounts_api
from apps.chat.urls import urlpatterns as chat_api
from apps.matches.urls import urlpatterns as matches_api
from apps.moderation.urls import urlpatterns as moderation_api
from apps.ranking.urls import urlpatterns as ranking_api
from apps.wallet.urls import urlpatterns as wallet_api

# The REST API is one resolver, matches first: every request resolves through this list, and
# each included resolver that fails to match a path costs a bookkeeping step of its own (a
# tenth of a gunicorn worker's CPU on the move benchmark when there were six of them).
api_v1 = [*matches_api, *accounts_api, *chat_api, *moderation_api, *ranking_api, *wallet_api]

urlpatterns = [
    path("api/v1/", include(api_v1)),
    path("_allauth/", include("allauth.headless.urls")),
    path("admin/", admin.site.urls),
    path("leaderboard/", include("apps.ranking.page_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
]

handler404 = "apps.common.errors.not_found"
handler500 = "apps.common.errors.server_error"
