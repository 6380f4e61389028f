"""NUM CHECK's write forms on the party page: a claim, its correction, its removal, the end of
a deck turn and an invalid CHECK."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from ....parties.forms import CARD_ATTRS, WriteForm
from ....parties.models import HistoryEntry
from ..forms import combo_choices
from . import writes


class ClaimAddForm(WriteForm):
    player = forms.IntegerField(label=gettext_lazy("Joueur"))
    combo = forms.ChoiceField(label=gettext_lazy("Combinaison"), choices=combo_choices)
    cards = forms.CharField(
        label=gettext_lazy("Cartes"), max_length=120, widget=forms.TextInput(CARD_ATTRS)
    )

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.add_claim(
            self.game, data["player"], data["combo"], data["cards"], self.version(data)
        )


class ClaimEditForm(WriteForm):
    claim = forms.IntegerField(label=gettext_lazy("Annonce"), widget=forms.HiddenInput)
    combo = forms.ChoiceField(label=gettext_lazy("Combinaison"), choices=combo_choices)
    cards = forms.CharField(
        label=gettext_lazy("Cartes"), max_length=120, widget=forms.TextInput(CARD_ATTRS)
    )

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.edit_claim(
            self.game, data["claim"], data["combo"], data["cards"], self.version(data)
        )


class ClaimDeleteForm(WriteForm):
    claim = forms.IntegerField(widget=forms.HiddenInput)

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.delete_claim(self.game, data["claim"], self.version(data))


class DeckTurnForm(WriteForm):
    """« Tour de paquet terminé »."""

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.add_deck_turn(self.game, data["if_version"])


class InvalidCheckForm(WriteForm):
    """A CHECK announced and found invalid, for the table's memory."""

    player = forms.IntegerField(label=gettext_lazy("Joueur"))
    combo = forms.ChoiceField(label=gettext_lazy("Combinaison annoncée"), choices=combo_choices)
    cards = forms.CharField(
        label=gettext_lazy("Cartes montrées"), max_length=120, widget=forms.TextInput(CARD_ATTRS)
    )

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.add_invalid_check(
            self.game, data["player"], data["combo"], data["cards"], data["if_version"]
        )


WRITE_FORMS: dict[str, type[WriteForm]] = {
    "claim_add": ClaimAddForm,
    "claim_edit": ClaimEditForm,
    "claim_delete": ClaimDeleteForm,
    writes.DECK_TURN: DeckTurnForm,
    writes.INVALID_CHECK: InvalidCheckForm,
}
