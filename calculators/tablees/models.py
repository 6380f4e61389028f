"""A tablée's stored state: its name, its members in order and the parties it gathers.

Nothing here is a score: statistics are recomputed by the engines from the parties
(:mod:`.stats`), and cached under :attr:`Tablee.stamp`, which every write of the tablée and of
any of its parties changes.
"""

from __future__ import annotations

import hashlib

from django.db import models
from django.db.models.functions import Lower

from ..parties.models import Game, RememberedAnswer, new_token

#: the members a tablée may have (the largest table of any game is 10; a club has more)
MIN_MEMBERS, MAX_MEMBERS = 2, 30
NAME_LENGTH = 60


class Tablee(models.Model):
    name = models.CharField("nom", max_length=NAME_LENGTH)
    edit_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    read_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    #: the number of writes to the tablée itself (creation is write 1)
    version = models.PositiveIntegerField(default=0)
    #: changed by every write of the tablée or of one of its parties: the statistics' cache key
    stamp = models.PositiveIntegerField(default=0)
    #: a party of the tablée shows each player's chance to win before it starts
    #: (docs/ratings.md#cote-pronostic)
    win_chances = models.BooleanField("afficher les chances de victoire", default=True)
    created_at = models.DateTimeField("créée", auto_now_add=True)
    #: touched by every write of the tablée or of one of its parties (the purge reads it)
    updated_at = models.DateTimeField("modifiée", auto_now=True, db_index=True)

    class Meta:
        verbose_name = "tablée"
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def cache_stamp(self) -> str:
        """What its cached figures are kept under: the tablée (a digest of its edit token,
        never reused, unlike an id) at its :attr:`stamp`."""
        return f"{hashlib.sha256(self.edit_token.encode()).hexdigest()[:32]}:{self.stamp}"


class Member(models.Model):
    tablee = models.ForeignKey(Tablee, on_delete=models.CASCADE, related_name="members")
    name = models.CharField("nom", max_length=40)
    #: the member's place in the tablée's list (0-based, the API's ``players/<index>``)
    index = models.PositiveSmallIntegerField("rang")

    class Meta:
        verbose_name = "membre"
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["tablee", "index"], name="one_member_per_index"),
            # the last guard: names are unique ignoring case by the engines' names rule
            models.UniqueConstraint("tablee", Lower("name"), name="unique_member_name"),
        ]

    def __str__(self) -> str:
        return self.name


class TableeParty(models.Model):
    """A party recorded in a tablée (a party belongs to one tablée at most)."""

    tablee = models.ForeignKey(Tablee, on_delete=models.CASCADE, related_name="links")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="tablee_link")
    #: which member sat at each of the party's players: ``{"<player id>": <member id>}``;
    #: a player missing here (added to the party later) is matched by the names rule
    seats = models.JSONField(default=dict)
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "partie de la tablée"

    def __str__(self) -> str:
        return f"{self.tablee} : {self.game}"


class IdempotentWrite(RememberedAnswer):
    """A tablée's remembered answers (keys are per tablée): the same mechanism as a party's."""

    tablee = models.ForeignKey(Tablee, on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name = "écriture idempotente"
        constraints = [
            models.UniqueConstraint(fields=["tablee", "key"], name="one_answer_per_tablee_key"),
        ]
