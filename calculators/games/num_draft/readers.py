"""NUM DRAFT's page fields read, pure: the forms and the offline answers share them, so a page
answered on a phone reads its text exactly as the server does. The engines only (an import
contract checks it)."""

from __future__ import annotations

from ...engines.cards import InputError
from ...engines.i18n import gettext


def read_draft_table(text: str) -> list[dict[str, object]]:
    """One line per player, « Léa : 3R 3B 3J / 5R 5B 5J / 8V 8A 8S », in passing order: each
    pool takes its neighbours' real columns (/num-draft/regles/#scoring)."""
    players: list[dict[str, object]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if ":" not in line:
            raise InputError(
                "players",
                gettext("Ligne {number} : écrivez « Nom : grille ».").format(number=number),
            )
        name, grid_text = line.split(":", 1)
        rows = [r.split() for r in grid_text.split("/")]
        if len(rows) != 3 or any(len(r) != 3 for r in rows):
            raise InputError(
                "players",
                gettext("Ligne {number} : la grille a 3 lignes de 3 cases séparées par /.").format(
                    number=number
                ),
            )
        players.append({"name": name.strip(), "grid": rows})
    return players
