"""Num Connect's form: a line of cards, checked."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from ...engines import numconnect
from ...web.fields import CardInput
from ...web.forms import EngineForm


class ConnectForm(EngineForm):
    cards = forms.CharField(
        label=gettext_lazy("Cartes, dans l’ordre de la ligne"), max_length=300, widget=CardInput
    )
    first_play = forms.BooleanField(label=gettext_lazy("Première pose"), required=False)
    free = forms.BooleanField(label=gettext_lazy("Combinaison libre (hors grille)"), required=False)
    live_fields = ("cards",)

    def run(self) -> numconnect.LineResult:
        data = self.cleaned_data
        return numconnect.check(data["cards"], data["first_play"], data["free"])
