"""Template helpers: card chips and the card picker.

The chip renderers (:func:`card_chip`, :func:`family_chip`) are also used by the rulebooks'
Markdown extension (``rules/mdext.py``), so a card looks the same in a result and in the rules.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from django import template
from django.conf import settings
from django.template.loader import render_to_string
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_lazy

from calculators.engines.cards import (
    DRAFT_DECK_LARGE,
    FAMILIES,
    FAMILY_FRENCH,
    ActionCard,
    AnyCard,
    Card,
    Family,
    InputError,
    Joker,
    format_line,
    parse_card,
)

register = template.Library()


def family_name(family: Family) -> str:
    """A family's name in Django's active language."""
    return gettext(FAMILY_FRENCH[family])


def card_chip(card: Card) -> SafeString:
    """A numeric card as a coloured chip with an accessible label (« 7 Rouge »), in Django's
    active language, not the engines' (the writer's): a board is drawn for each language."""
    label = f"{card.value} {family_name(card.family)}"
    return format_html(
        '<span class="card-chip fam-{}" title="{}"><span aria-hidden="true">{}</span>'
        '<span class="visually-hidden">{}</span><b aria-hidden="true">{}</b></span>',
        card.family.code,
        label,
        card.family.glyph,
        label,
        card.value,
    )


@register.filter
def family_chip(family: Family) -> SafeString:
    """A family as its glyph in a chip, named for screen readers (in the active language)."""
    name = family_name(family)
    return format_html(
        '<span class="family-chip fam-{}" title="{}" aria-label="{}">{}</span>',
        family.code,
        name,
        name,
        family.glyph,
    )


@register.filter
def chip(card: object) -> SafeString | str:
    """A card as a coloured chip (Joker and action cards as plain chips)."""
    if isinstance(card, Card):
        return card_chip(card)
    if isinstance(card, Joker):
        return mark_safe('<span class="card-chip fam-K" title="Joker">🃏 <b>JK</b></span>')
    if isinstance(card, ActionCard):
        return format_html(
            '<span class="card-chip" title="{}">⚡ {}</span>', gettext("Carte Action"), card.name
        )
    return ""


@register.simple_tag
def picker(
    target: str,
    max_value: int = 16,
    jokers: bool = False,
    mode: str = "append",
    max_from: str = "",
    extras: str = "",
) -> SafeString:
    """Family buttons then a value keypad; ``max_from`` names a select giving the deck range;
    ``extras`` adds keys for the text around cards in « Nom : cartes » lines: ``/`` (next grid
    row), ``-`` (empty place), ``\n`` (next player's line).

    A pure function of its arguments and the language, memoised per process (a NUM DRAFT
    entry holds seven identical pickers) rather than in a fragment cache: the variants are few,
    a hit costs no digest nor unpickling, and the board's churn never evicts them. Not under
    DEBUG, so an edited template shows at once."""
    arguments = (str(target), int(max_value), bool(jokers), str(mode), str(max_from), str(extras))
    if settings.DEBUG:
        return _draw_picker(*arguments)
    return _kept_picker(*arguments, get_language() or "")


@lru_cache(maxsize=256)
def _kept_picker(
    target: str, max_value: int, jokers: bool, mode: str, max_from: str, extras: str, language: str
) -> SafeString:
    return _draw_picker(target, max_value, jokers, mode, max_from, extras)


def _draw_picker(
    target: str, max_value: int, jokers: bool, mode: str, max_from: str, extras: str
) -> SafeString:
    labels = {
        "/": ("/", gettext_lazy("Ligne de grille suivante")),
        "-": ("–", gettext_lazy("Case vide")),
        "n": ("↵", gettext_lazy("Joueur suivant")),
    }
    context = {
        "extras": [
            {"put": "\n" if key == "n" else key, "text": labels[key][0], "label": labels[key][1]}
            for key in extras.split()
            if key in labels
        ],
        "max_value": max_value,
        "max_from": max_from,
        "target": target,
        "families": FAMILIES,
        "values": range(max_value + 1),
        "jokers": jokers,
        "mode": mode,
    }
    return mark_safe(render_to_string("web/_picker.html", context))  # safe HTML: a template


@register.simple_tag
def options(choices: Iterable[tuple[object, object]], selected: object = None) -> SafeString:
    """A select's options, the one whose value is ``selected`` (compared as text) marked:
    ``{% options combos posted.combo %}``. A template loop's markup at a fraction of its cost (a
    NUM CHECK sheet has seven such lists); a tuple of texts is memoised, its labels (so its
    language) in the key."""
    chosen = None if selected is None else str(selected)
    if isinstance(choices, tuple) and all(
        type(value) is str and type(label) is str for value, label in choices
    ):
        return _kept_options(choices, chosen)
    return _draw_options(choices, chosen)


@lru_cache(maxsize=256)
def _kept_options(choices: tuple[tuple[str, str], ...], chosen: str | None) -> SafeString:
    return _draw_options(choices, chosen)


def _draw_options(choices: Iterable[tuple[object, object]], chosen: str | None) -> SafeString:
    return format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        (
            (value, _SELECTED if chosen is not None and str(value) == chosen else "", label)
            for value, label in choices
        ),
    )


_SELECTED = mark_safe(" selected")


@register.filter
def player_choices(rows: Iterable[object]) -> list[tuple[object, object]]:
    """A board's rows as a select's choices: each player's id and name, in table order."""
    return [(row.player.pk, row.player.name) for row in rows]  # type: ignore[attr-defined]


@register.filter
def codes(cards: Iterable[AnyCard] | None, separator: str = " ") -> str:
    """Cards in the engines' notation (``format_line``), ``separator`` between them
    (``7R+7B+JK`` with ``"+"``: a calculator link's query)."""
    return format_line(cards or ()).replace(" ", separator)


@register.filter
def chips_of(cards: Iterable[object] | None) -> SafeString:
    """Cards as chips separated by spaces, one value a translated sentence can hold."""
    return mark_safe(" ".join(str(chip(card)) for card in cards or ()))  # safe HTML: chips escape


@register.filter
def chips(line: str) -> SafeString:
    """A stored line of canonical cards (« 7R 7B JK ») as chips, a token that is not a card as
    text; memoised, as a party's board draws the same lines at every version."""
    return _line_chips(str(line or ""), get_language() or "")


@lru_cache(maxsize=4096)
def _line_chips(line: str, language: str) -> SafeString:
    return format_html_join(" ", "{}", ((_token_chip(token),) for token in line.split()))


def _token_chip(token: str) -> SafeString | str:
    try:
        return chip(parse_card(token, DRAFT_DECK_LARGE))
    except InputError:
        return format_html("<span>{}</span>", token)


@dataclass(frozen=True, slots=True)
class GridCell:
    """One place of a NUM DRAFT grid: its index (0–8), what it holds, its row and column (1–3)."""

    index: int
    value: str
    row: int
    column: int


@register.filter
def grid_cells(player: object, posted: object = None) -> list[GridCell]:
    """A NUM DRAFT grid as 9 cells, row by row: the stored grid, or what was posted for this
    player when it was refused (input is never lost). ``posted`` is passed only after a refused
    grid, since other writes name a player too."""
    if hasattr(posted, "get") and posted.get("player") == str(getattr(player, "pk", "")):
        cells = [posted.get(f"c{i}", "") for i in range(9)]
    else:
        cells = list(getattr(player, "grid", None) or [])
    cells += [""] * 9
    return [GridCell(i, str(cells[i] or ""), i // 3 + 1, i % 3 + 1) for i in range(9)]


@register.filter
def get_item(posted: object, player_id: object) -> str:
    """What was posted for a player's cell (``p<player id>``) of a refused entry (input is never
    lost)."""
    return posted.get(f"p{player_id}", "") if hasattr(posted, "get") else ""


@register.filter
def get_turn(posted: object, player_id: object) -> str:
    """What was posted for a player's revealed card (``t<player id>``) of a refused turn."""
    return posted.get(f"t{player_id}", "") if hasattr(posted, "get") else ""


@register.filter
def get_original(posted: object, player_id: object) -> str:
    """What a refused correction's cell held when its form was shown (``o<player id>``)."""
    return posted.get(f"o{player_id}", "") if hasattr(posted, "get") else ""


@register.filter
def zip_with(first: object, second: object) -> list[tuple[object, object]]:
    """Pair two sequences item by item in a template loop."""
    return list(zip(first or (), second or (), strict=False))  # type: ignore[call-overload]


@register.filter
def lookup(mapping: object, key: object) -> object:
    """``mapping[key]`` in a template (a Num 5 player's points or wins by name), or ``""``."""
    return mapping.get(key, "") if hasattr(mapping, "get") else ""
