"""Parties history (undo/redo), the NUM DRAFT deck, Num 5 rounds stored by player."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def rounds_by_player(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Num 5 rounds were lists in seat order; they become ``{player id: entry}``."""
    Round = apps.get_model("calculators", "Round")
    Player = apps.get_model("calculators", "Player")
    for stored in Round.objects.all():
        if isinstance(stored.entries, list):
            seats = list(Player.objects.filter(game_id=stored.game_id).order_by("seat"))
            stored.entries = {
                str(p.pk): entry for p, entry in zip(seats, stored.entries, strict=False)
            }
            stored.save(update_fields=["entries"])


def rounds_by_seat(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Round = apps.get_model("calculators", "Round")
    Player = apps.get_model("calculators", "Player")
    for stored in Round.objects.all():
        if isinstance(stored.entries, dict):
            seats = Player.objects.filter(game_id=stored.game_id).order_by("seat")
            stored.entries = [stored.entries.get(str(p.pk), {}) for p in seats]
            stored.save(update_fields=["entries"])


class Migration(migrations.Migration):
    dependencies = [
        ("calculators", "0002_read_token"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="player",
            name="grid_updated_at",
        ),
        migrations.AddField(
            model_name="game",
            name="values",
            field=models.CharField(blank=True, default="", max_length=8, verbose_name="paquet"),
        ),
        migrations.AlterField(
            model_name="game",
            name="version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AlterField(
            model_name="round",
            name="entries",
            field=models.JSONField(default=dict),
        ),
        migrations.CreateModel(
            name="HistoryEntry",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("version", models.PositiveIntegerField(verbose_name="version")),
                ("action", models.CharField(max_length=16, verbose_name="action")),
                ("summary", models.CharField(max_length=200, verbose_name="résumé")),
                ("data", models.JSONField(default=dict)),
                (
                    "state",
                    models.CharField(
                        choices=[
                            ("fixed", "définitive"),
                            ("active", "en vigueur"),
                            ("undone", "annulée"),
                            ("dropped", "annulée (définitivement)"),
                        ],
                        max_length=8,
                    ),
                ),
                ("at", models.DateTimeField(auto_now_add=True)),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="history",
                        to="calculators.game",
                    ),
                ),
                (
                    "target",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="calculators.historyentry",
                    ),
                ),
            ],
            options={
                "verbose_name": "écriture",
                "ordering": ["-version"],
                "indexes": [
                    models.Index(fields=["game", "state"], name="calculators_game_id_f12da5_idx")
                ],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("game", "version"), name="one_entry_per_version"
                    )
                ],
            },
        ),
        migrations.RunPython(rounds_by_player, rounds_by_seat),
    ]
