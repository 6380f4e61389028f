"""Num 5: one turn resolved — where each revealed card goes and who collects what.

The contract is the turn procedure of the Num 5 rulebook, made precise as rulings T1–T17: the
algorithm is :func:`_resolve`, and the validation that comes before it (:func:`read_rows`,
:func:`read_plays`, the cards disjoint) guarantees that every validated turn resolves. Each ruling
has its paragraph on the site, at ``/num-5/regles/#arbitrage-tour-t1`` … ``#arbitrage-tour-t17``;
the docstrings below cite them as « T1 » … « T17 ». The JSON shapes are those of the
``num5/turn`` endpoint (docs/api.md).

Two layers:

- :func:`resolve_turn` — one turn from rows in table order and the revealed cards (the API);
- :class:`RoundState` / :func:`play_round` — a whole round turn by turn from the set-up
  ``0B 0R 0J 0V``: the rows carry over, each player's collected cards accumulate, and the round's
  tally is given as :class:`~calculators.engines.num5.Entry` objects (the Num 5 sheet's input).
  A state is plain JSON (:meth:`RoundState.to_json` / :meth:`RoundState.from_json`) so a caller can
  store it and replay it.

No Django import. Bad input raises :class:`InputError` with a French message naming the card,
row or player, never anything else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from .cards import FULL_DECK, Card, Family, InputError, parse_card
from .i18n import gettext
from .num5 import MAX_PLAYERS, MIN_PLAYERS, Entry

NORMAL, EXPLOSION = "normal", "explosion"
VARIANTS = (NORMAL, EXPLOSION)
ROWS = 4
MAX_ROW = 4
#: Every player holds 10 cards at the start of a round, one is played per turn.
TURNS_PER_ROUND = 10

#: T4: among equal values, Shadow, then Rainbow, then the classic colours in table order.
RANK = {
    Family.SHADOW: 0,
    Family.RAINBOW: 1,
    Family.BLUE: 2,
    Family.RED: 3,
    Family.YELLOW: 4,
    Family.GREEN: 5,
}
#: The set-up (« 4 rangées centrales : Bleu, Rouge, Jaune, Vert »), table positions 1–4.
SETUP: tuple[tuple[Card, ...], ...] = (
    (Card(0, Family.BLUE),),
    (Card(0, Family.RED),),
    (Card(0, Family.YELLOW),),
    (Card(0, Family.GREEN),),
)

# Step ``how`` values (the ``steps`` of the ``num5/turn`` answer, docs/api.md).
OWN_ROW, CLOSEST, LOWEST = "own_row", "closest", "lowest"
REPOSITION, REPOSITION_LOWEST, FITS_NOWHERE = "reposition", "reposition_lowest", "fits_nowhere"
# Step ``result`` values.
APPEND, TAKE, COLLECT, EXPLODE, KEPT = "append", "take", "collect", "explode", "kept"

#: The ruling that decides each kind of placement and each result (T-numbers).
HOW_RULING = {
    OWN_ROW: "T1",
    CLOSEST: "T8",
    LOWEST: "T9",
    REPOSITION: "T15",
    REPOSITION_LOWEST: "T15",
    FITS_NOWHERE: "T14",
}
RESULT_RULING = {TAKE: "T10", COLLECT: "T12", EXPLODE: "T16"}


class PlaceError(InputError):
    """Bad input at one place: row ``index`` (field ``rows``) or play ``index`` (``plays``),
    0-based, so that a form can show the message at that row or that player's card."""

    def __init__(self, field: str, message: str, index: int) -> None:
        super().__init__(field, message)
        self.index = index


@dataclass(frozen=True, slots=True)
class Play:
    """One player's revealed card, and the row the player chose when it ties between rows
    (``row``, table index 0–3: /num-5/regles/#arbitrage-tour-t8), ``None`` for table order."""

    player: str
    card: Card
    row: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One revealed card placed (a ``steps`` entry of the ``num5/turn`` answer), in placement
    order.

    ``row`` is the table position 1–4, ``None`` when a Shadow is kept (T14); ``cards`` are the
    cards taken, collected, discarded or kept; ``tied_rows`` lists the rows that tied (T8), empty
    when there was no tie; ``row_after`` the row's cards after the step (empty when kept).
    """

    n: int
    player: str
    card: Card
    row: int | None
    how: str
    tied_rows: tuple[int, ...]
    result: str
    cards: tuple[Card, ...]
    row_after: tuple[Card, ...]
    colour_before: Family | None
    colour_after: Family | None
    #: the value of the row's last card when the card arrived (``None`` when kept)
    last_before: int | None = None

    @property
    def points(self) -> int:
        """What this step is worth to its player (T17): nothing for an append or an explosion."""
        if self.result in (APPEND, EXPLODE):
            return 0
        return sum(-c.value if c.is_shadow else c.value for c in self.cards)

    @property
    def rulings(self) -> tuple[str, ...]:
        """The rulings that decided this step: where the card went, then what it did there."""
        found = [HOW_RULING[self.how]]
        if self.how in (CLOSEST, REPOSITION) and self.last_before == self.card.value:
            found.append("T7")  # an equal last card fits
        if self.tied_rows and "T8" not in found:
            found.append("T8")  # equally close rows: the leftmost
        if self.result in RESULT_RULING:
            found.append(RESULT_RULING[self.result])
        if self.colour_before != self.colour_after and self.row is not None:
            found.append("T2")
        return tuple(found)


@dataclass(frozen=True, slots=True)
class PlayerTurn:
    """What one player collected in the turn (T17): cards in the order collected, sums."""

    name: str
    card: Card
    collected: tuple[Card, ...]

    @property
    def plus(self) -> int:
        return sum(c.value for c in self.collected if not c.is_shadow)

    @property
    def minus(self) -> int:
        return sum(c.value for c in self.collected if c.is_shadow)

    @property
    def points(self) -> int:
        return self.plus - self.minus


@dataclass(frozen=True, slots=True)
class TurnResult:
    """The rows after the turn (table order), each play's player, the discards, the steps."""

    rows: tuple[tuple[Card, ...], ...]
    players: tuple[PlayerTurn, ...]
    discarded: tuple[Card, ...]
    steps: tuple[Step, ...]
    variant: str = NORMAL

    @property
    def colours(self) -> tuple[Family | None, ...]:
        return tuple(colour(r) for r in self.rows)


def colour(row: Sequence[Card]) -> Family | None:
    """T2: the family of the classic cards a row holds, ``None`` when it holds none.

    Validation (:func:`read_rows`) guarantees a row never holds two classic families.
    """
    for card in row:
        if card.family.is_classic:
            return card.family
    return None


def _best_at_or_below(
    rows: list[list[Card]], candidates: Sequence[int], value: int
) -> tuple[int | None, tuple[int, ...]]:
    """T7, T8: the fitting row (last ≤ value) with the greatest last card; ties → leftmost."""
    best = -1
    tied: list[int] = []
    for i in candidates:
        last = rows[i][-1].value
        if last <= value:
            if last > best:
                best, tied = last, [i]
            elif last == best:
                tied.append(i)
    if not tied:
        return None, ()
    return tied[0], tuple(tied) if len(tied) > 1 else ()


def _lowest(rows: list[list[Card]], candidates: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """T9, T15: the row with the smallest last card; ties → leftmost."""
    low = min(rows[i][-1].value for i in candidates)
    tied = [i for i in candidates if rows[i][-1].value == low]
    return tied[0], tuple(tied) if len(tied) > 1 else ()


def _order_key(play: Play) -> tuple[int, int]:
    """T4: value ascending; equal values Shadow, Rainbow, Bleu, Rouge, Jaune, Vert."""
    return play.card.value, RANK[play.card.family]


ALL_ROWS = tuple(range(ROWS))


def _resolve(rows_in: Sequence[Sequence[Card]], plays: Sequence[Play], variant: str) -> TurnResult:
    """The turn, rulings T1–T17, on input already validated (:func:`resolve_turn`): each card in
    placement order (T3, T4) goes to its row (T1, T7–T9, T14, T15), then takes, collects or
    explodes (T10, T12, T16)."""
    rows = [list(r) for r in rows_in]
    piles: dict[str, list[Card]] = {p.player: [] for p in plays}
    discarded: list[Card] = []
    steps: list[Step] = []
    for n, play in enumerate(sorted(plays, key=_order_key), start=1):  # T3, T4
        card, value, family = play.card, play.card.value, play.card.family
        if family is Family.SHADOW:
            index, tied = _best_at_or_below(rows, ALL_ROWS, value)
            how = CLOSEST
            if index is None:  # T14: kept by its own player, no row changes
                if play.row is not None:  # T8 « Choice »: no row, so no row to choose
                    _chosen(play, 0, ())
                piles[play.player].append(card)
                steps.append(
                    Step(
                        n, play.player, card, None, FITS_NOWHERE, (), KEPT, (card,), (), None, None
                    )
                )
                continue
        elif family is Family.RAINBOW:
            index, tied = _best_at_or_below(rows, ALL_ROWS, value)
            how = CLOSEST
            if index is None:  # T9
                index, tied = _lowest(rows, ALL_ROWS)
                how = LOWEST
        else:
            own = [i for i in ALL_ROWS if colour(rows[i]) is family]
            if own:  # T1
                index, tied, how = own[0], (), OWN_ROW
            else:  # T15: a colourless row always exists (T2)
                free = [i for i in ALL_ROWS if colour(rows[i]) is None]
                index, tied = _best_at_or_below(rows, free, value)
                how = REPOSITION
                if index is None:
                    index, tied = _lowest(rows, free)
                    how = REPOSITION_LOWEST
        index = _chosen(play, index, tied)
        row = rows[index]
        before = colour(row)
        last = row[-1].value
        taken: tuple[Card, ...]
        if value < last:  # T10: one take, the row keeps its length
            taken = (row[0],)
            row = row[1:] + [card]
            piles[play.player].extend(taken)
            result = TAKE
        else:
            row = row + [card]
            if len(row) == MAX_ROW + 1:  # T12 (T16 under Explosion)
                taken = tuple(row[:MAX_ROW])
                row = [card]
                if variant == EXPLOSION:
                    discarded.extend(taken)
                    result = EXPLODE
                else:
                    piles[play.player].extend(taken)
                    result = COLLECT
            else:
                taken, result = (), APPEND
        rows[index] = row
        steps.append(
            Step(
                n,
                play.player,
                card,
                index + 1,
                how,
                tuple(i + 1 for i in tied),
                result,
                taken,
                tuple(row),
                before,
                colour(row),
                last,
            )
        )
    return TurnResult(
        tuple(tuple(r) for r in rows),
        tuple(PlayerTurn(p.player, p.card, tuple(piles[p.player])) for p in plays),
        tuple(discarded),
        tuple(steps),
        variant,
    )


# --------------------------------------------------------------------------- validation


def read_variant(raw: object) -> str:
    if raw is None or raw == "":
        return NORMAL
    if raw not in VARIANTS:
        raise InputError(
            "variant",
            gettext("« {raw} » : la variante est « normal » ou « explosion ».").format(raw=raw),
        )
    return str(raw)


def _read_card(token: object, field: str, where: str, index: int = 0) -> Card:
    if isinstance(token, Card):
        return token
    if not isinstance(token, str):
        raise PlaceError(
            field,
            gettext("{where} : « {token} » n’est pas une carte (écrivez 7R).").format(
                where=where, token=token
            ),
            index,
        )
    try:
        card = parse_card(token, FULL_DECK, field)
    except InputError as err:
        raise PlaceError(
            field, gettext("{where} : {message}").format(where=where, message=err.message), index
        ) from None
    assert isinstance(card, Card)  # FULL_DECK has neither Joker nor action card
    return card


def read_rows(raw: object) -> tuple[tuple[Card, ...], ...]:
    """Exactly 4 rows in table order, each 1–4 cards, one classic family per row and per colour.

    A row is a list of cards, a line of notation (« 0R 5R »), or ``{"cards": [...],
    "colour": "R" | null}``; a given colour is checked against the cards (T2), not trusted.
    """
    if not isinstance(raw, list | tuple):
        raise InputError("rows", gettext("Les rangées doivent être une liste de 4 rangées."))
    if len(raw) != ROWS:
        raise InputError(
            "rows",
            gettext(
                "Il faut exactement 4 rangées, dans l’ordre de la table : {count} indiquée{value}."
            ).format(count=len(raw), value="s" if len(raw) > 1 else ""),
        )
    rows: list[tuple[Card, ...]] = []
    seen: dict[Card, int] = {}
    owner: dict[Family, int] = {}
    for number, item in enumerate(raw, start=1):
        given: object = ...
        cards_raw: object = item
        if isinstance(item, Mapping):
            cards_raw = item.get("cards")
            if "colour" in item:
                given = item["colour"]
        if isinstance(cards_raw, str):
            cards_raw = cards_raw.split()
        if not isinstance(cards_raw, list | tuple):
            raise PlaceError(
                "rows",
                gettext("Rangée {number} : donnez la liste de ses cartes.").format(number=number),
                number - 1,
            )
        if not cards_raw:
            raise PlaceError(
                "rows",
                gettext("La rangée {number} est vide : une rangée a de 1 à 4 cartes.").format(
                    number=number
                ),
                number - 1,
            )
        if len(cards_raw) > MAX_ROW:
            raise PlaceError(
                "rows",
                gettext(
                    "La rangée {number} a {count} cartes : une rangée en a au plus 4 (à la 5e carte, elle est récupérée)."
                ).format(number=number, count=len(cards_raw)),
                number - 1,
            )
        row = tuple(
            _read_card(t, "rows", gettext("Rangée {number}").format(number=number), number - 1)
            for t in cards_raw
        )
        families = {c.family for c in row if c.family.is_classic}
        if len(families) > 1:
            names = gettext(" et ").join(sorted(f.french for f in families))
            raise PlaceError(
                "rows",
                gettext(
                    "La rangée {number} mêle deux couleurs ({names}) : une rangée n’a qu’une couleur."
                ).format(number=number, names=names),
                number - 1,
            )
        for card in row:
            if card in seen:
                other = seen[card]
                where = (
                    gettext("deux fois dans la rangée")
                    if other == number
                    else gettext("dans les rangées")
                )
                places = (
                    f"{number}"
                    if other == number
                    else gettext("{other} et {number}").format(other=other, number=number)
                )
                raise PlaceError(
                    "rows",
                    gettext(
                        "« {card} » figure {where} {places} : chaque carte n’existe qu’une fois."
                    ).format(card=card, where=where, places=places),
                    number - 1,
                )
            seen[card] = number
        found = colour(row)
        if found is not None:
            if found in owner:
                raise PlaceError(
                    "rows",
                    gettext(
                        "Les rangées {owner} et {number} sont toutes deux {french} : chaque couleur a au plus une rangée."
                    ).format(owner=owner[found], number=number, french=found.french),
                    number - 1,
                )
            owner[found] = number
        if given is not ...:
            _check_colour(given, found, number)
        rows.append(row)
    return tuple(rows)


def _check_colour(given: object, found: Family | None, number: int) -> None:
    """T2: a stated colour must be the one the row's cards show."""
    stated = None if given is None or given == "" else _family_code(given, number)
    if stated is not found:
        said = stated.french if stated else gettext("sans couleur")
        real = (
            found.french
            if found
            else gettext("sans couleur (elle ne tient aucune carte classique)")
        )
        raise PlaceError(
            "rows",
            gettext(
                "La rangée {number} est indiquée {said} mais ses cartes la font {real}."
            ).format(number=number, said=said, real=real),
            number - 1,
        )


def _family_code(given: object, number: int) -> Family:
    if isinstance(given, str):
        for family in Family:
            if family.is_classic and given.strip().upper() == family.code:
                return family
    raise PlaceError(
        "rows",
        gettext(
            "Rangée {number} : la couleur « {given} » n’existe pas (R, V, B, J ou null)."
        ).format(number=number, given=given),
        number - 1,
    )


def read_plays(raw: object) -> tuple[Play, ...]:
    """3 to 8 plays ``{player, card}`` (or ``(player, card)`` pairs), one per player."""
    if not isinstance(raw, list | tuple):
        raise InputError(
            "plays", gettext("Les cartes jouées doivent être une liste {player, card}.")
        )
    if not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise InputError(
            "plays",
            (
                gettext("Num 5 se joue de {low} à {high} joueurs : {count} carte jouée indiquée.")
                if len(raw) == 1
                else gettext(
                    "Num 5 se joue de {low} à {high} joueurs : {count} cartes jouées indiquées."
                )
            ).format(low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(raw)),
        )
    plays: list[Play] = []
    names: set[str] = set()
    cards: dict[Card, str] = {}
    for index, item in enumerate(raw, start=1):
        name_raw: object
        card_raw: object
        row_raw: object = None
        if isinstance(item, Play):
            name_raw, card_raw, row_raw = item.player, item.card, item.row
        elif isinstance(item, Mapping):
            name_raw, card_raw = item.get("player"), item.get("card")
            row_raw = item.get("row")
        elif isinstance(item, list | tuple) and len(item) == 2:
            name_raw, card_raw = item
        else:
            raise PlaceError(
                "plays",
                gettext("Carte jouée {index} : un objet {{player, card}} est attendu.").format(
                    index=index
                ),
                index - 1,
            )
        name = name_raw.strip() if isinstance(name_raw, str) else ""
        if not name:
            raise PlaceError(
                "plays",
                gettext("Carte jouée {index} : le joueur n’a pas de nom.").format(index=index),
                index - 1,
            )
        if name.casefold() in names:
            raise PlaceError(
                "plays",
                gettext(
                    "« {name} » joue deux fois : une seule carte par joueur et par tour."
                ).format(name=name),
                index - 1,
            )
        names.add(name.casefold())
        if card_raw is None or card_raw == "":
            raise PlaceError(
                "plays", gettext("{name} : indiquez la carte révélée.").format(name=name), index - 1
            )
        card = _read_card(card_raw, "plays", name, index - 1)
        if card in cards:
            raise PlaceError(
                "plays",
                gettext(
                    "« {card} » est jouée par {cards} et par {name} : chaque carte n’existe qu’une fois."
                ).format(card=card, cards=cards[card], name=name),
                index - 1,
            )
        cards[card] = name
        plays.append(Play(name, card, _read_choice(row_raw, name, index - 1)))
    return tuple(plays)


def _read_choice(raw: object, name: str, index: int) -> int | None:
    """A play's chosen row (T8): absent or a table index 0 to 3."""
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < ROWS:
        raise PlaceError(
            "plays",
            gettext("{name} : « row » est une rangée de 0 à {last}.").format(
                name=name, last=ROWS - 1
            ),
            index,
        )
    return raw


def _chosen(play: Play, index: int, tied: tuple[int, ...]) -> int:
    """The row a card goes to: the player's choice among the rows that tie (T8), else ``index``,
    the leftmost. A choice where nothing ties, or of a row outside the tie, is bad input naming
    the rows the player may choose."""
    if play.row is None or play.row == index and tied:
        return index
    if play.row in tied:
        return play.row
    if not tied:
        message = gettext(
            "{name} : {card} ne va pas sur des rangées à égalité, il n’y a pas de rangée à choisir (« row »)."
        ).format(name=play.player, card=play.card)
    else:
        message = gettext(
            "{name} : {card} hésite entre les rangées {rows} : « row » vaut {choices}."
        ).format(
            name=play.player,
            card=play.card,
            rows=gettext(" et ").join(str(i + 1) for i in tied),
            choices=gettext(" ou ").join(str(i) for i in tied),
        )
    raise InputError("plays", message)


def _check_disjoint(rows: Sequence[Sequence[Card]], plays: Sequence[Play]) -> None:
    for number, row in enumerate(rows, start=1):
        for index, play in enumerate(plays):
            if play.card in row:
                raise PlaceError(
                    "plays",
                    gettext(
                        "{player} joue « {card} », déjà dans la rangée {number} : chaque carte n’existe qu’une fois."
                    ).format(player=play.player, card=play.card, number=number),
                    index,
                )


def resolve_turn(rows: object, plays: object, variant: object = NORMAL) -> TurnResult:
    """One turn: the rows in table order, the revealed cards, the variant.

    Rows and plays may be raw (API shapes, notation strings) or already read; they are always
    validated before anything moves. See :func:`_resolve` for the algorithm (T1–T17).
    """
    the_variant = read_variant(variant)
    the_rows = read_rows(rows)
    the_plays = read_plays(plays)
    _check_disjoint(the_rows, the_plays)
    return _resolve(the_rows, the_plays, the_variant)


# --------------------------------------------------------------------------- a round, turn by turn


class RoundStateJSON(TypedDict):
    """:meth:`RoundState.to_json`: the state in plain JSON, cards in canonical notation."""

    players: list[str]
    variant: str
    turn: int
    rows: list[list[str]]
    collected: list[list[str]]
    discarded: list[str]


@dataclass(frozen=True, slots=True)
class RoundState:
    """A round between two turns: the rows, each player's collected cards, the discards.

    ``players`` in seat order; ``collected[k]`` is player k's cards in the order collected;
    ``turn`` the number of turns played (0 at the set-up, at most 10).
    """

    players: tuple[str, ...]
    variant: str = NORMAL
    rows: tuple[tuple[Card, ...], ...] = SETUP
    collected: tuple[tuple[Card, ...], ...] = ()
    discarded: tuple[Card, ...] = ()
    turn: int = 0

    @property
    def finished(self) -> bool:
        return self.turn >= TURNS_PER_ROUND

    def entries(self) -> list[Entry]:
        """The round's tally so far, one :class:`Entry` per player (/num-5/regles/#arbitrage-tour-t17)."""
        return [
            Entry(
                cards,
                sum(c.value for c in cards if not c.is_shadow),
                sum(c.value for c in cards if c.is_shadow),
            )
            for cards in self.collected
        ]

    def played(self) -> dict[Card, str]:
        """Every card already out of the hands, and where it is now (French)."""
        where: dict[Card, str] = {}
        for number, row in enumerate(self.rows, start=1):
            for card in row:
                where[card] = gettext("dans la rangée {number}").format(number=number)
        for name, cards in zip(self.players, self.collected, strict=True):
            for card in cards:
                where[card] = gettext("récupérée par {name}").format(name=name)
        for card in self.discarded:
            where[card] = gettext("défaussée")
        return where

    def to_json(self) -> RoundStateJSON:
        """A plain-JSON snapshot (cards in canonical notation), for :meth:`from_json`."""
        return {
            "players": list(self.players),
            "variant": self.variant,
            "turn": self.turn,
            "rows": [[str(c) for c in r] for r in self.rows],
            "collected": [[str(c) for c in cs] for cs in self.collected],
            "discarded": [str(c) for c in self.discarded],
        }

    @classmethod
    def from_json(cls, data: object) -> RoundState:
        """Read back a :meth:`to_json` snapshot, checking it like any input (:func:`read_rows`): ``data`` may be
        anything a request carried."""
        if not isinstance(data, Mapping):
            raise InputError("state", gettext("L’état de la manche doit être un objet."))
        state = start_round(data.get("players"), data.get("variant"))
        rows = read_rows(data.get("rows"))
        collected_raw = data.get("collected") or [[] for _ in state.players]
        if not isinstance(collected_raw, list | tuple) or len(collected_raw) != len(state.players):
            raise InputError(
                "collected", gettext("Indiquez les cartes récupérées de chaque joueur.")
            )
        collected = tuple(
            tuple(_read_card(t, "collected", name) for t in (cards or []))
            for name, cards in zip(state.players, collected_raw, strict=True)
        )
        discarded = tuple(
            _read_card(t, "discarded", gettext("Défausse")) for t in (data.get("discarded") or [])
        )
        turn = data.get("turn", 0)
        if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn <= TURNS_PER_ROUND:
            raise InputError("turn", gettext("Le numéro de tour va de 0 à 10."))
        everything = [c for r in rows for c in r] + [c for cs in collected for c in cs]
        everything += list(discarded)
        if len(set(everything)) != len(everything):
            raise InputError(
                "state", gettext("Une carte figure deux fois dans l’état de la manche.")
            )
        return cls(state.players, state.variant, rows, collected, discarded, turn)


def start_round(players: object, variant: object = NORMAL, rows: object = None) -> RoundState:
    """The set-up: rows ``[0B] [0R] [0J] [0V]``, nothing collected, turn 0.

    ``rows`` starts from another table instead (a disputed turn in the middle of a round);
    they are validated like any rows (:func:`read_rows`).
    """
    if not isinstance(players, list | tuple):
        raise InputError("players", gettext("Les joueurs doivent être une liste de noms."))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InputError(
            "players",
            gettext(
                "Num 5 se joue de {low} à {high} joueurs : vous en avez indiqué {count}."
            ).format(low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(players)),
        )
    names: list[str] = []
    for index, raw in enumerate(players, start=1):
        name = raw.strip() if isinstance(raw, str) else ""
        if not name:
            raise InputError(
                "players", gettext("Le joueur {index} n’a pas de nom.").format(index=index)
            )
        if name.casefold() in (n.casefold() for n in names):
            raise InputError(
                "players",
                gettext("Deux joueurs s’appellent « {name} » : donnez des noms différents.").format(
                    name=name
                ),
            )
        names.append(name)
    start = SETUP if rows is None else read_rows(rows)
    return RoundState(tuple(names), read_variant(variant), start, tuple(() for _ in names))


def play_round_turn(
    state: RoundState, cards: Sequence[object], rows: Sequence[int | None] = ()
) -> tuple[RoundState, TurnResult]:
    """The next turn of a round: one revealed card per player, in seat order.

    ``rows``, in seat order too (shorter: the others ``None``), is each player's chosen row
    when their card ties between rows (T8 « Choice », table index 0–3), ``None`` for table
    order; a choice where nothing ties, or outside the tied rows, is refused as in
    :func:`resolve_turn`.

    A card already played this round (in a row, collected or discarded) is refused, naming where
    it is; so is an eleventh turn (each player holds 10 cards).
    """
    if state.finished:
        raise InputError(
            "plays", gettext("La manche est finie : chaque joueur a joué ses 10 cartes.")
        )
    if not isinstance(cards, list | tuple) or len(cards) != len(state.players):
        raise InputError(
            "plays",
            gettext("Tour {value} : indiquez une carte par joueur ({count}).").format(
                value=state.turn + 1, count=len(state.players)
            ),
        )
    if len(rows) > len(cards):
        raise InputError("plays", gettext("Un choix de rangée par joueur au plus."))
    chosen = [*rows, *[None] * (len(cards) - len(rows))]
    plays = read_plays(
        [
            {"player": n, "card": c, "row": r}
            for n, c, r in zip(state.players, cards, chosen, strict=True)
        ]
    )
    where = state.played()
    for index, play in enumerate(plays):
        if play.card in where:
            raise PlaceError(
                "plays",
                gettext("Tour {value} : {player} joue « {card} », déjà jouée ({where}).").format(
                    value=state.turn + 1, player=play.player, card=play.card, where=where[play.card]
                ),
                index,
            )
    result = _resolve(state.rows, plays, state.variant)
    collected = tuple(
        before + p.collected for before, p in zip(state.collected, result.players, strict=True)
    )
    after = RoundState(
        state.players,
        state.variant,
        result.rows,
        collected,
        state.discarded + result.discarded,
        state.turn + 1,
    )
    return after, result


@dataclass(frozen=True, slots=True)
class RoundPlay:
    """A round played turn by turn: the state after the last turn, and every turn's result."""

    state: RoundState
    turns: tuple[TurnResult, ...]


def play_round(
    players: object, turns: Sequence[Sequence[object]], variant: object = NORMAL
) -> RoundPlay:
    """Play ``turns`` (each one card per player, seat order) from the set-up (T1–T17 each turn).

    A bad card is reported with its turn number; the turns before it are not lost to the caller,
    who can replay them.
    """
    state = start_round(players, variant)
    if not isinstance(turns, list | tuple):
        raise InputError("plays", gettext("Les tours doivent être une liste."))
    results: list[TurnResult] = []
    for cards in turns:
        state, result = play_round_turn(state, cards)
        results.append(result)
    return RoundPlay(state, tuple(results))
