"""The accounts app's own signals, for the apps above it."""

from django.dispatch import Signal

# A guest who signed up has verified its address: it is a member now (``user``). allauth's
# ``user_signed_up`` came earlier, while it was still a guest.
became_member = Signal()
