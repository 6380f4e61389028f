"""Parties forms: request data → service call. A service's :class:`InputError` lands on a field.

Each write form names its service in :meth:`WriteForm.write`; the view only asks
``form.is_valid()`` and renders. Every write form carries ``if_version``: a phone whose page is
older than the sheet is refused (409-like message) instead of overwriting a newer entry.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from ..engines.cards import InputError
from ..games import registry
from ..games.num_check.forms import combo_choices
from ..games.num_draft.forms import DECK_CHOICES
from . import services
from .models import Game, HistoryEntry

CARD_ATTRS = {
    "autocomplete": "off",
    "autocapitalize": "characters",
    "spellcheck": "false",
    "class": "form-control",
}


def players_help() -> str:
    """« Un nom par ligne. NUM CHECK : 2 à 10 · … », from the registry's player counts."""
    counts = " · ".join(
        gettext("{game} : {low} à {high}").format(game=g.name, low=g.players[0], high=g.players[1])
        + (f" ({gettext(g.seating_note)})" if g.seating_note else "")
        for g in registry.PARTY_GAMES
    )
    return gettext("Un nom par ligne. {counts}.").format(counts=counts)


class NewGameForm(forms.Form):
    """/parties/nouvelle/: the game, its mode, the deck (NUM DRAFT) and the players in order."""

    kind = forms.ChoiceField(
        label=gettext_lazy("Jeu"),
        choices=[(g.kind, g.name) for g in registry.PARTY_GAMES],
        widget=forms.RadioSelect,
    )
    players = forms.CharField(
        label=gettext_lazy("Joueurs, dans l'ordre de la table"),
        widget=forms.Textarea(attrs={"rows": 6, "class": "form-control"}),
        help_text=lazy(lambda: players_help(), str)(),
    )
    values = forms.ChoiceField(
        label=gettext_lazy("Paquet (NUM DRAFT)"),
        required=False,
        choices=[("", gettext_lazy("Selon le nombre de joueurs")), *DECK_CHOICES],
        widget=forms.Select(attrs={"class": "form-select"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for game in registry.PARTY_GAMES:
            self.fields[f"mode_{game.kind}"] = forms.ChoiceField(
                label=gettext("Mode ({label})").format(label=game.name),
                choices=[(m.key, gettext_lazy(m.label)) for m in game.modes],
                required=False,
                widget=forms.Select(attrs={"class": "form-select", "data-for-kind": game.kind}),
            )
        self.game: Game | None = None

    def mode_fields(self) -> list[forms.BoundField]:
        return [self[f"mode_{game.kind}"] for game in registry.PARTY_GAMES]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        kind = data["kind"]
        try:
            self.game = services.create_game(
                kind,
                data.get(f"mode_{kind}"),
                [line for line in data["players"].splitlines() if line.strip()],
                data.get("values") if registry.by_kind(kind).decks else "",
            )
        except InputError as err:
            self.add_error(err.field if err.field in self.fields else "players", err.message)
        return data


class WriteForm(forms.Form):
    """A write to a party: ``write()`` calls the service, its errors land on the fields."""

    if_version = forms.IntegerField(required=False, widget=forms.HiddenInput)
    #: service error field → form field, where they differ
    field_map: dict[str, str] = {}

    def __init__(self, game: Game, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.entry: HistoryEntry | None = None
        self.conflict: services.Conflict | None = None

    def write(self, data: dict[str, Any]) -> HistoryEntry:  # pragma: no cover - per form
        raise NotImplementedError

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        try:
            self.entry = self.write(data)
        except InputError as err:
            field = self.field_map.get(err.field, err.field)
            self.add_error(field if field in self.fields else None, err.message)
        except services.Conflict as err:
            self.conflict = err
            self.add_error(None, err.message)
        return data


class ClaimAddForm(WriteForm):
    player = forms.IntegerField(label=gettext_lazy("Joueur"))
    combo = forms.ChoiceField(label=gettext_lazy("Combinaison"), choices=combo_choices)
    cards = forms.CharField(
        label=gettext_lazy("Cartes"), max_length=120, widget=forms.TextInput(CARD_ATTRS)
    )

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return services.add_claim(
            self.game, data["player"], data["combo"], data["cards"], data["if_version"]
        )


class ClaimEditForm(WriteForm):
    claim = forms.IntegerField(label=gettext_lazy("Annonce"), widget=forms.HiddenInput)
    combo = forms.ChoiceField(label=gettext_lazy("Combinaison"), choices=combo_choices)
    cards = forms.CharField(
        label=gettext_lazy("Cartes"), max_length=120, widget=forms.TextInput(CARD_ATTRS)
    )

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return services.edit_claim(
            self.game, data["claim"], data["combo"], data["cards"], data["if_version"]
        )


class ClaimDeleteForm(WriteForm):
    claim = forms.IntegerField(widget=forms.HiddenInput)

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return services.delete_claim(self.game, data["claim"], data["if_version"])


class GridForm(WriteForm):
    player = forms.IntegerField(widget=forms.HiddenInput)
    field_map = {"cells": "__all__"}

    def __init__(self, game: Game, *args: Any, **kwargs: Any) -> None:
        super().__init__(game, *args, **kwargs)
        for i in range(9):
            self.fields[f"c{i}"] = forms.CharField(required=False, max_length=8)

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        cells = [data.get(f"c{i}", "") for i in range(9)]
        return services.set_grid(self.game, data["player"], cells, data["if_version"])


class RoundForm(WriteForm):
    """A new round (every player) or a correction (``round`` set: only the changed cells).

    A correction posts each cell with its value when the form was shown (``o<i>``): only the
    cells whose value differs are sent to the service, so a correction never touches a cell the
    player did not change, even if another phone changed it in between.
    """

    round = forms.IntegerField(required=False, widget=forms.HiddenInput)
    field_map = {"entries": "__all__"}

    def __init__(self, game: Game, *args: Any, **kwargs: Any) -> None:
        super().__init__(game, *args, **kwargs)
        self.players = list(game.players.all())
        for p in self.players:
            self.fields[f"p{p.pk}"] = forms.CharField(
                label=p.name, required=False, max_length=200, widget=forms.TextInput(CARD_ATTRS)
            )
            self.fields[f"o{p.pk}"] = forms.CharField(
                required=False, max_length=200, widget=forms.HiddenInput
            )

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        if data.get("round"):
            changes = {
                p.pk: data[f"p{p.pk}"]
                for p in self.players
                if data[f"p{p.pk}"].strip() != data[f"o{p.pk}"].strip()
            }
            return services.edit_round(self.game, data["round"], changes, data["if_version"])
        cells = {p.pk: data[f"p{p.pk}"] for p in self.players}
        return services.add_round(self.game, cells, data["if_version"])


class RoundDeleteForm(WriteForm):
    round = forms.IntegerField(widget=forms.HiddenInput)

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return services.delete_round(self.game, data["round"], data["if_version"])


class RenameForm(WriteForm):
    player = forms.IntegerField(label=gettext_lazy("Joueur"))
    name = forms.CharField(label=gettext_lazy("Nouveau nom"), max_length=200)

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return services.rename(self.game, data["player"], data["name"], data["if_version"])


class PlayerAddForm(WriteForm):
    name = forms.CharField(label=gettext_lazy("Nom du joueur"), max_length=200)

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return services.add_player(self.game, data["name"], data["if_version"])


class TurnForm(WriteForm):
    """One turn of the round in play: each player's revealed card (``t<player id>``)."""

    field_map = {"cards": "__all__"}

    def __init__(self, game: Game, *args: Any, **kwargs: Any) -> None:
        super().__init__(game, *args, **kwargs)
        self.players = list(game.players.all())
        for p in self.players:
            self.fields[f"t{p.pk}"] = forms.CharField(
                label=p.name, required=False, max_length=8, widget=forms.TextInput(CARD_ATTRS)
            )

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        cards = {p.pk: data[f"t{p.pk}"] for p in self.players}
        return services.play_turn(self.game, cards, data["if_version"])


def _plain(service: Any) -> type[WriteForm]:
    class PlainForm(WriteForm):
        def write(self, data: dict[str, Any]) -> HistoryEntry:
            return service(self.game, data["if_version"])

    PlainForm.__name__ = f"{service.__name__.title()}Form"
    return PlainForm


WRITE_FORMS: dict[str, type[WriteForm]] = {
    "claim_add": ClaimAddForm,
    "claim_edit": ClaimEditForm,
    "claim_delete": ClaimDeleteForm,
    "grid_set": GridForm,
    "round_add": RoundForm,
    "round_edit": RoundForm,
    "round_delete": RoundDeleteForm,
    "rename": RenameForm,
    "player_add": PlayerAddForm,
    "undo": _plain(services.undo),
    "redo": _plain(services.redo),
    "finish": _plain(services.finish),
    "reopen": _plain(services.reopen),
    "rotate": _plain(services.rotate),
    "turn": TurnForm,
    "round_tally": _plain(services.tally_turns),
}
