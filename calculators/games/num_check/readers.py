"""NUM CHECK's page fields read, pure: the field values a page posts (strings) → the engine's
input, or the engines' :class:`InputError` naming the field. The game's Django forms call them
(their errors land on the field the :class:`InputError` names) and so do its offline answers
(:mod:`.answers`, run by Pyodide in the browser), so a page answered on a phone reads its text
exactly as the server does. The engines only (an import contract checks it): no Django, its
texts through the engines' ``gettext`` on the site's one catalogue."""

from __future__ import annotations

import re

from ...engines import numcheck
from ...engines.cards import InputError
from ...engines.i18n import gettext

SHEET_LINE = re.compile(r"^\s*([^:]+?)\s*:\s*(.+?)\s*$")


def read_check_sheet(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """Sheet lines « Léa : Full 7R 7B 7J 3V 3A » in the order announced, grouped by player
    (the engine ranks each claim in that order, /num-check/regles/#reference-et-rang). The
    combination is its first one to three words (« Double paire », « Full cosmique »). A line
    that is not « Nom : combinaison cartes », or names no combination: field ``players``."""
    players: dict[str, list[tuple[str, str]]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = SHEET_LINE.match(line)
        if not match:
            raise InputError(
                "players",
                gettext("Ligne {number} : écrivez « Nom : combinaison cartes ».").format(
                    number=number
                ),
            )
        name, claim = match.group(1), match.group(2)
        words = claim.split()
        combo = None
        for size in (3, 2, 1):
            found = numcheck.find_combo("".join(words[:size]))
            if found:
                combo, cards = found.key, " ".join(words[size:])
                break
        if combo is None:
            raise InputError(
                "players",
                gettext("Ligne {number} : combinaison inconnue dans « {claim} ».").format(
                    number=number, claim=claim
                ),
            )
        players.setdefault(name, []).append((combo, cards))
    return list(players.items())
