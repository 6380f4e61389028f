"""The events' forms: request data → service call; a service's :class:`InputError` lands on
its field (as the tablées' forms do)."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from ..engines.cards import InputError
from ..games import registry
from ..parties import services as party_services
from ..parties.models import Game
from ..web import forms as web_forms
from . import services
from .models import MAX_ROUNDS, Event, Table


class ServiceForm(web_forms.ServiceForm):
    """The shared service form; a table's Party refusing the write is the form's error."""

    refusals = (party_services.Conflict,)


def game_choices() -> list[tuple[str, str]]:
    """Every game with Parties and each of its modes, as one choice « kind:mode »; a game
    without modes (Num Connect) as its kind alone."""
    choices: list[tuple[str, str]] = []
    for g in registry.PARTY_GAMES:
        if g.modes:
            choices += [(f"{g.kind}:{m.key}", f"{g.name} — {m.name}") for m in g.modes]
        else:
            choices.append((g.kind, g.name))
    return choices


def _sizes(text: str) -> list[int]:
    """« 4, 3, 5 » → [4, 3, 5] (the preferred size first)."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    out = []
    for part in parts:
        if not part.isascii() or not part.isdigit():
            raise InputError(
                "sizes",
                gettext("« {size} » : une taille de table est un nombre entier.").format(size=part),
            )
        out.append(int(part))
    return out


def _pairs(text: str) -> list[list[str]]:
    """One pair a line, « Léa, Tom » (or « Léa / Tom »)."""
    pairs = []
    for line in text.splitlines():
        if not line.strip():
            continue
        names = [n.strip() for n in re.split(r"[,/;]", line) if n.strip()]
        if len(names) != 2:
            raise InputError(
                "avoid",
                gettext("« {line} » : une paire à séparer nomme deux joueurs.").format(
                    line=line.strip()
                ),
            )
        pairs.append(names)
    return pairs


class NewEventForm(ServiceForm):
    name = forms.CharField(label=gettext_lazy("Nom du tournoi"), max_length=200)
    game = forms.ChoiceField(label=gettext_lazy("Jeu et mode"), choices=game_choices)
    players = forms.CharField(
        label=gettext_lazy("Joueurs"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=gettext_lazy("Un nom par ligne."),
    )
    sizes = forms.CharField(
        label=gettext_lazy("Tailles de table"),
        max_length=60,
        initial="4, 3, 5",
        help_text=gettext_lazy(
            "La taille préférée d’abord, puis les autres permises : « 4, 3, 5 »."
        ),
    )
    rounds = forms.IntegerField(
        label=gettext_lazy("Nombre de rondes"), min_value=1, max_value=MAX_ROUNDS, initial=3
    )
    duplicate = forms.BooleanField(
        label=gettext_lazy("En donnes préparées (NUM DRAFT, Num 5)"),
        required=False,
        help_text=gettext_lazy(
            "Chaque ronde, toutes les tables d’une même taille jouent la même donne ; chaque "
            "siège est comparé au même siège des autres tables (matchpoints)."
        ),
    )
    avoid = forms.CharField(
        label=gettext_lazy("Paires à ne jamais asseoir ensemble"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Une paire par ligne : « Léa, Tom »."),
    )
    seed = forms.CharField(
        label=gettext_lazy("Graine (facultative)"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("La même graine redonne les mêmes placements."),
    )

    def call(self, data: dict[str, Any]) -> Event:
        kind, _, mode = data["game"].partition(":")
        names = [line for line in data["players"].splitlines() if line.strip()]
        return services.create(
            data["name"], kind, mode or None, names, _sizes(data["sizes"]), data["rounds"],
            _pairs(data.get("avoid") or ""), data.get("seed") or None, data.get("duplicate"),
        )  # fmt: skip


class EventForm(ServiceForm):
    """A write of the organiser's page on ``event``."""

    def __init__(self, event: Event, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event = event


class SeatForm(EventForm):
    swiss = forms.BooleanField(label=gettext_lazy("suisse"), required=False)

    def call(self, data: dict[str, Any]) -> Any:
        return services.seat(self.event, swiss=data["swiss"])


class SwapForm(EventForm):
    first = forms.CharField(label=gettext_lazy("Joueur"), max_length=200)
    second = forms.CharField(label=gettext_lazy("avec"), max_length=200)

    def call(self, data: dict[str, Any]) -> Any:
        return services.swap(self.event, data["first"], data["second"])


class StartForm(EventForm):
    def call(self, data: dict[str, Any]) -> Any:
        return services.start(self.event)


class CloseForm(EventForm):
    def call(self, data: dict[str, Any]) -> Any:
        return services.close(self.event)


class RotateForm(EventForm):
    def call(self, data: dict[str, Any]) -> Any:
        return services.rotate(self.event)


class ConfirmForm(EventForm):
    table = forms.IntegerField(label=gettext_lazy("Table"), min_value=1)

    def call(self, data: dict[str, Any]) -> Any:
        return services.confirm(self.event, data["table"])


class SettleForm(EventForm):
    table = forms.IntegerField(label=gettext_lazy("Table"), min_value=1)
    decision = forms.ChoiceField(
        label=gettext_lazy("Décision"),
        choices=[
            ("confirm", gettext_lazy("Confirmer le résultat")),
            ("reopen", gettext_lazy("Rouvrir la partie")),
        ],
    )

    def call(self, data: dict[str, Any]) -> Any:
        return services.settle(self.event, data["table"], data["decision"])


class AddForm(EventForm):
    name = forms.CharField(label=gettext_lazy("Nom du joueur"), max_length=200)

    def call(self, data: dict[str, Any]) -> Any:
        return services.add_player(self.event, data["name"])


class DropForm(EventForm):
    name = forms.CharField(label=gettext_lazy("Joueur"), max_length=200)

    def call(self, data: dict[str, Any]) -> Any:
        return services.drop_player(self.event, data["name"])


class SubstituteForm(EventForm):
    name = forms.CharField(label=gettext_lazy("Joueur qui part"), max_length=200)
    substitute = forms.CharField(label=gettext_lazy("Remplaçant"), max_length=200)

    def call(self, data: dict[str, Any]) -> Any:
        return services.replace_player(self.event, data["name"], data["substitute"])


class TimerForm(EventForm):
    action = forms.ChoiceField(
        label=gettext_lazy("Minuteur"),
        choices=[(a, a) for a in services.TIMER],
    )
    minutes = forms.IntegerField(label=gettext_lazy("Minutes"), required=False)

    def call(self, data: dict[str, Any]) -> Any:
        return services.timer(self.event, data["action"], data.get("minutes"))


#: the organiser page's writes, by the last part of their URL
WRITES: dict[str, type[EventForm]] = {
    "placer": SeatForm,
    "echanger": SwapForm,
    "commencer": StartForm,
    "clore": CloseForm,
    "liens": RotateForm,
    "confirmer": ConfirmForm,
    "trancher": SettleForm,
    "ajouter": AddForm,
    "retirer": DropForm,
    "remplacer": SubstituteForm,
    "minuteur": TimerForm,
}


class TableForm(ServiceForm):
    """A player's write from their table's Party page (the Party's edit link)."""

    player = forms.CharField(label=gettext_lazy("Je suis"), max_length=200)

    def __init__(self, table: Table, game: Game, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        self.game = game
        self.event = table.round.event
        self.number = table.number

    def _check_round(self) -> None:
        if services.latest(self.event) != self.table.round:
            raise InputError("player", gettext("Cette ronde est close."))


class PlayerConfirmForm(TableForm):
    def call(self, data: dict[str, Any]) -> Any:
        self._check_round()
        return services.confirm(self.event, self.number, data["player"])


class DisputeForm(TableForm):
    reason = forms.CharField(
        label=gettext_lazy("Ce qui est contesté"), max_length=400, required=False
    )

    def call(self, data: dict[str, Any]) -> Any:
        self._check_round()
        return services.dispute(self.event, self.number, data["player"], data.get("reason"))


TABLE_WRITES: dict[str, type[TableForm]] = {
    "confirmer": PlayerConfirmForm,
    "contester": DisputeForm,
}
