"""NUM CHECK's write forms on the party page: a claim, its correction, its removal."""

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


WRITE_FORMS: dict[str, type[WriteForm]] = {
    "claim_add": ClaimAddForm,
    "claim_edit": ClaimEditForm,
    "claim_delete": ClaimDeleteForm,
}
