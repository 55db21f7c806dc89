from django.urls import path

from . import pages

app_name = "leaderboard"

urlpatterns = [
    path("", pages.elo_page, name="elo"),
    path("<int:year>/<int:month>/", pages.month_page, name="month"),
]
