"""NUM DRAFT's page fields read, pure: the field values a page posts (strings) → the engine's
input, or the engines' :class:`InputError` naming the field. The game's Django forms call them
(their errors land on the field the :class:`InputError` names) and so do its offline answers
(:mod:`.answers`, run by Pyodide in the browser), so a page answered on a phone reads its text
exactly as the server does. The engines only (an import contract checks it): no Django, its
texts through the engines' ``gettext`` on the site's one catalogue."""

from __future__ import annotations

from ...engines.cards import InputError
from ...engines.i18n import gettext


def read_draft_table(text: str) -> list[dict[str, object]]:
    """One line per player in seating (passing) order, « Léa : 3R 3B 3J / 5R 5B 5J / 8V 8A 8S »
    (/num-draft/regles/#scoring: each pool takes its neighbours' real columns): each player as
    the engine's ``{"name", "grid"}``, the grid three rows of three words (``-`` an empty
    place, read by the engine). A line without « : » or a grid of another shape: field
    ``players``."""
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
