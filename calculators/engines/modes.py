"""Game modes and their names: the canonical API keys and the French names the site writes.

API.md lists each game's modes (NUM CHECK ``classic`` | ``family``, NUM DRAFT ``classic`` |
``discovery``, Num 5 ``normal`` | ``explosion``). The French names are accepted on input as
aliases, in any case and with or without accents (« Classique », « Famille », « Découverte »,
« Familiale », « Normal », « Explosion »); answers always use the canonical key. This module is
the one owner of that table; it has no Django import.
"""

from __future__ import annotations

from .cards import InputError, fold_name
from .i18n import gettext, gettext_noop

NUM_CHECK, NUM_DRAFT, NUM5 = "num-check", "num-draft", "num5"

#: game → canonical mode → (French name shown on the site, translated by mode_name(); other
#: accepted names).
MODES: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    NUM_CHECK: {
        "classic": (gettext_noop("Classique"), ()),
        "family": (gettext_noop("Famille"), ()),
    },
    NUM_DRAFT: {
        "classic": (gettext_noop("Classique"), ()),
        "discovery": (gettext_noop("Découverte"), ("Familiale",)),
    },
    NUM5: {
        "normal": (gettext_noop("Normal"), ()),
        "explosion": (gettext_noop("Explosion"), ("Explosion de rangée",)),
    },
}
GAME_NAMES = {NUM_CHECK: "NUM CHECK", NUM_DRAFT: "NUM DRAFT", NUM5: "Num 5"}


def aliases(game: str) -> dict[str, str]:
    """Every accepted spelling of ``game``'s modes, folded, → the canonical key."""
    table: dict[str, str] = {}
    for key, (name, others) in MODES[game].items():
        for spelling in (key, name, *others):
            table[fold_name(spelling)] = key
    return table


def resolve_mode(game: str, mode: object, field: str = "mode") -> str:
    """The canonical mode ``mode`` names for ``game``, or an :class:`InputError` on ``field``.

    ``None`` or ``""`` is not resolved here: each game chooses its own default.
    """
    key = aliases(game).get(fold_name(mode)) if isinstance(mode, str) else None
    if key is None:
        choices = gettext(" ou ").join(
            gettext("« {key} » ({name})").format(key=k, name=gettext(name))
            for k, (name, _) in MODES[game].items()
        )
        raise InputError(
            field,
            gettext("« {mode} » : le mode de {GAME_NAMES} est {choices}.").format(
                mode=mode, GAME_NAMES=GAME_NAMES[game], choices=choices
            ),
        )
    return key


def mode_name(game: str, mode: str) -> str:
    """The name of a canonical mode in the engines' current language (« Classique »)."""
    return gettext(MODES[game][mode][0])


def documented_aliases() -> list[tuple[str, str, list[str]]]:
    """(game name, canonical key, French names accepted) for the API documentation page."""
    return [
        (GAME_NAMES[game], key, [name, *others])
        for game, modes in MODES.items()
        for key, (name, others) in modes.items()
    ]
