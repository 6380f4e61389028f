"""Parties forms: request data → service call. A service's :class:`InputError` lands on a field.

Each write form names its service in :meth:`WriteForm.write`; the view only asks
``form.is_valid()`` and renders. The writes every game has are here; a game's own write forms
are in its folder (``calculators/games/<game>/party/forms.py``) and reach the page through its
hooks (:func:`write_forms`). Every write form of the pages carries ``seen``, the version its
page was drawn at: a write is applied to the sheet as it is when it arrives, and refused only
when a write the phone has not seen changed what this one changes (:class:`.frame.Seen`);
the refusal keeps what was typed and the page offers to write anyway, having seen it.
``if_version`` keeps its strict meaning (any write since refuses) for a client that sends it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from ..core import registry
from ..engines.cards import InputError
from ..engines.numbers import parse_whole
from . import frame, kinds, undo, writes
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
        label=gettext_lazy("Joueurs, dans l’ordre de la table"),
        widget=forms.Textarea(attrs={"rows": 6, "class": "form-control"}),
        help_text=lazy(lambda: players_help(), str)(),
    )
    values = forms.ChoiceField(
        label=gettext_lazy("Paquet (NUM DRAFT)"),
        required=False,
        choices=[
            ("", gettext_lazy("Selon le nombre de joueurs")),
            *((d.key, gettext_lazy(d.label)) for g in registry.PARTY_GAMES for d in g.decks),
        ],
        widget=forms.Select(attrs={"class": "form-select"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for game in registry.PARTY_GAMES:
            if not game.modes:  # a game played one way (Num Connect) has no mode to choose
                continue
            self.fields[f"mode_{game.kind}"] = forms.ChoiceField(
                label=gettext("Mode ({label})").format(label=game.name),
                choices=[(m.key, gettext_lazy(m.label)) for m in game.modes],
                required=False,
                widget=forms.Select(attrs={"class": "form-select", "data-for-kind": game.kind}),
            )
        self.game: Game | None = None

    def kind_options(self) -> list[tuple[Any, forms.BoundField | None, bool]]:
        """Each game's radio button with its mode field (``None`` for a game without modes),
        and whether the deck is chosen too: the page draws them together, and shows only the
        chosen game's (numsite.css)."""
        return [
            (radio, self[f"mode_{game.kind}"] if game.modes else None, bool(game.decks))
            for radio, game in zip(self["kind"], registry.PARTY_GAMES, strict=True)
        ]

    def clean(self) -> dict[str, Any] | None:
        data = super().clean()
        if self.errors or data is None:
            return data
        kind = data["kind"]
        try:
            self.game = writes.create_game(
                kind,
                data.get(f"mode_{kind}"),
                [line for line in data["players"].splitlines() if line.strip()],
                data.get("values") if registry.by_kind(kind).decks else "",
            )
        except InputError as err:
            self.add_error(err.field if err.field in self.fields else "players", err.message)
        return data


class WholeNumberField(forms.IntegerField):
    """Django's ``IntegerField`` reading ASCII digits only (``calculators.engines.numbers``):
    ``int()`` would take ``٣`` (an Arabic-Indic 3) or ``1_0`` for numbers."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        number = parse_whole(value if isinstance(value, str) else str(value), signed=True)
        if number is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number


class WriteForm(forms.Form):
    """A write to a party: ``write()`` calls the service, its errors land on the fields.

    Every plain ``IntegerField`` of a write form (the games' own included) reads as a
    :class:`WholeNumberField`."""

    if_version = WholeNumberField(required=False, widget=forms.HiddenInput)
    seen = WholeNumberField(required=False, min_value=0, widget=forms.HiddenInput)
    #: service error field → form field, where they differ
    field_map: dict[str, str] = {}

    def __init__(self, game: Game, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():  # this form's own copies
            if type(field) is forms.IntegerField:
                field.__class__ = WholeNumberField
        self.game = game
        self.entry: HistoryEntry | None = None
        self.conflict: frame.Conflict | None = None
        #: set before validating: the write is refused with this message, never carried out
        self.refusal: str | None = None

    def write(self, data: dict[str, Any]) -> HistoryEntry:  # pragma: no cover - per form
        raise NotImplementedError

    @classmethod
    def confirmation(cls, game: Game, data: Any) -> str | None:
        """The question to ask before this write, when it ends something (finish, a removal,
        new links…): the page shows it as a step of its own, so it works without JavaScript;
        the write is made when the answer comes back with ``confirm=1``. ``None``: no question."""
        return None

    @staticmethod
    def version(data: dict[str, Any]) -> object:
        """What the service checks: ``if_version`` when sent (strict), else what the page saw."""
        if data.get("if_version") is not None:
            return data["if_version"]
        if data.get("seen") is not None:
            return frame.Seen(data["seen"])
        return None

    def clean(self) -> dict[str, Any] | None:
        data = super().clean()
        if self.refusal is not None:
            self.add_error(None, self.refusal)
            return data
        if self.errors or data is None:
            return data
        try:
            self.entry = self.write(data)
        except InputError as err:
            field = self.field_map.get(err.field, err.field)
            self.add_error(field if field in self.fields else None, err.message)
        except frame.Conflict as err:
            self.conflict = err
            self.add_error(None, err.message)
        return data


class RenameForm(WriteForm):
    player = WholeNumberField(label=gettext_lazy("Joueur"))
    name = forms.CharField(label=gettext_lazy("Nouveau nom"), max_length=200)

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.rename(self.game, data["player"], data["name"], self.version(data))


class PlayerAddForm(WriteForm):
    name = forms.CharField(label=gettext_lazy("Nom du joueur"), max_length=200)

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return writes.add_player(self.game, data["name"], self.version(data))


class UndoForm(WriteForm):
    """« Annuler »: the write named by ``target`` (its version: this phone's latest, named on
    the button), undone alone; without it, the latest write in effect."""

    target = WholeNumberField(required=False, min_value=1, widget=forms.HiddenInput)
    field_map = {"version": "target"}

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        if data.get("target") is None:
            return undo.undo(self.game, self.version(data))
        return undo.undo_entry(self.game, data["target"], self.version(data))


class UndoEntryForm(WriteForm):
    """« Retirer » on a line of the history: the write ``target`` names undone alone, whoever wrote it; asked
    first, naming it."""

    target = WholeNumberField(min_value=1, widget=forms.HiddenInput)
    field_map = {"version": "target"}

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        return undo.undo_entry(self.game, data["target"], self.version(data))

    @classmethod
    def confirmation(cls, game: Game, data: Any) -> str | None:
        number = parse_whole(str(data.get("target", "")))
        if number is None or not 0 < number < 2**31:  # a column of PostgreSQL's integers
            return None  # refused by the write, at its field
        entry = game.history.filter(version=number).first()
        if entry is None:
            return None  # refused by the write, at its field
        return gettext(
            "Retirer « {entry} » ? Seule cette écriture est annulée : celles d’après restent."
        ).format(entry=undo.named(entry))


def plain(
    service: Callable[[Game, object], HistoryEntry],
    question: Callable[[Game, Any], str | None] | None = None,
) -> type[WriteForm]:
    """The form of a write without fields; ``question(game, data)`` asks first when given."""

    class PlainForm(WriteForm):
        def write(self, data: dict[str, Any]) -> HistoryEntry:
            return service(self.game, self.version(data))

        @classmethod
        def confirmation(cls, game: Game, data: Any) -> str | None:
            return question(game, data) if question else None

    PlainForm.__name__ = f"{service.__name__.title()}Form"
    return PlainForm


#: the writes every game has, by action name (``/parties/<token>/<name>/``)
WRITE_FORMS: dict[str, type[WriteForm]] = {
    "rename": RenameForm,
    "player_add": PlayerAddForm,
    "undo": UndoForm,
    "undo_entry": UndoEntryForm,
    "redo": plain(undo.redo),
    "finish": plain(
        writes.finish, lambda g, d: gettext("Terminer la partie ? Vous pourrez la rouvrir.")
    ),
    "reopen": plain(writes.reopen),
    "rotate": plain(
        writes.rotate,
        lambda g, d: gettext(
            "Créer de nouveaux liens ? Les anciens cesseront aussitôt de fonctionner : chaque téléphone devra recevoir le nouveau."
        ),
    ),
}


def write_forms(game: Game) -> dict[str, type[WriteForm]]:
    """Every write form of a party: the core's and its game's."""
    return {**WRITE_FORMS, **kinds.of(game).write_forms}
