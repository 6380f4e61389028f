"""« Quelles cartes guetter ? » in a party's entry, for the player entering a claim.

The calculator's tool, with its rank and its combinations excluded read from the party's sheet
(/num-check/regles/#arbitrage-cartes-a-guetter): only the hand is typed. Each out links to the
claim entry filled with that CHECK (``?remplir=1``). Nothing here writes, and no link holds a
token: they are relative to the party's page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.http import urlencode

from ....engines import numcheck
from ....engines.cards import InputError
from ....parties import services
from ....parties.models import Game, Player
from ..forms import OutsForm
from ..views import outs_context

#: the query key naming the player whose outs are asked
ASK = "guetter"
#: the query key of a claim entry filled from an out
FILL = "remplir"


def made(player: Player) -> list[str]:
    """The combinations this player has claimed, in the order of their claims."""
    return [c.combo for c in player.claims.order_by("position")]


def asked(query: Mapping[str, Any]) -> bool:
    return ASK in query


def context(game: Game, query: QueryDict) -> dict[str, Any]:
    """What the entry's « Quelles cartes guetter ? » draws. A player not in the party is said at
    the player field; a hand the engine refuses, at the hand field."""
    out: dict[str, Any] = {"outs_form": OutsForm(), "outs_asked": asked(query), "outs_player": None}
    out.update(outs_context(None, 1))
    if not out["outs_asked"]:
        return out
    try:
        who = services.player_at(game, query.get(ASK), ASK)
    except InputError as err:
        out["outs_player_error"] = err.message
        return out
    claimed = made(who)
    rank = len(claimed) + 1
    out.update(
        outs_player=who,
        outs_rank=rank,
        outs_made=[numcheck.COMBOS_BY_KEY[key] for key in claimed],
    )
    hand = str(query.get("outs-hand", ""))
    data = QueryDict(mutable=True)
    data["outs-hand"] = hand
    data["outs-rank"] = str(rank)
    data.setlist("outs-exclude", claimed)
    form = OutsForm(data)
    out["outs_form"] = form
    if not hand.strip():  # asked, no hand yet: the form, nothing said against it
        out["outs_form"] = OutsForm(initial={"hand": ""})
        return out
    if not form.is_valid():
        return out

    def fill(check: numcheck.Detected) -> str:
        query = urlencode(
            {
                ASK: str(who.pk),
                "outs-hand": hand,
                FILL: "1",
                "player": str(who.pk),
                "combo": check.combo.key,
                "cards": " ".join(c.code for c in check.cards),
            }
        )
        return f"?{query}#claim-save"

    out.update(outs_context(form.result, rank, fill))
    return out


def claim_fill(game: Game, query: QueryDict) -> dict[str, Any] | None:
    """The claim form's values filled from an out, or ``None`` (a player not in the party fills
    nothing)."""
    if FILL not in query:
        return None
    try:
        who = services.player_at(game, query.get("player"))
    except InputError:
        return None
    combo = str(query.get("combo", ""))
    if combo not in numcheck.COMBOS_BY_KEY:
        combo = ""
    return {"player": who.pk, "combo": combo, "cards": str(query.get("cards", ""))[:120]}
