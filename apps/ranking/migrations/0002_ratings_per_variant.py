"""Ratings, tickets, standings, month closings and medals per variant (every existing row is
klub's). A rating's key changes from the player to (player, variant): the table is rebuilt with
its rows copied (the old table renamed aside, then dropped), as a primary key cannot be
swapped in place."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _ratings_copy(apps, schema_editor):
    old, new = apps.get_model('ranking', 'RatingByUser'), apps.get_model('ranking', 'Rating')
    new.objects.bulk_create(
        new(user_id=r.user_id, variant='klub', rating=r.rating, matches=r.matches, updated_at=r.updated_at)
        for r in old.objects.all()
    )


def _ratings_copy_back(apps, schema_editor):
    old, new = apps.get_model('ranking', 'RatingByUser'), apps.get_model('ranking', 'Rating')
    old.objects.bulk_create(
        old(user_id=r.user_id, rating=r.rating, matches=r.matches, updated_at=r.updated_at)
        for r in new.objects.filter(variant='klub')
    )


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0006_match_target'),
        ('ranking', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RenameModel(old_name='Rating', new_name='RatingByUser'),
        migrations.CreateModel(
            name='Rating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('variant', models.CharField(default='klub', help_text="the game (a registered variant's name)", max_length=20)),
                ('rating', models.IntegerField(default=1500)),
                ('matches', models.PositiveIntegerField(default=0, help_text='ranked matches rated')),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('user', 'variant'), name='rating_per_variant')],
                'indexes': [models.Index(fields=['variant', '-rating', 'user'], name='rating_order_per_variant')],
            },
        ),
        migrations.RunPython(_ratings_copy, _ratings_copy_back),
        migrations.DeleteModel(name='RatingByUser'),
        migrations.RemoveConstraint(
            model_name='medal',
            name='medal_rank_unique',
        ),
        migrations.RemoveConstraint(
            model_name='medal',
            name='medal_user_unique',
        ),
        migrations.RemoveConstraint(
            model_name='monthclosing',
            name='month_closed_once',
        ),
        migrations.RemoveConstraint(
            model_name='standing',
            name='standing_per_month',
        ),
        migrations.RemoveIndex(
            model_name='standing',
            name='standing_order',
        ),
        migrations.RemoveIndex(
            model_name='ticket',
            name='ranking_tic_status_1e6e64_idx',
        ),
        migrations.AddField(
            model_name='medal',
            name='variant',
            field=models.CharField(default='klub', help_text="the game (a registered variant's name)", max_length=20),
        ),
        migrations.AddField(
            model_name='monthclosing',
            name='variant',
            field=models.CharField(default='klub', help_text="the game (a registered variant's name)", max_length=20),
        ),
        migrations.AddField(
            model_name='standing',
            name='variant',
            field=models.CharField(default='klub', help_text="the game (a registered variant's name)", max_length=20),
        ),
        migrations.AddField(
            model_name='ticket',
            name='target',
            field=models.PositiveSmallIntegerField(default=7, help_text='game points to win'),
        ),
        migrations.AddField(
            model_name='ticket',
            name='variant',
            field=models.CharField(default='klub', help_text="the game (a registered variant's name)", max_length=20),
        ),
        migrations.AddIndex(
            model_name='standing',
            index=models.Index(fields=['variant', 'year', 'month', '-points', '-elo_gain', 'reached_at', 'user'], name='standing_order_per_variant'),
        ),
        migrations.AddIndex(
            model_name='ticket',
            index=models.Index(fields=['status', 'variant', 'target', 'stake', 'created_at'], name='ticket_pool'),
        ),
        migrations.AddConstraint(
            model_name='medal',
            constraint=models.UniqueConstraint(fields=('variant', 'year', 'month', 'rank'), name='medal_rank_per_variant'),
        ),
        migrations.AddConstraint(
            model_name='medal',
            constraint=models.UniqueConstraint(fields=('variant', 'year', 'month', 'user'), name='medal_user_per_variant'),
        ),
        migrations.AddConstraint(
            model_name='monthclosing',
            constraint=models.UniqueConstraint(fields=('variant', 'year', 'month'), name='month_closed_once_per_variant'),
        ),
        migrations.AddConstraint(
            model_name='standing',
            constraint=models.UniqueConstraint(fields=('user', 'variant', 'year', 'month'), name='standing_per_variant_month'),
        ),
    ]
