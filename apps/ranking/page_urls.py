from django.urls import path

from . import pages

app_name = "leaderboard"

urlpatterns = [
    path("", pages.elo_page, name="elo"),
    path("<int:year>/<int:month>/", pages.month_page, name="month"),
    path("<slug:variant>/", pages.elo_page, name="variant-elo"),
    path("<slug:variant>/<int:year>/<int:month>/", pages.month_page, name="variant-month"),
]
