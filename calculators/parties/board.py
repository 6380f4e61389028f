"""Reading a party: its board (every score, recomputed by the engines) and its CSV export.

Scores are never stored: each game's hooks (:mod:`.kinds`) ask its engine for the whole sheet
from the stored entries. The board is the same for the page, the live poll, the JSON API and
the export.
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any

from django.core.cache import caches
from django.utils import dateformat, timezone, translation
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from ..engines.standings import standings
from . import kinds
from .models import Game, HistoryEntry, Player


@dataclass
class BoardRow:
    """One player on the live board."""

    player: Player
    total: int
    title: str = ""
    position: int = 0
    wins: int = 0
    detail: Any = None  # the engine's result for this player (claims, pool, …)


@dataclass
class Board:
    game: Game
    rows: list[BoardRow]
    finished: bool
    winners: tuple[str, ...] = ()
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ranking(self) -> list[BoardRow]:
        return sorted(self.rows, key=lambda r: (r.position, r.player.seat))


def place(rows: list[BoardRow], key: Callable[[BoardRow], tuple[int, ...]]) -> None:
    """Shared positions « 1, 2, 2, 4 », by the engines' one standings rule."""
    for standing in standings(rows, key):
        standing.item.position = standing.position


def leaders(rows: list[BoardRow]) -> tuple[str, ...]:
    """The players in first position, in seat order."""
    return tuple(
        r.player.name for r in sorted(rows, key=lambda r: r.player.seat) if r.position == 1
    )


def board(game: Game) -> Board:
    """Every score of the game, recomputed by the engines."""
    return kinds.of(game).board(game, list(game.players.all()))


def game_key(game: Game) -> str:
    """The game in a cache key: a digest of its edit token, never its id (a deleted game's id
    may be given again by SQLite, its token never; and no secret goes into a key)."""
    return hashlib.sha256(game.edit_token.encode()).hexdigest()[:32]


# --------------------------------------------------------------------------- the history list

#: the history the page shows: the latest writes, newest first
HISTORY_SHOWN = 100
HISTORY_CACHE_SECONDS = 24 * 3600


@dataclass(frozen=True)
class HistoryLine:
    """One write in the page's history: its version, its summary (safe HTML, the reader's
    language) and its drawn ``<li>``."""

    version: int
    summary_html: SafeString
    html: SafeString


class History(list[HistoryLine]):
    """The history the page shows (:func:`history`), and all its lines drawn as one."""

    @cached_property
    def html(self) -> SafeString:
        return mark_safe("".join(line.html for line in self))  # lines of safe HTML


def _history_line(entry: HistoryEntry, language: str) -> tuple[str, str]:
    """An entry's summary and its ``<li>``: the time of the write (« 21 h 05 » in French,
    « 21:05 » otherwise), its summary, struck through with « (annulée) » for assistive
    technology once undone."""
    summary = entry.summary_html
    at = timezone.localtime(entry.at)
    when = (
        dateformat.format(at, "G \\h i") if language == "fr" else dateformat.time_format(at, "H:i")
    )
    if entry.state in (HistoryEntry.State.UNDONE, HistoryEntry.State.DROPPED):
        line = format_html(
            '<li class="text-decoration-line-through text-body-secondary">{} — {} '
            '<span class="visually-hidden">{}</span></li>',
            when,
            summary,
            gettext("(annulée)"),
        )
    else:
        line = format_html("<li>{} — {}</li>", when, summary)
    return str(summary), str(line)


def _with_targets(entries: list[HistoryEntry]) -> list[HistoryEntry]:
    """``entries`` with the entries their undo or redo targets set: from among themselves
    when there (an undo and the entry whose state it changed are drawn together), the others
    in one more query."""
    by_id = {e.pk: e for e in entries}
    wanted = {e.target_id for e in entries if e.target_id is not None} - by_id.keys()
    targets = {**HistoryEntry.objects.in_bulk(wanted), **by_id} if wanted else by_id
    for e in entries:
        target = targets.get(e.target_id) if e.target_id is not None else None
        if target is not None:
            e.target = target
    return entries


def _shown_as(entry: HistoryEntry) -> tuple[int, int, str, datetime]:
    """What tells an entry's history line from any other's: its id, version, state and time."""
    return (entry.pk, entry.version, entry.state, entry.at)


def history(game: Game, known: Iterable[HistoryEntry] = ()) -> History:
    """The latest :data:`HISTORY_SHOWN` writes of ``game``, newest first, each drawn once.

    A line is a function of its entry's version, state and language alone: the summary is
    rendered from the entry's own data (an undo or redo from its target's, which never
    changes), the time is the write's. So the lines drawn are kept in the ``board`` cache (each
    process's memory, numsite/settings.py), one mapping per game and language keyed by
    ``(id, version, state, time)``: the time tells a write from one rolled back after its
    answer drew its line (SQLite gives the next write the same id and version). After a
    write only its own
    entry (and, for an undo or redo, the entry whose state it changed; for any other write,
    the undone entries it drops) is drawn, whatever the length of the history. The ids,
    versions, states and times come from one query of four columns; the missing entries from a
    second one, by id (and their undo or redo targets, when not among them, from a third),
    but for those of ``known`` (the entry a write just made) as they are stored. The summaries
    and lines are safe HTML (names escaped when drawn)."""
    language = translation.get_language() or ""
    shown = list(game.history.values_list("id", "version", "state", "at")[:HISTORY_SHOWN])
    key = f"parties:history:{game_key(game)}:{language}"
    drawn: dict[tuple[int, int, str, datetime], tuple[str, str]] = caches["board"].get(key) or {}
    missing = [row[0] for row in shown if row not in drawn]
    by_id: dict[int, tuple[str, str]] = {}
    if missing:
        shown_as = {row[0]: row for row in shown}
        entries = [e for e in known if shown_as.get(e.pk) == _shown_as(e)]
        fetch = set(missing) - {e.pk for e in entries}
        if fetch:
            entries += HistoryEntry.objects.filter(game=game, pk__in=fetch)
        entries = _with_targets(entries)
        fresh = {_shown_as(e): _history_line(e, language) for e in entries}
        kept = set(shown)
        drawn = {k: v for k, v in drawn.items() if k in kept}  # the entries still shown
        drawn.update(fresh)
        caches["board"].set(key, drawn, HISTORY_CACHE_SECONDS)
        # an entry whose state changed between the two queries: shown as the second read it
        by_id = {k[0]: v for k, v in fresh.items()}
    lines = History()
    for row in shown:
        line = drawn.get(row) or by_id.get(row[0])
        if line is not None:  # None: deleted between the two queries (the game with it)
            lines.append(HistoryLine(row[1], mark_safe(line[0]), mark_safe(line[1])))
    return lines


def history_json(game: Game) -> list[dict[str, Any]]:
    """Every write of ``game``, newest first, as the JSON API gives them: its version, action,
    summary (plain text, the active language), time and whether it was undone.

    The whole history, in every answer: so a summary, a function of its entry alone (as
    :func:`history` says), is rendered once per entry and language and kept in the ``board``
    cache (each process's memory); the history itself is read as five columns, and only the
    entries not summarised yet are read whole (with their undo or redo targets)."""
    language = translation.get_language() or ""
    rows = list(game.history.values_list("id", "version", "action", "at", "state"))
    key = f"parties:history-text:{game_key(game)}:{language}"
    # by id, version and time: the time tells a write from one rolled back after its answer
    # was drawn (SQLite gives the next write the same id and version)
    summaries: dict[tuple[int, int, datetime], str] = caches["board"].get(key) or {}
    missing = [pk for pk, version, _, at, _ in rows if (pk, version, at) not in summaries]
    if missing:
        entries = _with_targets(list(HistoryEntry.objects.filter(game=game, pk__in=missing)))
        kept = {(pk, version, at) for pk, version, _, at, _ in rows}
        summaries = {k: v for k, v in summaries.items() if k in kept}
        summaries.update({(e.pk, e.version, e.at): e.summary_text for e in entries})
        caches["board"].set(key, summaries, HISTORY_CACHE_SECONDS)
    undone = (HistoryEntry.State.UNDONE, HistoryEntry.State.DROPPED)
    return [
        {
            "version": version,
            "action": action,
            "summary": summaries.get((pk, version, at), ""),
            "at": at.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "undone": state in undone,
        }
        for pk, version, action, at, state in rows
        if (pk, version, at) in summaries  # not: deleted between the two queries (with its game)
    ]


def csv_ranking(board: Board, row: Callable[..., None], points: str) -> None:
    """The CSV's closing table for a game ranked by points and titled: a blank row, then each
    player's position, name, points (headed ``points``) and title."""
    row()
    row(gettext("Classement"), gettext("Joueur"), points, gettext("Titre"))
    for r in board.ranking:
        row(r.position, r.player.name, r.total, r.title)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _safe(value: object) -> object:
    """A cell a spreadsheet will not run (OWASP CSV injection): text starting with ``= + - @``,
    a tab or a carriage return is prefixed with an apostrophe. Numbers stay numbers."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def export_csv(game: Game) -> str:
    """The sheet as CSV for spreadsheets: UTF-8 with BOM, semicolons, the game's own columns."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";")

    def row(*cells: object) -> None:
        writer.writerow([_safe(c) for c in cells])

    result = board(game)
    row(
        gettext("Partie"),
        game.get_kind_display(),
        gettext("Mode"),
        game.mode_label,
        gettext("Créée"),
        f"{game.created_at:%d/%m/%Y}",
    )
    row()
    kinds.of(game).csv(result, row)
    return out.getvalue()


# ------------------------------------------------------- one drawing for both kinds of link

#: what only an edit link shows, in the live board drawn once for both links
#: (``{% edit_only %}``, calculators/templatetags/parties.py)
EDIT_ONLY_START, EDIT_ONLY_END = "<!--edit-->", "<!--/edit-->"


def for_link(html: str, can_edit: bool) -> SafeString:
    """A board drawn for both links (``{% edit_only %}``), as the edit or the read link shows
    it: the markers dropped, or cut out with what they hold (our own drawing: safe HTML)."""
    if can_edit:
        return mark_safe(html.replace(EDIT_ONLY_START, "").replace(EDIT_ONLY_END, ""))
    first, *marked = html.split(EDIT_ONLY_START)
    return mark_safe(first + "".join(part.partition(EDIT_ONLY_END)[2] for part in marked))
