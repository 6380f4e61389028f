"""NUM DRAFT's forms: a pool, a whole table and the opening."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from ...core.registry import NUM_DRAFT, Deck
from ...engines import numdraft
from ...engines.cards import InputError
from ...web.fields import CardInput, place
from ...web.forms import EngineForm, name_lines
from .readers import read_draft_table

#: NUM DRAFT's two decks (/num-draft/regles/#arbitrage-paquet);
#: each form adds its own "by the player count" default.
DECK_CHOICES = [(d.key, gettext_lazy(d.label)) for d in NUM_DRAFT.decks]


def _deck_with_note(deck: Deck) -> str:
    return f"{gettext(deck.label)} ({gettext(deck.note)})"


#: the decks with who plays them by default, « 0 à 12 (2 à 5 joueurs) »
DECK_NOTED_CHOICES = [(d.key, lazy(_deck_with_note, str)(d)) for d in NUM_DRAFT.decks]


GRID_FIELDS = [f"g{y}{x}" for y in range(3) for x in range(3)]


LEFT_FIELDS = [f"l{y}" for y in range(3)]


RIGHT_FIELDS = [f"r{y}" for y in range(3)]


def place_of(name: str) -> tuple[int, int]:
    if name.startswith("g"):
        return int(name[2]), int(name[1])
    return (-1 if name[0] == "l" else 3), int(name[1])


class DraftForm(EngineForm):
    """NUM DRAFT pool: 15 places, the mode and the deck."""

    mode = forms.ChoiceField(
        label=gettext_lazy("Mode"),
        choices=[(m.key, gettext_lazy(m.label)) for m in NUM_DRAFT.modes],
        initial=NUM_DRAFT.default_mode,
        widget=forms.RadioSelect,
    )
    values = forms.ChoiceField(
        label=gettext_lazy("Paquet"),
        choices=DECK_NOTED_CHOICES,
        initial="0-12",
    )
    live_fields = ("mode", "values", *LEFT_FIELDS, *GRID_FIELDS, *RIGHT_FIELDS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The picker fills the own grid first (row by row), then the neighbours' columns.
        order = GRID_FIELDS + LEFT_FIELDS + RIGHT_FIELDS
        for name in LEFT_FIELDS + GRID_FIELDS + RIGHT_FIELDS:
            label = numdraft.place_name(place_of(name))
            neighbour = " bg-body-secondary" if name[0] in "lr" else ""
            attrs = {
                "class": f"form-control card-input place-input text-center{neighbour}",
                "data-place": f"id_{name}",
                "data-order": str(order.index(name)),
                "aria-label": label,
            }
            self.fields[name] = place(
                forms.CharField(
                    label=label, required=False, max_length=8, widget=CardInput(attrs, chips=False)
                )
            )

    def place_fields(self, names: list[str]) -> list[forms.BoundField]:
        return [self[n] for n in names]

    def run(self) -> numdraft.PoolResult:
        data = self.cleaned_data
        grid = [[data[f"g{y}{x}"] or None for x in range(3)] for y in range(3)]
        left = [data[n] or None for n in LEFT_FIELDS]
        right = [data[n] or None for n in RIGHT_FIELDS]
        return numdraft.score(grid, left, right, data["mode"] or None, data["values"] or None)

    def error_target(self, err: InputError) -> str | None:
        return None  # errors on "grid", "left" or "right" name their place, above the strip


class DraftTableForm(EngineForm):
    """Mode table: each player's grid, in seating (passing) order."""

    mode = DraftForm.base_fields["mode"]
    players = forms.CharField(
        label=gettext_lazy("Joueurs et grilles"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=(
            gettext_lazy(
                "Une ligne par joueur, dans l’ordre de passage : « Léa : 3R 3B 3J / 5R 5B 5J / 8V 8A 8S » (trois lignes de grille séparées par /, - pour une case vide)."
            )
        ),
    )
    values = forms.ChoiceField(
        label=gettext_lazy("Paquet"),
        choices=[("", gettext_lazy("Selon le nombre de joueurs")), *DECK_CHOICES],
        required=False,
    )

    def run(self) -> numdraft.TableResult:
        players = read_draft_table(self.cleaned_data["players"])
        data = self.cleaned_data
        return numdraft.table(players, data["mode"], data["values"] or None)


class OpeningForm(EngineForm):
    """Ouverture (/num-draft/regles/#arbitrage-joker-ouverture): the first turn of every player,
    then the cards of those the engine asks to turn again, with the table's deck
    (/num-draft/regles/#arbitrage-paquet)."""

    turned = forms.CharField(
        label=gettext_lazy("Premier tour : la carte retournée par chaque joueur"),
        widget=forms.Textarea(attrs={"rows": 4, "data-place": ""}),
        help_text=gettext_lazy("Une ligne par joueur, dans l’ordre de la table : « Léa : 3R »."),
    )
    again = forms.CharField(
        label=gettext_lazy(
            "Tours suivants : les nouvelles cartes des joueurs qui retournent à nouveau"
        ),
        widget=forms.Textarea(attrs={"rows": 3, "data-place": ""}),
        required=False,
        help_text=(
            gettext_lazy(
                "Une ligne par joueur concerné, ses cartes dans l’ordre des tours : « Léa : 5B ». Le premier tour reste ci-dessus."
            )
        ),
    )
    values = forms.ChoiceField(
        label=gettext_lazy("Paquet"),
        choices=[
            ("", gettext_lazy("Selon le nombre de joueurs (0 à 12 jusqu’à 5, 0 à 16 à 6 ou 7)")),
            *DECK_CHOICES,
        ],
        required=False,
    )
    field_map = {"players": "turned", "cards": "turned"}
    id_scope, scoped_ids = "opening", ("values",)  # the table form above has a ``values`` too

    def run(self) -> numdraft.Opening:
        data = self.cleaned_data
        turned = name_lines(data["turned"], "players", "carte")
        again = [
            (name, rest.split()) for name, rest in name_lines(data["again"], "again", "cartes")
        ]
        result = numdraft.opening(turned, data["values"] or None, again)
        listed = {name.casefold() for name, _ in again}
        missing = [n for n in result.must_turn if n.casefold() not in listed]
        if missing:
            # Guide the next turn: a line to complete for each player who turns again.
            lines = [line for line in data["again"].splitlines() if line.strip()]
            redrawn = self.data_copy()
            redrawn["again"] = "\n".join([*lines, *(f"{n} : " for n in missing)])
            self.data = redrawn
        return result
