"""Players' names: one rule for every calculator, the Parties and the API.

The rule (API.md « Players », issue « Never lose an entry » item 5):

- a name is NFKC-normalised and stripped of surrounding spaces;
- it has 1 to 40 characters;
- it holds no control, bidirectional-override or zero-width character (NUL included): they are
  invisible, can disguise one name as another, and some databases refuse NUL outright;
- it holds none of ``, ; :`` — they separate names in the calculators' text fields
  (« Léa, Tom », « Léa : 7R »);
- names are unique ignoring case (``casefold`` after NFKC): « Léa » and « léa » are one player,
  and a case-only duplicate is refused, naming both spellings.

This module has no Django import: the engines, the forms and the Parties all call it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .cards import InputError

MAX_LENGTH = 40
SEPARATORS = ",;:"
#: Zero-width and invisible formatting characters that category checks alone would let through.
_INVISIBLE = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u180e"}


def _describe(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}{' ' + name if name else ''}"


def clean_name(raw: object, field: str = "players", who: str = "") -> str:
    """One player's name, normalised, or an :class:`InputError` saying what is wrong.

    ``who`` names the player's place (« Joueur 3 ») in messages when the name is empty.
    """
    if not isinstance(raw, str):
        raise InputError(field, f"{who or 'Un joueur'} : le nom doit être un texte.")
    name = unicodedata.normalize("NFKC", raw).strip()
    if not name:
        raise InputError(field, f"{who or 'Un joueur'} n'a pas de nom.")
    for char in name:
        category = unicodedata.category(char)
        if category in ("Cc", "Cf", "Zl", "Zp") or char in _INVISIBLE:
            raise InputError(
                field,
                f"Le nom « {_printable(name)} » contient un caractère invisible ou de contrôle "
                f"({_describe(char)}) : retirez-le.",
            )
        if char in SEPARATORS:
            raise InputError(
                field,
                f"Le nom « {name} » contient « {char} » : les noms ne peuvent contenir ni virgule, "
                "ni point-virgule, ni deux-points.",
            )
    if len(name) > MAX_LENGTH:
        raise InputError(
            field,
            f"Le nom « {name[:MAX_LENGTH]}… » est trop long : {MAX_LENGTH} caractères au plus.",
        )
    return name


def _printable(text: str) -> str:
    return "".join(
        "�" if unicodedata.category(c) in ("Cc", "Cf") or c in _INVISIBLE else c for c in text
    )


def name_key(name: str) -> str:
    """The key two names are compared by: NFKC, then case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def clean_names(
    raws: Iterable[object],
    field: str = "players",
    *,
    low: int | None = None,
    high: int | None = None,
    game: str = "",
) -> tuple[str, ...]:
    """Every player's name by :func:`clean_name`, unique ignoring case, ``low``–``high`` of them."""
    if isinstance(raws, str | bytes) or not isinstance(raws, Iterable):
        raise InputError(field, "Les joueurs doivent être une liste de noms.")
    names: list[str] = []
    seen: dict[str, str] = {}
    for index, raw in enumerate(raws, start=1):
        name = clean_name(raw, field, f"Le joueur {index}")
        key = name_key(name)
        if key in seen:
            other = seen[key]
            if other == name:
                raise InputError(
                    field, f"Deux joueurs s'appellent « {name} » : donnez des noms différents."
                )
            raise InputError(
                field,
                f"« {other} » et « {name} » ne diffèrent que par les majuscules : "
                "donnez des noms différents.",
            )
        seen[key] = name
        names.append(name)
    if low is not None and high is not None and not low <= len(names) <= high:
        label = f"{game} se joue" if game else "Il faut"
        raise InputError(
            field, f"{label} de {low} à {high} joueurs : vous en avez indiqué {len(names)}."
        )
    return tuple(names)


def split_names(text: str) -> list[str]:
    """The names of a calculator's text field (« Léa, Tom, Zoé »): blanks between commas dropped."""
    return [part for part in (text or "").split(",") if part.strip()]
