from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("_allauth/", include("allauth.headless.urls")),
    path("api/v1/", include("apps.accounts.urls")),
    path("api/v1/", include("apps.matches.urls")),
    path("api/v1/", include("apps.chat.urls")),
    path("api/v1/", include("apps.moderation.urls")),
    path("api/v1/", include("apps.ranking.urls")),
    path("leaderboard/", include("apps.ranking.page_urls")),
    path("api/v1/", include("apps.wallet.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
]

handler404 = "apps.common.errors.not_found"
handler500 = "apps.common.errors.server_error"
