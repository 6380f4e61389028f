"""A prepared deal asked for: the request read, the engine asked, the answer written (docs/api.md
« Deals », docs/deals.md). Pure: the engines and the registry only.

Without a seed a fresh one is drawn by :mod:`secrets`, never by the shuffle's source, and given
back, so the deal can be dealt again (docs/deals.md#donnes-graine).
"""

from __future__ import annotations

import secrets
from typing import Any

from ..core import registry
from ..engines import dealbest, deals
from ..engines.cards import InputError, format_cards
from ..engines.i18n import gettext


def _game(value: object) -> registry.GameSpec:
    text = value.strip().lower() if isinstance(value, str) else ""
    for game in registry.DEALT:
        if text in (game.api_name, game.slug, game.kind):
            return game
    raise InputError(
        "game",
        gettext(
            "« {game} » : une donne se prépare pour NUM DRAFT (« num-draft ») ou Num 5 (« num5 »)."
        ).format(game=value),
    )


def _seats(value: object, game: registry.GameSpec) -> int:
    low, high = game.players
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(
            "seats",
            gettext("« {seats} » : une donne de {game} compte de {low} à {high} sièges.").format(
                seats=value, game=game.name, low=low, high=high
            ),
        )
    return value


def _seed(value: object) -> str:
    if value is None or value == "":
        return secrets.token_hex(8)
    if not isinstance(value, str):
        raise InputError("seed", gettext("La graine est un texte."))
    return value


def _deck(value: object) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise InputError("deck", gettext("Le paquet s’écrit « 0-12 » ou « 0-16 »."))
    return value


def _best_flag(value: object, game: registry.GameSpec) -> bool:
    if value is None or value is False:
        return False
    if value is not True:
        raise InputError("best", gettext("« {field} » vaut true ou false.").format(field="best"))
    if game is not registry.NUM_DRAFT:
        raise InputError(
            "best",
            gettext(
                "Num 5 n’a pas de meilleur score possible : une manche dépend des cartes jouées par les autres sièges."
            ),
        )
    return True


def best_scores(dealt: deals.Deal, mode: str) -> list[dict[str, Any]]:
    """Each NUM DRAFT seat's best possible score, its grid alone (docs/deals.md#donnes-meilleur)."""
    out = []
    for best in dealbest.deal_limits([seat.cards for seat in dealt.seats], mode):
        out.append(
            {
                "total": best.total,
                "exact": best.exact,
                "grid": [format_cards(row) for row in best.grid],
                "left_out": format_cards(best.left_out),
            }
        )
    return out


def deal(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/v1/deals``: each seat's cards, and what else the game deals; with
    ``best: true`` (NUM DRAFT), each seat's best possible score."""
    if "game" not in data:
        raise InputError("game", gettext("Indiquez le jeu : « num-draft » ou « num5 »."))
    game = _game(data["game"])
    mode = game.resolve_mode(data.get("mode"))
    if "seats" not in data:
        raise InputError("seats", gettext("Indiquez le nombre de sièges de la table."))
    seats = _seats(data["seats"], game)
    seed = _seed(data.get("seed"))
    best = _best_flag(data.get("best"), game)
    dealt = deals.deal(game.api_name, seats, seed, _deck(data.get("deck")))
    out: dict[str, Any] = {
        "game": game.api_name,
        "mode": mode,
        "seats": seats,
        "seed": dealt.seed,
        "deck": dealt.deck,
        "hands": [format_cards(s.hand) for s in dealt.seats],
    }
    if game is registry.NUM_DRAFT:
        out["grids"] = [[format_cards(row) for row in s.grid] for s in dealt.seats]
        if best:
            out["best"] = best_scores(dealt, mode)
    else:
        out["rows"] = format_cards(dealt.rows)
    return out
