"""A tablée's « donne du jour » (docs/deals.md#donnes-du-jour): a NUM DRAFT party that plays the
deal of the day, and how each member's result compares with every Party on the site that
played that deal.

* The deal of a day for a table of *n* seats has the seed ``jour:<YYYY-MM-DD>:<n>`` (the day in
  Europe/Paris, :func:`seed`) and the number ``YYYYMMDD`` (:func:`number`): the same day and
  the same number of seats give the same cards to every tablée (docs/deals.md#donnes-graine).
* The comparison (:func:`comparisons`): each finished daily party of the tablée, seat by seat,
  against every other finished Party of the same deal in the same mode, by matchpoints
  (docs/deals.md#donnes-matchpoints, :mod:`calculators.engines.matchpoints`), each Party a
  table. Only counts, scores and percentages of the others are shown, never their names.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo

from django import forms
from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Max, Sum
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_lazy

from ..core import registry
from ..engines import deals, matchpoints
from ..engines.cards import InputError
from ..parties import deals as party_deals
from ..parties import kinds
from ..parties.models import Game
from . import services
from .forms import SeatedForm
from .models import Member, Tablee, TableeParty

#: The day changes at midnight in Paris, for every tablée (docs/deals.md#donnes-du-jour).
PARIS = ZoneInfo("Europe/Paris")
#: A daily deal's seed starts with this.
PREFIX = "jour:"
#: The daily parties compared on a tablée's page, newest first.
SHOWN = 10
#: The daily parties read at a time to find them (the unfinished ones are skipped).
CHUNK = 2 * SHOWN
#: How long the scores of a deal's Parties are kept (a write of any of them changes the key).
CACHE_SECONDS = 3600


def today(now: datetime.datetime | None = None) -> datetime.date:
    """The day in Europe/Paris at ``now`` (the current time when ``None``)."""
    return (now or timezone.now()).astimezone(PARIS).date()


def seed(day: datetime.date, seats: int) -> str:
    """The seed of the deal of ``day`` for a table of ``seats``: ``jour:2026-12-05:4``."""
    return f"{PREFIX}{day.isoformat()}:{seats}"


def number(day: datetime.date) -> int:
    """The deal's number: the day written ``YYYYMMDD`` (20261205)."""
    return day.year * 10000 + day.month * 100 + day.day


def day_of(deal: dict[str, Any]) -> datetime.date | None:
    """The day of a daily deal (:attr:`Game.deal`), ``None`` for another deal."""
    text = str(deal.get("seed", ""))
    if not text.startswith(PREFIX):
        return None
    try:
        return datetime.date.fromisoformat(text[len(PREFIX) :].rsplit(":", 1)[0])
    except ValueError:
        return None


def daily_number(game: Game) -> int | None:
    """The number of the deal of the day ``game`` plays (« donne du jour n° 20261205 »), read
    from its stored deal: a NUM DRAFT party whose seed is a day's; ``None`` for any other."""
    if game.kind != registry.NUM_DRAFT.kind or day_of(game.deal) is None:
        return None
    number = game.deal.get("number")
    return number if isinstance(number, int) else None


def describe(day: datetime.date, seats: int) -> dict[str, Any]:
    """What :attr:`Game.deal` stores for the deal of ``day`` at ``seats`` (the deck is the one
    the table's size plays, /num-draft/regles/#arbitrage-paquet)."""
    deck = deals.draft_deck(seats).range_label
    return party_deals.describe(number(day), seed(day, seats), seats, deck)


def label(day: datetime.date) -> str:
    """« Donne du jour du 5 décembre 2026 »."""
    return gettext("Donne du jour du {day}").format(day=date_format(day, "j F Y"))


def new_party(
    tablee: Tablee, mode: object, players: object, day: datetime.date | None = None
) -> Game:
    """A NUM DRAFT party of the tablée's members (as « Nouvelle partie »), playing the deal of
    ``day`` (today in Paris when ``None``) for its number of seats."""
    if not isinstance(players, list | tuple):
        raise InputError("players", gettext("Indiquez les joueurs : une liste de noms."))
    low, high = registry.NUM_DRAFT.players
    if not low <= len(players) <= high:
        raise InputError(
            "players",
            gettext("La donne du jour de NUM DRAFT se joue de {low} à {high} joueurs.").format(
                low=low, high=high
            ),
        )
    described = describe(day or today(), len(players))
    with transaction.atomic():
        game = services.new_party(tablee, registry.NUM_DRAFT.kind, mode, players, described["deck"])
        game.deal = described
        game.save(update_fields=["deal"])
    return game


class DailyPartyForm(SeatedForm):
    """« Jouer la donne du jour »: NUM DRAFT's mode and each member's place (blank: not
    playing); its fields are prefixed ``jour-`` (the page also draws « Nouvelle partie »)."""

    mode = forms.ChoiceField(
        label=gettext_lazy("Mode"),
        choices=[(m.key, gettext_lazy(m.label)) for m in registry.NUM_DRAFT.modes],
        widget=forms.Select(attrs={"class": "form-select"}),
    )

    def __init__(self, tablee: Tablee, members: list[Member], *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "jour")
        super().__init__(*args, **kwargs)
        self.tablee = tablee
        # as « Nouvelle partie »: the places are read only from a posted form; an unfilled
        # one is drawn once per members and language (the page's fragment cache)
        self.seat(members, min(len(members), registry.NUM_DRAFT.players[1]), fields=self.is_bound)

    def call(self, data: dict[str, Any]) -> Game:
        return new_party(self.tablee, data["mode"], self.seated(data))


@dataclass(frozen=True)
class SeatComparison:
    """One seat of a daily party: who sat there, their score, and against the other Parties."""

    seat: int  # 1-based
    player: str
    score: int
    matchpoints: int | None
    percentage: Fraction | None


@dataclass(frozen=True)
class Comparison:
    """A finished daily party of the tablée against every finished Party of its deal and mode."""

    day: datetime.date
    number: int
    seed: str
    seats: int
    mode: str
    #: the finished Parties of this deal in this mode on the site, this one included
    parties: int
    top: int
    lines: tuple[SeatComparison, ...]

    @property
    def label(self) -> str:
        return label(self.day)

    def as_json(self) -> dict[str, Any]:
        return {
            "day": self.day.isoformat(),
            "number": self.number,
            "seed": self.seed,
            "seats": self.seats,
            "mode": self.mode,
            "parties": self.parties,
            "top": self.top,
            "results": [
                {
                    "seat": line.seat,
                    "player": line.player,
                    "score": line.score,
                    "matchpoints": line.matchpoints,
                    "percentage": matchpoints.shown(line.percentage),
                }
                for line in self.lines
            ],
        }


Tables = dict[tuple[str, str], list[tuple[int, list[int]]]]


def _tables(seeds: set[str]) -> Tables:
    """Every finished Party of the deals ``seeds``, by (seed, mode): ``(id, score at each seat)``,
    scored by the game's engine (its Parties hooks); one query and one prefetch."""
    kind = registry.NUM_DRAFT.kind
    everyone = list(
        Game.objects.filter(kind=kind, deal__seed__in=sorted(seeds)).prefetch_related("players")
    )
    hooks = kinds.for_spec(registry.NUM_DRAFT)
    ended = hooks.ended_among(everyone)
    tables: Tables = {}
    for game in everyone:
        players = list(game.players.all())
        if not (game.finished or game.pk in ended) or len(players) != game.deal.get("seats"):
            continue
        board = hooks.board(game, players)
        by_player = {r.player.pk: r.total for r in board.rows}
        tables.setdefault((game.deal["seed"], game.mode), []).append(
            (game.pk, [by_player[p.pk] for p in players])
        )
    for group in tables.values():
        group.sort()
    return tables


def _cached_tables(seeds: set[str]) -> Tables:
    """:func:`_tables`, kept in the cache under what every write of a Party changes: for each
    deal, its Parties' count, the sum of their versions and their last write (one aggregate
    query). A deal played by a thousand tables is scored once per change, not per page."""
    kind = registry.NUM_DRAFT.kind
    stamps = (
        Game.objects.filter(kind=kind, deal__seed__in=sorted(seeds))
        .values("deal__seed")
        .annotate(n=Count("id"), v=Sum("version"), u=Max("updated_at"))
        .order_by()
    )
    keys = {}
    for row in stamps:
        text = f"{row['deal__seed']}|{row['n']}|{row['v']}|{row['u'].isoformat()}"
        keys[row["deal__seed"]] = "tablees:daily:" + hashlib.sha256(text.encode()).hexdigest()
    found = cache.get_many(list(keys.values()))
    missing = {seed for seed, key in keys.items() if key not in found}
    fresh = _tables(missing) if missing else {}
    out: Tables = {}
    for seed, key in keys.items():
        if seed in missing:
            mine = {mode: group for (s, mode), group in fresh.items() if s == seed}
            cache.set(key, mine, CACHE_SECONDS)
        else:
            mine = found[key]
        for mode, group in mine.items():
            out[(seed, mode)] = group
    return out


def comparisons(tablee: Tablee) -> list[Comparison]:
    """The tablée's last :data:`SHOWN` finished daily parties, each seat compared with the same
    seat of every other finished Party of that deal in that mode (docs/deals.md#donnes-du-jour).

    A bounded number of queries whatever the number of Parties: none for a tablée without a
    daily party (once cached); else, newest first by :data:`CHUNK` until :data:`SHOWN` are
    found (one chunk but for a tablée with many unfinished ones), the chunk's parties with
    their players, the deals' stamps and, when the cache does not have them, every Party of
    those deals (one query) with their players (one prefetch); and the members once."""
    # which of the tablée's parties play a daily deal, newest first, kept under its stamp
    # (every write of the tablée or of one of its parties changes it): finding them reads the
    # deal of each of its thousand parties, which would cost the page more than drawing it
    key = f"tablees:daily:{tablee.cache_stamp}"
    ids: list[int] | None = cache.get(key)
    if ids is None:
        ids = list(
            TableeParty.objects.filter(
                tablee=tablee,
                game__kind=registry.NUM_DRAFT.kind,
                game__deal__seed__startswith=PREFIX,
            )
            .order_by("-game__created_at", "-game_id")
            .values_list("game_id", flat=True)
        )
        cache.set(key, ids, CACHE_SECONDS)
    out: list[Comparison] = []
    members: list[Member] | None = None
    for start in range(0, len(ids), CHUNK):
        links = list(
            TableeParty.objects.filter(tablee=tablee, game_id__in=ids[start : start + CHUNK])
            .select_related("game")
            .prefetch_related("game__players")
            .order_by("-game__created_at", "-game_id")
        )
        tables = _cached_tables({link.game.deal["seed"] for link in links})
        if members is None:
            members = list(tablee.members.all())
        for link in links:
            found = _compared(link, tables, members)
            if found is not None:
                out.append(found)
                if len(out) == SHOWN:
                    return out
    return out


def _compared(link: TableeParty, tables: Tables, members: list[Member]) -> Comparison | None:
    """One daily party of the tablée against the other Parties of its deal; ``None`` while it
    is not finished."""
    game = link.game
    group = tables.get((game.deal["seed"], game.mode), [])
    mine = next((i for i, (pk, _) in enumerate(group) if pk == game.pk), None)
    day = day_of(game.deal)
    if mine is None or day is None:
        return None
    scores = [s for _, s in group]
    points = matchpoints.one_table(scores, mine) if len(scores) > 1 else None
    players = list(game.players.all())
    seated = services.seat_members(players, members, link.seats)
    lines = tuple(
        SeatComparison(
            s + 1,
            member.name if member else player.name,
            scores[mine][s],
            points[s].matchpoints if points else None,
            points[s].percentage if points else None,
        )
        for s, (player, member) in enumerate(zip(players, seated, strict=True))
    )
    return Comparison(
        day,
        game.deal["number"],
        game.deal["seed"],
        game.deal["seats"],
        game.mode,
        len(scores),
        matchpoints.top(len(scores)),
        lines,
    )
