from django.urls import path

from . import api

urlpatterns = [
    path("wallet/", api.WalletApi.as_view(), name="wallet"),
    path("wallet/ledger/", api.LedgerApi.as_view(), name="wallet-ledger"),
]
