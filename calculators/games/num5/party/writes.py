"""Num 5's writes to a party: a round (every player entered), its correction and removal, and
a round played turn by turn (one turn, then « Reporter la manche »), each with its do/undo
registered in the Parties action table."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from ....core.registry import NUM5
from ....engines import num5, num5turn
from ....engines.cards import FULL_DECK, InputError, parse_card
from ....engines.names import name_key
from ....parties import actions, services
from ....parties import deals as party_deals
from ....parties.actions import Action, register
from ....parties.models import Game, HistoryEntry, Player, Round
from ....parties.rows import NumberedRows
from ....parties.summaries import message, names_text
from ..views import rows_text

#: this game's rounds' do and undo steps (:mod:`calculators.parties.rows`)
ROUNDS = NumberedRows("round")
_round_create = ROUNDS.create
_round_remove = ROUNDS.remove
_round_delete = ROUNDS.delete
_round_restore = ROUNDS.restore


def _round_set(which: str) -> Callable[[Game, dict[str, Any]], None]:
    def apply(game: Game, data: dict[str, Any]) -> None:
        Round.objects.filter(game=game, number=data["number"]).update(entries=data[which])

    return apply


def _turns(which: str) -> Callable[[Game, dict[str, Any]], None]:
    def apply(game: Game, data: dict[str, Any]) -> None:
        Game.objects.filter(pk=game.pk).update(turns=data[which])
        game.turns = [list(turn) for turn in data[which]]  # its own copy, as a read gives

    return apply


def _tally_do(game: Game, data: dict[str, Any]) -> None:
    _round_create(game, data)
    _turns("after")(game, data)
    if data.get("finish"):  # the deal's last manche: the Party ends with it (#donnes-num5-fin)
        actions.get("finish").do(game, {})


def _tally_undo(game: Game, data: dict[str, Any]) -> None:
    if data.get("finish"):  # open again, its turns back: the table plays on
        actions.get("finish").undo(game, {})
    _round_remove(game, data)
    _turns("before")(game, data)


def ends_deal(game: Game, number: int) -> bool:
    """Whether manche ``number`` is the last one of the deal ``game`` plays: a deal that sets
    its ``manches`` (an event's round, docs/events.md#tournoi-donnes-num5) is over once that
    many are tallied, so the tally of the last one also finishes the Party
    (docs/deals.md#donnes-num5-fin)."""
    last = (game.deal or {}).get("manches")
    return isinstance(last, int) and last > 0 and number >= last


def _round_table(
    game: Game, rounds: Sequence[Round | dict[str, Any]], players: Sequence[Player] | None = None
) -> list[list[dict[str, Any]]]:
    """Stored rounds (by player id) as the engine's rows (seat order)."""
    players = list(game.players.all()) if players is None else list(players)
    rows: list[list[dict[str, Any]]] = []
    for stored in rounds:
        entries = stored.entries if isinstance(stored, Round) else stored
        rows.append([dict(entries.get(str(p.pk)) or {}) for p in players])
    return rows


def _entries(
    players: Sequence[Player], raw: Mapping[Any, object], field: str
) -> dict[str, dict[str, Any]]:
    """``{player (id, Player or name): cell text or entry dict}`` → ``{player id: entry}``."""
    if not isinstance(raw, Mapping):
        raise InputError(field, gettext("Indiquez une entrée par joueur."))
    out: dict[str, dict[str, Any]] = {}
    for key, value in raw.items():
        player = _seated(players, key, field)
        if isinstance(value, str):
            entry: object = num5.parse_cell(value)
        else:
            entry = value
        if not isinstance(entry, Mapping):
            raise InputError(
                field,
                gettext("{name} : indiquez les cartes ou les deux nombres.").format(
                    name=player.name
                ),
            )
        entry = {k: entry[k] for k in ("cards", "plus", "minus") if k in entry}
        cards = entry.get("cards")
        if isinstance(cards, str):
            entry["cards"] = cards.replace(",", " ").split()
        elif isinstance(cards, list | tuple):
            entry["cards"] = [str(c) for c in cards]
        out[str(player.pk)] = entry
    return out


def _check_rounds(
    players: Sequence[Player], rows: Sequence[Sequence[object]], field: str
) -> num5.GameResult:
    """The engine's game over ``rows`` (seat order) for ``players``; its refusal on ``field``."""
    names = [p.name for p in players]
    try:
        return num5.play_game(names, rows)
    except InputError as err:
        raise InputError(field, err.message) from None


def add_round(game: Game, entries: Mapping[Any, object], if_version: object = None) -> HistoryEntry:
    """Add a round; every player must be entered (/num-5/regles/#arbitrage-manche-saisie), the
    whole game is checked."""

    read: dict[str, Any] = {}

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM5)
        _refuse_numbers(g, "entries")
        players = list(g.players.all())
        rounds = list(g.rounds.all())
        read.update(players=players, rounds=rounds)
        before = _check_rounds(players, _round_table(g, rounds, players), "entries")
        if before.finished:
            raise services.Conflict(
                "party", gettext("La partie est gagnée : aucune manche de plus.")
            )
        new = _entries(players, entries, "entries")
        _check_rounds(players, _round_table(g, [*rounds, new], players), "entries")
        number = len(rounds) + 1
        return message("round_add", number=number), {"round": {"number": number, "entries": new}}

    entry = services.write(game, "round_add", if_version, build)
    # what it read under the lock, with the round its do created, is the new version's sheet
    added = entry.data["round"]
    entries = json.loads(json.dumps(added["entries"]))  # as its JSON column gives it back
    stored = Round(id=added["id"], game=game, number=added["number"], entries=entries)
    services.remember(game, read["players"], rounds=[*read["rounds"], stored])
    return entry


def _deal_name(game: Game, manche: int) -> str:
    """« donne n° 2, manche 1, graine « … » »: the deal a refusal names."""
    return gettext("donne n° {number}, manche {manche}, graine « {seed} »").format(
        number=game.deal["number"],
        manche=manche,
        seed=party_deals.manche_seed(game.deal["seed"], manche),
    )


def _refuse_numbers(game: Game, field: str) -> None:
    """A Party that plays a prepared deal takes its manches turn by turn only
    (docs/deals.md#donnes-num5-saisie): typed points or cards left could not be checked
    against the hands dealt."""
    if game.deal:
        raise InputError(
            field,
            gettext(
                "Cette partie joue une donne préparée (donne n° {number}) : chaque manche se "
                "joue tour par tour, pour que chaque carte soit vérifiée dans la main donnée "
                "à son siège. Pour corriger une manche reportée, annulez-la."
            ).format(number=game.deal["number"]),
        )


def _check_dealt(
    game: Game, players: Sequence[Player], played: int, turns: Sequence[object], given: list[str]
) -> None:
    """In a Party that plays a prepared deal (docs/deals.md#donnes-num5), each seat plays the
    10 cards dealt to it for the manche in play, each once."""
    manche = party_deals.current_manche(game, played)
    deal = party_deals.manche_dealt(game, manche)
    if deal is None:
        return
    earlier = [split_turn(t)[0] for t in turns if isinstance(t, list | tuple)]
    for seat, (player, token) in enumerate(zip(players, given, strict=True)):
        try:
            card = str(parse_card(token.strip(), FULL_DECK, "cards"))
        except InputError:
            continue  # not a card: the engine names it below
        hand = {str(c) for c in deal.seats[seat].cards} if seat < len(deal.seats) else set()
        if card not in hand:
            raise InputError(
                "cards",
                gettext(
                    "{name} : la carte {card} n’est pas dans la main donnée à son siège ({where})."
                ).format(name=player.name, card=card, where=_deal_name(game, manche)),
            )
        if any(seat < len(turn) and turn[seat] == card for turn in earlier):
            raise InputError(
                "cards",
                gettext("{name} a déjà joué la carte {card} dans cette manche ({where}).").format(
                    name=player.name, card=card, where=_deal_name(game, manche)
                ),
            )


def hands_left(game: Game, players: Sequence[Player], played: int) -> list[list[object]] | None:
    """Each seat's hand still to play in this manche of a prepared deal
    (docs/deals.md#donnes-num5); ``None`` for a free game."""
    deal = party_deals.manche_dealt(game, party_deals.current_manche(game, played))
    if deal is None:
        return None
    earlier = [split_turn(t)[0] for t in game.turns or [] if isinstance(t, list | tuple)]
    out: list[list[object]] = []
    for seat in range(len(players)):
        gone = {turn[seat] for turn in earlier if seat < len(turn)}
        hand = deal.seats[seat].cards if seat < len(deal.seats) else ()
        out.append([c for c in hand if str(c) not in gone])
    return out


def _round(game: Game, number: object, rounds: Sequence[Round] | None = None) -> Round:
    """The round numbered ``number``, among ``rounds`` when the write has read them all."""
    message = gettext("Cette manche n’existe plus.")
    wanted = services.whole_number(number, "round", message)
    if rounds is not None:
        found = next((r for r in rounds if r.number == wanted), None)
        if found is None:
            raise InputError("round", message)
        return found
    try:
        return game.rounds.get(number=wanted)
    except Round.DoesNotExist:
        raise InputError("round", message) from None


def edit_round(
    game: Game, number: object, changes: Mapping[Any, object], if_version: object = None
) -> HistoryEntry:
    """Correct a round: only the players in ``changes`` change; the others are untouched."""

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM5)
        _refuse_numbers(g, "entries")
        stored_rounds = list(g.rounds.all())
        stored = _round(g, number, stored_rounds)
        players = list(g.players.all())
        updates = _entries(players, changes, "entries")
        after = {**stored.entries, **updates}
        if after == stored.entries:
            raise InputError("entries", gettext("Rien n’a changé dans cette manche."))
        rounds = [after if r.pk == stored.pk else r for r in stored_rounds]
        _check_rounds(players, _round_table(g, rounds, players), "entries")
        names = [p.name for p in players if str(p.pk) in updates]
        summary = message("round_edit", number=stored.number, players=names)
        return summary, {"number": stored.number, "before": stored.entries, "after": after}

    return services.write(game, "round_edit", if_version, build)


def delete_round(game: Game, number: object, if_version: object = None) -> HistoryEntry:
    """Remove a round; the later ones are renumbered."""

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM5)
        stored = _round(g, number)
        data = {"round": {"id": stored.pk, "number": stored.number, "entries": stored.entries}}
        return message("round_delete", number=stored.number), data

    return services.write(game, "round_delete", if_version, build)


#: a stored turn's card carries ``@<row>`` (the table position 1–4) when its player chose among
#: tied rows (/num-5/regles/#arbitrage-tour-t8): ``["9R", "2A@3", "11R"]``
CHOICE_MARK = "@"


def split_turn(stored: Sequence[object]) -> tuple[list[str], list[int | None]]:
    """A stored turn: its cards (seat order) and each seat's chosen row (a table index 0–3,
    ``None`` for table order)."""
    cards: list[str] = []
    rows: list[int | None] = []
    for token in stored:
        card, mark, row = str(token).partition(CHOICE_MARK)
        cards.append(card)
        rows.append(int(row) - 1 if mark and row.isdecimal() and row.isascii() else None)
    return cards, rows


def join_turn(cards: Sequence[object], rows: Sequence[int | None]) -> list[str]:
    """A turn as stored (:func:`split_turn`): each card, ``@<row>`` after it when chosen."""
    return [
        f"{card}{CHOICE_MARK}{row + 1}" if row is not None else str(card)
        for card, row in zip(cards, rows, strict=True)
    ]


def round_in_play(game: Game, players: Sequence[Player] | None = None) -> num5turn.RoundPlay:
    """The round being played turn by turn, replayed by the engine from the set-up."""
    names = [p.name for p in (game.players.all() if players is None else players)]
    state = num5turn.start_round(names, game.mode)
    results: list[num5turn.TurnResult] = []
    for stored in game.turns or []:
        cards, rows = split_turn(stored)
        state, result = num5turn.play_round_turn(state, cards, rows)
        results.append(result)
    return num5turn.RoundPlay(state, tuple(results))


def _before_last(game: Game, players: Sequence[Player]) -> num5turn.RoundState:
    """The round as it was before its last turn."""
    names = [p.name for p in players]
    state = num5turn.start_round(names, game.mode)
    for stored in list(game.turns or [])[:-1]:
        cards, rows = split_turn(stored)
        state, _ = num5turn.play_round_turn(state, cards, rows)
    return state


def _seated(players: Sequence[Player], key: object, field: str) -> Player:
    """The player ``key`` names: a player, their id, or else their name by the names rule."""
    wanted = str(key.pk) if isinstance(key, Player) else str(key)
    for player in players:
        if str(player.pk) == wanted:
            return player
    if not isinstance(key, Player):
        for player in players:
            if name_key(player.name) == name_key(wanted):
                return player
    raise InputError(field, gettext("« {key} » ne joue pas dans cette partie.").format(key=key))


def play_turn(
    game: Game,
    cards: Mapping[Any, object],
    if_version: object = None,
    rows: Mapping[Any, object] | None = None,
) -> HistoryEntry:
    """One turn of the round in play, placed by the engine (/num-5/regles/#arbitrage-tour-t1
    and after). ``rows``: a player's chosen row (table index 0–3) when their card ties between
    rows (/num-5/regles/#arbitrage-tour-t8); without it, table order."""

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM5)
        players = list(g.players.all())
        rounds = list(g.rounds.all())
        if _check_rounds(players, _round_table(g, rounds, players), "cards").finished:
            raise services.Conflict(
                "party", gettext("La partie est gagnée : aucune manche de plus.")
            )
        last = (g.deal or {}).get("manches")
        if last and len(rounds) >= int(last):
            raise InputError(
                "cards",
                ngettext(
                    "La donne n° {number} se joue en {count} manche, déjà reportée : "
                    "terminez la partie.",
                    "La donne n° {number} se joue en {count} manches, déjà reportées : "
                    "terminez la partie.",
                    int(last),
                ).format(number=g.deal["number"], count=int(last)),
            )
        if not isinstance(cards, Mapping):
            raise InputError("cards", gettext("Indiquez la carte révélée de chaque joueur."))
        given = {_seated(players, key, "cards").pk: card for key, card in cards.items()}
        missing = [p.name for p in players if not str(given.get(p.pk) or "").strip()]
        if missing:
            raise InputError(
                "cards",
                gettext("Carte révélée manquante : {missing}.").format(missing=", ".join(missing)),
            )
        chosen = {_seated(players, key, "rows").pk: row for key, row in (rows or {}).items()}
        choices: list[Any] = [chosen.get(p.pk) for p in players]
        before = list(g.turns or [])
        _check_dealt(g, players, len(rounds), before, [str(given[p.pk]) for p in players])
        current = round_in_play(g, players)
        try:
            state, result = num5turn.play_round_turn(
                current.state, [str(given[p.pk]).strip() for p in players], choices
            )
        except InputError as err:
            raise InputError("cards", err.message) from None
        # canonical, seat order; a chosen row only where it differs from table order
        taken = _choices_made(result, [p.name for p in players], choices)
        after = [*before, join_turn([str(p.card) for p in result.players], taken)]
        return message("turn", turn=state.turn, number=len(rounds) + 1), {
            "before": before,
            "after": after,
        }

    return services.write(game, "turn", if_version, build)


def _choices_made(
    result: num5turn.TurnResult, names: Sequence[str], choices: Sequence[object]
) -> list[int | None]:
    """Each seat's choice as stored: ``None`` where it asked for table order (the first of the
    tied rows), so a turn is stored one way whatever the phone sent."""
    first = {s.player: s.tied_rows[0] - 1 for s in result.steps if s.tied_rows}
    out: list[int | None] = []
    for name, row in zip(names, choices, strict=True):
        out.append(None if not isinstance(row, int) or row == first.get(name) else row)
    return out


def choose_row(
    game: Game, player: object, row: object, if_version: object = None, turn: object = None
) -> HistoryEntry:
    """A tie of the last turn played (/num-5/regles/#arbitrage-tour-t8): ``player``'s card goes
    to ``row`` (1–4), one of the rows it tied between. The turn is played again; the choices of
    the cards placed after it are dropped (the table they met changes, their tie may be gone).
    A choice made for ``turn`` once another turn was entered is refused."""

    def still_last(g: Game) -> None:
        if turn is not None and turn != len(g.turns or []):
            raise InputError(
                "row",
                gettext(
                    "Le tour {turn} n’est plus le dernier joué : sa rangée ne se choisit plus."
                ).format(turn=turn),
            )

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM5)
        if not g.turns:
            raise InputError("row", gettext("Aucun tour joué dans cette manche."))
        still_last(g)
        players = list(g.players.all())
        who = services.player_among(players, player)
        seat = next(i for i, p in enumerate(players) if p.pk == who.pk)
        number = services.whole_number(
            row, "row", gettext("La rangée choisie va de 1 à {last}.").format(last=num5turn.ROWS)
        )
        turns = list(g.turns)
        cards, current = split_turn(turns[-1])
        state = _before_last(g, players)
        _, played = num5turn.play_round_turn(state, cards, current)
        step = next((s for s in played.steps if s.player == who.name), None)
        if step is None:  # pragma: no cover - every player's card is placed or kept
            raise InputError("row", gettext("Aucun tour joué dans cette manche."))
        later = {s.player for s in played.steps if s.n > step.n}
        kept = [
            None if p.name in later or i == seat else r
            for i, (p, r) in enumerate(zip(players, current, strict=True))
        ]
        # the table this card meets depends only on the cards placed before it: kept as they are
        _, without = num5turn.play_round_turn(state, cards, kept)
        tied = next(s for s in without.steps if s.player == who.name).tied_rows
        if not tied:
            raise InputError(
                "row",
                gettext(
                    "{name} : {card} ne va pas sur des rangées à égalité, il n’y a pas de rangée à choisir."
                ).format(name=who.name, card=step.card),
            )
        if number not in tied:
            raise InputError(
                "row",
                gettext(
                    "{name} : {card} hésite entre les rangées {rows} : choisissez l’une d’elles."
                ).format(
                    name=who.name,
                    card=step.card,
                    rows=rows_text(tied),
                ),
            )
        kept[seat] = None if number == tied[0] else number - 1
        num5turn.play_round_turn(state, cards, kept)  # the engine checks the whole turn again
        after = [*turns[:-1], join_turn(cards, kept)]
        summary = message("turn_row", turn=len(turns), player=who.name, row=number)
        return summary, {"before": turns, "after": after}

    # a turn entered since the tie was shown: said as such, never a conflict to overrule
    still_last(game)
    return services.write(game, "turn_row", if_version, build)


def tally_turns(game: Game, if_version: object = None) -> HistoryEntry:
    """« Reporter la manche »: the round played turn by turn becomes a round of the sheet. The
    last manche of a deal that sets its ``manches`` also finishes the Party, in the same write
    and by the finish action's own step (:func:`ends_deal`); its undo opens it again."""

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM5)
        if not g.turns:
            raise InputError("cards", gettext("Aucun tour joué dans cette manche."))
        players = list(g.players.all())
        play = round_in_play(g, players)
        entries = {
            str(p.pk): {"cards": [str(c) for c in cards]}
            for p, cards in zip(players, play.state.collected, strict=True)
        }
        rounds = list(g.rounds.all())
        _check_rounds(players, _round_table(g, [*rounds, entries], players), "cards")
        number = len(rounds) + 1
        data: dict[str, Any] = {
            "round": {"number": number, "entries": entries},
            "before": list(g.turns),
            "after": [],
        }
        if ends_deal(g, number):
            data["finish"] = True
        return message("round_tally", number=number, turns=len(g.turns)), data

    return services.write(game, "round_tally", if_version, build)


def _tally_text(p: Mapping[str, Any]) -> str:
    turns = int(p["turns"])
    return ngettext(
        "Manche {number} reportée après {turns} tour",
        "Manche {number} reportée après {turns} tours",
        turns,
    ).format(number=p["number"], turns=turns)


register(
    Action(
        "round_add",
        _round_create,
        _round_remove,
        ("number",),
        lambda p: gettext("Manche {number} ajoutée").format(number=p["number"]),
        # the rounds are one sequence: numbered in order, a game won ends it
        scope=lambda d: ("rounds",),
    ),
    Action(
        "round_edit",
        _round_set("after"),
        _round_set("before"),
        ("number", "players"),
        lambda p: gettext("Manche {number} corrigée ({players})").format(
            number=p["number"], players=names_text(p["players"])
        ),
        subject=lambda d: f"round:{d['number']}",
        # a removal renumbers the later rounds: a correction drawn before it is refused
        watch=lambda d: (f"round:{d['number']}", "rounds"),
        scope=lambda d: (f"round:{d['number']}", "rounds"),
    ),
    Action(
        "round_delete",
        _round_delete,
        _round_restore,
        ("number",),
        lambda p: gettext("Manche {number} supprimée").format(number=p["number"]),
        subject=lambda d: "rounds",
        watch=lambda d: (f"round:{d['round']['number']}", "rounds"),
    ),
    Action(
        "turn",
        _turns("after"),
        _turns("before"),
        ("turn", "number"),
        lambda p: gettext("Tour {turn} de la manche {number}").format(
            turn=p["turn"], number=p["number"]
        ),
        # the turns are played in order: two phones entering the same turn must not both count
        subject=lambda d: "turns",
    ),
    Action(
        "turn_row",
        _turns("after"),
        _turns("before"),
        ("turn", "player", "row"),
        lambda p: gettext("Tour {turn} : {player} pose sa carte sur la rangée {row}").format(
            turn=p["turn"], player=p["player"], row=p["row"]
        ),
        # a choice changes the last turn: a turn entered meanwhile must not be replayed under it
        subject=lambda d: "turns",
    ),
    Action(
        "round_tally",
        _tally_do,
        _tally_undo,
        ("number", "turns"),
        _tally_text,
        subject=lambda d: "turns",
        scope=lambda d: ("turns", "rounds"),
    ),
)
