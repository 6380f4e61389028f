"""The deal sheet's form (GET /donnes/): the query read, the deal asked of :mod:`.answers`; an
:class:`InputError` lands on its field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from ..core import registry
from ..engines.cards import InputError
from . import answers

#: The answer's field → the form's (the query's French names).
FIELDS = {"game": "jeu", "mode": "mode", "seats": "sieges", "seed": "graine", "deck": "paquet"}
GAMES = registry.DEALT


def mode_choices() -> list[tuple[str, str]]:
    """Every mode of the games dealt, named with its game (the form checks it is the game's)."""
    return [("", gettext("celui du jeu"))] + [
        (m.key, f"{g.name} — {m.name}") for g in GAMES for m in g.modes
    ]


class DealSheetForm(forms.Form):
    jeu = forms.ChoiceField(
        label=gettext_lazy("Jeu"), choices=[(g.api_name, g.name) for g in GAMES]
    )
    mode = forms.ChoiceField(label=gettext_lazy("Mode"), choices=mode_choices, required=False)
    sieges = forms.IntegerField(label=gettext_lazy("Sièges"))
    numero = forms.IntegerField(
        label=gettext_lazy("Numéro de la donne"),
        required=False,
        min_value=1,
        max_value=999,
        help_text=gettext_lazy("Facultatif, de 1 à 999 : écrit en grand sur la feuille."),
    )
    paquet = forms.ChoiceField(
        label=gettext_lazy("Paquet (NUM DRAFT)"),
        choices=[("", gettext_lazy("selon la table")), ("0-12", "0-12"), ("0-16", "0-16")],
        required=False,
    )
    graine = forms.CharField(
        label=gettext_lazy("Graine"),
        required=False,
        max_length=200,
        help_text=gettext_lazy(
            "La même graine redonne la même donne ; vide, une graine est tirée."
        ),
    )

    result: dict[str, Any] | None = None
    #: Each NUM DRAFT seat's best possible score asked too (the sheet; the préparer page not).
    with_best = True

    def clean(self) -> dict[str, Any] | None:
        data = super().clean()
        if self.errors or data is None:
            return data
        try:
            self.result = answers.deal(
                {
                    "game": data["jeu"],
                    "mode": data.get("mode") or None,
                    "seats": data["sieges"],
                    "seed": data.get("graine") or None,
                    "deck": data.get("paquet") or None,
                    "best": self.with_best and data["jeu"] == registry.NUM_DRAFT.api_name,
                }
            )
        except InputError as err:
            self.add_error(FIELDS.get(err.field), err.message)
        return data


class PrepareForm(DealSheetForm):
    """The « préparer » page's query (GET /donnes/preparer/): the sheet's, and the step shown."""

    with_best = False
    etape = forms.IntegerField(label=gettext_lazy("Étape"), required=False, min_value=1)
