"""The "Moderators" group: what a moderator may do in the admin, and who the moderators are.

Moderators are active staff users in this group. They review reports and issue or lift
sanctions; they are not administrators: no user editing, no deleting, no match replays (those
show hidden cards). Migration 0002 creates the group with exactly these permissions;
``moderators_group_sync`` restores them (e.g. after a test database flush).
"""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission
from django.db.models import Q, QuerySet

from apps.accounts.models import User

MODERATORS_GROUP = "Moderators"

# (app label, codename) of every permission the group holds, and nothing else.
MODERATOR_PERMISSIONS: tuple[tuple[str, str], ...] = (
    ("moderation", "view_report"),
    ("moderation", "change_report"),  # resolve or dismiss
    ("moderation", "view_sanction"),
    ("moderation", "add_sanction"),
    ("moderation", "change_sanction"),  # lift
    ("moderation", "view_moderationaction"),
    ("accounts", "view_user"),
)


def moderators_group_sync() -> Group:
    """The group, created if missing, with exactly ``MODERATOR_PERMISSIONS``."""
    group, _ = Group.objects.get_or_create(name=MODERATORS_GROUP)
    query = Q()
    for app_label, codename in MODERATOR_PERMISSIONS:
        query |= Q(content_type__app_label=app_label, codename=codename)
    permissions = list(Permission.objects.filter(query))
    assert len(permissions) == len(MODERATOR_PERMISSIONS), "run migrate first"
    group.permissions.set(permissions)
    return group


def moderators() -> QuerySet[User]:
    """Active staff users in the Moderators group (the ones who get new reports by e-mail)."""
    return User.objects.filter(is_active=True, is_staff=True, groups__name=MODERATORS_GROUP)


def administrators() -> QuerySet[User]:
    """Active staff superusers: escalated reports go to them."""
    return User.objects.filter(is_active=True, is_staff=True, is_superuser=True)
