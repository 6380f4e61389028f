"""NUM CHECK's writes to a party: a valid CHECK at the player's next rank, its correction and
its removal, each with its do/undo registered in the Parties action table."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from ....core.registry import NUM_CHECK
from ....engines import i18n as engine_i18n
from ....engines import numcheck
from ....engines.cards import InputError, format_line
from ....parties import services
from ....parties.actions import Action, register
from ....parties.models import Claim, Game, HistoryEntry, Player
from ....parties.summaries import message, of_player


def _shift_claims(player_id: int, after: int, step: int) -> None:
    """Move the ranks above ``after`` by ``step``, in an order that never collides."""
    later = Claim.objects.filter(player_id=player_id, position__gt=after)
    for claim in later.order_by("position" if step < 0 else "-position"):
        claim.position += step
        claim.save(update_fields=["position"])


def _claim_create(game: Game, data: dict[str, Any]) -> None:
    c = data["claim"]
    claim = Claim.objects.create(
        id=c.get("id"), player_id=c["player"], position=c["position"], combo=c["combo"],
        cards=c["cards"],
    )  # fmt: skip
    c["id"] = claim.pk


def _claim_remove(game: Game, data: dict[str, Any]) -> None:
    Claim.objects.filter(pk=data["claim"]["id"], player__game=game).delete()


def _claim_set(which: str) -> Callable[[Game, dict[str, Any]], None]:
    """A correction's ``do`` (``after``) or ``undo`` (``before``). A claim moved to another
    player leaves a gap in the first player's ranks, closed as a removal does, and takes its
    rank at the other (older entries hold only the combination and the cards)."""

    def apply(game: Game, data: dict[str, Any]) -> None:
        target = data[which]
        claim = Claim.objects.get(pk=data["id"], player__game=game)
        if "player" not in target or target["player"] == claim.player_id:
            fields = {k: target[k] for k in ("combo", "cards")}
            Claim.objects.filter(pk=claim.pk).update(**fields)
            return
        left, gap = claim.player_id, claim.position
        _shift_claims(target["player"], target["position"] - 1, +1)
        Claim.objects.filter(pk=claim.pk).update(
            player_id=target["player"],
            position=target["position"],
            combo=target["combo"],
            cards=target["cards"],
        )
        _shift_claims(left, gap, -1)

    return apply


def _claim_delete(game: Game, data: dict[str, Any]) -> None:
    c = data["claim"]
    _claim_remove(game, data)
    _shift_claims(c["player"], c["position"], -1)


def _claim_restore(game: Game, data: dict[str, Any]) -> None:
    c = data["claim"]
    _shift_claims(c["player"], c["position"] - 1, +1)
    _claim_create(game, data)


@dataclass(frozen=True, slots=True)
class ShownClaim:
    """A stored claim read as plain columns: no model instance is built per claim."""

    pk: int
    player_id: int
    position: int
    combo: str
    cards: str

    @property
    def id(self) -> int:
        return self.pk


def _lines(claims: Sequence[ShownClaim]) -> list[tuple[str, str]]:
    """A player's claims as the engine reads them: ``(combo, cards)`` in rank order."""
    return [(c.combo, c.cards) for c in claims]


def stored_sheet(name: str, claims: Sequence[ShownClaim]) -> numcheck.PlayerSheet:
    """The engine's sheet of a player's stored ``claims`` (rank order). ``field=None``, as the
    write that checked the newest claim asked it, hits the same memo entry: a board after a
    claim scores no sheet again."""
    return numcheck.player_sheet(name, _lines(claims), None)


def stored_claims(game: Game) -> dict[int, list[ShownClaim]]:
    """Every stored claim of the game, by player id, in rank order (one query)."""
    claims: dict[int, list[ShownClaim]] = {}
    rows = Claim.objects.filter(player__game=game).order_by("player_id", "position")
    for row in rows.values_list("pk", "player_id", "position", "combo", "cards"):
        claims.setdefault(row[1], []).append(ShownClaim(*row))
    return claims


def add_claim(
    game: Game, player: object, combo: object, cards: object, if_version: object = None
) -> HistoryEntry:
    """Store a valid CHECK at the player's next rank; refuse it with the reason otherwise.

    What it read under the lock, with the claim it added, is the sheet of the version it makes:
    kept for the answer's board (:func:`services.remember`)."""
    read: dict[str, Any] = {}

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM_CHECK)
        players, stored = sheet_read(g)
        read.update(players=players, claims=stored)
        who = services.player_among(players, player)
        combo_obj = numcheck.get_combo(combo)
        # a combination the player already made is an invalid CHECK: refused with that reason
        scored = numcheck.announce(who.name, _lines(stored.get(who.pk, [])), combo_obj.key, cards)
        if scored.rank is None:
            raise InputError("cards", scored.result.reason)
        claim = {
            "player": who.pk,
            "position": scored.rank,
            "combo": combo_obj.key,
            "cards": format_line(scored.result.cards),
        }
        summary = message("claim_add", player=who.name, combo=combo_obj.key, rank=scored.rank)
        return summary, {"claim": claim}

    entry = services.write(game, "claim_add", if_version, build)
    added = entry.data["claim"]  # with the id its do gave it
    claims: dict[int, list[ShownClaim]] = read["claims"]
    claims.setdefault(added["player"], []).append(
        ShownClaim(added["id"], added["player"], added["position"], added["combo"], added["cards"])
    )
    services.remember(game, read["players"], claims=claims)
    return entry


def _claim(game: Game, claim: object) -> Claim:
    message = gettext("Cette annonce n’existe plus.")
    try:
        return Claim.objects.select_related("player").get(
            player__game=game, pk=services.whole_number(claim, "claim", message)
        )
    except Claim.DoesNotExist:
        raise InputError("claim", message) from None


def edit_claim(
    game: Game,
    claim: object,
    combo: object,
    cards: object,
    if_version: object = None,
    player: object = None,
) -> HistoryEntry:
    """Correct a claim, checked again by the engine. Moved to another player (written under
    the wrong name), it takes that player's next rank; the first player's later ones move up."""

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM_CHECK)
        stored = _claim(g, claim)
        combo_obj = numcheck.get_combo(combo if combo not in (None, "") else stored.combo)
        new_cards = cards if cards not in (None, "") else stored.cards
        who = stored.player
        if player not in (None, "") and str(player) != str(stored.player_id):
            who = services.player_at(g, player)
        if who.pk == stored.player_id:
            claims = [
                (combo_obj.key, new_cards) if c.pk == stored.pk else (c.combo, c.cards)
                for c in stored.player.claims.order_by("position")
            ]
            position = stored.position
        else:
            claims = [(c.combo, c.cards) for c in who.claims.order_by("position")]
            claims.append((combo_obj.key, new_cards))
            position = len(claims)
        sheet = numcheck.player_sheet(who.name, claims, None)
        scored = sheet.claims[position - 1]
        if scored.rank is None:
            raise InputError("cards", scored.result.reason)
        after = {
            "player": who.pk,
            "position": position,
            "combo": combo_obj.key,
            "cards": format_line(scored.result.cards),
        }
        before = {
            "player": stored.player_id,
            "position": stored.position,
            "combo": stored.combo,
            "cards": stored.cards,
        }
        if after == before:
            raise InputError("cards", gettext("Rien n’a changé dans cette annonce."))
        summary = message("claim_edit", player=who.name, combo=combo_obj.key, rank=position)
        return summary, {"id": stored.pk, "before": before, "after": after}

    return services.write(game, "claim_edit", if_version, build)


def delete_claim(game: Game, claim: object, if_version: object = None) -> HistoryEntry:
    """Remove a claim; the player's later claims move up one rank (scores follow)."""

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM_CHECK)
        stored = _claim(g, claim)
        data = {
            "claim": {
                "id": stored.pk,
                "player": stored.player_id,
                "position": stored.position,
                "combo": stored.combo,
                "cards": stored.cards,
            }
        }
        summary = message(
            "claim_delete", player=stored.player.name, combo=stored.combo, rank=stored.position
        )
        return summary, data

    return services.write(game, "claim_delete", if_version, build)


def combo_label(code: object) -> str:
    """A combination's name from its code, in the active language (the engine's translation)."""
    combo = numcheck.COMBOS_BY_KEY.get(str(code))
    if combo is None:
        return str(code)
    with engine_i18n.use_language(translation.get_language()):
        return combo.label


def _claim_text(claim: Mapping[str, Any]) -> str:
    return f"{combo_label(claim['combo'])} {claim['cards']}"


CLAIM = ("player", "combo", "rank")
register(
    Action(
        "claim_add",
        _claim_create,
        _claim_remove,
        CLAIM,
        lambda p: gettext("{player} : {combo} (rang {rank})").format(
            player=p["player"], combo=combo_label(p["combo"]), rank=p["rank"]
        ),
        # the claim and its player's ranks: a later claim of theirs takes the next rank
        scope=lambda d: (f"claim:{d['claim']['id']}", f"claims:{d['claim']['player']}"),
        named=lambda p: of_player(combo_label(p["combo"]), p["player"]),
    ),
    Action(
        "claim_edit",
        _claim_set("after"),
        _claim_set("before"),
        CLAIM,
        lambda p: gettext("{player} : annonce {combo} corrigée (rang {rank})").format(
            player=p["player"], combo=combo_label(p["combo"]), rank=p["rank"]
        ),
        subject=lambda d: f"claim:{d['id']}",
        values=lambda d: (_claim_text(d["before"]), _claim_text(d["after"])),
        # a claim moved to another player changes both players' ranks
        scope=lambda d: (
            f"claim:{d['id']}",
            f"claims:{d['before']['player']}",
            f"claims:{d['after']['player']}",
        ),
    ),
    Action(
        "claim_delete",
        _claim_delete,
        _claim_restore,
        CLAIM,
        lambda p: gettext("{player} : annonce {combo} supprimée (rang {rank})").format(
            player=p["player"], combo=combo_label(p["combo"]), rank=p["rank"]
        ),
        subject=lambda d: f"claim:{d['claim']['id']}",
        values=lambda d: (_claim_text(d["claim"]), gettext("supprimée")),
        scope=lambda d: (f"claim:{d['claim']['id']}", f"claims:{d['claim']['player']}"),
    ),
)


# The game clock and the invalid CHECKs (/num-check/regles/#arbitrage-fin-de-partie,
# /num-check/regles/#arbitrage-check-invalide). Both live in the history alone: a deck turn is
# an entry in effect, an invalid CHECK too (no rank, no points, nothing else stored), so undo
# and redo only change the entry's state and their ``do``/``undo`` have nothing to apply.

DECK_TURN = "deck_turn"
INVALID_CHECK = "invalid_check"
PENALTY = gettext_noop("ne peut plus toucher aux cartes du centre jusqu’à son prochain tour")


def _history_only(game: Game, data: dict[str, Any]) -> None:
    """A write kept in the history alone: its entry's state is the whole change."""


def in_effect(game: Game, *actions: str) -> list[HistoryEntry]:
    """The history entries of ``actions`` still in effect, oldest first (one query)."""
    return list(
        game.history.filter(action__in=actions, state=HistoryEntry.State.ACTIVE).order_by("version")
    )


def deck_turn_limit(game: Game, players: int | None = None) -> int:
    """The game's deck turns, from the engine (mode and player count)."""
    count = game.players.count() if players is None else players
    return numcheck.deck_turns(game.mode, count)


#: the entries the game clock reads: the deck turns, and the table's « Terminer » and reopen
CLOCK = (DECK_TURN, "finish", "reopen")


def clock(
    game: Game,
    players: int,
    sheets: Iterable[tuple[int, numcheck.PlayerSheet]],
    entries: Sequence[HistoryEntry],
) -> tuple[numcheck.GameEnd[int], bool]:
    """The game clock (/num-check/regles/#arbitrage-horloge) and whether it ends the game: the
    one place, for the board and the write frame alike, that asks the engine. ``sheets`` may
    leave out players with fewer than 8 claims; ``entries``: those of :data:`CLOCK` in effect,
    oldest first."""
    done = sum(1 for entry in entries if entry.action == DECK_TURN)
    end = numcheck.game_end(sheets, done, game.mode, players)
    return end, end.over(_lifted(entries))


def _lifted(entries: Sequence[HistoryEntry]) -> numcheck.GameEnd[int] | None:
    """The end the table lifted, if its latest « Terminer » or reopen in effect is a reopen."""
    last = next((e for e in reversed(entries) if e.action in ("finish", "reopen")), None)
    lifted = last.data.get("lifted") if last is not None and last.action == "reopen" else None
    if not lifted:
        return None
    return numcheck.GameEnd(tuple(lifted["full"]), lifted["turns_done"], lifted["turns"])


def game_clock(game: Game) -> tuple[numcheck.GameEnd[int], bool]:
    """:func:`clock` as stored, in three queries whose players and claims stay on ``game`` for
    its version: under the write frame's lock the write reads them there (:func:`sheet_read`)."""
    players = list(game.players.all())
    claims = stored_claims(game)
    game.__dict__["_clock_read"] = (game.version, players, claims)
    sheets = [
        (p.pk, stored_sheet(p.name, claims[p.pk]))
        for p in players
        if len(claims.get(p.pk, ())) >= numcheck.CLAIMS_TO_END
    ]
    return clock(game, len(players), sheets, in_effect(game, *CLOCK))


def clocks_ended(games: Sequence[Game]) -> set[int]:
    """The ids of ``games`` whose clock ended them, as :func:`game_clock` answers, in three
    queries whatever their number: a tablée's statistics count a party's end as its board does."""
    ids = [g.pk for g in games]
    if not ids:
        return set()
    players: dict[int, list[tuple[int, str]]] = {}
    for pk, game_id, name in Player.objects.filter(game_id__in=ids).values_list(
        "pk", "game_id", "name"
    ):
        players.setdefault(game_id, []).append((pk, name))
    claims: dict[int, list[ShownClaim]] = {}
    rows = Claim.objects.filter(player__game_id__in=ids).order_by("player_id", "position")
    for row in rows.values_list("pk", "player_id", "position", "combo", "cards"):
        claims.setdefault(row[1], []).append(ShownClaim(*row))
    entries: dict[int, list[HistoryEntry]] = {}
    for entry in HistoryEntry.objects.filter(
        game_id__in=ids, action__in=CLOCK, state=HistoryEntry.State.ACTIVE
    ).order_by("game_id", "version"):
        entries.setdefault(entry.game_id, []).append(entry)
    ended = set()
    for game in games:
        seated = players.get(game.pk, [])
        sheets = [
            (pk, stored_sheet(name, claims[pk]))
            for pk, name in seated
            if len(claims.get(pk, ())) >= numcheck.CLAIMS_TO_END
        ]
        if clock(game, len(seated), sheets, entries.get(game.pk, []))[1]:
            ended.add(game.pk)
    return ended


def sheet_read(game: Game) -> tuple[list[Player], dict[int, list[ShownClaim]]]:
    """The players and their claims as :func:`game_clock` read them under this write's lock,
    else read now."""
    kept = game.__dict__.get("_clock_read")
    if kept is not None and kept[0] == game.version:
        return kept[1], kept[2]
    return list(game.players.all()), stored_claims(game)


def has_entries(game: Game) -> bool:
    """Whether anything was entered: a claim, a deck turn or an invalid CHECK in effect."""
    return (
        Claim.objects.filter(player__game=game).exists()
        or game.history.filter(
            action__in=(DECK_TURN, INVALID_CHECK), state=HistoryEntry.State.ACTIVE
        ).exists()
    )


def add_deck_turn(game: Game, if_version: object = None) -> HistoryEntry:
    """« Tour de paquet terminé »: one more deck turn over; past the game's limit → Conflict."""

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM_CHECK)
        limit = deck_turn_limit(g)
        done = len(in_effect(g, DECK_TURN))
        if done >= limit:
            raise services.Conflict(
                "party",
                gettext("Les {limit} tours de paquet sont déjà joués : terminez la partie.").format(
                    limit=limit
                ),
            )
        return message(DECK_TURN, done=done + 1, limit=limit), {}

    return services.write(game, DECK_TURN, if_version, build)


def invalid_reason(combo: str, cards: str, again: bool = False) -> str:
    """Why the engine finds this CHECK invalid, in the active language; ``again``: the player
    had already made that combination."""
    with engine_i18n.use_language(translation.get_language()):
        if again:
            return numcheck.again_reason(combo)
        return numcheck.score(combo, cards, 1).reason


def add_invalid_check(
    game: Game, player: object, combo: object, cards: object, if_version: object = None
) -> HistoryEntry:
    """A CHECK announced and found invalid, kept for the table's memory: no rank, no points.
    A combination the player already made is invalid whatever the cards
    (/num-check/regles/#arbitrage-combinaison-annoncee-a-nouveau); a valid CHECK is refused
    here (it is a claim)."""

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM_CHECK)
        who = services.player_at(g, player)
        combo_obj = numcheck.get_combo(combo)
        made = [(c.combo, c.cards) for c in who.claims.order_by("position")]
        announced = numcheck.announce(who.name, made, combo_obj.key, cards)
        result = announced.result
        if announced.rank is not None:
            raise InputError(
                "cards",
                gettext(
                    "Ce CHECK est valide ({name}, {total} points) : enregistrez-le comme annonce."
                ).format(name=gettext(combo_obj.name), total=result.total),
            )
        data = {"player": who.pk, "combo": combo_obj.key, "cards": format_line(result.cards)}
        if combo_obj.key in {c for c, _ in made}:
            data["again"] = True  # its reason: the combination was made already
        return message(INVALID_CHECK, player=who.name, combo=combo_obj.key), data

    return services.write(game, INVALID_CHECK, if_version, build)


register(
    Action(
        DECK_TURN,
        _history_only,
        _history_only,
        ("done", "limit"),
        lambda p: gettext("Tour de paquet {done}/{limit} terminé").format(
            done=p["done"], limit=p["limit"]
        ),
        # two phones telling the same deck turn at once: the second has not seen the first
        subject=lambda d: "deck_turns",
    ),
    Action(
        INVALID_CHECK,
        _history_only,
        _history_only,
        ("player", "combo"),
        lambda p: gettext("{player} : CHECK invalide ({combo}) — {penalty}").format(
            player=p["player"], combo=combo_label(p["combo"]), penalty=gettext(PENALTY)
        ),
        named=lambda p: of_player(
            gettext("CHECK invalide ({combo})").format(combo=combo_label(p["combo"])), p["player"]
        ),
    ),
)
