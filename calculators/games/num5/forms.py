"""Num 5's forms: the sheet of rounds, and a round played turn by turn (« Jouer un tour »).

Both keep their state in the URL, so a shared link replays it; the engines replay every turn,
the forms only map their errors to the fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import QueryDict
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from ...core.registry import NUM5
from ...engines import num5, num5turn
from ...engines.cards import Card, InputError
from ...engines.names import split_names
from ...engines.numbers import parse_whole
from ...web.fields import CardInput, place
from ...web.forms import EngineForm
from .readers import (
    ROW_FIELDS,
    SETUP_LINES,
    Replay,
    history_of,
    read_num5_sheet,
    sheet_grid,
    turn_line,
)


def _explosion_label() -> str:
    """« Variante « Explosion de rangée » », the mode's name from the registry."""
    return gettext("Variante « {mode} »").format(mode=gettext(NUM5.mode(num5turn.EXPLOSION).label))


class Num5Form(EngineForm):
    """Num 5 sheet: names once, then rounds; the state lives in the URL.

    Its parameters are permalinks that shared URLs keep using. ``was`` names the columns the
    cells were typed under, so that each cell follows its player's name when the names change.
    """

    players = forms.CharField(
        label=gettext_lazy("Joueurs"),
        max_length=300,
        help_text=lazy(
            lambda: gettext("De {low} à {high} noms, séparés par des virgules.").format(
                low=NUM5.players[0], high=NUM5.players[1]
            ),
            str,
        )(),
    )
    explosion = forms.BooleanField(label=lazy(_explosion_label, str)(), required=False)
    MAX_ROUNDS = 30
    #: Columns drawn at most (the engine refuses more than 8 players, naming the count).
    MAX_COLUMNS = 2 * num5.MAX_PLAYERS
    CELL_LENGTH = 200

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names: list[str] = []
        self.round_count = 0
        #: the table's rows or columns changed (the whole calculator must be drawn again)
        self.reshaped = False
        #: what a removal discarded, and the query string that brings it back (« Rétablir »)
        self.discarded = ""
        self.removed_round: int | None = None  # 1-based, when ✕ removed one
        self.restore_query = ""
        #: the bound data once the actions are applied: the sheet as drawn (``permalink``)
        self.sheet_state: QueryDict = QueryDict()
        #: the engine's message for the first round not entered yet
        self.pending = ""
        # The page's note under the field (« Les cases suivent le nom de leur joueur. »).
        self.fields["players"].widget.attrs["aria-describedby"] = "num5-players-note"
        if self.is_bound:
            self._apply_actions()
        for i in range(self.round_count):
            for j, name in enumerate(self.names):
                attrs = {
                    "class": "form-control form-control-sm card-input",
                    "enterkeyhint": "go",
                    "data-testid": f"cell-{i}-{j}",
                    "data-place": f"id_r{i}_{j}",
                    "aria-label": gettext("Manche {number}, {name}").format(
                        number=i + 1, name=name
                    ),
                    "aria-describedby": "num5-cell-help",
                }
                self.fields[f"r{i}_{j}"] = place(
                    forms.CharField(
                        required=False,
                        max_length=self.CELL_LENGTH,
                        label=gettext("Manche {number}, {name}").format(number=i + 1, name=name),
                        widget=CardInput(attrs, chips=False),
                    )
                )
        self.style_widgets()

    def _apply_actions(self) -> None:
        """Remap the cells to the current names, then add or remove a round, into ``self.data``."""
        raw = self.data
        names = split_names(str(raw.get("players") or ""))
        names = names[: self.MAX_COLUMNS]
        was = raw.get("was")
        previous = names if was is None else split_names(str(was))
        previous = previous[: self.MAX_COLUMNS]
        count = min(parse_whole(raw.get("n")) or 0, self.MAX_ROUNDS)
        typed = [
            [str(raw.get(f"r{i}_{j}") or "") for j in range(len(previous))] for i in range(count)
        ]
        sheet = sheet_grid(
            previous, names, typed, parse_whole(raw.get("remove")), "add" in raw, self.MAX_ROUNDS
        )
        grid = sheet.grid
        messages = [gettext("Colonne de {name} retirée.").format(name=name) for name in sheet.lost]
        if sheet.removed is not None:
            self.removed_round = sheet.removed + 1
            messages.append(gettext("Manche {value} supprimée.").format(value=sheet.removed + 1))
        if messages:
            self.discarded = " ".join(messages)
            self.restore_query = self._query(raw.get("players") if was is None else was, typed)
        self.reshaped = sheet.reshaped
        self.names, self.round_count = names, len(grid)
        state = self._state(raw.get("players"), grid)
        state["was"] = ", ".join(names)
        self.data = self.sheet_state = state

    def _state(self, players: object, grid: list[list[str]]) -> QueryDict:
        state = QueryDict(mutable=True)
        state["players"] = str(players or "")
        if self.data.get("explosion"):
            state["explosion"] = str(self.data["explosion"])
        state["n"] = str(len(grid))
        for i, row in enumerate(grid):
            for j, cell in enumerate(row):
                if cell:
                    state[f"r{i}_{j}"] = cell
        return state

    def _query(self, players: object, grid: list[list[str]]) -> str:
        return self._state(players, grid).urlencode(safe=",")

    def permalink(self) -> str:
        """The query string of the sheet as drawn (the actions applied, ``was`` left out)."""
        state = self.sheet_state.copy()
        state.pop("was", None)
        return state.urlencode(safe=",")

    def rows(self) -> list[list[forms.BoundField]]:
        return [
            [self[f"r{i}_{j}"] for j in range(len(self.names))] for i in range(self.round_count)
        ]

    def cell_errors(self) -> list[str]:
        """Errors of single cells (too long, a NUL byte…), named by their round and player."""
        return [
            f"{self.fields[name].label} : {error}"
            for name, errors in self.errors.items()
            if name.startswith("r") and name in self.fields
            for error in errors
        ]

    def run(self) -> num5.GameResult:
        """Score the rounds entered; the first round not entered yet is reported, not counted
        (:func:`.readers.read_num5_sheet`, /num-5/regles/#arbitrage-manche-saisie)."""
        count = len(split_names(self.cleaned_data["players"]))
        cells = [
            [self.cleaned_data.get(f"r{i}_{j}") for j in range(count)]
            for i in range(self.round_count)
        ]
        sheet = read_num5_sheet(self.cleaned_data["players"], cells)
        self.pending = sheet.pending
        return sheet.game

    def error_target(self, err: InputError) -> str | None:
        return "players" if err.field == "players" else None  # round errors above the table


class TurnForm(EngineForm):
    """The round so far (replayed from the URL) and, with ``play``, the next turn's cards."""

    players = forms.CharField(
        label=gettext_lazy("Joueurs"),
        max_length=300,
        help_text=lazy(
            lambda: gettext(
                "De {low} à {high} noms, dans l’ordre de la table, séparés par des virgules."
            ).format(low=NUM5.players[0], high=NUM5.players[1]),
            str,
        )(),
    )
    explosion = forms.BooleanField(label=lazy(_explosion_label, str)(), required=False)

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
        self.history: list[str] = history_of(data)
        self.names = split_names(data.get("players", "")) if self.is_bound else []
        self.playing = self.is_bound and "play" in data
        for index, name in enumerate(self.names[: num5.MAX_PLAYERS]):
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
        #: per turn played, each seat's chosen row among tied rows (``None``: table order)
        self.choices: list[list[int | None]] = []
        self.before: tuple[tuple[Card, ...], ...] = ()
        self.start: tuple[tuple[Card, ...], ...] = num5turn.SETUP
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
        cards = [data.get(name, "") for name in self.card_fields] if self.playing else None
        replay = Replay()
        try:
            replay.run(
                data["players"], bool(data.get("explosion")), self.start_rows(), self.history, cards
            )
        finally:  # the table so far, even if this turn is refused
            self.start, self.before, self.state = replay.start, replay.before, replay.state
            self.turns, self.choices = replay.turns or [], replay.choices or []
            self.played_now = replay.played_now
        if self.played_now:
            # The next turn's places are drawn empty again.
            redrawn = self.data_copy()
            for name in self.card_fields:
                redrawn.pop(name, None)
            self.data = redrawn
        return self.state

    def error_target(self, err: InputError) -> str | None:
        if isinstance(err, num5turn.PlaceError):
            name = f"r{err.index + 1}" if err.field == "rows" else f"c{err.index}"
            return name if name in self.fields else None
        return "players" if err.field == "players" else None

    # ------------------------------------------------------------------ URLs of the state

    def history_lines(self) -> list[str]:
        """Each turn played as the URL keeps it: its cards and its players' row choices."""
        return [
            turn_line(result, rows) for result, rows in zip(self.turns, self.choices, strict=True)
        ]

    def query(
        self,
        turns: int | None = None,
        *,
        rows: bool = True,
        last_choices: Sequence[int | None] | None = None,
    ) -> str:
        """The shareable query string of this round after ``turns`` turns (all by default);
        ``last_choices``: other row choices for the last of them (a tie chosen on the page)."""
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
        lines = self.history_lines() if turns is None else self.history_lines()[:turns]
        if last_choices is not None and lines:
            lines[-1] = turn_line(self.turns[len(lines) - 1], last_choices)
        params += [(f"t{k}", line) for k, line in enumerate(lines, start=1)]
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
