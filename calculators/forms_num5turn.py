"""Num 5 « Jouer un tour »: the query string → a round replayed turn by turn (engine num5turn).

The state lives in the URL: ``players`` (seat order, commas), ``explosion``, the starting rows
``r1``–``r4`` (the set-up when absent), the turns already played ``t1``, ``t2`` … (one card per
player, seat order) and, when a turn is being played, each player's revealed card ``c0``, ``c1`` …
with ``play``. The engine replays every turn; this form only maps its errors to the fields.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import forms
from django.utils.translation import gettext, gettext_lazy

from .engines import num5turn
from .engines.cards import InputError
from .fields import CardInput
from .forms import EngineForm

SETUP_LINES = tuple(" ".join(str(c) for c in row) for row in num5turn.SETUP)
ROW_FIELDS = tuple(f"r{i}" for i in range(1, num5turn.ROWS + 1))
TURN_KEYS = tuple(f"t{k}" for k in range(1, num5turn.TURNS_PER_ROUND + 1))


def split_names(text: str) -> list[str]:
    return [n.strip() for n in (text or "").split(",") if n.strip()]


class TurnForm(EngineForm):
    """The round so far (replayed from the URL) and, with ``play``, the next turn's cards."""

    players = forms.CharField(
        label=gettext_lazy("Joueurs"),
        max_length=300,
        help_text=gettext_lazy(
            "De 3 à 8 noms, dans l'ordre de la table, séparés par des virgules."
        ),
    )
    explosion = forms.BooleanField(
        label=gettext_lazy("Variante « Explosion de rangée »"), required=False
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        data = self.data
        for number, setup in enumerate(SETUP_LINES, start=1):
            self.fields[f"r{number}"] = forms.CharField(
                label=gettext("Rangée {number}").format(number=number),
                required=False,
                max_length=60,
                initial=setup,
            )
        self.history: list[str] = []
        for key in TURN_KEYS:
            line = data.get(key)
            if line is None:
                break
            self.history.append(" ".join(str(line).split()))
        self.names = split_names(data.get("players", "")) if self.is_bound else []
        self.playing = self.is_bound and "play" in data
        for index, name in enumerate(self.names[: num5turn.MAX_PLAYERS]):
            attrs = {
                "class": "form-control form-control-sm card-input",
                "data-place": f"id_c{index}",
                "aria-label": gettext("Carte de {name}").format(name=name),
                "data-testid": f"card-{index}",
            }
            self.fields[f"c{index}"] = forms.CharField(
                label=name, required=False, max_length=20, widget=CardInput(attrs, chips=False)
            )
        self.card_fields = tuple(f"c{i}" for i in range(len(self.names)))
        self.style_widgets()
        for name in ROW_FIELDS:
            self.fields[name].widget.attrs.update(
                {
                    "class": "form-control form-control-sm",
                    "autocomplete": "off",
                    "autocapitalize": "characters",
                    "spellcheck": "false",
                }
            )
        self.state: num5turn.RoundState | None = None
        self.turns: list[num5turn.TurnResult] = []
        self.before: tuple[tuple[Any, ...], ...] = ()
        self.start: tuple[tuple[Any, ...], ...] = num5turn.SETUP
        self.played_now = False

    def card_bound_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.card_fields]

    def row_bound_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in ROW_FIELDS]

    def start_rows(self) -> list[str]:
        return [
            self.cleaned_data.get(name) or setup
            for name, setup in zip(ROW_FIELDS, SETUP_LINES, strict=True)
        ]

    def run(self) -> num5turn.RoundState | None:
        data = self.cleaned_data
        variant = num5turn.EXPLOSION if data.get("explosion") else num5turn.NORMAL
        state = num5turn.start_round(split_names(data["players"]), variant, self.start_rows())
        self.start = before = state.rows
        for number, line in enumerate(self.history, start=1):
            try:
                after, result = num5turn.play_round_turn(state, line.split())
            except InputError as err:
                message = (
                    err.message
                    if err.message.startswith(gettext("Tour "))
                    else (
                        gettext("Tour {number} : {message}").format(
                            number=number, message=err.message
                        )
                    )
                )
                raise InputError("history", message) from None
            before, state = state.rows, after
            self.turns.append(result)
        self.before, self.state = before, state  # the table, even if this turn is refused
        if self.playing:
            cards = [data.get(name, "") for name in self.card_fields]
            after, result = num5turn.play_round_turn(state, cards)
            self.before, self.state = state.rows, after
            self.turns.append(result)
            self.played_now = True
            # The next turn's places are drawn empty again.
            self.data = self.data.copy()
            for name in self.card_fields:
                self.data.pop(name, None)
        return self.state

    def error_target(self, err: InputError) -> str | None:
        if isinstance(err, num5turn.PlaceError):
            name = f"r{err.index + 1}" if err.field == "rows" else f"c{err.index}"
            return name if name in self.fields else None
        return "players" if err.field == "players" else None

    # ------------------------------------------------------------------ URLs of the state

    def query(self, turns: int | None = None, *, rows: bool = True) -> str:
        """The shareable query string of this round after ``turns`` turns (all by default)."""
        assert self.state is not None
        params: list[tuple[str, str]] = [("players", ", ".join(self.state.players))]
        if self.state.variant == num5turn.EXPLOSION:
            params.append(("explosion", "on"))
        if rows:
            params += [
                (name, " ".join(str(c) for c in row))
                for name, row, setup in zip(ROW_FIELDS, self.start, num5turn.SETUP, strict=True)
                if row != setup
            ]
        played = self.turns if turns is None else self.turns[:turns]
        params += [
            (f"t{k}", " ".join(str(p.card) for p in result.players))
            for k, result in enumerate(played, start=1)
        ]
        return urlencode(params)

    @property
    def from_setup(self) -> bool:
        """A real round: it started from the set-up ``0B 0R 0J 0V``."""
        return self.start == num5turn.SETUP

    def tally_query(self) -> str:
        """The Num 5 sheet pre-filled with this round: one cell of collected cards per player."""
        assert self.state is not None
        params: list[tuple[str, str]] = [("players", ", ".join(self.state.players))]
        if self.state.variant == num5turn.EXPLOSION:
            params.append(("explosion", "on"))
        params.append(("n", "1"))
        params += [
            (f"r0_{j}", " ".join(str(c) for c in entry.cards or ()))
            for j, entry in enumerate(self.state.entries())
        ]
        return urlencode(params)
