"""A game's hooks into the Parties core.

Each game with Parties (``registry.PARTY_GAMES``) has a folder ``calculators/games/<package>/``
whose ``party`` package defines ``KIND``, a :class:`PartyKind`: how its board is computed by the
engines, what it adds to the party's JSON, its CSV columns, its write forms and API routes, and
what its part of the page needs. Its writes (with their do/undo) are registered in the action
table (:mod:`.actions`) when that package is imported, which :func:`load` does for every game
when the app is ready. The core never names a game: it asks :func:`of`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, gettext_noop

from ..core import registry
from ..core.registry import GameSpec
from ..engines.cards import InputError

if TYPE_CHECKING:
    from django.http import HttpRequest
    from ninja import Router

    from .board import Board, BoardRow
    from .forms import WriteForm
    from .models import Game, Player


class PartyKind:
    """What the Parties core asks of a game. A game's ``KIND`` subclasses it."""

    spec: GameSpec
    #: the page's write forms by action name (``/parties/<token>/<name>/``)
    write_forms: Mapping[str, type[WriteForm]] = {}
    #: the game's own routes of the Parties API (``/parties/{token}/…``, built with
    #: :func:`calculators.parties.api.route`), added to the API by ``calculators.api_urls``
    api_router: Router | None = None
    #: the scoreboard's last column is the round wins (Num 5), not the title
    ranked_by_wins = False
    #: the standings count each player's entries out of this many (NUM CHECK's claims / 8)
    entries_out_of = 0
    #: the standings' column of ``BoardRow.total``: its head (French, marked with
    #: ``gettext_noop``, translated where it is shown) and its short head on a phone
    total_label = gettext_noop("Points")
    total_short = gettext_noop("Pts")
    #: whether a higher ``BoardRow.total`` is better (points), or a lower one (Num Connect's
    #: cards left): what an event's « points relatifs » tie-break follows (docs/events.md)
    total_higher_better = True

    def entries_made(self, row: BoardRow) -> int:
        """How many entries of :attr:`entries_out_of` the player has made."""
        return 0

    @property
    def template(self) -> str:
        """The game's part of the party page: its ``#board`` and ``#entry`` partials."""
        return f"games/{self.spec.package}/party.html"

    def board(self, game: Game, players: list[Player]) -> Board:
        """Every score of the game, recomputed by the engines from what is stored."""
        raise NotImplementedError

    def json(self, game: Game, board: Board, rows: list[BoardRow]) -> dict[str, Any]:
        """What the game adds to the party's JSON answer (its claims, grids or rounds)."""
        raise NotImplementedError

    def csv(self, board: Board, row: Callable[..., None]) -> None:
        """The game's rows of the CSV export, written with ``row(*cells)``."""
        raise NotImplementedError

    def has_entries(self, game: Game) -> bool:
        """Whether anything was entered yet (players are added only before that)."""
        raise NotImplementedError

    def ended(self, game: Game) -> bool:
        """Whether the game's own rules ended it, as its board says (NUM CHECK: 8 combinations
        of one player, or the last deck turn), unless a reopen lifted that end: the write frame
        then refuses every write but undo, redo and reopen, as for a game the table finished
        (:func:`.services.finished`). None by default: the table says when it is over."""
        return False

    def ended_among(self, games: Sequence[Game]) -> set[int]:
        """The ids of ``games`` (all of this game) that :meth:`ended` says its rules ended:
        for a listing of many parties (a tablée's statistics), which a game answers in a
        constant number of queries when it has a clock. None by default."""
        return {g.pk for g in games if self.ended(g)}

    def boards(self, games: Sequence[Game]) -> dict[int, Board]:
        """The boards of many parties of this game by id (a tablée's statistics; their players
        and rounds prefetched): a game whose board reads more rows overrides it to read them
        in bulk, in a constant number of queries."""
        return {g.pk: self.board(g, list(g.players.all())) for g in games}

    # A tablée's statistics (calculators/tablees/stats.py keeps the totals every game has,
    # and asks the game for its own numbers and its own cells).

    #: the game's cells in a tablée's statistics table: a template of its own
    #: (``games/<package>/stats.html``) whose partials ``head`` (its column heads) and
    #: ``cells`` (one player's cells, from ``s``: :meth:`stats`'s numbers, and ``cells``:
    #: :meth:`stats_cells`) the table includes; none by default
    stats_template: str = ""

    def stats_seat(self, board: Board, row: BoardRow, index: int) -> dict[str, Any]:
        """What the statistics keep of one player's party (``row``, their ``index`` in the
        seating) besides the total, title and place, as JSON: nothing by default."""
        return {}

    def stats(self, seats: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """One player's own numbers over their finished parties of this game, from each
        party's :meth:`stats_seat` (JSON, kept in the cache): nothing by default."""
        return {}

    def stats_cells(self, numbers: dict[str, Any]) -> Any:
        """What :attr:`stats_template`'s cells draw besides ``numbers`` (names in the reader's
        language): nothing by default."""
        return None

    def stats_chart(self, seats: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """What the game adds to its charts' numbers, from the members' seats' details."""
        return {}

    def lifted(self, game: Game) -> Any:
        """The end the game's rules have reached, as a reopen keeps it in its entry (JSON):
        :meth:`ended` no longer counts it while that reopen is in effect."""
        return None

    def deck(self, values: object, players: int) -> str:
        """The deck a new party keeps (``Game.values``): none unless the game has decks."""
        if values not in (None, ""):
            names = ", ".join(g.name for g in registry.PARTY_GAMES if g.decks)
            raise InputError(
                "values",
                gettext("Le choix du paquet ne concerne que {names}.").format(names=names),
            )
        return ""

    def page_context(self, request: HttpRequest, game: Game, board: Board) -> dict[str, Any]:
        """What the game's part of the edit page needs besides the board."""
        return {}

    def finish_label(self, board: Board) -> str:
        """The words of the button that ends the game."""
        return gettext("Terminer la partie")


@cache
def for_spec(spec: GameSpec) -> PartyKind:
    """The hooks of a game with Parties (``calculators.games.<package>.party.KIND``)."""
    kind: PartyKind = registry.module(spec, "party").KIND
    return kind


def of(game: Game) -> PartyKind:
    """The hooks of a stored party's game."""
    return for_spec(registry.by_kind(game.kind))


def load() -> list[PartyKind]:
    """Every game's hooks, imported once (their actions registered): at app start-up."""
    return [for_spec(spec) for spec in registry.PARTY_GAMES]
