"""Stored game sheets (« parties »): only what players entered, never a score.

Scores, ranks, titles and winners are recomputed by the engines from the stored cards each time
a sheet is shown (ARCHITECTURE.md). Database constraints keep the sheet coherent even when two
phones write at the same moment.
"""

from __future__ import annotations

import secrets

from django.db import models
from django.db.models.functions import Lower

TOKEN_BYTES = 24  # 192 random bits per link


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class Game(models.Model):
    class Kind(models.TextChoices):
        NUM_CHECK = "num_check", "NUM CHECK"
        NUM_DRAFT = "num_draft", "NUM DRAFT"
        NUM5 = "num5", "Num 5"

    MODES = {
        Kind.NUM_CHECK: (("classic", "Classique"), ("family", "Famille")),
        Kind.NUM_DRAFT: (("classic", "Classique"), ("discovery", "Découverte")),
        Kind.NUM5: (("normal", "Normal"), ("explosion", "Explosion de rangée")),
    }
    PLAYERS = {Kind.NUM_CHECK: (2, 10), Kind.NUM_DRAFT: (2, 7), Kind.NUM5: (3, 8)}

    kind = models.CharField("jeu", max_length=16, choices=Kind.choices)
    mode = models.CharField("mode", max_length=16)
    edit_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    view_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    version = models.PositiveIntegerField(default=1)
    finished = models.BooleanField("terminée", default=False)
    created_at = models.DateTimeField("créée", auto_now_add=True)
    updated_at = models.DateTimeField("modifiée", auto_now=True, db_index=True)

    class Meta:
        verbose_name = "partie"
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"

    @property
    def mode_label(self) -> str:
        return dict(self.MODES[self.Kind(self.kind)]).get(self.mode, self.mode)

    def touch(self) -> None:
        """Mark a change: every phone's board refreshes on the new version."""
        Game.objects.filter(pk=self.pk).update(
            version=models.F("version") + 1, updated_at=models.functions.Now()
        )
        self.refresh_from_db(fields=["version", "updated_at"])


class Player(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    name = models.CharField("nom", max_length=40)
    seat = models.PositiveSmallIntegerField("place")
    #: NUM DRAFT only: the final grid, 9 cards row by row ("" for an empty place).
    grid = models.JSONField(default=list, blank=True)
    grid_updated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_seat_per_player"),
            models.UniqueConstraint("game", Lower("name"), name="unique_player_name"),
        ]

    def __str__(self) -> str:
        return self.name


class Claim(models.Model):
    """A valid NUM CHECK claim. Its rank is its position (1st valid CHECK = rank 1)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims")
    position = models.PositiveSmallIntegerField("rang")
    combo = models.CharField("combinaison", max_length=20)
    cards = models.CharField("cartes", max_length=80)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["player", "combo"], name="one_claim_per_combination"),
            models.UniqueConstraint(fields=["player", "position"], name="one_rank_per_position"),
            models.CheckConstraint(
                condition=models.Q(position__gte=1, position__lte=8), name="rank_1_to_8"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} : rang {self.position}, {self.combo} ({self.cards})"


class Round(models.Model):
    """A Num 5 round: per player (in seat order) {"cards": [...]} or {"plus", "minus"}."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField("manche")
    entries = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_round_number_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.game}, manche {self.number}"
