"""NUM CHECK's write forms on the party page: a claim, its correction, its removal, the end of
a deck turn and an invalid CHECK."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from ....engines.cards import InputError
from ....parties import services
from ....parties.forms import CARD_ATTRS, WriteForm
from ....parties.models import Game, HistoryEntry
from .. import answers
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
    """« Corriger »: the combination, the cards, or the player (the claim then takes that
    player's next rank)."""

    claim = forms.IntegerField(label=gettext_lazy("Annonce"), widget=forms.HiddenInput)
    player = forms.IntegerField(label=gettext_lazy("Joueur"), required=False)
    combo = forms.ChoiceField(label=gettext_lazy("Combinaison"), choices=combo_choices)
    cards = forms.CharField(
        label=gettext_lazy("Cartes"), max_length=120, widget=forms.TextInput(CARD_ATTRS)
    )

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.edit_claim(
            self.game,
            data["claim"],
            data["combo"],
            data["cards"],
            self.version(data),
            player=data.get("player"),
        )


class ClaimDeleteForm(WriteForm):
    claim = forms.IntegerField(widget=forms.HiddenInput)

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.delete_claim(self.game, data["claim"], self.version(data))

    @classmethod
    def confirmation(cls, game: Game, data: Any) -> str | None:
        return gettext("Supprimer cette annonce ? Les suivantes remontent d’un rang.")


class DeckTurnForm(WriteForm):
    """« Tour de paquet terminé »."""

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.add_deck_turn(self.game, self.version(data))

    @classmethod
    def confirmation(cls, game: Game, data: Any) -> str | None:
        """The last deck turn ends the game (/num-check/regles/#arbitrage-horloge): asked first."""
        end, _ = writes.game_clock(game)
        if end.turns_done + 1 < end.turns:
            return None
        return gettext(
            "Dernier tour de paquet : la partie s’arrête. Les CHECK de ce tour sont-ils tous notés ?"
        )


class InvalidCheckForm(WriteForm):
    """A CHECK announced and found invalid, for the table's memory."""

    player = forms.IntegerField(label=gettext_lazy("Joueur"))
    combo = forms.ChoiceField(label=gettext_lazy("Combinaison annoncée"), choices=combo_choices)
    cards = forms.CharField(
        label=gettext_lazy("Cartes montrées"), max_length=120, widget=forms.TextInput(CARD_ATTRS)
    )

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.add_invalid_check(
            self.game, data["player"], data["combo"], data["cards"], self.version(data)
        )


WRITE_FORMS: dict[str, type[WriteForm]] = {
    "claim_add": ClaimAddForm,
    "claim_edit": ClaimEditForm,
    "claim_delete": ClaimDeleteForm,
    writes.DECK_TURN: DeckTurnForm,
    writes.INVALID_CHECK: InvalidCheckForm,
}


def preview(game: Game, player: object, cards: object, combo: object) -> dict[str, Any]:
    """The live score of a claim being entered (``?apercu``), scored as the calculator does
    (/num-check/regles/#reference-et-rang): the one chosen, or else the best, is proposed."""
    out: dict[str, Any] = {"choices": [], "chosen": None, "error": ""}
    try:
        who = services.player_at(game, player)
    except InputError:
        return out
    claimed = [c.combo for c in who.claims.all()]
    rank = len(claimed) + 1
    out.update(player=who, rank=rank)
    text = str(cards or "").strip()
    if not text or rank > 8:
        return out
    try:
        choices = answers.claim_choices(text, rank, claimed)
    except InputError as err:  # a card twice, an unknown card…: said, nothing proposed
        out["error"] = err.message
        return out
    out["choices"] = choices
    wanted = str(combo or "")
    out["chosen"] = next((r for r in choices if r.combo.key == wanted), None) or (
        choices[0] if choices else None
    )
    if not choices:
        out["error"] = gettext(
            "Ces cartes ne forment aucune combinaison encore libre pour {name}."
        ).format(name=who.name)
    return out
