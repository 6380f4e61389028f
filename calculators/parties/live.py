"""The live board every phone of a party polls: drawn once per version and language, for both
kinds of link, and kept in Django's cache (shared by every process when ``CACHES`` is,
docs/deploy.md).

After a write, once the writer has their answer (:func:`numsite.after.after_answer`), the board
is drawn in each language a phone reads the party in, so no answer pays for drawing and
compressing it; a reader who finds no board of the current version draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from numsite.after import after_answer, pending

from ..engines import i18n as engine_i18n
from . import kinds
from .board import Board, History, game_key, history, written_line
from .board import board as compute_board
from .edit_only import for_link
from .frame import party_written
from .models import Game, HistoryEntry

BOARD_CACHE_SECONDS = 3600

#: the detailed board drawn out of band in the poll's answer (htmx swaps it into its place)
MORE = '<section id="board-more"'

#: the board's two places on the page, as drawn for both links: the standings, the details
Parts = tuple[str, str]
#: what tells a version's board from any other: the version and the time of its write (a write
#: rolled back after its answer drew its board leaves a board of a version number the next
#: write takes again, at another time)
Stamp = tuple[int, str]


def _key(game: Game, language: str) -> str:
    return f"parties:board:{game_key(game)}:{language}"


def _stamp(game: Game) -> Stamp:
    return (game.version, game.updated_at.isoformat())


def _context(game: Game, board: Board | None, shown: History) -> dict[str, Any]:
    """What the board's two parts are drawn from: ``shown``, the history they show."""
    kind = kinds.of(game)
    return {
        "relative_urls": True,
        "both_links": True,
        "game": game,
        "token": game.read_token,
        "board": board if board is not None else compute_board(game),
        "kind": kind,
        "kind_template": kind.template,
        "history": shown,
        "LANGUAGE_CODE": translation.get_language() or "",
        "action": "",
        "posted": {},
    }


def draw(game: Game, board: Board | None = None, written: HistoryEntry | None = None) -> Parts:
    """The board of ``game`` as it is, in the active language, for both links: what only the
    edit link shows is drawn between markers (``{% edit_only %}``), kept for an edit link and
    cut for a read link (:func:`.edit_only.for_link`). ``board``: the scores already computed for
    this version, when the caller has them; ``written``: the entry of the write that made it
    (its history line is drawn from it).

    It is the same for every reader, so it holds no token: its links are relative (drawn with
    the read token, so a mistaken URL never leaks the edit link) and its ✕ buttons submit a
    form outside the board (``form="claim-delete"``) that holds the CSRF token."""
    context = _context(game, board, history(game, (written,) if written is not None else ()))
    return (
        render_to_string("parties/game.html#board", context),
        render_to_string("parties/game.html#board-more", context),
    )


#: the details in the writer's answer: kept as the phone shows them (htmx's ``hx-preserve``)
#: until the live board brings the new version's (:func:`writers_parts`); on a page that had
#: none, this placeholder stays, of no version (``d``), so the live board sends them at once
KEPT_MORE = mark_safe(
    '<section id="board-more" hx-ext="morph" hx-preserve><input type="hidden" name="d" value="0">'
    "</section>"
)


def writers_parts(game: Game, board: Board, written: HistoryEntry) -> tuple[SafeString, SafeString]:
    """The board in the writer's answer to a page write (``written``): the new standings, drawn
    for the edit link; the details (each player's entries, the history: most of the board's
    weight, some 80 kB for a big NUM CHECK table) are not drawn, but kept as the writer's phone
    shows them, and the phone asks the live board for the new ones at once (its details are of
    an earlier version: static/js/party.js), as every other phone does. That board is drawn once
    the writer has their answer (:func:`after_write`), kept for every phone, and sent
    compressed: the writer's answer, which carries the party's tokens, never is."""
    # the standings show the latest write alone: its line, not the history listed
    shown = written_line(game, written)
    standings = render_to_string("parties/game.html#board", _context(game, board, shown))
    work = _keeping(game)
    if work is not None:  # drawn for every phone in the writer's language, from these scores
        work.boards[translation.get_language() or ""] = board
    return for_link(standings, True), KEPT_MORE


@dataclass
class _Keeping:
    """What a request leaves to do for one party's board once its answer is sent: keep the
    boards it drew (by language), draw it in the languages whose scores it computed without
    drawing it (a writer's answer: :func:`writers_parts`) and, after a write, in every other
    language some phone reads (one whose board of an earlier version is kept)."""

    game: Game
    stamp: Stamp
    drawn: dict[str, Parts] = field(default_factory=dict)
    others: bool = False
    written: HistoryEntry | None = None
    #: the scores of this version, computed in that language by the request
    boards: dict[str, Board] = field(default_factory=dict)

    def __call__(self) -> None:
        # read again, as committed: if the write did not commit, or a later one did (which
        # draws its own), this version's board is no longer wanted
        game = Game.objects.filter(pk=self.game.pk).first()
        if game is None or _stamp(game) != self.stamp:
            return
        kept: dict[str, Parts] = {}
        for language, _ in settings.LANGUAGES:
            key = _key(game, language)
            parts = self.drawn.get(language)
            wanted = language in self.boards or (self.others and cache.has_key(key))
            if parts is None and wanted:
                # the engines' words (titles, explanations, card names) in that language too
                with translation.override(language), engine_i18n.use_language(language):
                    parts = draw(game, self.boards.get(language), self.written)
            if parts is not None:
                kept[key] = parts
        if kept.keys() - {_key(game, language) for language in self.drawn}:
            # drawn here, by queries made after the stamp was read: a write committed
            # meanwhile may show in them, so they are kept only if the stamp is still stored
            now = Game.objects.filter(pk=game.pk).values_list("version", "updated_at").first()
            if now is None or (now[0], now[1].isoformat()) != self.stamp:
                kept = {_key(game, language): self.drawn[language] for language in self.drawn}
        for key, parts in kept.items():
            cache.set(key, (self.stamp, *parts), BOARD_CACHE_SECONDS)


def _keeping(game: Game) -> _Keeping | None:
    """This request's work for ``game``'s board, registered now if it was not (``None``: not
    in a request: nothing is left for later)."""
    key = f"parties:board:{game_key(game)}"
    work = pending(key)
    if isinstance(work, _Keeping) and work.stamp == _stamp(game):
        return work
    work = _Keeping(game, _stamp(game))
    return work if after_answer(key, work) else None


def keep(game: Game, parts: Parts) -> None:
    """Keep the board just drawn (active language) for every phone, once the answer is sent
    (now, outside a request)."""
    language = translation.get_language() or ""
    work = _keeping(game)
    if work is not None:
        work.drawn[language] = parts
    else:
        cache.set(_key(game, language), (_stamp(game), *parts), BOARD_CACHE_SECONDS)


@receiver(party_written, sender=Game, dispatch_uid="parties-live-board")
def after_write(sender: type[Game], game: Game, entry: HistoryEntry, **kwargs: Any) -> None:
    """A write of ``game`` (``entry``), under its lock: once the writer has their answer, its
    board is drawn in every language some phone reads it in. Nothing is drawn if the write did
    not commit (the version stored is not this one then) or if a later one did; outside a
    request, it is left to the first phone."""
    work = _keeping(game)
    if work is not None:
        work.others, work.written = True, entry


def parts(
    game: Game,
    can_edit: bool,
    board: Board | None = None,
    written: HistoryEntry | None = None,
) -> tuple[SafeString, SafeString]:
    """The live board at the party's current version, in its two places on the page (the
    standings at the top, the details — each player's entries, the history — below the
    entry), as ``can_edit``'s link shows it: the kept one, or drawn and kept. ``written``: the
    write whose answer this is (its board is drawn, not looked for: no board of it exists)."""
    language = translation.get_language() or ""
    found = cache.get(_key(game, language)) if written is None else None
    if found is not None and found[0] == _stamp(game):
        drawn: Parts = found[1:]
    else:
        drawn = draw(game, board, written)
        keep(game, drawn)
    return for_link(drawn[0], can_edit), for_link(drawn[1], can_edit)


def poll_answer(game: Game, can_edit: bool) -> SafeString:
    """The poll's answer: the standings, and the details swapped out of band into their place."""
    standings, more = parts(game, can_edit)
    return mark_safe(standings + more.replace(MORE, MORE + ' hx-swap-oob="morph"', 1))
