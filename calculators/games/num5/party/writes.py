"""Num 5's writes to a party: a round (every player entered), its correction and removal, and
a round played turn by turn (one turn, then « Reporter la manche »), each with its do/undo
registered in the Parties action table."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from ....engines import num5, num5turn
from ....engines.cards import InputError
from ....engines.names import name_key
from ....parties import services
from ....parties.actions import Action, register
from ....parties.models import Game, HistoryEntry, Player, Round
from ....parties.summaries import message, names_text
from ...registry import NUM5


def _round_create(game: Game, data: dict) -> None:
    r = data["round"]
    stored = Round.objects.create(
        id=r.get("id"), game=game, number=r["number"], entries=r["entries"]
    )
    r["id"] = stored.pk


def _round_remove(game: Game, data: dict) -> None:
    Round.objects.filter(pk=data["round"]["id"], game=game).delete()


def _shift_rounds(game: Game, after: int, step: int) -> None:
    later = Round.objects.filter(game=game, number__gt=after)
    for stored in later.order_by("number" if step < 0 else "-number"):
        stored.number += step
        stored.save(update_fields=["number"])


def _round_delete(game: Game, data: dict) -> None:
    _round_remove(game, data)
    _shift_rounds(game, data["round"]["number"], -1)


def _round_restore(game: Game, data: dict) -> None:
    _shift_rounds(game, data["round"]["number"] - 1, +1)
    _round_create(game, data)


def _round_set(which: str) -> Callable[[Game, dict], None]:
    def apply(game: Game, data: dict) -> None:
        Round.objects.filter(game=game, number=data["number"]).update(entries=data[which])

    return apply


def _turns(which: str) -> Callable[[Game, dict], None]:
    def apply(game: Game, data: dict) -> None:
        Game.objects.filter(pk=game.pk).update(turns=data[which])
        game.turns = data[which]

    return apply


def _tally_do(game: Game, data: dict) -> None:
    _round_create(game, data)
    _turns("after")(game, data)


def _tally_undo(game: Game, data: dict) -> None:
    _round_remove(game, data)
    _turns("before")(game, data)


def _round_table(
    game: Game, rounds: Sequence[Round | dict], players: Sequence[Player] | None = None
) -> list[list[dict[str, Any]]]:
    """Stored rounds (by player id) as the engine's rows (seat order); ``players``, the game's
    players in seat order when the caller has read them already."""
    players = list(game.players.all()) if players is None else list(players)
    rows: list[list[dict[str, Any]]] = []
    for stored in rounds:
        entries = stored.entries if isinstance(stored, Round) else stored
        rows.append([dict(entries.get(str(p.pk)) or {}) for p in players])
    return rows


def _entries(game: Game, raw: Mapping[Any, object], field: str) -> dict[str, dict]:
    """``{player (id, Player or name): cell text or entry dict}`` → ``{player id: entry}``."""
    if not isinstance(raw, Mapping):
        raise InputError(field, gettext("Indiquez une entrée par joueur."))
    players = list(game.players.all())
    by_key = {name_key(p.name): p for p in players}
    by_id = {str(p.pk): p for p in players}
    out: dict[str, dict] = {}
    for key, value in raw.items():
        if isinstance(key, Player):
            player = by_id.get(str(key.pk))
        else:
            player = by_id.get(str(key)) or by_key.get(name_key(str(key)))
        if player is None:
            raise InputError(
                field, gettext("« {key} » ne joue pas dans cette partie.").format(key=key)
            )
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


def _check_rounds(game: Game, rows: Sequence[Sequence[object]], field: str) -> num5.GameResult:
    names = [p.name for p in game.players.all()]
    try:
        return num5.play_game(names, rows)
    except InputError as err:
        raise InputError(field, err.message) from None


def add_round(game: Game, entries: Mapping[Any, object], if_version: object = None) -> HistoryEntry:
    """Add a round; every player must be entered (/num-5/regles/#arbitrage-manche-saisie), the whole game is checked."""

    def build(g: Game) -> tuple[dict, dict]:
        services.require_game(g, NUM5)
        rounds = list(g.rounds.all())
        before = _check_rounds(g, _round_table(g, rounds), "entries")
        if before.finished:
            raise services.Conflict(
                "party", gettext("La partie est gagnée : aucune manche de plus.")
            )
        new = _entries(g, entries, "entries")
        _check_rounds(g, _round_table(g, [*rounds, new]), "entries")
        number = len(rounds) + 1
        return message("round_add", number=number), {"round": {"number": number, "entries": new}}

    return services.write(game, "round_add", if_version, build)


def _round(game: Game, number: object) -> Round:
    message = gettext("Cette manche n'existe plus.")
    try:
        return game.rounds.get(number=services.whole_number(number, "round", message))
    except Round.DoesNotExist:
        raise InputError("round", message) from None


def edit_round(
    game: Game, number: object, changes: Mapping[Any, object], if_version: object = None
) -> HistoryEntry:
    """Correct a round: only the players in ``changes`` change; the others are untouched."""

    def build(g: Game) -> tuple[dict, dict]:
        services.require_game(g, NUM5)
        stored = _round(g, number)
        updates = _entries(g, changes, "entries")
        after = {**stored.entries, **updates}
        if after == stored.entries:
            raise InputError("entries", gettext("Rien n'a changé dans cette manche."))
        rounds = [after if r.pk == stored.pk else r for r in g.rounds.all()]
        _check_rounds(g, _round_table(g, rounds), "entries")
        names = [p.name for p in g.players.all() if str(p.pk) in updates]
        summary = message("round_edit", number=stored.number, players=names)
        return summary, {"number": stored.number, "before": stored.entries, "after": after}

    return services.write(game, "round_edit", if_version, build)


def delete_round(game: Game, number: object, if_version: object = None) -> HistoryEntry:
    """Remove a round; the later ones are renumbered."""

    def build(g: Game) -> tuple[dict, dict]:
        services.require_game(g, NUM5)
        stored = _round(g, number)
        data = {"round": {"id": stored.pk, "number": stored.number, "entries": stored.entries}}
        return message("round_delete", number=stored.number), data

    return services.write(game, "round_delete", if_version, build)


def round_in_play(game: Game) -> num5turn.RoundPlay:
    """The round being played turn by turn, replayed by the engine from the set-up."""
    names = [p.name for p in game.players.all()]
    return num5turn.play_round(names, list(game.turns or []), game.mode)


def play_turn(game: Game, cards: Mapping[Any, object], if_version: object = None) -> HistoryEntry:
    """One turn of the round in play: each player's revealed card, placed by the engine (/num-5/regles/#arbitrage-tour-t1 and after)."""

    def build(g: Game) -> tuple[dict, dict]:
        services.require_game(g, NUM5)
        if _check_rounds(g, _round_table(g, list(g.rounds.all())), "cards").finished:
            raise services.Conflict(
                "party", gettext("La partie est gagnée : aucune manche de plus.")
            )
        if not isinstance(cards, Mapping):
            raise InputError("cards", gettext("Indiquez la carte révélée de chaque joueur."))
        players = list(g.players.all())
        by_key = {name_key(p.name): p for p in players} | {str(p.pk): p for p in players}
        given: dict[int, object] = {}
        for key, card in cards.items():
            player = by_key.get(str(key.pk) if isinstance(key, Player) else str(key))
            player = player or by_key.get(name_key(str(key)))
            if player is None:
                raise InputError(
                    "cards", gettext("« {key} » ne joue pas dans cette partie.").format(key=key)
                )
            given[player.pk] = card
        missing = [p.name for p in players if not str(given.get(p.pk) or "").strip()]
        if missing:
            raise InputError(
                "cards",
                gettext("Carte révélée manquante : {missing}.").format(missing=", ".join(missing)),
            )
        before = list(g.turns or [])
        current = round_in_play(g)
        try:
            state, result = num5turn.play_round_turn(
                current.state, [str(given[p.pk]).strip() for p in players]
            )
        except InputError as err:
            raise InputError("cards", err.message) from None
        after = [*before, [str(p.card) for p in result.players]]  # canonical, seat order
        return message("turn", turn=state.turn, number=g.rounds.count() + 1), {
            "before": before,
            "after": after,
        }

    return services.write(game, "turn", if_version, build)


def tally_turns(game: Game, if_version: object = None) -> HistoryEntry:
    """« Reporter la manche »: the round played turn by turn becomes a round of the sheet."""

    def build(g: Game) -> tuple[dict, dict]:
        services.require_game(g, NUM5)
        if not g.turns:
            raise InputError("cards", gettext("Aucun tour joué dans cette manche."))
        play = round_in_play(g)
        players = list(g.players.all())
        entries = {
            str(p.pk): {"cards": [str(c) for c in cards]}
            for p, cards in zip(players, play.state.collected, strict=True)
        }
        rounds = list(g.rounds.all())
        _check_rounds(g, _round_table(g, [*rounds, entries]), "cards")
        number = len(rounds) + 1
        data = {
            "round": {"number": number, "entries": entries},
            "before": list(g.turns),
            "after": [],
        }
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
        "round_tally",
        _tally_do,
        _tally_undo,
        ("number", "turns"),
        _tally_text,
        subject=lambda d: "turns",
    ),
)
