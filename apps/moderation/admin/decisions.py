"""What the report and sanction admins share: a moderator's decision needs a reason, is made by
a staff member, and is taken on a page of its own, for one object or as the intermediate page of
an action on the change list."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.safestring import SafeString

from apps.accounts.models import User


def moderator_of(request: HttpRequest) -> User:
    """The staff member deciding (the admin lets only staff in)."""
    if not isinstance(request.user, User):
        raise PermissionDenied
    return request.user


class DecisionForm(forms.Form):
    """What every moderator decision needs: the reason (kept in the log; for a sanction it is
    also what the player reads)."""

    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
        max_length=2000,
        help_text="Required. Kept in the moderation log; for a sanction the player reads it.",
    )


class DecisionPages:
    """Shared by the report and sanction admins: the page of a decision form (for one object, or
    as the intermediate page of an action on the change list)."""

    admin_site: admin.AdminSite
    model: type
    opts: Any

    def _decision_page(
        self,
        request: HttpRequest,
        *,
        title: str,
        form: forms.Form,
        objects: Iterable[Any],
        submit_label: str,
        action_name: str | None = None,
        details: SafeString | str = "",
    ) -> TemplateResponse:
        model_admin: Any = self
        objects = list(objects)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": title,
            "form": form,
            "media": model_admin.media + form.media,
            "intro": "This decision applies to:",
            "objects": [
                (
                    obj,
                    reverse(
                        f"admin:{self.opts.app_label}_{self.opts.model_name}_change", args=[obj.pk]
                    ),
                    obj.pk,
                )
                for obj in objects
            ],
            "submit_label": submit_label,
            "action_name": action_name,
            "details": details,
            "cancel_url": reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_changelist"),
        }
        return TemplateResponse(request, "admin/action_form.html", context)

    def _decide_each(
        self,
        request: HttpRequest,
        objects: Iterable[Any],
        decide: Callable[[Any], str | None],
        *,
        verb: str,
    ) -> None:
        """``decide`` each object in turn (``None``, or why it was refused) and tell the
        moderator which were ``verb`` and which were refused, and why."""
        model_admin: Any = self
        done, refused = [], []
        for obj in objects:
            error = decide(obj)
            if error is None:
                done.append(f"#{obj.pk}")
            else:
                refused.append(f"#{obj.pk} ({error})")
        if done:
            model_admin.message_user(request, f"{verb}: {', '.join(done)}.")
        if refused:
            model_admin.message_user(request, f"Refused: {'; '.join(refused)}.", messages.ERROR)


class NeverEdited:
    """The permissions of a record no one adds, edits or deletes in the admin (reports come from
    players and are decided; the log is written by the services)."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
