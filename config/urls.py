from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from apps.accounts.guests import GuestLoginView, GuestSignupView
from apps.accounts.urls import urlpatterns as accounts_api
from apps.analysis.urls import urlpatterns as analysis_api
from apps.chat.urls import urlpatterns as chat_api
from apps.common.errors import api_not_found
from apps.common.urls import urlpatterns as common_api
from apps.computer.urls import urlpatterns as computer_api
from apps.matches.urls import urlpatterns as matches_api
from apps.moderation.urls import urlpatterns as moderation_api
from apps.ranking.urls import urlpatterns as ranking_api
from apps.wallet.urls import urlpatterns as wallet_api
from apps.web import views as web_views

# The REST API is one resolver, matches first: every request resolves through this list, and
# each included resolver that fails to match a path costs a bookkeeping step of its own (a
# tenth of a gunicorn worker's CPU on the move benchmark when there were six of them).
api_v1 = [
    *matches_api,
    *computer_api,
    *analysis_api,
    *accounts_api,
    *chat_api,
    *moderation_api,
    *ranking_api,
    *wallet_api,
]
api_v1 += common_api  # the error catalogue

# allauth's sign-up and login, as a guest may use them too (apps/accounts/guests.py)
guest_auth = [
    path(f"_allauth/{client}/v1/auth/{name}", view.as_api_view(client=client))
    for client in settings.HEADLESS_CLIENTS
    for name, view in (("signup", GuestSignupView), ("login", GuestLoginView))
]

urlpatterns = [
    path("api/v1/", include(api_v1)),
    *guest_auth,
    path("_allauth/", include("allauth.headless.urls")),
    path("admin/", admin.site.urls),
    path("leaderboard/", include("apps.ranking.page_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    # allauth's own specification (HEADLESS_SERVE_SPECIFICATION) in the same Swagger UI.
    path(
        "api/docs/allauth/",
        SpectacularSwaggerView.as_view(url="/_allauth/openapi.json"),
        name="swagger-ui-allauth",
    ),
    # Whatever else is under /api/: a 404 problem, also for a URL without its trailing slash.
    re_path(r"^api/", api_not_found),
    # the language picker: Django's, keeping a signed-in player's choice (apps/web/views.py)
    path("i18n/setlang/", web_views.set_language, name="set_language"),
    # The web client last: its shell answers "/" and the client routes.
    path("", include("apps.web.urls")),
]

handler404 = "apps.common.errors.not_found"
handler500 = "apps.common.errors.server_error"
