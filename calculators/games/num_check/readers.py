"""NUM CHECK's page fields read, pure: the forms and the offline answers share them, so a page
answered on a phone reads its text exactly as the server does. The engines only (an import
contract checks it)."""

from __future__ import annotations

import re

from ...engines import numcheck
from ...engines.cards import InputError
from ...engines.i18n import gettext

SHEET_LINE = re.compile(r"^\s*([^:]+?)\s*:\s*(.+?)\s*$")


def read_check_sheet(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """Sheet lines « Léa : Full 7R 7B 7J 3V 3A » grouped by player, in the order announced: the
    engine ranks each claim in that order (/num-check/regles/#reference-et-rang). A combination
    is one to three words (« Full cosmique »)."""
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
