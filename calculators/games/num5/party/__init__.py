"""Num 5 in Parties: the hooks the Parties core asks of the game (:class:`PartyKind`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext

from ....core.registry import NUM5
from ....engines import num5, num5turn
from ....engines.numbers import parse_whole
from ....parties import deals as party_deals
from ....parties import services
from ....parties.board import Board, BoardRow, leaders, place
from ....parties.models import Game, Player
from ..views import tie_view
from . import api, forms, writes
from .stats import Num5Stats


def _cell_text(entry: dict[str, Any] | None) -> str:
    """A stored Num 5 entry as the text of a cell (what the player typed, in canonical form)."""
    if not entry:
        return ""
    cards = entry.get("cards")
    if cards is not None:
        return " ".join(cards) if isinstance(cards, list) else str(cards)
    return f"{entry.get('plus', 0)} - {entry.get('minus', 0)}"


def ties(
    players: list[Player], turns_so_far: list[list[str]], result: num5turn.TurnResult
) -> list[dict[str, Any]]:
    """The last turn's cards that tied between rows (/num-5/regles/#arbitrage-tour-t8), each
    drawn by :func:`..views.tie_view` with buttons posting ``turn_row``."""
    _, chosen = writes.split_turn(turns_so_far[-1])
    seats = {p.name: i for i, p in enumerate(players)}
    out = []
    for step in result.steps:
        if not step.tied_rows:
            continue
        seat = seats[step.player]
        tie = tie_view(step, chosen[seat] is not None, lambda number: {"value": number})
        out.append(
            tie | {"player_id": players[seat].pk, "write": "turn_row", "turn": len(turns_so_far)}
        )
    return out


class Num5Party(Num5Stats):
    spec = NUM5
    write_forms = forms.WRITE_FORMS
    api_router = api.router
    ranked_by_wins = True

    def board(self, game: Game, players: list[Player]) -> Board:
        # the rounds of the version a write just made, as it left them; else as stored
        rounds = services.written_part(game, "rounds")
        if rounds is None:
            rounds = list(game.rounds.all())
        result = num5.play_game(
            [p.name for p in players], writes._round_table(game, rounds, players)
        )
        rows = [
            BoardRow(
                p, result.points[p.name], "", wins=result.wins[p.name], detail=result.wins[p.name]
            )
            for p in players
        ]
        place(rows, lambda r: (r.wins, r.total))
        finished = result.finished or game.finished
        if result.finished:
            winners, note = result.winners, result.ruling
        elif game.finished and writes.ends_deal(game, len(rounds)):  # (#donnes-num5-fin)
            winners = leaders(rows)
            note = gettext(
                "La donne n° {number} est jouée : en tête aux manches gagnées, puis aux points."
            ).format(number=game.deal["number"])
        elif game.finished:
            winners = leaders(rows)
            note = gettext(
                "Partie arrêtée par la table : en tête aux manches gagnées, puis aux points."
            )
        else:
            winners, note = (), ""
        return Board(
            game,
            rows,
            finished,
            winners,
            note,
            extra={"rounds": list(zip(rounds, result.rounds, strict=True)), "result": result},
        )

    def json(self, game: Game, board: Board, rows: list[BoardRow]) -> dict[str, Any]:
        state = writes.round_in_play(game).state
        return {
            "rounds": [
                {
                    "number": stored.number,
                    "entries": {
                        p.name: {
                            "plus": p.plus,
                            "minus": p.minus,
                            **({"cards": [str(c) for c in p.cards]} if p.cards is not None else {}),
                        }
                        for p in scored.players
                    },
                    "totals": list(scored.totals),
                    "winners": list(scored.winners),
                }
                for stored, scored in board.extra["rounds"]
            ],
            "turns": {
                "turn": state.turn,
                "rows": [[str(c) for c in row] for row in state.rows],
                "collected": {
                    name: [str(c) for c in cards]
                    for name, cards in zip(state.players, state.collected, strict=True)
                },
                "discarded": [str(c) for c in state.discarded],
            },
        }

    def csv(self, board: Board, row: Callable[..., None]) -> None:
        row(gettext("Manche"), *[r.player.name for r in board.rows])
        for stored, scored in board.extra["rounds"]:
            row(stored.number, *scored.totals)
        row()
        row(gettext("Classement"), gettext("Joueur"), gettext("Manches gagnées"), gettext("Points"))
        for r in board.ranking:
            row(r.position, r.player.name, r.wins, r.total)

    def has_entries(self, game: Game) -> bool:
        return game.rounds.exists() or bool(game.turns)

    def page_context(self, request: HttpRequest, game: Game, board: Board) -> dict[str, Any]:
        """Each round's cells as typed, « Corriger »'s round (``?manche=<n>``) and the round
        being played turn by turn."""
        players = [row.player for row in board.rows]  # the board's, in seat order
        context: dict[str, Any] = {
            "round_cells": [
                (stored, [(p, _cell_text(stored.entries.get(str(p.pk)))) for p in players])
                for stored, _ in board.extra["rounds"]
            ]
        }
        number = parse_whole(request.GET.get("manche"))
        match = request.resolver_match
        if match is not None and match.kwargs.get("name") == "round_edit":
            number = parse_whole(request.POST.get("round"))  # a refused correction stays open
        if number is not None and not game.deal:  # a dealt manche is undone, not corrected
            context["edit_round"] = game.rounds.filter(number=number).first()
        if game.turns:
            play = writes.round_in_play(game, players)
            context["turn_play"] = play
            points = [entry.total for entry in play.state.entries()]
            context["turn_collected"] = list(
                zip(players, play.state.collected, points, strict=True)
            )
            context["turn_ties"] = ties(players, game.turns, play.turns[-1])
        rounds = len(board.extra["rounds"])
        left = writes.hands_left(game, players, rounds)
        if left is not None:  # each seat's hand still to play (docs/deals.md#donnes-num5)
            context["deal_manche"] = party_deals.current_manche(game, rounds)
            context["deal_hands"] = list(zip(players, left, strict=True))
            # « Reporter la manche » also ends the Party after the deal's last one
            context["tally_ends"] = writes.ends_deal(game, rounds + 1)
        context["turn_tie_players"] = [str(t["player_id"]) for t in context.get("turn_ties", ())]
        # a turn's notice (and a tie's choice) is drawn in the turn entry, beside the rows
        context["notice_here"] = ("turn", "turn_row")
        return context


KIND = Num5Party()
#: the game's writes are registered in the action table when this package is imported
__all__ = ["KIND", "writes"]
