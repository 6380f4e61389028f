"""NUM CHECK in Parties: the hooks the Parties core asks of the game (:class:`PartyKind`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext

from ....core.registry import NUM_CHECK
from ....engines import numcheck
from ....engines.numbers import parse_whole
from ....parties import services
from ....parties.board import Board, BoardRow, leaders, place
from ....parties.export import csv_ranking
from ....parties.models import Claim, Game, Player
from ..forms import combo_choices
from . import api, forms, outs, writes
from .stats import NumCheckStats
from .writes import ShownClaim, stored_claims


class NumCheckParty(NumCheckStats):
    spec = NUM_CHECK
    write_forms = forms.WRITE_FORMS
    api_router = api.router
    #: the standings show each player's claims made out of the 8 that end the game
    entries_out_of = numcheck.CLAIMS_TO_END

    def entries_made(self, row: BoardRow) -> int:
        return len(row.detail or ())

    def board(self, game: Game, players: list[Player]) -> Board:
        # the claims of the version a write just made, as it left them; else as stored
        claims: dict[int, list[ShownClaim]] | None = services.written_part(game, "claims")
        if claims is None:
            claims = stored_claims(game)
        rows = []
        sheets = []
        for p in players:
            mine = claims.get(p.pk, [])
            sheet = writes.stored_sheet(p.name, mine)
            sheets.append(sheet)
            rows.append(
                BoardRow(
                    p, sheet.total, sheet.title, detail=list(zip(mine, sheet.claims, strict=True))
                )
            )
        place(rows, lambda r: (r.total,))
        history_only = writes.in_effect(game, writes.INVALID_CHECK, *writes.CLOCK)
        end, over = writes.clock(
            game, len(players), zip((p.pk for p in players), sheets, strict=True), history_only
        )
        turns, done = end.turns, end.turns_done
        finished = game.finished or over
        names = {p.pk: p.name for p in players}
        if over and end.full:
            note = gettext("{full} a réalisé 8 combinaisons : la partie s’arrête.").format(
                full=", ".join(names.get(pk, "") for pk in end.full)
            )
        elif (over or game.finished) and done >= turns:
            note = gettext("Les {turns} tours de paquet sont joués : la partie s’arrête.").format(
                turns=turns
            )
        elif game.finished and done == 0:  # a table that does not count its deck turns here
            note = gettext("La table a déclaré la fin des {turns} tours de paquet.").format(
                turns=turns
            )
        elif game.finished:
            note = gettext("La table a arrêté la partie au tour de paquet {done}/{turns}.").format(
                done=done, turns=turns
            )
        elif end.reached:  # a reopen lifted the end the clock had reached
            note = gettext(
                "Partie rouverte après sa fin : corrigez la feuille, puis terminez la partie."
            )
        else:
            note = gettext(
                "Tour de paquet {current}/{turns}. Fin de partie : 8 combinaisons pour un joueur, ou après {turns} tours de paquet."
            ).format(current=done + 1, turns=turns)
        invalid = [
            {
                "id": entry.pk,
                "player": names.get(entry.data["player"], ""),
                "combo": entry.data["combo"],
                "label": writes.combo_label(entry.data["combo"]),
                "cards": entry.data["cards"],
                "reason": writes.invalid_reason(
                    entry.data["combo"], entry.data["cards"], entry.data.get("again", False)
                ),
            }
            for entry in history_only
            if entry.action == writes.INVALID_CHECK
        ]
        extra = {"turns": turns, "turns_done": done, "invalid_checks": invalid}
        return Board(game, rows, finished, leaders(rows) if finished else (), note, extra)

    def json(self, game: Game, board: Board, rows: list[BoardRow]) -> dict[str, Any]:
        return {
            "claims": [
                {
                    "id": claim.pk,
                    "player": r.player.name,
                    "rank": claim.position,
                    "combo": claim.combo,
                    "cards": claim.cards.split(),
                    "total": scored.total,
                }
                for r in rows
                for claim, scored in r.detail
            ],
            "deck_turns": {"done": board.extra["turns_done"], "limit": board.extra["turns"]},
            "invalid_checks": [
                {
                    "id": i["id"],
                    "player": i["player"],
                    "combo": i["combo"],
                    "cards": i["cards"].split(),
                    "reason": i["reason"],
                }
                for i in board.extra["invalid_checks"]
            ],
        }

    def csv(self, board: Board, row: Callable[..., None]) -> None:
        row(
            gettext("Joueur"),
            gettext("Rang"),
            gettext("Combinaison"),
            gettext("Cartes"),
            gettext("Points"),
        )
        for r in board.rows:
            for claim, scored in r.detail:
                row(
                    r.player.name,
                    claim.position,
                    scored.result.combo.name,
                    claim.cards,
                    scored.total,
                )
        csv_ranking(board, row, gettext("Total"))

    def has_entries(self, game: Game) -> bool:
        return writes.has_entries(game)

    def ended(self, game: Game) -> bool:
        return writes.game_clock(game)[1]

    def ended_among(self, games: Sequence[Game]) -> set[int]:
        return writes.clocks_ended(games)

    def lifted(self, game: Game) -> dict[str, Any]:
        end, _ = writes.game_clock(game)
        return {"full": list(end.full), "turns_done": end.turns_done, "turns": end.turns}

    def page_context(self, request: HttpRequest, game: Game, board: Board) -> dict[str, Any]:
        """The combinations to choose from, « Corriger »'s claim (``?corriger=<id>``), and
        « Quelles cartes guetter ? » (:mod:`.outs`)."""
        context: dict[str, Any] = {"combos": combo_choices()}
        claim_id = parse_whole(request.GET.get("corriger"))
        match = request.resolver_match
        if match is not None and match.kwargs.get("name") == "claim_edit":
            claim_id = parse_whole(request.POST.get("claim"))  # a refused correction stays open
        if claim_id is not None:
            context["edit_claim"] = Claim.objects.filter(player__game=game, pk=claim_id).first()
            # the correction is drawn at its claim's row: not the shared board's details
            context["details_here"] = context["edit_claim"] is not None
        context.update(outs.context(game, request.GET))
        context["claim_fill"] = outs.claim_fill(game, request.GET)
        if "apercu" in request.GET or context["claim_fill"]:
            context["preview"] = forms.preview(
                game,
                request.GET.get("player"),
                request.GET.get("cards"),
                request.GET.get("combo"),
            )

        return context

    def finish_label(self, board: Board) -> str:
        return gettext("Fin des {turns} tours de paquet").format(turns=board.extra["turns"])


KIND = NumCheckParty()
#: the game's writes are registered in the action table when this package is imported
__all__ = ["KIND", "writes"]
