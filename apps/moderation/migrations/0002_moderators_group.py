"""The "Moderators" group with its own, limited permissions (see apps/moderation/roles.py).

Permissions are normally created after all migrations (post_migrate); they are created here
first so that the group can hold them on a fresh database.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations
from django.db.models import Q

GROUP = "Moderators"
PERMISSIONS = (
    ("moderation", "view_report"),
    ("moderation", "change_report"),
    ("moderation", "view_sanction"),
    ("moderation", "add_sanction"),
    ("moderation", "change_sanction"),
    ("moderation", "view_moderationaction"),
    ("accounts", "view_user"),
)


def create_group(apps, schema_editor):
    alias = schema_editor.connection.alias
    for label in ("accounts", "moderation"):
        app_config = apps.get_app_config(label)
        models_module = getattr(app_config, "models_module", None)
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0, using=alias)
        app_config.models_module = models_module
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    query = Q()
    for app_label, codename in PERMISSIONS:
        query |= Q(content_type__app_label=app_label, codename=codename)
    group, _ = Group.objects.using(alias).get_or_create(name=GROUP)
    group.permissions.set(Permission.objects.using(alias).filter(query))


def delete_group(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.using(schema_editor.connection.alias).filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("moderation", "0001_initial"),
        ("accounts", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, delete_group)]
