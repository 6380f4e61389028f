"""Stored game sheets (« parties »): only what players entered, never a score.

Scores, ranks, titles and winners are recomputed by the engines from the stored cards each time
a sheet is shown (docs/architecture.md). Every write is recorded as one :class:`HistoryEntry` in the
same transaction, holding what is needed to revert it (undo) and apply it again (redo).
"""

from __future__ import annotations

import hashlib
import secrets

from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext

from ..core import registry
from .summaries import render

TOKEN_BYTES = 24  # 192 random bits per link


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class Game(models.Model):
    #: the game, by its Parties kind in the registry (``num_check``, ``num_draft``, ``num5`` …)
    kind = models.CharField(
        "jeu", max_length=16, choices=[(g.kind, g.name) for g in registry.PARTY_GAMES]
    )
    mode = models.CharField("mode", max_length=16)
    #: NUM DRAFT only: the deck chosen by the table, "0-12" or "0-16" (/num-draft/regles/#arbitrage-paquet)
    values = models.CharField("paquet", max_length=8, blank=True, default="")
    edit_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    read_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    version = models.PositiveIntegerField(default=0)
    #: Num 5 only: the round being played turn by turn (/num-5/regles/#arbitrage-tour-t1…), one list of cards per
    #: turn in seat order; replayed by the engine from the set-up, never scored here.
    turns = models.JSONField(default=list, blank=True)
    finished = models.BooleanField("terminée", default=False)
    #: the prepared deal the table plays (docs/deals.md#donnes-partie), empty for a free game:
    #: ``{"number", "seed", "seats", "deck"}``; the deal's cards are drawn again from them
    #: (calculators/engines/deals.py), and NUM DRAFT refuses a card the table was not dealt
    deal = models.JSONField("donne", default=dict, blank=True)
    created_at = models.DateTimeField("créée", auto_now_add=True)
    updated_at = models.DateTimeField("modifiée", auto_now=True, db_index=True)

    class Meta:
        verbose_name = "partie"
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} du {self.created_at:%d/%m/%Y}"

    @property
    def spec(self) -> registry.GameSpec:
        """What the registry knows of this game (its name, modes, player counts …)."""
        return registry.by_kind(self.kind)

    @property
    def mode_label(self) -> str:
        """The mode's name in the active language (an unknown mode as it is stored)."""
        try:
            return gettext(self.spec.mode(self.mode).label)
        except KeyError:
            return self.mode

    @property
    def api_name(self) -> str:
        return self.spec.api_name


class Player(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    name = models.CharField("nom", max_length=40)
    seat = models.PositiveSmallIntegerField("place")
    #: NUM DRAFT only: the final grid, 9 cards row by row ("" for an empty place).
    grid = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_seat_per_player"),
            # the last guard: names are unique ignoring case by the engines' names rule
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
    """A round (« manche ») of a game played in rounds, stored by player:

    - Num 5: ``{"<player id>": {"cards": "12R 3S"} | {"plus", "minus"}}``;
    - Num Connect: ``{"<player id>": {"out": true}}`` for the player who went out first, and
      ``{"left": n}`` for each other player when the cards left were counted.

    Keyed by player, not by position, so that renaming a player keeps their entries.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField("manche")
    entries = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_round_number_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.game}, manche {self.number}"


class HistoryEntry(models.Model):
    """One write to a party: what it was, and how to revert and re-apply it.

    ``summary`` is its French text (the admin's, and the one shown for entries written before
    ``data["summary"]``, the structured summary rendered in the reader's language by
    :mod:`.summaries`: :attr:`summary_text`, :attr:`summary_html`).
    """

    class State(models.TextChoices):
        FIXED = "fixed", "définitive"  # create, rotate, undo, redo: never undone themselves
        ACTIVE = "active", "en vigueur"
        UNDONE = "undone", "annulée"  # may be redone while nothing else is written
        DROPPED = "dropped", "annulée (définitivement)"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="history")
    version = models.PositiveIntegerField("version")
    action = models.CharField("action", max_length=16)
    summary = models.CharField("résumé", max_length=200)
    data = models.JSONField(default=dict)
    state = models.CharField(max_length=8, choices=State.choices)
    target = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    #: what the write changed, when a later write may have to know it ("claim:12", "grid:3",
    #: "round:2" …; "" for a write that only adds): a phone's write that would change the same
    #: thing after it was shown is refused (services.write, the merge of concurrent writes)
    subject = models.CharField(max_length=40, blank=True, default="")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-version"]
        verbose_name = "écriture"
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="one_entry_per_version"),
        ]
        # « Annuler » and « Rétablir » read the latest entry in effect and the earliest undone
        # one (services.next_undo/next_redo): one range of this index each, whatever the
        # length of the history.
        indexes = [
            models.Index(fields=["game", "state", "version"], name="history_by_state"),
            models.Index(fields=["game", "subject", "version"], name="history_subject"),
        ]

    def __str__(self) -> str:
        return f"{self.version}. {self.summary}"

    @property
    def summary_text(self) -> str:
        """The summary in the active language, as plain text (the JSON API)."""
        return render(self)

    @property
    def summary_html(self) -> str:
        """The summary in the active language, as safe HTML: a summary stored only in French
        is marked ``lang="fr"`` (the pages)."""
        return render(self, html=True)


class RememberedAnswer(models.Model):
    """The answer to a write that carried an ``Idempotency-Key`` (7 days): a request with the
    same key and body gets it again instead of writing twice. Stored in the write's own
    transaction, so an answer lost on the way back can be asked for again. Each subclass
    adds the one row its keys belong to (a party, a tablée); :mod:`.idempotency` serves both."""

    #: how long an answer is remembered
    DAYS = 7

    key = models.CharField("clé", max_length=64)
    #: sha256 of the method, the path and the body: the same key with another request is refused
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    body = models.BinaryField()
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.key} → {self.status}"


class IdempotentAnswer(RememberedAnswer):
    """A party's remembered answers: keys are per party."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name = "réponse mémorisée"
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="one_answer_per_key"),
        ]


class RetiredToken(models.Model):
    """A link replaced by « Nouveaux liens »: only a digest of its token, so that a phone still
    on it is told the links were replaced (HTTP 410) while the token itself opens nothing."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    digest = models.CharField(max_length=64, unique=True)
    at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.game} : lien remplacé"

    @staticmethod
    def digest_of(token: str) -> str:
        return hashlib.sha256(token.encode()).hexdigest()
