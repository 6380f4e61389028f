"""Players' names: one rule for every calculator, the Parties and the API.

The rule (docs/api.md § Conventions), the same in every place that takes names, so that a
player typed « Léa » on one phone and « léa » on another is one player, never two:

- a name is NFKC-normalised and stripped of surrounding spaces;
- it has 1 to 40 characters;
- it holds no control, bidirectional-override or zero-width character (NUL included): they are
  invisible, can disguise one name as another, and some databases refuse NUL outright; nor
  half of a UTF-16 surrogate pair on its own (a JSON ``"\\ud800"``), which is no Unicode text
  and cannot be stored or shown;
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
from .i18n import gettext

MAX_LENGTH = 40
SEPARATORS = ",;:"
#: Unicode categories refused in a name: controls, formats (bidirectional overrides, zero-width
#: joiners…), line and paragraph separators, surrogates.
_REFUSED = ("Cc", "Cf", "Zl", "Zp", "Cs")
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
        raise InputError(
            field,
            gettext("{value} : le nom doit être un texte.").format(
                value=who or gettext("Un joueur")
            ),
        )
    name = unicodedata.normalize("NFKC", raw).strip()
    if not name:
        raise InputError(
            field, gettext("{value} n’a pas de nom.").format(value=who or gettext("Un joueur"))
        )
    # Invisible characters first: the other messages show the name as it is.
    for char in name:
        if unicodedata.category(char) in _REFUSED or char in _INVISIBLE:
            raise InputError(
                field,
                gettext(
                    "Le nom « {printable} » contient un caractère invisible ou de contrôle ({describe}) : retirez-le."
                ).format(printable=_printable(name), describe=_describe(char)),
            )
    for char in name:
        if char in SEPARATORS:
            raise InputError(
                field,
                gettext(
                    "Le nom « {name} » contient « {char} » : les noms ne peuvent contenir ni virgule, ni point-virgule, ni deux-points."
                ).format(name=name, char=char),
            )
    if len(name) > MAX_LENGTH:
        raise InputError(
            field,
            gettext("Le nom « {name}… » est trop long : {MAX_LENGTH} caractères au plus.").format(
                name=name[:MAX_LENGTH], MAX_LENGTH=MAX_LENGTH
            ),
        )
    return name


def _printable(text: str) -> str:
    return "".join(
        "�" if unicodedata.category(c) in _REFUSED or c in _INVISIBLE else c for c in text
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
        raise InputError(field, gettext("Les joueurs doivent être une liste de noms."))
    names: list[str] = []
    seen: dict[str, str] = {}
    for index, raw in enumerate(raws, start=1):
        name = clean_name(raw, field, gettext("Le joueur {index}").format(index=index))
        key = name_key(name)
        if key in seen:
            other = seen[key]
            if other == name:
                raise InputError(
                    field,
                    gettext(
                        "Deux joueurs s’appellent « {name} » : donnez des noms différents."
                    ).format(name=name),
                )
            raise InputError(
                field,
                gettext(
                    "« {other} » et « {name} » ne diffèrent que par les majuscules : donnez des noms différents."
                ).format(other=other, name=name),
            )
        seen[key] = name
        names.append(name)
    if low is not None and high is not None and not low <= len(names) <= high:
        label = gettext("{game} se joue").format(game=game) if game else gettext("Il faut")
        raise InputError(
            field,
            gettext("{label} de {low} à {high} joueurs : vous en avez indiqué {count}.").format(
                label=label, low=low, high=high, count=len(names)
            ),
        )
    return tuple(names)


def split_names(text: str) -> list[str]:
    """The names of a calculator's text field (« Léa, Tom, Zoé »), each stripped; blanks between
    commas dropped."""
    return [part.strip() for part in (text or "").split(",") if part.strip()]
