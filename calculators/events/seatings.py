"""A seating plan asked for ahead of an evening: the request read, the engine asked, the answer
written (docs/api.md « Seatings », docs/events.md « Placement »). Pure: the engines only.

Players are a count (the answer numbers them from 1) or a list of names (the Parties names rule:
unique ignoring case); a pair to avoid names two of them the same way.
"""

from __future__ import annotations

from typing import Any

from ..engines import seating
from ..engines.cards import InputError
from ..engines.i18n import gettext
from ..engines.names import clean_names, name_key


def _whole(value: object, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(
            field,
            gettext("« {value} » : un nombre entier de {low} à {high} est attendu.").format(
                value=value, low=low, high=high
            ),
        )
    return value


def _players(value: object) -> tuple[list[str], bool]:
    """The players' labels, and whether they were named (else numbered from 1)."""
    if isinstance(value, list):
        return list(clean_names(value, "players", low=2, high=seating.MAX_PLAYERS)), True
    count = _whole(value, "players", 2, seating.MAX_PLAYERS)
    return [str(n) for n in range(1, count + 1)], False


def _avoid(value: object, labels: list[str], named: bool) -> set[tuple[int, int]]:
    """The pairs never to seat together, as player numbers (0-based)."""
    if value is None:
        return set()
    if not isinstance(value, list):
        raise InputError("avoid", gettext("Les paires à séparer doivent être une liste."))
    index = {name_key(label): i for i, label in enumerate(labels)}
    pairs: set[tuple[int, int]] = set()
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2:
            raise InputError("avoid", gettext("Chaque paire à séparer nomme deux joueurs."))
        found = []
        for who in pair:
            key = name_key(who) if named and isinstance(who, str) else None
            if not named and isinstance(who, int) and not isinstance(who, bool):
                key = str(who)
            if key is None or key not in index:
                raise InputError(
                    "avoid",
                    gettext("« {who} » n’est pas un des joueurs.").format(who=who),
                )
            found.append(index[key])
        a, b = sorted(found)
        if a == b:
            raise InputError("avoid", gettext("Une paire à séparer nomme deux joueurs différents."))
        pairs.add((a, b))
    return pairs


def _seed(value: object) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InputError("seed", gettext("La graine est un texte."))
    if len(value) > 200:
        raise InputError("seed", gettext("La graine compte au plus 200 caractères."))
    return value


def plan(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/v1/seatings``: the rounds seated ahead, their repeats and their reasons."""
    if "players" not in data:
        raise InputError("players", gettext("Indiquez les joueurs : un nombre ou leurs noms."))
    labels, named = _players(data["players"])
    sizes_value = data.get("sizes")
    if not isinstance(sizes_value, list):
        raise InputError("sizes", gettext("Les tailles de table doivent être une liste."))
    sizes = seating.check_sizes(sizes_value)
    if len(labels) < min(sizes):
        raise InputError(
            "players",
            gettext("{players} joueurs ne remplissent pas une table de {size}.").format(
                players=len(labels), size=min(sizes)
            ),
        )
    rounds = _whole(data.get("rounds", 1), "rounds", 1, seating.MAX_ROUNDS)
    avoid = _avoid(data.get("avoid"), labels, named)
    seed = _seed(data.get("seed"))
    result = seating.plan(len(labels), sizes, rounds, avoid, seed)

    def label(player: int) -> str | int:
        return labels[player] if named else player + 1

    return {
        "rounds": [[[label(p) for p in table] for table in r.tables] for r in result.rounds],
        "byes": [[label(p) for p in r.byes] for r in result.rounds],
        "repeats": [
            {"players": [label(a), label(b)], "times": times} for a, b, times in result.repeats
        ],
        "forbidden": [
            {"players": [label(a), label(b)], "times": times} for a, b, times in result.forbidden
        ],
        "reasons": [
            {"round": reason.round, "message": reason.message}
            for reason in seating.reasons(result.rounds, labels, sizes, avoid)
        ],
    }
