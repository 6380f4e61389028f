"""NUM DRAFT's write to a party: a player's grid, checked with the whole table by the engine,
with its do/undo registered in the Parties action table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from ....core.registry import NUM_DRAFT
from ....engines import numdraft
from ....engines.cards import JOKER, InputError, parse_card
from ....parties import deals as party_deals
from ....parties import services
from ....parties.actions import Action, register
from ....parties.models import Game, HistoryEntry, Player
from ....parties.summaries import message


def _grid(which: str) -> Callable[[Game, dict[str, Any]], None]:
    def apply(game: Game, data: dict[str, Any]) -> None:
        Player.objects.filter(pk=data["player"], game=game).update(grid=data[which])

    return apply


def _grid_rows(cells: Sequence[object]) -> list[list[str | None]]:
    padded = [str(c) if c else "" for c in list(cells or [])] + [""] * 9
    return [[padded[y * 3 + x] or None for x in range(3)] for y in range(3)]


def set_grid(
    game: Game, player: object, cells: Sequence[object], if_version: object = None
) -> HistoryEntry:
    """Store a player's grid; the engine checks the whole table (a card twice names both)."""
    if not isinstance(cells, list | tuple) or len(cells) != 9:
        raise InputError("cells", gettext("La grille a 9 cases, ligne par ligne."))
    tokens = []
    for cell in cells:
        if cell is not None and not isinstance(cell, str):
            raise InputError("cells", gettext("Chaque case est une carte (« 7R ») ou vide."))
        tokens.append((cell or "").strip())

    read: dict[str, Any] = {}

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM_DRAFT)
        players = list(g.players.all())
        who = services.player_among(players, player)
        read.update(players=players, who=who)
        grids = [
            {"name": p.name, "grid": _grid_rows(tokens if p.pk == who.pk else p.grid)}
            for p in players
        ]
        try:
            table = numdraft.table(grids, g.mode, g.values or None)
        except InputError as err:
            raise InputError("cells", err.message) from None
        _check_dealt(g, [tokens if p.pk == who.pk else p.grid or [] for p in players], tokens)
        mine = table.players[[p.pk for p in players].index(who.pk)]
        after = [_cell(mine.result.pool.at((x, y))) for y in range(3) for x in range(3)]
        before = list(who.grid or [])  # exactly what is stored: undo restores it as it was
        shown = [str(c or "") for c in (before + [""] * 9)[:9]]
        if after == shown:
            raise InputError("cells", gettext("Rien n’a changé dans cette grille."))
        changed = sum(a != b for a, b in zip(after, shown, strict=True))
        summary = message("grid_set", player=who.name, count=changed)
        return summary, {"player": who.pk, "before": before, "after": after}

    entry = services.write(game, "grid_set", if_version, build)
    # the players read under the lock, with the grid its do stored, are the new version's sheet
    read["who"].grid = entry.data["after"]
    services.remember(game, read["players"])
    return entry


def _check_dealt(game: Game, grids: Sequence[Sequence[object]], tokens: Sequence[str]) -> None:
    """A table playing a prepared deal holds only the cards it was dealt
    (docs/deals.md#donnes-refus). Cards circulate around the table (/num-draft/regles/#passe),
    so a grid is checked against the whole table's cards, not its seat's."""
    deal = party_deals.dealt(game)
    if deal is None:
        return
    deck = numdraft.deck_for(game.values or None)
    given = Counter(str(c) for seat in deal.seats for c in seat.cards)
    where = gettext("donne n° {number}, graine « {seed} »").format(
        number=game.deal["number"], seed=game.deal["seed"]
    )
    for token in tokens:
        if not token:
            continue
        card = str(parse_card(token, deck, "cells"))
        if card != str(JOKER) and card not in given:
            raise InputError(
                "cells",
                gettext(
                    "La carte {card} n’a été donnée à aucun joueur de cette table ({where})."
                ).format(card=card, where=where),
            )
    jokers = sum(
        1
        for grid in grids
        for token in grid
        if token and str(parse_card(str(token), deck, "cells")) == str(JOKER)
    )
    if jokers > given[str(JOKER)]:
        raise InputError(
            "cells",
            ngettext(
                "Cette table n’a reçu que {count} Joker ({where}) : les grilles en montrent {shown}.",
                "Cette table n’a reçu que {count} Jokers ({where}) : les grilles en montrent {shown}.",
                given[str(JOKER)],
            ).format(count=given[str(JOKER)], where=where, shown=jokers),
        )


def _cell(card: object) -> str:
    return "" if card is None else str(card)


def _grid_line(cells: Sequence[object]) -> str:
    """A grid as one line, row by row (« · » for an empty place)."""
    padded = [str(c or "") for c in list(cells or [])] + [""] * 9
    return " / ".join(" ".join(c or "·" for c in padded[y * 3 : y * 3 + 3]) for y in range(3))


def _grid_text(p: Mapping[str, Any]) -> str:
    count = int(p["count"])
    return ngettext(
        "Grille de {player} ({count} case)", "Grille de {player} ({count} cases)", count
    ).format(player=p["player"], count=count)


register(
    Action(
        "grid_set",
        _grid("after"),
        _grid("before"),
        ("player", "count"),
        _grid_text,
        subject=lambda d: f"grid:{d['player']}",
        values=lambda d: (_grid_line(d["before"]), _grid_line(d["after"])),
    )
)
