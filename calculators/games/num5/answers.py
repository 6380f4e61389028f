"""Num 5's answers, pure: request JSON → the engine → answer JSON, for its API routes and its
pages answered offline (docs/offline.md#the-calculators-without-network), and the words the
turn calculator explains a card's place with. No Django (an import contract checks it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.fields import Answer, Answerer, as_list, pair_text, required, required_text, text_field
from ...engines import num5, num5turn
from ...engines.cards import Card, Family, InputError, format_cards
from ...engines.i18n import gettext, ngettext
from ...engines.names import split_names
from ...engines.num5 import RoundResult
from ...engines.numbers import parse_whole
from . import readers


def num5_round_json(result: RoundResult) -> Answer:
    return {
        "players": [
            {"name": p.name, "plus": p.plus, "minus": p.minus, "total": p.total}
            for p in result.players
        ],
        "winners": list(result.winners),
    }


def _code(family: object) -> str | None:
    return getattr(family, "code", None)


def num5_turn_json(result: num5turn.TurnResult) -> Answer:
    """One Num 5 turn as the ``num5/turn`` endpoint answers it (docs/api.md names each field)."""
    return {
        "rows": [
            {"cards": format_cards(row), "colour": _code(colour)}
            for row, colour in zip(result.rows, result.colours, strict=True)
        ],
        "players": [
            {
                "name": p.name,
                "card": str(p.card),
                "collected": format_cards(p.collected),
                "plus": p.plus,
                "minus": p.minus,
                "points": p.points,
            }
            for p in result.players
        ],
        "discarded": format_cards(result.discarded),
        "steps": [
            {
                "n": s.n,
                "player": s.player,
                "card": str(s.card),
                "row": s.row,
                "how": s.how,
                "tied_rows": list(s.tied_rows),
                "result": s.result,
                "cards": format_cards(s.cards),
                "row_after": format_cards(s.row_after),
                "colour_before": _code(s.colour_before),
                "colour_after": _code(s.colour_after),
            }
            for s in result.steps
        ],
    }


def num5_round(data: dict[str, Any]) -> Answer:
    """One round: each player's plus and minus cards, totals and the round's winners."""
    players = as_list(required(data, "players"), "players")
    if not all(isinstance(p, dict) for p in players):
        raise InputError(
            "players", gettext("Chaque joueur est un objet {name, cards} ou {name, plus, minus}.")
        )
    return num5_round_json(num5.score_round(players))


def num5_game(data: dict[str, Any]) -> Answer:
    """A game to three round wins, from its rounds' totals."""
    result = num5.play_game(
        as_list(required(data, "players"), "players"), as_list(data.get("rounds") or [], "rounds")
    )
    return {
        "rounds": [{"totals": list(r.totals), "winners": list(r.winners)} for r in result.rounds],
        "wins": result.wins,
        "points": result.points,
        "finished": result.finished,
        "winners": list(result.winners),
        **({"ruling": result.ruling} if result.ruling else {}),
    }


def num5_turn(data: dict[str, Any]) -> Answer:
    """One Num 5 turn: where each revealed card goes, who collects what (the rulings T1–T17,
    /num-5/regles/#arbitrage-tour-t1 …)."""
    result = num5turn.resolve_turn(
        required(data, "rows"), required(data, "plays"), data.get("variant")
    )
    return num5_turn_json(result)


#: The class of the cells' table the phone draws, as the sheet's template draws it
#: (static/css/calc.css: a round a card on a phone).
TABLE_CLASS = "num5-table"

#: Rounds a Num 5 sheet draws at most, as its form does.
NUM5_MAX_ROUNDS = 30


def num5_sheet_page(data: dict[str, Any]) -> Answer:
    """The Num 5 sheet's page, with the fields of :class:`.forms.Num5Form`: the complete rounds
    scored, the first not entered yet the note (/num-5/regles/#arbitrage-manche-saisie)."""
    players = required_text(data, "players")
    names = split_names(players)[: 2 * num5.MAX_PLAYERS]
    was = data.get("was")
    previous = names if not isinstance(was, str) else split_names(was)[: 2 * num5.MAX_PLAYERS]
    count = min(parse_whole(data.get("n")) or 0, NUM5_MAX_ROUNDS)
    typed = [[text_field(data, f"r{i}_{k}") for k in range(len(previous))] for i in range(count)]
    remove = parse_whole(data.get("remove"))
    moved = readers.sheet_grid(
        previous, names, typed, remove, bool(data.get("add")), NUM5_MAX_ROUNDS
    )
    cells = moved.grid
    sheet = readers.read_num5_sheet(players, cells)
    game = sheet.game
    answer = num5_game(
        {
            "players": list(game.players),
            "rounds": [
                [{"name": p.name, "plus": p.plus, "minus": p.minus} for p in r.players]
                for r in game.rounds
            ],
        }
    )
    lines = []
    for number, played in enumerate(game.rounds, start=1):
        cells_text = " · ".join(
            f"{p.name} {p.total}{' ★' if p.name in played.winners else ''}" for p in played.players
        )
        lines.append(pair_text(gettext("Manche {number}").format(number=number), cells_text))
    if game.rounds:
        points = " · ".join(f"{n} {game.points[n]}" for n in game.players)
        wins = " · ".join(f"{n} {game.wins[n]}" for n in game.players)
        lines += [pair_text(gettext("Points"), points), pair_text(gettext("Manches gagnées"), wins)]
    view: Answer = {"lines": lines, "note": sheet.pending}
    view["fields"] = {"n": str(len(cells)), "was": ", ".join(names)}
    if moved.reshaped:  # the phone draws the sheet's cells again, as the server would
        view["inputs"] = num5_sheet_inputs(names, cells)
    if game.finished:
        winners = ", ".join(game.winners)
        view["head"] = (
            gettext("Partie terminée — victoire partagée : {winners}.")
            if len(game.winners) > 1
            else gettext("Partie terminée — victoire de {winners}.")
        ).format(winners=winners)
        if game.ruling:
            view["lines"].append(game.ruling)
    elif not game.rounds:
        view["head"] = gettext("Entrez les joueurs puis les manches : le classement s’affiche ici.")
    else:
        view["head"] = ngettext(
            "Après {n} manche : manches ★ et points",
            "Après {n} manches : manches ★ et points",
            len(game.rounds),
        ).format(n=len(game.rounds))
    return {**answer, "view": view}


def num5_sheet_inputs(names: Sequence[str], grid: Sequence[Sequence[str]]) -> Answer:
    """The sheet's cells as the phone draws them (a round a row, a player a column, each row's
    ✕), named as the server's form names them."""
    return {
        "table_class": TABLE_CLASS,
        "head": [gettext("Manche"), *names],
        "actions": gettext("Actions"),
        "rows": [
            {
                "head": str(i + 1),
                "cells": [
                    {
                        "name": f"r{i}_{j}",
                        "label": gettext("Manche {number}, {name}").format(number=i + 1, name=name),
                        "column": name,
                        "value": cell,
                        "testid": f"cell-{i}-{j}",
                    }
                    for j, (name, cell) in enumerate(zip(names, row, strict=True))
                ],
                "button": {
                    "name": "remove",
                    "value": str(i),
                    "text": "✕",
                    "label": gettext("Supprimer la manche %(number)s") % {"number": i + 1},
                    "testid": f"remove-{i}",
                },
            }
            for i, row in enumerate(grid)
        ],
    }


def colour_name(family: Family | None) -> str:
    """A row's colour (/num-5/regles/#arbitrage-tour-t2), « sans couleur » when it has none."""
    return family.french if family else gettext("sans couleur")


def where_text(step: num5turn.Step) -> str:
    """Why the card went where it went (T1, T7–T9, T14, T15)."""
    v, last, row = step.card.value, step.last_before, step.row
    if step.how == num5turn.OWN_ROW:
        return gettext("va sur la rangée {row}, celle de sa couleur.").format(row=row)
    if step.how == num5turn.CLOSEST:
        if last == v:
            return gettext(
                "va sur la rangée {row} : sa dernière carte est égale ({last}), elle convient."
            ).format(row=row, last=last)
        return gettext(
            "va sur la rangée {row} : sa dernière carte ({last}) est la plus proche sans dépasser {v}."
        ).format(row=row, last=last, v=v)
    if step.how == num5turn.LOWEST:
        return gettext(
            "ne convient à aucune rangée (toutes les dernières cartes dépassent {v}) : elle va sur la rangée {row}, dont la dernière carte est la plus petite ({last})."
        ).format(v=v, row=row, last=last)
    if step.how in (num5turn.REPOSITION, num5turn.REPOSITION_LOWEST):
        lost = gettext("le {french} n’a plus de rangée").format(french=step.card.family.french)
        if step.how == num5turn.REPOSITION:
            return gettext(
                "va sur la rangée {row} : {lost}, elle prend la rangée sans couleur la plus proche sans dépasser {v} ({last})."
            ).format(row=row, lost=lost, v=v, last=last)
        return gettext(
            "va sur la rangée {row} : {lost} et aucune rangée sans couleur ne finit à {v} ou moins, elle prend celle dont la dernière carte est la plus petite ({last})."
        ).format(row=row, lost=lost, v=v, last=last)
    return gettext("ne va sur aucune rangée : toutes les dernières cartes dépassent {v}.").format(
        v=v
    )


def _row_lines(rows: Sequence[Sequence[Card]]) -> list[str]:
    return [
        pair_text(
            f"{gettext('Rangée {number}').format(number=number)} · "
            f"{colour_name(num5turn.colour(tuple(row)))}",
            " ".join(str(c) for c in row),
        )
        for number, row in enumerate(rows, start=1)
    ]


def num5_turn_page(data: dict[str, Any]) -> Answer:
    """« Jouer un tour », with the fields of :class:`.forms.TurnForm`: the round replayed and
    this turn played (/num-5/regles/#arbitrage-tour-t1 …). The turn played is handed back as
    its field (``t<n>``), the revealed cards emptied, as the server redraws."""
    players = required_text(data, "players")
    seats = len(split_names(players))
    playing = bool(data.get("play"))
    cards = [text_field(data, f"c{i}") for i in range(seats)] if playing else None
    replay = readers.Replay()
    history = readers.history_of(data)
    starts = [text_field(data, name) for name in readers.ROW_FIELDS]
    try:
        state = replay.run(players, bool(data.get("explosion")), starts, history, cards)
    except num5turn.PlaceError as err:
        field = f"r{err.index + 1}" if err.field == "rows" else f"c{err.index}"
        raise InputError(field, err.message) from None
    turns = replay.turns or []
    last = turns[-1] if turns else None
    answer: Answer = num5_turn_json(last) if last else {}
    entries = state.entries()
    groups = []
    if last:
        groups.append(
            {
                "title": gettext("Tour {turn} : où va chaque carte").format(turn=state.turn),
                "items": [
                    pair_text(f"{s.n}. {s.player}", f"{s.card.label} {where_text(s)}")
                    for s in last.steps
                ],
            }
        )
    title = (
        gettext("La table après le tour {turn}").format(turn=state.turn)
        if state.turn
        else gettext("La table après la mise en place")
    )
    groups.append({"title": title, "items": _row_lines(state.rows)})
    lines = [
        pair_text(
            name, f"{entry.total} ({entry.plus} − {entry.minus})" if entry.minus else entry.total
        )
        for name, entry in zip(state.players, entries, strict=True)
    ]
    view: Answer = {"lines": lines, "groups": groups}
    if state.finished:
        view["head"] = gettext("Manche terminée : chaque joueur a joué ses 10 cartes.")
    else:  # the next turn's revealed cards, for a page drawn before the round began
        turn = state.turn + 1
        view["inputs"] = {
            "legend": gettext("Tour %(turn)s : la carte révélée de chacun") % {"turn": turn},
            "table_class": TABLE_CLASS,
            "head": list(state.players),
            "rows": [
                {
                    "cells": [
                        {
                            "name": f"c{i}",
                            "label": gettext("Carte de {name}").format(name=name),
                            "column": name,
                            "value": "" if replay.played_now else text_field(data, f"c{i}"),
                            "testid": f"card-{i}",
                        }
                        for i, name in enumerate(state.players)
                    ]
                }
            ],
            "buttons": [
                {
                    "name": "play",
                    "value": "1",
                    "text": gettext("Jouer le tour %(turn)s") % {"turn": turn},
                    "testid": "play",
                }
            ],
        }
    if replay.played_now:
        fields = {f"c{i}": "" for i in range(seats)}
        fields[f"t{len(turns)}"] = replay.history_lines()[-1]
        view["fields"] = fields
    return {**answer, "round": state.to_json(), "view": view}


#: Each calculator endpoint's path under ``/api/v1/`` → its answer.
ENDPOINTS: dict[str, Answerer] = {
    "num5/round": num5_round,
    "num5/game": num5_game,
    "num5/turn": num5_turn,
}
#: Each page answered offline from its own fields (its URL name) → its answer.
PAGES: dict[str, Answerer] = {"num_5": num5_sheet_page, "num_5_turn": num5_turn_page}
