"""« Quelles cartes guetter ? » in a party's entry, for the player entering a claim.

The calculator's tool (:class:`..forms.OutsForm`, drawn by ``_outs.html`` from
:func:`..views.outs_context`) asks for a rank and the combinations already made; here both come
from the party's sheet, for the player chosen (``?guetter=<player id>``): their next rank is one
more than the claims they have, and their claims are the combinations excluded
(/num-check/regles/#arbitrage-cartes-a-guetter). Only the hand is typed (``?outs-hand=…``).

Each out links to the page with the claim entry filled with that CHECK (``?remplir=1``, the player,
the combination, the five cards), so a CHECK is then one tap on « Enregistrer le CHECK ». Nothing
here writes, and no link holds a token: they are relative to the party's page.
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
    """What the entry's « Quelles cartes guetter ? » draws: its form, the player asked for, their
    rank and the combinations they made (ticked, not watched for), and the outs (``outs_context``) once a
    hand is entered. A player who is not in the party is said at the player field; a hand the
    engine refuses, at the hand field."""
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
    """The claim entry filled from an out (``?remplir=1&player=…&combo=…&cards=…``): what the
    claim form draws as its values, or ``None`` (a player not in the party fills nothing)."""
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
