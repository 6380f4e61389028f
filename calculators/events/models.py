"""An event's stored state (« Tournoi », docs/events.md): its players, its rounds, its tables.

Nothing here is a score: a table's result is read from its Party's board (the engines) when
the table is confirmed, and kept with the table (:attr:`Table.result`), so that a Party edited
after its confirmation never changes the standings behind the organiser's back.
"""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from ..core import registry
from ..parties.models import Game, RememberedAnswer, new_token

NAME_LENGTH = 60
#: the most players an event seats (the seating engine's own bound is larger)
MAX_PLAYERS = 200
MAX_ROUNDS = 20
SEED_LENGTH = 200


class Event(models.Model):
    name = models.CharField("nom", max_length=NAME_LENGTH)
    #: the game, by its Parties kind in the registry (every game with Parties)
    game = models.CharField(
        "jeu", max_length=16, choices=[(g.kind, g.name) for g in registry.PARTY_GAMES]
    )
    mode = models.CharField("mode", max_length=16)
    #: the table sizes allowed, the preferred one first (``[4, 3, 5]``)
    sizes = models.JSONField("tailles de table", default=list)
    rounds = models.PositiveSmallIntegerField("rondes")
    #: pairs never to seat together, as pairs of :attr:`EventPlayer.order`
    avoid = models.JSONField("paires à séparer", default=list, blank=True)
    seed = models.CharField("graine", max_length=SEED_LENGTH)
    #: « en donnes préparées » (docs/events.md#tournoi-donnes): each round, every table of a
    #: size plays the same deal, and each seat is scored by matchpoints
    duplicate = models.BooleanField("en donnes préparées", default=False)
    edit_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    read_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    #: the number of writes to the event (creation is write 1)
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField("créé", auto_now_add=True)
    #: touched by every write of the event (the purge reads it, and its tables' Parties' own)
    updated_at = models.DateTimeField("modifié", auto_now=True, db_index=True)

    class Meta:
        verbose_name = "tournoi"
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def spec(self) -> registry.GameSpec:
        return registry.by_kind(self.game)


class EventPlayer(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    name = models.CharField("nom", max_length=40)
    #: the player's number in the event (0-based, in the order they were entered)
    order = models.PositiveSmallIntegerField("rang")
    #: the first round the player may be seated in (a late arrival: the next round)
    joined = models.PositiveSmallIntegerField("arrivé à la ronde", default=1)
    #: the first round the player is no longer seated in (``None``: still playing)
    dropped = models.PositiveSmallIntegerField("parti à la ronde", null=True, blank=True)

    class Meta:
        verbose_name = "joueur du tournoi"
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["event", "order"], name="one_event_player_per_order"),
            models.UniqueConstraint("event", Lower("name"), name="unique_event_player_name"),
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    class State(models.TextChoices):
        SEATED = "seated", _("placée")
        STARTED = "started", _("commencée")
        CLOSED = "closed", _("close")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField("ronde")
    state = models.CharField("état", max_length=8, choices=State.choices, default=State.SEATED)
    swiss = models.BooleanField("suisse", default=False)
    #: who sits the round out, by :attr:`EventPlayer.id`
    byes = models.JSONField(default=list, blank=True)
    #: the round's timer (the room's clock; each Party keeps the rulebook's own): its length in
    #: minutes (0: none), when it last started running (``None``: paused), seconds run before
    timer_minutes = models.PositiveSmallIntegerField("minuteur", default=0)
    timer_started = models.DateTimeField(null=True, blank=True)
    timer_spent = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = "ronde"
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.event} : ronde {self.number}"


class Table(models.Model):
    class State(models.TextChoices):
        PLAYING = "playing", _("en cours")
        FINISHED = "finished", _("terminée")
        CONFIRMED = "confirmed", _("confirmée")
        DISPUTED = "disputed", _("contestée")
        SETTLED = "settled", _("tranchée")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField("table")
    #: the players in seat order (seat 1, who starts, first), by :attr:`EventPlayer.id`
    seats = models.JSONField(default=list)
    #: the table's Party, created when the round starts
    game = models.OneToOneField(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="event_table"
    )
    #: as stored; ``playing`` reads as ``finished`` once the Party is (:func:`.services.state`)
    state = models.CharField("résultat", max_length=9, choices=State.choices, default=State.PLAYING)
    dispute = models.CharField("contestation", max_length=200, blank=True, default="")
    #: the players who confirmed the result, by :attr:`EventPlayer.id`
    confirmations = models.JSONField(default=list, blank=True)
    #: the Party's version the confirmations were given at: a later write (a reopen, a
    #: correction) makes them confirmations of another result, dropped at the next one
    confirmed_version = models.PositiveIntegerField(default=0)
    #: the result counted in the standings, kept when the table is confirmed or settled:
    #: ``[{"player": id, "place": 1, "points": 23}, …]`` in seat order
    result = models.JSONField(default=list, blank=True)

    class Meta:
        verbose_name = "table"
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_table_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.round} : table {self.number}"


#: a table's result counts in the standings in these states only (docs/events.md #tournoi-resultats)
COUNTED = (Table.State.CONFIRMED, Table.State.SETTLED)


class IdempotentWrite(RememberedAnswer):
    """An event's remembered answers (keys are per event): the same mechanism as a party's."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name = "écriture idempotente du tournoi"
        constraints = [
            models.UniqueConstraint(fields=["event", "key"], name="one_answer_per_event_key"),
        ]
