"""NUM CHECK's answers, pure: request JSON → the engine → answer JSON, for its API routes and
its pages answered offline (docs/offline.md#the-calculators-without-network). No Django (an
import contract checks it): the offline bundle runs this module in the browser."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.fields import (
    Answer,
    Answerer,
    as_list,
    as_whole,
    choice_field,
    pair_text,
    points_text,
    required,
    required_text,
    text_field,
)
from ...engines import numcheck
from ...engines.cards import Family, InputError, format_cards
from ...engines.i18n import gettext, ngettext
from ...engines.numcheck import ClaimResult, Detected
from . import readers


def check_result_json(result: ClaimResult) -> Answer:
    """One claim's score (docs/api.md, ``num-check/score``); an invalid claim is a result."""
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


def detected_json(found: Detected) -> Answer:
    return {
        "claim": found.claim.code,
        "combo": found.combo.key,
        "cards": format_cards(found.cards),
        "references": list(found.result.references),
        "rank_bonus": found.result.rank_bonus,
        "total": found.result.total,
    }


def num_check_score(data: dict[str, Any]) -> Answer:
    """A claim at its rank (/num-check/regles/#reference-et-rang)."""
    combo = numcheck.get_combo(required(data, "combo"))
    cards = as_list(required(data, "cards"), "cards")
    return check_result_json(numcheck.score(combo, cards, as_whole(data, "rank")))


def num_check_detect(data: dict[str, Any]) -> Answer:
    """Every possible CHECK from ``hand`` + ``centre`` (/num-check/regles/#arbitrage-check-centre),
    or the older ``cards`` form, still accepted (docs/api.md)."""
    exclude = as_list(data.get("exclude") or [], "exclude")
    rank = as_whole(data, "rank", 1)
    if "hand" in data or "centre" in data or "cards" not in data:
        hand = as_list(required(data, "hand"), "hand")
        centre = as_list(required(data, "centre"), "centre")
        return {"checks": [detected_json(d) for d in numcheck.detect(hand, centre, rank, exclude)]}
    found = [
        detected_json(d)
        for d in numcheck.detect_cards(as_list(data["cards"], "cards"), rank, exclude)
    ]
    return {"checks": found, "combos": found}


def num_check_outs(data: dict[str, Any]) -> Answer:
    """« Quelles cartes guetter ? »: the cards that would complete a CHECK with the hand."""
    rank = numcheck.check_rank(as_whole(data, "rank", 1))
    hand = as_list(required(data, "hand"), "hand")
    return outs_json(rank, numcheck.outs(hand, rank, as_list(data.get("exclude") or [], "exclude")))


def outs_json(rank: int, found: Sequence[numcheck.Out]) -> Answer:
    """The outs as the ``num-check/outs`` endpoint answers them."""
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


def num_check_sheet(data: dict[str, Any]) -> Answer:
    """Players' sheets: each claim ranked in the order announced, totals, titles, ranking."""
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
                gettext("Joueur {index} : « claims » est une liste d’annonces.").format(
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


@dataclass(frozen=True, slots=True)
class OutGroup:
    """One combination the hand can still make and the CHECKs that complete it, highest total
    first; ``links``, one per check, are added by the pages."""

    combo: numcheck.Combo
    checks: tuple[Detected, ...]
    links: tuple[str, ...] = ()

    @property
    def best(self) -> int:
        return self.checks[0].result.total

    @property
    def cards(self) -> list[tuple[Detected, str]]:
        return list(zip(self.checks, self.links, strict=True))

    @property
    def entries(self) -> list[OutEntry]:
        """The cards as the page lists them: Rainbows that make this combination for the same
        total are one entry (« n’importe quel Rainbow (17) »), not 17 cards in a row."""
        links = self.links or ("",) * len(self.checks)
        rainbows: dict[int, list[int]] = {}
        for d in self.checks:
            if _is_rainbow(d):
                rainbows.setdefault(d.result.total, []).append(d.claim.value)
        out, shown = [], set()
        for d, link in zip(self.checks, links, strict=True):
            same = rainbows[d.result.total] if _is_rainbow(d) else []
            if len(same) < 2:
                out.append(OutEntry(d, link))
            elif d.result.total not in shown:
                shown.add(d.result.total)
                out.append(OutEntry(d, link, tuple(sorted(same))))
        return out


def _is_rainbow(d: Detected) -> bool:
    return d.claim.family is Family.RAINBOW


@dataclass(frozen=True, slots=True)
class OutEntry:
    """One entry of a combination's outs: a card, or (``rainbows``: their values) the Rainbows
    that each make it for the same total, ``check`` (the first of them) standing for all."""

    check: Detected
    link: str
    rainbows: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        """The card's code, or the Rainbows it stands for in words."""
        if not self.rainbows:
            return str(self.check.claim)
        n = len(self.rainbows)
        if self.rainbows == tuple(range(numcheck.MAX_VALUE + 1)):
            return gettext("n’importe quel Rainbow ({n})").format(n=n)
        values = ", ".join(str(v) for v in self.rainbows)
        return gettext("Rainbow {values} ({n})").format(values=values, n=n)


def group_outs(found: Sequence[numcheck.Out]) -> list[OutGroup]:
    """The engine's outs grouped by combination (/num-check/regles/#arbitrage-cartes-a-guetter),
    best group first; ties keep the combinations' table order, then the engine's order."""
    by_combo: dict[str, list[Detected]] = {}
    for out in found:
        for check in out.checks:
            by_combo.setdefault(check.combo.key, []).append(check)
    order = {combo.key: index for index, combo in enumerate(numcheck.COMBOS)}
    groups = [
        OutGroup(numcheck.COMBOS_BY_KEY[key], tuple(sorted(checks, key=lambda d: -d.result.total)))
        for key, checks in by_combo.items()
    ]
    groups.sort(key=lambda g: (-g.best, order[g.combo.key]))
    return groups


def num_check_outs_page(data: dict[str, Any]) -> Answer:
    """« Quelles cartes guetter ? »: ``hand`` (text), ``rank`` and ``exclude`` (the combinations
    already made) → the outs grouped by combination, best first."""
    rank = choice_field(data, "rank", 1, len(numcheck.RANKS), 1)
    hand = required_text(data, "hand")
    exclude = [e for e in as_list(data.get("exclude") or [], "exclude") if isinstance(e, str)]
    found = numcheck.outs(hand, rank, exclude)
    groups = group_outs(found)
    answer = outs_json(rank, found)
    if not groups:
        view: Answer = {
            "head": gettext(
                "Aucune carte ne compléterait un CHECK avec cette main : il vous faut d’autres cartes en main."
            )
        }
    else:
        view = {
            "head": ngettext(
                "{n} carte à guetter au centre, par combinaison, la meilleure d’abord.",
                "{n} cartes à guetter au centre, par combinaison, la meilleure d’abord.",
                len(found),
            ).format(n=len(found)),
            "groups": [
                {
                    "title": gettext("{combo} — jusqu’à {best} pts").format(
                        combo=g.combo.label, best=g.best
                    ),
                    "key": g.combo.key,
                    "items": [
                        gettext("{card} : {total} pts").format(
                            card=e.label, total=e.check.result.total
                        )
                        for e in g.entries
                    ],
                }
                for g in groups
            ],
        }
    return {**answer, "view": view}


def num_check_sheet_page(data: dict[str, Any]) -> Answer:
    """Players' sheets: ``players``, one claim per line « Léa : Paire 5R 5B » in the order
    announced (:func:`readers.read_check_sheet`)."""
    entries = readers.read_check_sheet(required_text(data, "players"))
    result = numcheck.sheet(entries)
    answer = num_check_sheet(
        {
            "players": [
                {"name": name, "claims": [{"combo": c, "cards": cards} for c, cards in claims]}
                for name, claims in entries
            ]
        }
    )
    groups = []
    for player in result.players:
        items = []
        for claim in player.claims:
            cards = " ".join(str(c) for c in claim.result.cards)
            line = f"{claim.rank or '—'}. {claim.result.combo.label} {cards}"
            if claim.result.valid:
                items.append(
                    gettext("{claim} : {total} (bonus {bonus})").format(
                        claim=line, total=claim.total, bonus=claim.result.rank_bonus
                    )
                )
            else:
                items.append(pair_text(line, f"0 — {claim.result.reason}"))
        groups.append(
            {
                "title": f"{player.name} — {points_text(player.total)}, {player.title}",
                "score": player.total,
                "items": items,
            }
        )
    standings = " · ".join(
        f"{s.position}. {s.item.name} ({s.item.total})" for s in result.standings
    )
    view = {"groups": groups, "lines": [f"{gettext('Classement :')} {standings}"]}
    return {**answer, "view": view}


def claim_choices(cards: str, rank: int, claimed: Sequence[str]) -> list[ClaimResult]:
    """The combinations ``cards`` make at ``rank`` not in ``claimed``, scored as the calculator
    does (/num-check/regles/#reference-et-rang), best first: what a Party's live score offers."""
    parsed = numcheck.read_cards(cards)
    choices = []
    for option in numcheck.COMBOS:
        if option.count != len(parsed) or option.key in claimed:
            continue
        result = numcheck.score(option, cards, rank)
        if result.valid:
            choices.append(result)
    choices.sort(key=lambda r: -r.total)  # stable: the table's order on ties
    return choices


def party_claim_page(data: dict[str, Any]) -> Answer:
    """A NUM CHECK Party's live score of the claim being entered, computed on the phone when the
    server cannot be reached: the same proposal and line (« Tom +27 · Full, rang 3 ») as the
    server's :func:`..party.forms.preview`."""
    name = text_field(data, "name")
    claimed = [str(c) for c in as_list(data.get("claimed") or [], "claimed")]
    rank = len(claimed) + 1
    text = text_field(data, "cards").strip()
    out: Answer = {
        "rank": rank,
        "proposed": "",
        "total": None,
        "head": "",
        "also": "",
        "reason": "",
    }
    if not text or rank > len(numcheck.RANKS):
        return out
    try:
        choices = claim_choices(text, rank, claimed)
    except InputError as err:
        return {**out, "reason": err.message}
    if not choices:
        message = gettext("Ces cartes ne forment aucune combinaison encore libre pour {name}.")
        return {**out, "reason": message.format(name=name)}
    wanted = text_field(data, "combo")
    chosen = next((r for r in choices if r.combo.key == wanted), choices[0])
    head = gettext("%(name)s +%(points)s · %(combo)s, rang %(rank)s") % {
        "name": name,
        "points": chosen.total,
        "combo": chosen.combo.label,
        "rank": rank,
    }
    others = [f"{r.combo.label} ({r.total})" for r in choices if r is not chosen]
    also = f"{gettext('Ces cartes font aussi :')} {' '.join(others)}" if others else ""
    return {**out, "proposed": chosen.combo.key, "total": chosen.total, "head": head, "also": also}


#: Each calculator endpoint's path under ``/api/v1/`` → its answer.
ENDPOINTS: dict[str, Answerer] = {
    "num-check/score": num_check_score,
    "num-check/detect": num_check_detect,
    "num-check/outs": num_check_outs,
    "num-check/sheet": num_check_sheet,
}
#: Each page answered offline from its own fields (its URL name) → its answer.
PAGES: dict[str, Answerer] = {
    "num_check_outs": num_check_outs_page,
    "num_check_sheet": num_check_sheet_page,
    "party_claim": party_claim_page,
}
