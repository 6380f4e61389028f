"""Num Connect line checker (/num-connect/regles/#combinaisons): is an ordered line of cards a valid combination?

Kinds of segment (≥ 3 cards):

- ``same_value``: one value, every card of a different family (3–6 cards);
- ``family_run``: consecutive values, up or down, one family; a Rainbow (or a Shadow at an end of
  the line) stands for the missing card of that family;
- ``multicolour_run``: consecutive values, every card of a different family.

A Rainbow « compte comme une couleur différente » in a multicolour combination: it never
repeats a family. A Rainbow inside the line may *reset* it: it closes one segment and opens the
next, belonging to both. Shadows lie only at the ends of the line (a block of Shadows at either
end). A Shadow at an end fits that end's pattern; beyond it, further Shadows may form a *tail*
(/num-connect/regles/#arbitrage-shadow-queue, ruling « Shadow tail »): each one value from the Shadow before it, in either
direction after a same-value group, in the run's direction after a run. Tail Shadows belong to
the end segment and add no segment; the line without them must be valid on its own.
The checker reports the cut with the fewest segments, or the actual reason the line fails.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from .cards import FULL_DECK, Card, Family, parse_cards
from .i18n import gettext, gettext_noop

SAME_VALUE, FAMILY_RUN, MULTICOLOUR_RUN = "same_value", "family_run", "multicolour_run"
KINDS = (SAME_VALUE, FAMILY_RUN, MULTICOLOUR_RUN)
KIND_FRENCH = {
    SAME_VALUE: gettext_noop("même valeur"),
    FAMILY_RUN: gettext_noop("suite de même famille"),
    MULTICOLOUR_RUN: gettext_noop("suite multicolore"),
}
MIN_SEGMENT = 3
MAX_SAME_VALUE = 6


@dataclass(frozen=True, slots=True)
class Segment:
    kind: str
    cards: tuple[Card, ...]

    @property
    def kind_french(self) -> str:
        return gettext(KIND_FRENCH[self.kind])


@dataclass(frozen=True, slots=True)
class LineResult:
    valid: bool
    cards: tuple[Card, ...]
    segments: tuple[Segment, ...] = ()
    reason: str = ""


def _line(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _steps(values: Sequence[int]) -> bool:
    """Consecutive values in one direction (up or down)."""
    if len(values) < 2:
        return True
    step = values[1] - values[0]
    if step not in (1, -1):
        return False
    return all(b - a == step for a, b in zip(values, values[1:], strict=False))


def _distinct_families(cards: Sequence[Card]) -> bool:
    """Every card a different family; Rainbows count as a colour of their own each time."""
    families = [c.family for c in cards if not c.is_rainbow]
    return len(families) == len(set(families))


def _one_family(cards: Sequence[Card]) -> bool:
    """One family for a same-family run: Rainbows and Shadows stand in for missing cards.

    A run made only of Rainbows is a run of the Rainbow family; a Shadow alone never sets it.
    """
    naturals = {c.family for c in cards if not c.is_rainbow and not c.is_shadow}
    if len(naturals) > 1:
        return False
    return bool(naturals) or any(c.is_rainbow for c in cards)


def fits(kind: str, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` (any length) follow the pattern of ``kind``."""
    values = [c.value for c in cards]
    if kind == SAME_VALUE:
        return len(set(values)) == 1 and len(cards) <= MAX_SAME_VALUE and _distinct_families(cards)
    if not _steps(values):
        return False
    if kind == FAMILY_RUN:
        return _one_family(cards)
    return _distinct_families(cards)


def segment_kind(cards: Sequence[Card]) -> str | None:
    """The kind of a valid segment (≥ 3 cards), or ``None``."""
    if len(cards) < MIN_SEGMENT:
        return None
    return next((k for k in KINDS if fits(k, cards)), None)


def check(
    cards: str | Sequence[object], first_play: bool = False, free: bool = False
) -> LineResult:
    """Check a line of cards as laid on the table (/num-connect/regles/#combinaisons).

    Raises :class:`InputError` for bad input (unknown or duplicate card, value outside 0–16).
    ``first_play`` / ``free``: the line must also hold at least one Rainbow and one Shadow.
    """
    parsed = parse_cards(cards, FULL_DECK, "cards")
    line = tuple(c for c in parsed if isinstance(c, Card))
    if len(line) < MIN_SEGMENT:
        return LineResult(
            False,
            line,
            reason=gettext("Une combinaison compte au moins 3 cartes ({count} ici).").format(
                count=len(line)
            ),
        )
    if problem := _shadow_problem(line):
        return LineResult(False, line, reason=problem)
    segments, problem = _with_tails(line)
    if segments is None:
        return LineResult(False, line, reason=problem or _first_failure(line))
    if first_play or free:
        has_rainbow = any(c.is_rainbow for c in line)
        has_shadow = any(c.is_shadow for c in line)
        if not (has_rainbow and has_shadow):
            what = gettext("Une première pose") if first_play else gettext("Une combinaison libre")
            missing = gettext(" et ").join(
                w
                for w, ok in (
                    (gettext("une Rainbow"), has_rainbow),
                    (gettext("une Shadow"), has_shadow),
                )
                if not ok
            )
            return LineResult(
                False,
                line,
                reason=gettext(
                    "{what} doit contenir au moins une Rainbow et une Shadow : il manque {missing}."
                ).format(what=what, missing=missing),
            )
    return LineResult(True, line, segments)


def _shadow_problem(line: Sequence[Card]) -> str:
    """Shadows only at the ends of the line, only Shadows next to them (/num-connect/regles/#combinaisons)."""
    start = 0
    while start < len(line) and line[start].is_shadow:
        start += 1
    end = len(line)
    while end > start and line[end - 1].is_shadow:
        end -= 1
    if start == len(line):
        return gettext("Une ligne faite uniquement de Shadow ne forme aucune combinaison.")
    middle = [c for c in line[start:end] if c.is_shadow]
    if middle:
        return gettext(
            "La Shadow « {middle} » est au milieu de la ligne : une Shadow ne se pose qu’aux extrémités, et seule une autre Shadow peut la toucher de ce côté."
        ).format(middle=middle[0])
    return ""


def _shadow_block(cards: Sequence[Card]) -> int:
    """How many Shadows lie at the start of ``cards``."""
    count = 0
    while count < len(cards) and cards[count].is_shadow:
        count += 1
    return count


def _with_tails(line: tuple[Card, ...]) -> tuple[tuple[Segment, ...] | None, str]:
    """The fewest-segment cut of the line, its end Shadows read as members or as tails.

    Ruling « Shadow tail » (/num-connect/regles/#combinaisons): once an end holds a Shadow that fits the end's
    pattern, further Shadows may extend it outward, each one value from the Shadow before it —
    from a same-value group in either direction, from a run only in the run's direction. Tail
    Shadows belong to the end segment, add no segment and do not count toward a same-value
    group's 6-card maximum; the line without them must be valid (≥ 3 cards). A Shadow that fits
    the end's pattern by itself needs no tail. Returns the segments, or ``None`` and the reason
    a tail was refused (``""`` when no tail reading got that far).
    """
    n = len(line)
    left_block = _shadow_block(line)
    right_block = _shadow_block(line[::-1])
    splits = sorted(
        ((tl, tr) for tl in range(left_block + 1) for tr in range(right_block + 1)),
        key=lambda split: (split[0] + split[1], split),
    )
    best: tuple[Segment, ...] | None = None
    problem = ""
    short = ""
    # One cut search per right tail, shared by every left tail: the cores of one right tail
    # are the suffixes of one line, and a fewest-segment cut of a suffix is a sub-problem of
    # the cut of the whole (/num-connect/regles/#combinaisons, the Rainbow reset).
    cutters: dict[int, Callable[[int], tuple[Segment, ...] | None]] = {}
    for tl, tr in splits:
        core = line[tl : n - tr]
        if len(core) < MIN_SEGMENT:
            if not short and (tl or tr) and core and _longest_prefix(core) == len(core):
                tail = _line(line[:tl] + line[n - tr :])
                short = gettext(
                    "Sans la traîne de Shadow « {tail} », il reste « {line} » : une combinaison compte au moins {MIN_SEGMENT} cartes sans sa traîne."
                ).format(tail=tail, line=_line(core), MIN_SEGMENT=MIN_SEGMENT)
            continue
        if tr not in cutters:
            cutters[tr] = _cutter(line[: n - tr])
        segments = cutters[tr](tl)
        if segments is None:
            continue
        refusal = _tail_problem(line[:tl][::-1], core, segments[0], outward=-1) or _tail_problem(
            line[n - tr :], core[::-1], segments[-1], outward=1
        )
        if refusal:
            problem = problem or refusal
            continue
        if tl:
            segments = (Segment(segments[0].kind, line[:tl] + segments[0].cards), *segments[1:])
        if tr:
            segments = (
                *segments[:-1],
                Segment(segments[-1].kind, segments[-1].cards + line[n - tr :]),
            )
        if best is None or len(segments) < len(best):
            best = segments
    return best, ("" if best else problem or short)


def _tail_problem(
    tail: Sequence[Card], core: Sequence[Card], segment: Segment, outward: int
) -> str:
    """Why ``tail`` (Shadows, innermost first) cannot extend the end of ``core``, or ``""``.

    ``core`` starts at the end the tail extends; ``segment`` is the end segment there;
    ``outward`` is -1 for the left end of the line, +1 for the right end.
    """
    if not tail:
        return ""
    anchor = core[0]
    if not anchor.is_shadow:
        return gettext(
            "La Shadow « {tail} » ne s’accorde pas à l’extrémité « {line} » ({kind_french}), et aucune Shadow qui s’y accorde ne la relie à la ligne : une traîne de Shadow ne prolonge qu’une Shadow qui suit déjà le motif de son extrémité."
        ).format(tail=tail[0], line=_line(segment.cards), kind_french=segment.kind_french)
    if segment.kind == SAME_VALUE:
        step = None
    else:
        values = [c.value for c in segment.cards]
        step = (values[1] - values[0]) if outward == -1 else (values[-1] - values[-2])
        step = -step if outward == -1 else step
    previous = anchor
    for card in tail:
        if step is None and abs(card.value - previous.value) != 1:
            near = gettext(" ou ").join(
                f"{v}S" for v in (previous.value - 1, previous.value + 1) if 0 <= v <= 16
            )
            return gettext(
                "La Shadow « {card} » n’est pas à une valeur de « {previous} » : une traîne de Shadow avance d’une valeur à chaque carte (ici {near})."
            ).format(card=card, previous=previous, near=near)
        if step is not None and card.value != previous.value + step:
            expected = previous.value + step
            allowed = (
                gettext("seule « {expected}S » peut la prolonger").format(expected=expected)
                if 0 <= expected <= 16
                else (gettext("aucune carte ne peut la prolonger"))
            )
            return gettext(
                "La Shadow « {card} » ne suit pas le sens de la suite « {line} » : après « {previous} », {allowed}."
            ).format(card=card, line=_line(segment.cards), previous=previous, allowed=allowed)
        previous = card
    return ""


def _fewest_segments(line: tuple[Card, ...]) -> tuple[Segment, ...] | None:
    """Cut the line at Rainbow hinges into valid segments, with the fewest segments."""
    return _cutter(line)(0)


def _cutter(line: tuple[Card, ...]) -> Callable[[int], tuple[Segment, ...] | None]:
    """``best(start)``: :func:`_fewest_segments` of ``line[start:]``, every answer kept for
    the others. A hinge is a Rainbow strictly inside the line; a segment has at least 3 cards,
    so a suffix's own first card and a Rainbow just after it are never cut at: the hinges of a
    suffix are the line's hinges inside it, and its cut is the line's from ``start``."""
    n = len(line)
    hinges = [i for i in range(1, n - 1) if line[i].family is Family.RAINBOW]
    stops = [0, *hinges, n - 1]

    def reach(start: int) -> int:
        """The last index up to which the values from ``start`` are all equal or consecutive
        in one direction: every kind needs one of the two (:func:`fits`), and both hold for
        every start of a piece that has them, so no piece ending later fits."""
        values = [c.value for c in line[start:]]
        if len(values) < 2:
            return start
        step = values[1] - values[0]
        if step not in (-1, 0, 1):
            return start
        end = 1
        while end + 1 < len(values) and values[end + 1] - values[end] == step:
            end += 1
        return start + end

    @cache
    def best(start: int) -> tuple[Segment, ...] | None:
        result: tuple[Segment, ...] | None = None
        last = reach(start)
        for end in stops:
            if end - start + 1 < MIN_SEGMENT:
                continue
            if end > last:
                break  # neither equal nor consecutive values: no longer piece fits either
            piece = line[start : end + 1]
            kind = segment_kind(piece)
            if kind is None:
                continue
            here = Segment(kind, piece)
            if end == n - 1:
                rest: tuple[Segment, ...] | None = ()
            else:
                rest = best(end)
            if rest is not None and (result is None or len(rest) + 1 < len(result)):
                result = (here, *rest)
        return result

    return best


def _prefix_fits(kind: str, cards: Sequence[Card]) -> bool:
    """``fits`` for the start of a line: Shadows alone (``7S 8S``) are a same-family run."""
    if kind == FAMILY_RUN and all(c.is_shadow for c in cards):
        return _steps([c.value for c in cards])
    return fits(kind, cards)


def _longest_prefix(cards: Sequence[Card]) -> int:
    """How many cards from the start follow one pattern."""
    longest = 1
    for kind in KINDS:
        k = 1
        while k < len(cards) and _prefix_fits(kind, cards[: k + 1]):
            k += 1
        longest = max(longest, k)
    return longest


def _first_failure(line: Sequence[Card]) -> str:
    """The first place where the line stops being a combination, in French."""
    start = 0
    while True:
        rest = line[start:]
        k = _longest_prefix(rest)
        if k >= len(rest):
            return gettext(
                "Après le reset Rainbow sur « {rest} », le segment « {line} » n’a que {count} carte{value} : il en faut au moins 3."
            ).format(
                rest=rest[0], line=_line(rest), count=len(rest), value="s" if len(rest) > 1 else ""
            )
        hinge = next(
            (i for i in range(k - 1, MIN_SEGMENT - 2, -1) if rest[i].is_rainbow and i > 0), None
        )
        if hinge is not None and start + hinge < len(line) - 1:
            start += hinge
            continue
        head, breaker = rest[:k], rest[k]
        return gettext(
            "« {breaker} » ne prolonge pas « {line} » : ni même valeur en familles différentes, ni suite d’une même famille, ni suite multicolore sans famille répétée."
        ).format(breaker=breaker, line=_line(head))
