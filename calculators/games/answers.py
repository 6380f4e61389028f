"""Every calculator endpoint's answer, pure: the request's JSON object → the engine call → the
answer's JSON object.

The JSON API (``games/<game>/api.py``) and the offline bundle (docs/offline.md: the same files,
run in the browser by Pyodide when the phone has no network) both call these functions, so an
answer computed on a phone can never drift from the server's. Like the registry, this module
imports only the engines, the registry and the pages' readers (an import contract checks it): no
Django, its texts through the engines' ``gettext`` on the site's one catalogue. Bad input raises the engines'
:class:`InputError`; the API turns it into HTTP 400 ``{"error": {"field", "message"}}``.

:data:`ENDPOINTS` maps each endpoint's path under ``/api/v1/`` to its function; :data:`PAGES`
maps each page answered offline from its own fields (its URL name) to its function;
:func:`answer` is the offline bundle's entry point.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engines import num5, num5turn, numcheck, numconnect, numdraft
from ..engines.cards import Card, Family, InputError, format_cards
from ..engines.i18n import gettext, ngettext, use_language
from ..engines.names import split_names
from ..engines.num5 import RoundResult
from ..engines.numbers import parse_whole
from ..engines.numcheck import ClaimResult, Detected
from ..engines.numdraft import PoolResult
from ..engines.standings import positions
from . import readers
from .registry import NUM_DRAFT

Answer = dict[str, Any]


# --------------------------------------------------------------------------- typed getters


def required(data: dict[str, Any], field: str) -> Any:
    """``data[field]``, or an :class:`InputError` naming the missing field."""
    if field not in data or data[field] is None:
        raise InputError(
            field, gettext("Le champ « {field} » est obligatoire.").format(field=field)
        )
    return data[field]


def as_bool(data: dict[str, Any], field: str) -> bool:
    """``data[field]`` as a JSON boolean (absent: false)."""
    value = data.get(field, False)
    if not isinstance(value, bool):
        raise InputError(field, gettext("« {field} » vaut true ou false.").format(field=field))
    return value


def as_whole(data: dict[str, Any], field: str, default: int | None = None) -> int:
    """``data[field]`` as a JSON whole number (absent or null: ``default``; no default: an
    :class:`InputError` naming the missing field). ``"3"``, ``3.0`` and ``true`` are refused,
    as the API's schema refuses them, so a phone refuses what the server does."""
    value = data.get(field)
    if value is None:
        if default is None:
            return int(required(data, field))
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(field, gettext("« {field} » est un nombre entier.").format(field=field))
    return value


def as_list(value: Any, field: str) -> list[Any]:
    """``value`` when it is a JSON list, else an :class:`InputError` on ``field``."""
    if not isinstance(value, list):
        raise InputError(field, gettext("« {field} » doit être une liste.").format(field=field))
    return value


# --------------------------------------------------------------------------- NUM CHECK


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
    or the older ``cards`` form (hand = all but the last card, centre = the last), whose answer
    also keeps its old ``combos`` key."""
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


# --------------------------------------------------------------------------- NUM DRAFT


def draft_result_json(result: PoolResult) -> Answer:
    """A pool's score (docs/api.md, ``num-draft/score``)."""
    return {
        "mode": result.mode,
        "total": result.total,
        "title": result.title,
        "groups": [
            {
                "kind": g.kind,
                "key": g.key,
                "places": [list(p) for p in g.places],
                "points": g.points,
            }
            for g in result.groups
        ],
        "wildcards": [
            {"place": list(w.place), "card": w.card, "as": w.as_text} for w in result.wildcards
        ],
        "explanation": list(result.explanation),
    }


def num_draft_score(data: dict[str, Any]) -> Answer:
    """A 15-card pool: the grid and its neighbours' columns (/num-draft/regles/#scoring)."""
    result = numdraft.score(
        required(data, "grid"),
        data.get("left"),
        data.get("right"),
        NUM_DRAFT.resolve_mode(data.get("mode")),
        data.get("values"),
    )
    return draft_result_json(result)


def num_draft_table(data: dict[str, Any]) -> Answer:
    """A whole table: every pool from the players' own grids, in seating order."""
    result = numdraft.table(
        as_list(required(data, "players"), "players"),
        NUM_DRAFT.resolve_mode(data.get("mode")),
        data.get("values"),
    )
    places = positions(result.players, key=lambda p: p.result.total)
    return {
        "mode": result.mode,
        "values": result.values,
        "players": [
            {
                "name": p.name,
                "total": p.result.total,
                "title": p.result.title,
                "position": place,
                "left": p.left,
                "right": p.right,
            }
            for p, place in zip(result.players, places, strict=True)
        ],
        "ranking": list(result.ranking),
    }


# --------------------------------------------------------------------------- Num 5


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


# --------------------------------------------------------------------------- Num Connect


def num_connect_check(data: dict[str, Any]) -> Answer:
    """A line of cards checked (/num-connect/regles/)."""
    cards = as_list(required(data, "cards"), "cards")
    result = numconnect.check(cards, as_bool(data, "first_play"), as_bool(data, "free"))
    if not result.valid:
        return {"valid": False, "cards": format_cards(result.cards), "reason": result.reason}
    return {
        "valid": True,
        "cards": format_cards(result.cards),
        "segments": [{"kind": s.kind, "cards": format_cards(s.cards)} for s in result.segments],
    }


# --------------------------------------------------------------------------- the pages' answers
#
# A page whose inputs are text (a sheet, a table, a round in the URL) is answered offline from
# its own fields, read by :mod:`readers` as its Django form reads them. Its answer is the
# endpoint's answer plus ``view``: what the page's result area shows, as plain data the script
# draws without knowing the game (``head`` and ``score``: the heading and its total, ``lines``,
# ``groups`` of a ``title`` and its ``items``, ``note``; ``fields``: values the page keeps for
# its next request, as the server's redrawn form would). An error names the page's field.


@dataclass(frozen=True, slots=True)
class OutGroup:
    """One combination the hand can still make, and each card that would complete it (the card,
    and the CHECK it makes with its best reading), highest total first; ``links``: what each
    card opens on a page, in the same order (none here: the pages add them)."""

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
        """The cards as the page lists them: the Rainbows that make this combination for the
        same total, whatever their value, as one entry (« n’importe quel Rainbow (17) ») where
        the first of them stands, not 17 cards in a row; every other card as itself."""
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
    """The engine's outs grouped by combination (/num-check/regles/#arbitrage-cartes-a-guetter):
    the groups best first (equal bests in the combinations' table order), each group's cards
    highest total first (equal totals in the engine's order of the outs)."""
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


def _text(data: dict[str, Any], field: str) -> str:
    """A page's text field (absent: empty)."""
    value = data.get(field)
    return value if isinstance(value, str) else ""


def _choice(data: dict[str, Any], field: str, low: int, high: int, default: int) -> int:
    """A page's ``<select>`` of whole numbers (absent: ``default``)."""
    raw = data.get(field)
    if raw in (None, ""):
        return default
    value = parse_whole(raw)
    if value is None or not low <= value <= high:
        raise InputError(
            field, gettext("Choisissez une valeur de {low} à {high}.").format(low=low, high=high)
        )
    return value


def _required_text(data: dict[str, Any], field: str) -> str:
    text = _text(data, field)
    if not text.strip():
        raise InputError(field, gettext("Ce champ est obligatoire."))
    return text


def _pair(label: object, value: object) -> str:
    """« label : value » as the language writes it (« label: value » in English)."""
    return gettext("{label} : {value}").format(label=label, value=value)


def _points(total: int) -> str:
    return gettext("{total} points").format(total=total)


def num_check_outs_page(data: dict[str, Any]) -> Answer:
    """« Quelles cartes guetter ? »: ``hand`` (text), ``rank`` and ``exclude`` (the combinations
    already made) → the outs grouped by combination, best first."""
    rank = _choice(data, "rank", 1, len(numcheck.RANKS), 1)
    hand = _required_text(data, "hand")
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
    entries = readers.read_check_sheet(_required_text(data, "players"))
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
                items.append(_pair(line, f"0 — {claim.result.reason}"))
        groups.append(
            {
                "title": f"{player.name} — {_points(player.total)}, {player.title}",
                "score": player.total,
                "items": items,
            }
        )
    standings = " · ".join(
        f"{s.position}. {s.item.name} ({s.item.total})" for s in result.standings
    )
    view = {"groups": groups, "lines": [f"{gettext('Classement :')} {standings}"]}
    return {**answer, "view": view}


def num_draft_table_page(data: dict[str, Any]) -> Answer:
    """Mode table: ``players``, one line per player « Léa : 3R 3B 3J / 5R 5B 5J / 8V 8A 8S »
    in seating order (:func:`readers.read_draft_table`), ``mode`` and ``values``."""
    players = readers.read_draft_table(_required_text(data, "players"))
    mode, values = _text(data, "mode") or None, _text(data, "values") or None
    answer = num_draft_table({"players": players, "mode": mode, "values": values})
    result = numdraft.table(players, NUM_DRAFT.resolve_mode(mode), values)
    lines = [
        f"{p['position']}. {p['name']} — {_points(p['total'])}, {p['title']} ({p['left']} / {p['right']})"
        for p in answer["players"]
    ]
    groups = [
        {
            "title": gettext("Pool de {name} : {total} points, {title}").format(
                name=p.name, total=p.result.total, title=p.result.title
            ),
            "score": p.result.total,
            "items": list(p.result.explanation),
        }
        for p in result.players
    ]
    head = gettext("Classement (paquet {values})").format(values=result.values)
    return {**answer, "view": {"head": head, "lines": lines, "groups": groups}}


def claim_choices(cards: str, rank: int, claimed: Sequence[str]) -> list[ClaimResult]:
    """The combinations ``cards`` make at ``rank`` that the player has not made yet
    (``claimed``), each scored by the engine as the calculator scores it, best total first (the
    combinations' table order on ties): what a Party's live score offers, proposing the first
    (/num-check/regles/#reference-et-rang). Bad cards raise the engine's :class:`InputError`."""
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
    server cannot be reached: the player's ``name``, the combinations they have made
    (``claimed``), the ``cards`` typed and the ``combo`` the entry shows → the combination
    proposed (the one shown when the cards make it, else the best), the line the server's live
    score draws (« Tom +27 · Full, rang 3 »), the other choices, or why there is none."""
    name = _text(data, "name")
    claimed = [str(c) for c in as_list(data.get("claimed") or [], "claimed")]
    rank = len(claimed) + 1
    text = _text(data, "cards").strip()
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
    wanted = _text(data, "combo")
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


#: Rounds a Num 5 sheet draws at most, as its form does.
NUM5_MAX_ROUNDS = 30


def num5_sheet_page(data: dict[str, Any]) -> Answer:
    """The Num 5 sheet: ``players`` (commas), ``n`` rounds of cells ``r<round>_<seat>`` typed
    under the names ``was`` (each cell follows its player's name,
    :func:`readers.sheet_columns`), ``explosion``. The complete rounds are scored; the first
    round not entered yet is the answer's note (/num-5/regles/#arbitrage-manche-saisie)."""
    players = _required_text(data, "players")
    names = split_names(players)[: 2 * num5.MAX_PLAYERS]
    was = data.get("was")
    previous = names if not isinstance(was, str) else split_names(was)[: 2 * num5.MAX_PLAYERS]
    count = min(parse_whole(data.get("n")) or 0, NUM5_MAX_ROUNDS)
    typed = [[_text(data, f"r{i}_{k}") for k in range(len(previous))] for i in range(count)]
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
        lines.append(_pair(gettext("Manche {number}").format(number=number), cells_text))
    if game.rounds:
        points = " · ".join(f"{n} {game.points[n]}" for n in game.players)
        wins = " · ".join(f"{n} {game.wins[n]}" for n in game.players)
        lines += [_pair(gettext("Points"), points), _pair(gettext("Manches gagnées"), wins)]
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
        _pair(
            f"{gettext('Rangée {number}').format(number=number)} · "
            f"{colour_name(num5turn.colour(tuple(row)))}",
            " ".join(str(c) for c in row),
        )
        for number, row in enumerate(rows, start=1)
    ]


def num5_turn_page(data: dict[str, Any]) -> Answer:
    """« Jouer un tour »: ``players`` (seat order), ``explosion``, the starting rows
    ``r1``–``r4``, the turns already played ``t1`` … (:func:`readers.read_turn_line`) and, with
    ``play``, each seat's revealed card ``c0``, ``c1`` … → the round replayed and this turn
    played (the rulings T1–T17, /num-5/regles/#arbitrage-tour-t1 …). The turn played is
    handed back as its field (``t<n>``), the revealed cards emptied, as the server redraws."""
    players = _required_text(data, "players")
    seats = len(split_names(players))
    playing = bool(data.get("play"))
    cards = [_text(data, f"c{i}") for i in range(seats)] if playing else None
    replay = readers.Replay()
    history = readers.history_of(data)
    starts = [_text(data, name) for name in readers.ROW_FIELDS]
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
                    _pair(f"{s.n}. {s.player}", f"{s.card.label} {where_text(s)}")
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
        _pair(name, f"{entry.total} ({entry.plus} − {entry.minus})" if entry.minus else entry.total)
        for name, entry in zip(state.players, entries, strict=True)
    ]
    view: Answer = {"lines": lines, "groups": groups}
    if state.finished:
        view["head"] = gettext("Manche terminée : chaque joueur a joué ses 10 cartes.")
    else:  # the next turn's revealed cards, for a page drawn before the round began
        turn = state.turn + 1
        view["inputs"] = {
            "legend": gettext("Tour %(turn)s : la carte révélée de chacun") % {"turn": turn},
            "head": list(state.players),
            "rows": [
                {
                    "cells": [
                        {
                            "name": f"c{i}",
                            "label": gettext("Carte de {name}").format(name=name),
                            "column": name,
                            "value": "" if replay.played_now else _text(data, f"c{i}"),
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


#: Each page answered offline from its own fields (its URL name) → its answer.
PAGES: dict[str, Callable[[dict[str, Any]], Answer]] = {
    "num_check_outs": num_check_outs_page,
    "num_check_sheet": num_check_sheet_page,
    "num_draft_table": num_draft_table_page,
    "num_5": num5_sheet_page,
    "num_5_turn": num5_turn_page,
    "party_claim": party_claim_page,
}


#: Each calculator endpoint's path under ``/api/v1/`` → its answer.
ENDPOINTS: dict[str, Callable[[dict[str, Any]], Answer]] = {
    "num-check/score": num_check_score,
    "num-check/detect": num_check_detect,
    "num-check/outs": num_check_outs,
    "num-check/sheet": num_check_sheet,
    "num-draft/score": num_draft_score,
    "num-draft/table": num_draft_table,
    "num5/round": num5_round,
    "num5/game": num5_game,
    "num5/turn": num5_turn,
    "num-connect/check": num_connect_check,
}


def answer(endpoint: str, body: str, language: str = "fr") -> str:
    """The offline bundle's entry point: ``body`` (a JSON object) answered by ``endpoint`` (an
    endpoint's path, or a page's name in :data:`PAGES`) in ``language``, as JSON: the answer, or ``{"error": {"field", "message"}}`` as the API's 400.
    JSON in and out, so the page's script hands over text and nothing else."""
    with use_language(language):
        try:
            data = json.loads(body)
            if not isinstance(data, dict):
                raise InputError("body", gettext("Le corps de la requête doit être un objet JSON."))
            result: Answer = (ENDPOINTS.get(endpoint) or PAGES[endpoint])(data)
        except InputError as err:
            result = {"error": {"field": err.field, "message": err.message}}
    return json.dumps(result, ensure_ascii=False)
