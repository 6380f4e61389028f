"""NUM CHECK's JSON endpoints: score, detect, outs, sheet (the game's ninja ``router``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext, gettext_noop
from ninja import Field, Router, Schema

from ...engines import numcheck
from ...engines.cards import InputError, format_cards
from ...engines.numcheck import ClaimResult, Detected
from ...web.json import Body, Item, answer, as_list, calculator, required
from ..registry import NUM_CHECK

router = Router(tags=[NUM_CHECK.name])

Cards = list[str]
CARDS = "Cards in the site's notation (`7R`, `12S`, `JK`…); answers use the canonical form."


class NumCheckScoreIn(Body):
    combo: str = Field(description="A combination's key (`paire`, `full`…, see /api/).")
    cards: Cards = Field(description=CARDS)
    rank: int = Field(description="The claim's rank, 1 to 8.")


class NumCheckScoreOut(Schema):
    valid: bool
    combo: str
    cards: Cards
    rank: int
    reason: str | None = Field(None, description="Why the cards do not make it (`valid: false`).")
    base: int | None = None
    references: list[int] | None = None
    rank_bonus: int | None = None
    total: int | None = None
    mode: str | None = None
    reading: str | None = None
    explanation: list[str] | None = None


class NumCheckDetectIn(Body):
    hand: Cards | None = Field(None, description="1 to 4 cards in the hand.")
    centre: Cards | None = Field(None, description="1 to 4 cards in the centre.")
    cards: Cards | None = Field(
        None, description="The older form: hand = all but the last card, centre = the last."
    )
    rank: int = 1
    exclude: list[str] | None = Field(None, description="Combinations not to look for.")


class NumCheckCheckOut(Schema):
    combo: str
    cards: Cards
    references: list[int]
    rank_bonus: int
    total: int


class NumCheckDetectedOut(NumCheckCheckOut):
    claim: str


class NumCheckDetectOut(Schema):
    checks: list[NumCheckDetectedOut]
    combos: list[NumCheckDetectedOut] | None = Field(
        None, description="The older form's same list."
    )


class NumCheckOutsIn(Body):
    hand: Cards = Field(description="1 to 4 cards in the hand.")
    rank: int = 1
    exclude: list[str] | None = None


class NumCheckOutOut(Schema):
    card: str
    best: int
    checks: list[NumCheckCheckOut]


class NumCheckOutsOut(Schema):
    rank: int
    outs: list[NumCheckOutOut]


class NumCheckClaimIn(Item):
    combo: str | None = None
    cards: Cards | None = None


class NumCheckSheetPlayerIn(Item):
    name: str | None = None
    claims: list[NumCheckClaimIn] | None = None


class NumCheckSheetIn(Body):
    players: list[NumCheckSheetPlayerIn]


class NumCheckSheetClaimOut(Schema):
    rank: int | None
    combo: str
    valid: bool
    total: int
    reason: str | None = None


class NumCheckSheetPlayerOut(Schema):
    name: str
    total: int
    title: str
    position: int
    claims: list[NumCheckSheetClaimOut]


class NumCheckSheetOut(Schema):
    players: list[NumCheckSheetPlayerOut]
    ranking: list[str]


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


@calculator(
    router, f"/{NUM_CHECK.api_name}/score", url_name="num_check_score", response=NumCheckScoreOut,
    summary=gettext_noop("Score d'une annonce NUM CHECK à un rang"),
)  # fmt: skip
def num_check_score(request: HttpRequest, payload: NumCheckScoreIn) -> JsonResponse:
    data = payload.model_dump(exclude_unset=True)
    combo = numcheck.get_combo(required(data, "combo"))
    cards = as_list(required(data, "cards"), "cards")
    result = numcheck.score(combo, cards, required(data, "rank"))
    return answer(check_result_json(result))


@calculator(
    router, f"/{NUM_CHECK.api_name}/detect", url_name="num_check_detect", response=NumCheckDetectOut,
    summary=gettext_noop("Les CHECK possibles avec la main et le centre"),
)  # fmt: skip
def num_check_detect(request: HttpRequest, payload: NumCheckDetectIn) -> JsonResponse:
    """Every possible CHECK from ``hand`` + ``centre`` (docs/api.md), or the older ``cards`` form
    (hand = all but the last card, centre = the last), whose answer also keeps its old
    ``combos`` key."""
    data = payload.model_dump(exclude_unset=True)
    exclude = as_list(data.get("exclude") or [], "exclude")
    rank = data.get("rank", 1)
    if "hand" in data or "centre" in data or "cards" not in data:
        hand = as_list(required(data, "hand"), "hand")
        centre = as_list(required(data, "centre"), "centre")
        found = [detected_json(d) for d in numcheck.detect(hand, centre, rank, exclude)]
        return answer({"checks": found})
    found = [
        detected_json(d)
        for d in numcheck.detect_cards(as_list(data["cards"], "cards"), rank, exclude)
    ]
    return answer({"checks": found, "combos": found})


@calculator(
    router, f"/{NUM_CHECK.api_name}/outs", url_name="num_check_outs", response=NumCheckOutsOut,
    summary=gettext_noop("Les cartes à guetter : ce qui compléterait un CHECK avec la main"),
)  # fmt: skip
def num_check_outs(request: HttpRequest, payload: NumCheckOutsIn) -> JsonResponse:
    """« Quelles cartes guetter ? »: the cards that would complete a CHECK with the hand."""
    data = payload.model_dump(exclude_unset=True)
    rank = numcheck.check_rank(data.get("rank", 1))
    hand = as_list(required(data, "hand"), "hand")
    found = numcheck.outs(hand, rank, as_list(data.get("exclude") or [], "exclude"))
    return answer({
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
    })  # fmt: skip


@calculator(
    router, f"/{NUM_CHECK.api_name}/sheet", url_name="num_check_sheet", response=NumCheckSheetOut,
    summary=gettext_noop("Feuille de plusieurs joueurs"),
)  # fmt: skip
def num_check_sheet(request: HttpRequest, payload: NumCheckSheetIn) -> JsonResponse:
    data = payload.model_dump(exclude_unset=True)
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
    return answer({
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
    })  # fmt: skip
