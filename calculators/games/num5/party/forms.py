"""Num 5's write forms on the party page: a round or its correction, a round's removal, a
turn, the row a tied card goes to, and « Reporter la manche »."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from ....engines import num5turn
from ....parties.forms import CARD_ATTRS, WriteForm, plain
from ....parties.models import Game, HistoryEntry
from . import writes


class RoundForm(WriteForm):
    """A new round (every player) or a correction (``round`` set).

    A correction posts each cell's value when the form was shown (``o<i>``) and sends only the
    cells that differ, so it never overwrites a cell another phone changed in between.
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
            return writes.edit_round(self.game, data["round"], changes, self.version(data))
        cells = {p.pk: data[f"p{p.pk}"] for p in self.players}
        return writes.add_round(self.game, cells, self.version(data))


class RoundDeleteForm(WriteForm):
    round = forms.IntegerField(widget=forms.HiddenInput)

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.delete_round(self.game, data["round"], self.version(data))

    @classmethod
    def confirmation(cls, game: Game, data: Any) -> str | None:
        return gettext("Supprimer la manche {number} ?").format(number=data.get("round", ""))


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
        return writes.play_turn(self.game, cards, self.version(data))


class TurnRowForm(WriteForm):
    """The row a card that tied in the last turn goes to (/num-5/regles/#arbitrage-tour-t8)."""

    player = forms.IntegerField(widget=forms.HiddenInput)
    #: the turn whose tie was shown: a choice never lands on a turn entered since
    turn = forms.IntegerField(required=False, widget=forms.HiddenInput)
    row = forms.IntegerField(label=gettext_lazy("Rangée"))

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.choose_row(
            self.game, data["player"], data["row"], self.version(data), turn=data.get("turn")
        )


def _tally_question(game: Game, data: Any) -> str | None:
    """A round is 10 turns (/num-5/regles/#arbitrage-tour-t1): reporting it earlier is asked."""
    played = len(game.turns or [])
    if not played or played >= num5turn.TURNS_PER_ROUND:
        return None
    if writes.ends_deal(game, game.rounds.count() + 1):  # it also ends the Party (#donnes-num5-fin)
        return gettext(
            "La manche n’est pas finie ({played}/{turns}) — la reporter quand même dans la "
            "feuille ? C’est la dernière manche de la donne : la partie sera terminée."
        ).format(played=played, turns=num5turn.TURNS_PER_ROUND)
    return gettext(
        "La manche n’est pas finie ({played}/{turns}) — la reporter quand même dans la feuille ?"
    ).format(played=played, turns=num5turn.TURNS_PER_ROUND)


WRITE_FORMS: dict[str, type[WriteForm]] = {
    "round_add": RoundForm,
    "round_edit": RoundForm,
    "round_delete": RoundDeleteForm,
    "turn": TurnForm,
    "turn_row": TurnRowForm,
    "round_tally": plain(writes.tally_turns, _tally_question),
}
