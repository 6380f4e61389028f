"""Reading a party: its board (every score, recomputed by the engines) and its history.

Scores are never stored: each game's hooks (:mod:`.kinds`) ask its engine for the whole sheet
from the stored entries. The board is the same for the page, the live poll (:mod:`.live`), the
JSON API and the CSV export (:mod:`.export`).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from itertools import islice
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.dummy import DummyCache
from django.dispatch import receiver
from django.utils import dateformat, timezone, translation
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from ..engines.standings import standings
from ..templatetags.typo import french, is_french
from . import frame, kinds, undo
from .edit_only import EDIT_ONLY_END, EDIT_ONLY_START, for_link
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
    """Every score of the game, recomputed by the engines: for the version a write through
    this instance just made, from the sheet that write left (:func:`.frame.remember`),
    else as stored."""
    written = frame.written(game)
    players = written.players if written is not None else list(game.players.all())
    return kinds.of(game).board(game, players)


def game_key(game: Game) -> str:
    """The game in a cache key: a digest of its edit token, never its id (a deleted game's id
    may be given again by SQLite, its token never; and no secret goes into a key)."""
    return hashlib.sha256(game.edit_token.encode()).hexdigest()[:32]


# --------------------------------------------------------------------------- the history list

#: the history the page shows: the latest writes, newest first
HISTORY_SHOWN = 100


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

    @property
    def read_html(self) -> SafeString:
        """:attr:`html` without what only the edit link shows (a finished sheet, a read link)."""
        return for_link(self.html, False)


def _history_line(entry: HistoryEntry, language: str) -> HistoryLine:
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
    elif entry.state == HistoryEntry.State.ACTIVE:
        # undone alone, whoever wrote it: the page's #undo-entry form, asked first (views)
        line = format_html(
            '<li>{} — {} {}<button class="btn btn-link btn-sm p-0 align-baseline" '
            'form="undo-entry" name="target" value="{}" hx-post="{}" hx-target="#sheet" '
            'hx-swap="outerHTML" data-testid="undo-entry-{}">{}</button>{}</li>',
            when,
            summary,
            mark_safe(EDIT_ONLY_START),
            entry.version,
            UNDO_ENTRY_URL,
            entry.version,
            _ours(gettext("Retirer : {entry}")).format(entry=undo.named(entry)),
            mark_safe(EDIT_ONLY_END),
        )
    else:
        line = format_html("<li>{} — {}</li>", when, summary)
    return HistoryLine(entry.version, mark_safe(summary), line)  # safe HTML: escaped when drawn


def _ours(text: str) -> str:
    """Our own French text with French typography (``{% typo %}``'s), a name put in after."""
    return french(text) if is_french() else text


#: where a history line's « Retirer » posts, relative to the party's page (the board holds
#: no token: ``party_url``)
UNDO_ENTRY_URL = "undo_entry/"


def _with_targets(entries: list[HistoryEntry]) -> list[HistoryEntry]:
    """``entries`` with the entries their undo or redo targets set: from among themselves
    when there (an undo and the entry whose state it changed are drawn together), the others
    in one more query."""
    by_id = {e.pk: e for e in entries}
    wanted = {
        e.target_id
        for e in entries
        if e.target_id is not None and not HistoryEntry.target.is_cached(e)  # a write's own
    } - by_id.keys()
    targets = {**HistoryEntry.objects.in_bulk(wanted), **by_id} if wanted else by_id
    for e in entries:
        target = targets.get(e.target_id) if e.target_id is not None else None
        if target is not None:
            e.target = target
    return entries


#: what tells an entry's history line from any other's: its id, version, time, and whether
#: it is struck through (undone or dropped: drawn alike, so an undone entry that a later write
#: drops keeps its line)
Shown = tuple[int, int, datetime, bool]
#: an entry as the histories list it: its :data:`Shown` and its action (the JSON API's)
Row = tuple[int, int, datetime, bool, str]

_STRUCK = (HistoryEntry.State.UNDONE, HistoryEntry.State.DROPPED)


def _row_of(entry: HistoryEntry) -> Row:
    return (entry.pk, entry.version, entry.at, entry.state in _STRUCK, entry.action)


#: the history lines drawn in this process, by game, language and :data:`Shown`: see
#: :func:`history`. Bounded: past :data:`LINES_KEPT` the older half is forgotten.
_LINES: dict[tuple[str, str, Shown], HistoryLine] = {}
LINES_KEPT = 20_000
#: the JSON API's summaries rendered in this process, by game, language and entry id, version
#: and time (:func:`history_json`), bounded likewise
_TEXTS: dict[tuple[str, str, tuple[int, int, datetime]], str] = {}
_lines_lock = threading.Lock()


def _keep(
    lines: dict[tuple[str, str, Any], Any], into: dict[tuple[str, str, Any], Any] | None = None
) -> None:
    """Keep ``lines`` (by default in :data:`_LINES`, else ``into``), forgetting the older half
    of what is kept first if they would pass :data:`LINES_KEPT`."""
    kept = _LINES if into is None else into
    with _lines_lock:
        if len(kept) + len(lines) > LINES_KEPT:
            for old in list(islice(kept, len(kept) // 2)):  # the earliest drawn
                del kept[old]
        kept.update(lines)


@dataclass(frozen=True)
class Listing:
    """A game's history at one version, newest first: that version, the time of its write,
    its :data:`Row` s, and whether they are the whole history (the JSON API's) or only the
    latest :data:`HISTORY_SHOWN` (all a page shows)."""

    version: int
    at: datetime
    rows: tuple[Row, ...]
    whole: bool


#: the listing of a game's history at its version, by game (see :func:`_listing`). Bounded:
#: past :data:`LISTINGS_KEPT` games the older half is forgotten, and a whole history is kept
#: only up to :data:`WHOLE_KEPT` entries (a longer one, only its latest :data:`HISTORY_SHOWN`)
_LISTINGS: dict[str, Listing] = {}
LISTINGS_KEPT = 500
WHOLE_KEPT = 500


def _bounded(listing: Listing) -> Listing:
    """``listing`` as it may be kept: a whole history longer than :data:`WHOLE_KEPT` entries
    cut to the latest :data:`HISTORY_SHOWN` (the JSON API reads such a one at each answer)."""
    if listing.whole and len(listing.rows) > WHOLE_KEPT:
        return Listing(listing.version, listing.at, listing.rows[:HISTORY_SHOWN], False)
    return listing


def _keep_listing(where: str, listing: Listing) -> None:
    with _lines_lock:
        if where not in _LISTINGS and len(_LISTINGS) >= LISTINGS_KEPT:
            for old in list(islice(_LISTINGS, len(_LISTINGS) // 2)):
                del _LISTINGS[old]
        _LISTINGS[where] = _bounded(listing)


@receiver(frame.party_written, sender=Game, dispatch_uid="parties-history-shown")
def _written(
    sender: type[Game],
    game: Game,
    action: str,
    entry: HistoryEntry,
    before: tuple[int, datetime],
    **kwargs: Any,
) -> None:
    """Carry the listing kept for ``before`` (the locked row's version and time) forward to
    the version this write makes. Safe because every history change is a write under the
    lock; a rolled-back write leaves a listing keyed by a time no row will have, never used."""
    if not _lines_kept():
        return
    where = game_key(game)
    kept = _LISTINGS.get(where)
    if kept is None or (kept.version, kept.at) != before:
        return
    target = entry.target_id if action in ("undo", "redo") else None
    struck = action == "undo"
    rows = tuple(
        (pk, version, at, struck if pk == target else was, done)
        for pk, version, at, was, done in kept.rows
    )
    rows = (_row_of(entry), *(rows if kept.whole else rows[: HISTORY_SHOWN - 1]))
    _keep_listing(where, Listing(game.version, game.updated_at, rows, kept.whole))


def forget_lines() -> None:
    """Forget every history line, summary and listing kept in this process (tests that draw
    with nothing kept)."""
    with _lines_lock:
        _LINES.clear()
        _TEXTS.clear()
        _LISTINGS.clear()


def _lines_kept() -> bool:
    """Whether drawn lines are kept: as the ``board`` cache's parts are, so never under
    ``DEBUG`` (numsite/settings.py), where the catalogue or the code may change under a
    running process."""
    return not isinstance(caches["board"], DummyCache)


def _listing(game: Game, whole: bool) -> tuple[Row, ...]:
    """The history of ``game`` at its version, newest first (the latest :data:`HISTORY_SHOWN`,
    or all if ``whole``): the kept listing, else read and kept unless a later write has
    already committed (its latest entry is not the game's version)."""
    where = game_key(game)
    kept = _lines_kept()
    listing = _LISTINGS.get(where) if kept else None
    if (
        listing is not None
        and (listing.version, listing.at) == (game.version, game.updated_at)
        and (listing.whole or not whole)
    ):
        return listing.rows
    query = game.history.values_list("id", "version", "at", "state", "action")
    read = tuple(
        (pk, version, at, state in _STRUCK, action)
        for pk, version, at, state, action in (query if whole else query[:HISTORY_SHOWN])
    )
    if kept and read and read[0][1] == game.version:
        stamp = (game.version, game.updated_at)
        _keep_listing(where, Listing(*stamp, read, whole or len(read) < HISTORY_SHOWN))
    return read


def _entries(
    game: Game, missing: Iterable[int], known: Iterable[HistoryEntry]
) -> list[HistoryEntry]:
    """The entries ``missing`` names (ids) with their undo or redo targets: those of
    ``known`` (the entry a write just made) as they are, the others read in one query."""
    wanted = set(missing)
    entries = [e for e in known if e.pk in wanted]
    fetch = wanted - {e.pk for e in entries}
    if fetch:
        entries += HistoryEntry.objects.filter(game=game, pk__in=fetch)
    return _with_targets(entries)


def history(game: Game, known: Iterable[HistoryEntry] = ()) -> History:
    """The latest :data:`HISTORY_SHOWN` writes of ``game``, newest first, each drawn once.

    A line depends only on its entry's id, version, time, struck state and the language, so
    it is kept (:data:`_LINES`) under those: the time tells a write from one rolled back after
    its answer drew its line (SQLite reuses the id and version). Only lines never drawn are
    read, but for ``known`` (the entry a write just made)."""
    language = translation.get_language() or ""
    where = game_key(game)
    kept = _lines_kept()
    shown = [row[:4] for row in _listing(game, whole=False)[:HISTORY_SHOWN]]
    drawn = {row: _LINES.get((where, language, row)) for row in shown} if kept else {}
    missing = {row[0]: row for row in shown if drawn.get(row) is None}
    if missing:
        known = [e for e in known if missing.get(e.pk) == _row_of(e)[:4]]
        entries = _entries(game, missing, known)
        fresh = {_row_of(e)[:4]: _history_line(e, language) for e in entries}
        if kept:
            _keep({(where, language, row): line for row, line in fresh.items()})
        drawn.update(fresh)
        # an entry whose state changed between the two queries: shown as the second read it
        by_id = {row[0]: line for row, line in fresh.items()}
        for pk, row in missing.items():
            if row not in fresh and pk in by_id:
                drawn[row] = by_id[pk]
    # None: deleted between the two queries (the game with it)
    return History(line for line in map(drawn.get, shown) if line is not None)


def written_line(game: Game, entry: HistoryEntry) -> History:
    """The history as the standings show it in the answer to the write that recorded
    ``entry``, the game's latest: that entry's line alone (the standings show the latest
    write), drawn once and kept as :func:`history` keeps it, without listing the rest."""
    language = translation.get_language() or ""
    key = (game_key(game), language, _row_of(entry)[:4])
    kept = _lines_kept()
    line = _LINES.get(key) if kept else None
    if line is None:
        line = _history_line(_with_targets([entry])[0], language)
        if kept:
            _keep({key: line})
    return History([line])


def history_json(game: Game) -> list[dict[str, Any]]:
    """Every write of ``game``, newest first, as the JSON API gives them: its version, action,
    summary (plain text, the active language), time and whether it was undone.

    Every answer carries the whole history, so summaries are kept per entry and language
    (:data:`_TEXTS`), as :func:`history` keeps lines: after a write it costs no query."""
    language = translation.get_language() or ""
    where = game_key(game)
    kept = _lines_kept()
    rows = _listing(game, whole=True)
    # by id, version and time (the time tells a write from one rolled back after its answer
    # was drawn): not by state, which the summary does not show
    texts = {row[:3]: _TEXTS.get((where, language, row[:3])) for row in rows} if kept else {}
    missing = {row[0]: row[:3] for row in rows if texts.get(row[:3]) is None}
    if missing:
        recorded = frame.recorded(game)
        known = [recorded] if recorded is not None else []
        fresh = {e.pk: e.summary_text for e in _entries(game, missing, known)}
        if kept:
            _keep({(where, language, missing[pk]): t for pk, t in fresh.items()}, _TEXTS)
        texts.update({missing[pk]: text for pk, text in fresh.items()})
    return [
        {
            "version": version,
            "action": action,
            "summary": texts[(pk, version, at)],
            "at": at.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "undone": struck,
        }
        for pk, version, at, struck, action in rows
        # not: deleted between the two queries (with its game)
        if texts.get((pk, version, at)) is not None
    ]
