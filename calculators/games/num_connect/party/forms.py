"""Num Connect's write forms on the party page: a hand, and a hand's removal."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from ....engines import numconnecthands
from ....engines.cards import InputError
from ....parties.forms import WriteForm
from ....parties.models import Game, HistoryEntry
from . import writes


class HandForm(WriteForm):
    """A hand: who went out first and, optionally, the others' cards left; a refused count is
    said at its player's field."""

    out = forms.CharField(label=gettext_lazy("Qui a posé sa dernière carte ?"), required=False)

    def __init__(self, game: Game, *args: Any, **kwargs: Any) -> None:
        super().__init__(game, *args, **kwargs)
        self.players = list(game.players.all())
        for p in self.players:
            self.fields[f"p{p.pk}"] = forms.CharField(
                label=p.name,
                required=False,
                max_length=8,
                widget=forms.TextInput(
                    {"inputmode": "numeric", "class": "form-control", "autocomplete": "off"}
                ),
            )

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        left = {p.pk: data[f"p{p.pk}"] for p in self.players if data[f"p{p.pk}"].strip()}
        # the select's value is a player's id: passed as the player, never read as a name
        out = next((p for p in self.players if str(p.pk) == data.get("out")), data.get("out"))
        try:
            return writes.add_hand(self.game, out, left, self.version(data))
        except writes.CountError as err:
            raise InputError(f"p{err.player}", err.message) from None


class HandDeleteForm(WriteForm):
    hand = forms.IntegerField(widget=forms.HiddenInput)

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.delete_hand(self.game, data["hand"], self.version(data))

    @classmethod
    def confirmation(cls, game: Game, data: Any) -> str | None:
        return gettext("Supprimer la manche {number} ?").format(number=data.get("hand", ""))


#: the most cards a player may have left (the page's inputs say it)
HAND_SIZE = numconnecthands.HAND_SIZE

WRITE_FORMS: dict[str, type[WriteForm]] = {"hand_add": HandForm, "hand_delete": HandDeleteForm}
