"""NUM CHECK's forms: the score of a claim, « Qu'est-ce que j'ai ? », « Quelles cartes guetter ? »
and the players' sheets."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import forms
from django.utils.translation import get_language, gettext, gettext_lazy

from ...engines import numcheck
from ...engines.cards import InputError
from ...web.fields import CardInput
from ...web.forms import EngineForm
from .readers import read_check_sheet


@lru_cache(maxsize=8)
def _labelled(
    language: str | None,
) -> tuple[tuple[tuple[int, str], ...], tuple[tuple[str, str], ...]]:
    """The rank and combination choices in ``language``, cached: every ``<select>`` and
    checkbox list would otherwise format fourteen translated labels on every page."""
    ranks = tuple((r, gettext("Rang {r}").format(r=r)) for r in numcheck.RANKS)
    combos = tuple(
        (c.key, gettext("{name} — base {base}").format(name=gettext(c.name), base=c.base))
        for c in numcheck.COMBOS
    )
    return ranks, combos


def rank_choices() -> tuple[tuple[int, str], ...]:
    """Ranks 1 to 8, « Rang 4 », in the active language."""
    return _labelled(get_language())[0]


def combo_choices() -> tuple[tuple[str, str], ...]:
    """The fourteen combinations, « Full — base 8 », in the active language."""
    return _labelled(get_language())[1]


class CheckForm(EngineForm):
    """NUM CHECK calculator: combination, cards, rank."""

    combo = forms.ChoiceField(label=gettext_lazy("Combinaison"), choices=combo_choices)
    cards = forms.CharField(
        label=gettext_lazy("Cartes"),
        max_length=200,
        widget=CardInput,
        help_text=gettext_lazy(
            "Par exemple : 7R 7B 7J 3V 3A (R rouge, V vert, B bleu, J jaune, A rainbow, S shadow)."
        ),
    )
    rank = forms.TypedChoiceField(
        label=gettext_lazy("Rang"), choices=rank_choices, coerce=int, initial=1
    )
    live_fields = ("combo", "cards", "rank")

    rank_table: list[numcheck.ClaimResult] | None = None
    rank_note: str = ""
    #: (cards given, cards the combination counts), once the cards read
    progress: tuple[int, int] | None = None
    combo_obj: numcheck.Combo | None = None

    def __init__(self, *args: Any, live: bool = False, **kwargs: Any) -> None:
        """``live``: a request sent while the player is still entering cards (htmx on input):
        a claim short of its combination's card count is progress, not yet an error."""
        super().__init__(*args, **kwargs)
        self.live = live
        if live:
            self.fields["cards"].required = False

    def run(self) -> numcheck.ClaimResult | None:
        """The claim at its rank, and the « rangs 1 à 8 » table with why a Couleur changes mode
        at rank 4."""
        data = self.cleaned_data
        self.combo_obj = numcheck.get_combo(data["combo"])
        needed = self.combo_obj.count
        given = len(numcheck.read_cards(data["cards"])) if data["cards"].strip() else 0
        self.progress = (given, needed)
        if self.live and given < needed:
            return None  # the engine counts the cards once they are all there, or on submit
        self.rank_table = table = numcheck.rank_table(data["combo"], data["cards"])
        self.rank_note = numcheck.elargi_note(table[3])
        rank: int = data["rank"]
        return table[rank - 1]


class DetectForm(EngineForm):
    """« Qu'est-ce que j'ai ? » (/num-check/regles/#arbitrage-check-centre): the hand, the face-up centre, the rank."""

    hand = forms.CharField(
        label=gettext_lazy("Votre main (jusqu’à 4 cartes)"),
        max_length=200,
        widget=CardInput,
        help_text=gettext_lazy("Par exemple : 7R 7B 3V 3J."),
    )
    centre = forms.CharField(
        label=gettext_lazy("Le centre (1 à 4 cartes face visible)"),
        max_length=200,
        widget=CardInput,
        required=False,
        help_text=gettext_lazy("Les cartes que vous pourriez réclamer, par exemple : 7J 3A 12S."),
    )
    rank = forms.TypedChoiceField(
        label=gettext_lazy("Votre rang"), choices=rank_choices, coerce=int, initial=1
    )
    exclude = forms.MultipleChoiceField(
        label=gettext_lazy("Combinaisons déjà réalisées"),
        choices=combo_choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    field_map = {"cards": "hand"}
    live_fields = ("hand", "centre", "rank")
    id_scope, scoped_ids = "detect", ("rank",)  # the score form above has a ``rank`` too

    def __init__(self, *args: Any, live: bool = False, **kwargs: Any) -> None:
        """``live``: sent while the player is still entering cards; an empty centre waits."""
        super().__init__(*args, **kwargs)
        self.live = live

    def run(self) -> list[numcheck.Detected] | None:
        data = self.cleaned_data
        hand, centre = data["hand"], data["centre"]
        waiting = not centre.strip() and len(numcheck.read_cards(hand, "hand")) <= numcheck.HAND_MAX
        if self.live and waiting:
            return None  # the centre is still to be entered
        if not centre.strip():
            # An older link (?hand=<5 cards>) meant the 4 cards in hand then the claimed card.
            cards = numcheck.read_cards(hand, "hand")
            if len(cards) != numcheck.HAND_MAX + 1:
                raise InputError(
                    "centre",
                    gettext(
                        "Entrez la ou les cartes face visible au centre (1 à {CENTRE_MAX}) : un CHECK se complète toujours par une carte réclamée au centre."
                    ).format(CENTRE_MAX=numcheck.CENTRE_MAX),
                )
            hand, centre = cards[:-1], cards[-1:]
            redrawn = self.data_copy()
            redrawn["hand"] = " ".join(c.code for c in hand)
            redrawn["centre"] = centre[0].code
            self.data = redrawn
        return numcheck.detect(hand, centre, data["rank"], data["exclude"])


class OutsForm(EngineForm):
    """« Quelles cartes guetter ? » (/num-check/regles/#arbitrage-cartes-a-guetter). Prefixed
    ``outs``: the detector on the same page has fields of the same names."""

    prefix = "outs"
    hand = forms.CharField(
        label=gettext_lazy("Votre main (1 à 4 cartes)"),
        max_length=200,
        widget=CardInput,
        help_text=gettext_lazy("Par exemple : 7R 7B 3V 3J."),
    )
    rank = forms.TypedChoiceField(
        label=gettext_lazy("Votre rang"), choices=rank_choices, coerce=int, initial=1
    )
    exclude = forms.MultipleChoiceField(
        label=gettext_lazy("Combinaisons déjà réalisées"),
        choices=combo_choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    live_fields = ("hand", "rank")

    def run(self) -> list[numcheck.Out]:
        data = self.cleaned_data
        return numcheck.outs(data["hand"], data["rank"], data["exclude"])


class SheetForm(EngineForm):
    """Player sheets, stateless: one claim per line in the order announced."""

    players = forms.CharField(
        label=gettext_lazy("Annonces, dans l’ordre"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=gettext_lazy(
            "Une annonce par ligne : « Léa : Paire 5R 5B ». Un CHECK invalide ne prend pas de rang."
        ),
    )

    def run(self) -> numcheck.Sheet:
        return numcheck.sheet(read_check_sheet(self.cleaned_data["players"]))
