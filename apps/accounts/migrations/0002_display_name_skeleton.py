"""The skeleton of every display name (apps/accounts/names.py), for finding a player whose name
looks like a new one; filled in for the players there are."""

from django.db import migrations, models

BATCH = 1000


def skeletons_fill(apps, schema_editor):
    """Computed with names.py as it is now: a later change to its rules comes with a migration
    that computes them again."""
    from apps.accounts.names import display_name_skeleton

    User = apps.get_model("accounts", "User")
    named = User.objects.exclude(display_name="").only("pk", "display_name").order_by("pk")
    batch = []
    for user in named.iterator(chunk_size=BATCH):
        user.display_name_skeleton = display_name_skeleton(user.display_name)
        batch.append(user)
        if len(batch) == BATCH:
            User.objects.bulk_update(batch, ["display_name_skeleton"])
            batch = []
    User.objects.bulk_update(batch, ["display_name_skeleton"])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="display_name_skeleton",
            field=models.CharField(blank=True, editable=False, max_length=200),
        ),
        migrations.RunPython(skeletons_fill, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="user",
            index=models.Index(
                condition=models.Q(("is_guest", False)),
                fields=["display_name_skeleton"],
                name="user_player_name_skeleton",
            ),
        ),
    ]
