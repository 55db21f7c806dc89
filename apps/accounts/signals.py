"""The accounts app's own signals, for the apps above it."""

from django.dispatch import Signal

# A guest who signed up has verified its address: it is a member now (``user``). allauth's
# ``user_signed_up`` came earlier, while it was still a guest.
became_member = Signal()

# A player is deleting its account (``user_id``, ``now``), inside the transaction that deletes
# it (``services.account_delete``): the apps above take it away from every table, queue and
# list, as they would a banned player.
account_closing = Signal()
