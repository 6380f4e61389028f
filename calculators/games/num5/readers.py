"""Num 5's page fields read, pure: the forms and the offline answers share them, so a page
answered on a phone reads its text exactly as the server does. The engines only (an import
contract checks it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...engines import num5, num5turn
from ...engines.cards import Card, InputError
from ...engines.i18n import gettext
from ...engines.names import name_key, split_names


def sheet_columns(previous: list[str], names: list[str]) -> list[int | None]:
    """For each name, the column its cells were typed under (``None``: a new player).

    Columns follow names (by :func:`names.name_key`), not positions. When the list keeps its
    length and the names that went away sit exactly where the new ones are, they were edited in
    place (« Tom » → « Thomas »): those columns keep their cells.
    """
    keys = [name_key(n) for n in previous]
    free = list(range(len(previous)))
    source: list[int | None] = []
    for name in names:
        key = name_key(name)
        match = next((k for k in free if keys[k] == key), None)
        if match is not None:
            free.remove(match)
        source.append(match)
    new = [j for j, k in enumerate(source) if k is None]
    if new and len(names) == len(previous) and new == free:
        for j in new:
            source[j] = j
    return source


@dataclass(frozen=True, slots=True)
class SheetGrid:
    """A Num 5 sheet's cells after its actions; ``lost``: names whose column went away with
    cells typed in it; ``reshaped``: the sheet's table must be drawn again."""

    grid: list[list[str]]
    removed: int | None
    lost: list[str]
    reshaped: bool


def sheet_grid(
    previous: list[str],
    names: list[str],
    typed: list[list[str]],
    remove: int | None,
    add: bool,
    max_rounds: int,
) -> SheetGrid:
    """The cells ``typed`` under ``previous`` moved to ``names`` (:func:`sheet_columns`), then
    one round removed (0-based) and one added: the sheet's form and the phone's answer share it."""
    source = sheet_columns(previous, names)
    grid = [[row[k] if k is not None else "" for k in source] for row in typed]
    lost = [
        previous[k]
        for k in range(len(previous))
        if k not in source and any(row[k].strip() for row in typed)
    ]
    removed = remove if remove is not None and 0 <= remove < len(grid) else None
    if removed is not None:
        grid.pop(removed)
    if add and len(grid) < max_rounds:
        grid.append([""] * len(names))
    reshaped = (bool(grid) or bool(typed)) and (names != previous) or (len(grid) != len(typed))
    return SheetGrid(grid, removed, lost, reshaped)


@dataclass(frozen=True, slots=True)
class Num5Sheet:
    """A Num 5 sheet read: the game from its complete rounds and, while a round is still being
    entered, the engine's message for it (``pending``, empty once the game is finished)."""

    game: num5.GameResult
    pending: str


def read_num5_sheet(players: str, cells: Sequence[Sequence[str | None]]) -> Num5Sheet:
    """The sheet's names and cells (each: the cards collected, or « plus - minus »,
    /num-5/regles/#arbitrage-tour-t17).

    A round counts only once it is entered (/num-5/regles/#arbitrage-manche-saisie): the sheet
    scores the complete rounds before the first that is not, since an incomplete round is
    normal while a player types; the engine's message for it is ``pending``."""
    names = num5.check_names(split_names(players))
    rounds = [
        [num5.parse_cell(row[j] if j < len(row) else None) for j in range(len(names))]
        for row in cells
    ]
    complete, pending = 0, ""
    for number, row in enumerate(rounds, start=1):
        try:
            num5.check_entered(
                names, row, "rounds", gettext("Manche {number}").format(number=number)
            )
        except InputError as err:
            pending = err.message
            break
        complete += 1
    game = num5.play_game(names, rounds[:complete])
    return Num5Sheet(game, "" if game.finished else pending)


#: The set-up's four rows as a page writes them (``0B``, ``0R``, ``0J``, ``0V``).
SETUP_LINES = tuple(" ".join(str(c) for c in row) for row in num5turn.SETUP)


#: The page's fields of the starting rows, and of the turns already played (in the URL).
ROW_FIELDS = tuple(f"r{i}" for i in range(1, num5turn.ROWS + 1))


TURN_KEYS = tuple(f"t{k}" for k in range(1, num5turn.TURNS_PER_ROUND + 1))


#: a turn played, in the URL: each seat's card, ``@<row>`` after the card when its player chose
#: among tied rows (T8 « Choice », the table position 1–4): ``t1=5R 3A@2 0S``
CHOICE_MARK = "@"


def read_turn_line(line: str, number: int) -> tuple[list[str], list[int | None]]:
    """A played turn from the URL: its cards and, per seat, the chosen row (a table index 0–3,
    ``None`` for table order)."""
    cards: list[str] = []
    rows: list[int | None] = []
    for token in line.split():
        card, mark, row = token.partition(CHOICE_MARK)
        cards.append(card)
        if not mark:
            rows.append(None)
        elif row.isdecimal() and row.isascii() and 1 <= int(row) <= num5turn.ROWS:
            rows.append(int(row) - 1)
        else:
            raise InputError(
                "history",
                gettext("Tour {number} : « {token} » : la rangée choisie va de 1 à {last}.").format(
                    number=number, token=token, last=num5turn.ROWS
                ),
            )
    return cards, rows


def turn_line(result: num5turn.TurnResult, rows: Sequence[int | None]) -> str:
    """A played turn as the URL keeps it (:func:`read_turn_line`)."""
    return " ".join(
        f"{p.card}{CHOICE_MARK}{row + 1}" if row is not None else str(p.card)
        for p, row in zip(result.players, [*rows, *[None] * len(result.players)], strict=False)
    )


def history_of(values: Mapping[str, object]) -> list[str]:
    """The turns already played, ``t1``, ``t2`` … up to the first missing one, spaces tidied."""
    history: list[str] = []
    for key in TURN_KEYS:
        line = values.get(key)
        if line is None:
            break
        history.append(" ".join(str(line).split()))
    return history


@dataclass
class Replay:
    """A round replayed from a page's fields, as far as it goes: when a turn is refused the
    replay keeps what came before (the page still draws that table) and the error is raised."""

    start: tuple[tuple[Card, ...], ...] = num5turn.SETUP
    before: tuple[tuple[Card, ...], ...] = ()
    state: num5turn.RoundState | None = None
    turns: list[num5turn.TurnResult] | None = None
    choices: list[list[int | None]] | None = None
    played_now: bool = False

    def run(
        self,
        players: str,
        explosion: bool,
        start_rows: Sequence[str],
        history: Sequence[str],
        cards: Sequence[str] | None = None,
    ) -> num5turn.RoundState:
        """The round (/num-5/regles/#arbitrage-tour-t1 …) from ``start_rows``, ``history``
        replayed, then the next turn played with ``cards`` when given (a tie goes to table order
        until chosen)."""
        self.turns, self.choices = [], []
        variant = num5turn.EXPLOSION if explosion else num5turn.NORMAL
        rows = [row or setup for row, setup in zip(start_rows, SETUP_LINES, strict=True)]
        state = num5turn.start_round(split_names(players), variant, rows)
        self.start = before = state.rows
        for number, line in enumerate(history, start=1):
            turn_cards, choices = read_turn_line(line, number)
            try:
                after, result = num5turn.play_round_turn(state, turn_cards, choices)
            except InputError as err:
                prefix = gettext("Tour ")
                message = (
                    err.message
                    if err.message.startswith(prefix)
                    else gettext("Tour {number} : {message}").format(
                        number=number, message=err.message
                    )
                )
                raise InputError("history", message) from None
            before, state = state.rows, after
            self.turns.append(result)
            self.choices.append(choices)
        self.before, self.state = before, state
        if cards is not None:
            after, result = num5turn.play_round_turn(state, list(cards))
            self.before, self.state = state.rows, after
            self.turns.append(result)
            self.choices.append([None] * len(cards))
            self.played_now = True
        return self.state

    def history_lines(self) -> list[str]:
        """Each turn played as the URL keeps it: its cards and its players' row choices."""
        return [
            turn_line(result, rows)
            for result, rows in zip(self.turns or [], self.choices or [], strict=True)
        ]
