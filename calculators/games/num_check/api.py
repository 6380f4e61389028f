"""NUM CHECK's JSON endpoints: score, detect, sheet."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from ...engines import numcheck
from ...engines.cards import InputError, format_cards
from ...engines.numcheck import ClaimResult, Detected
from ...web.json import as_list, json_api, required


def check_result_json(result: ClaimResult) -> dict[str, Any]:
    head = {
        "valid": result.valid,
        "combo": result.combo.key,
        "cards": format_cards(result.cards),
        "rank": result.rank,
    }
    if not result.valid:
        return {**head, "reason": result.reason}
    return {
        **head,
        "base": result.base,
        "references": list(result.references),
        "rank_bonus": result.rank_bonus,
        "total": result.total,
        "mode": result.mode,
        "reading": result.reading,
        "explanation": list(result.explanation),
    }


def detected_json(found: Detected) -> dict[str, Any]:
    return {
        "claim": found.claim.code,
        "combo": found.combo.key,
        "cards": format_cards(found.cards),
        "references": list(found.result.references),
        "rank_bonus": found.result.rank_bonus,
        "total": found.result.total,
    }


@json_api
def num_check_score(data: dict[str, Any]) -> dict[str, Any]:
    combo = numcheck.get_combo(required(data, "combo"))
    cards = as_list(required(data, "cards"), "cards")
    result = numcheck.score(combo, cards, required(data, "rank"))
    return check_result_json(result)


@json_api
def num_check_detect(data: dict[str, Any]) -> dict[str, Any]:
    """Every possible CHECK from ``hand`` + ``centre`` (docs/api.md), or the older ``cards`` form
    (hand = all but the last card, centre = the last), whose answer also keeps its old
    ``combos`` key."""
    exclude = as_list(data.get("exclude") or [], "exclude")
    rank = data.get("rank", 1)
    if "hand" in data or "centre" in data or "cards" not in data:
        hand = as_list(required(data, "hand"), "hand")
        centre = as_list(required(data, "centre"), "centre")
        return {"checks": [detected_json(d) for d in numcheck.detect(hand, centre, rank, exclude)]}
    found = [
        detected_json(d)
        for d in numcheck.detect_cards(as_list(data["cards"], "cards"), rank, exclude)
    ]
    return {"checks": found, "combos": found}


@json_api
def num_check_outs(data: dict[str, Any]) -> dict[str, Any]:
    """« Quelles cartes guetter ? »: the cards that would complete a CHECK with the hand."""
    rank = numcheck.check_rank(data.get("rank", 1))
    hand = as_list(required(data, "hand"), "hand")
    found = numcheck.outs(hand, rank, as_list(data.get("exclude") or [], "exclude"))
    return {
        "rank": rank,
        "outs": [
            {
                "card": out.card.code,
                "best": out.best,
                "checks": [
                    {
                        "combo": d.combo.key,
                        "cards": format_cards(d.cards),
                        "references": list(d.result.references),
                        "rank_bonus": d.result.rank_bonus,
                        "total": d.result.total,
                    }
                    for d in out.checks
                ],
            }
            for out in found
        ],
    }


@json_api
def num_check_sheet(data: dict[str, Any]) -> dict[str, Any]:
    players = as_list(required(data, "players"), "players")
    entries = []
    for index, raw in enumerate(players, start=1):
        if not isinstance(raw, dict):
            raise InputError(
                "players",
                gettext("Joueur {index} : un objet {{name, claims}} est attendu.").format(
                    index=index
                ),
            )
        claims = raw.get("claims") or []
        if not isinstance(claims, list) or not all(isinstance(c, dict) for c in claims):
            raise InputError(
                "players",
                gettext("Joueur {index} : « claims » est une liste d'annonces.").format(
                    index=index
                ),
            )
        entries.append((raw.get("name"), [(c.get("combo"), c.get("cards") or []) for c in claims]))
    result = numcheck.sheet(entries)
    position = {s.item.name: s.position for s in result.standings}
    return {
        "players": [
            {
                "name": p.name,
                "total": p.total,
                "title": p.title,
                "position": position[p.name],
                "claims": [
                    {
                        "rank": c.rank,
                        "combo": c.result.combo.key,
                        "valid": c.result.valid,
                        "total": c.total,
                        **({} if c.result.valid else {"reason": c.result.reason}),
                    }
                    for c in p.claims
                ],
            }
            for p in result.players
        ],
        "ranking": list(result.ranking),
    }
