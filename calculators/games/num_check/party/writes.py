"""NUM CHECK's writes to a party: a valid CHECK at the player's next rank, its correction and
its removal, each with its do/undo registered in the Parties action table."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from ....engines import i18n as engine_i18n
from ....engines import numcheck
from ....engines.cards import InputError, format_line
from ....parties import services
from ....parties.actions import Action, register
from ....parties.models import Claim, Game, HistoryEntry, Player
from ....parties.summaries import message
from ...registry import NUM_CHECK


def _shift_claims(player_id: int, after: int, step: int) -> None:
    """Move the ranks above ``after`` by ``step``, in an order that never collides."""
    later = Claim.objects.filter(player_id=player_id, position__gt=after)
    for claim in later.order_by("position" if step < 0 else "-position"):
        claim.position += step
        claim.save(update_fields=["position"])


def _claim_create(game: Game, data: dict) -> None:
    c = data["claim"]
    claim = Claim.objects.create(
        id=c.get("id"), player_id=c["player"], position=c["position"], combo=c["combo"],
        cards=c["cards"],
    )  # fmt: skip
    c["id"] = claim.pk


def _claim_remove(game: Game, data: dict) -> None:
    Claim.objects.filter(pk=data["claim"]["id"], player__game=game).delete()


def _claim_set(which: str) -> Callable[[Game, dict], None]:
    """A correction's ``do`` (``after``) or ``undo`` (``before``). A claim moved to another
    player leaves a gap in the first player's ranks, closed as a removal does, and takes its
    rank at the other (older entries hold only the combination and the cards)."""

    def apply(game: Game, data: dict) -> None:
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


def _claim_delete(game: Game, data: dict) -> None:
    c = data["claim"]
    _claim_remove(game, data)
    _shift_claims(c["player"], c["position"], -1)


def _claim_restore(game: Game, data: dict) -> None:
    c = data["claim"]
    _shift_claims(c["player"], c["position"] - 1, +1)
    _claim_create(game, data)


@dataclass(frozen=True, slots=True)
class ShownClaim:
    """A stored claim as the board shows it: its id, player, rank, combination and cards,
    read as plain columns (no model instance is built for each claim of the table)."""

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
    """The engine's sheet of a player's stored ``claims`` (rank order), as the board and the
    end of the game read it. Asked with ``field=None``, as the write that checked the newest
    claim asked it: the same memo entry (``field`` only names an error's field, and stored
    claims were checked), so a board after a claim scores no sheet again."""
    return numcheck.player_sheet(name, _lines(claims), None)


def _game_over(players: Sequence[Player], claims: Mapping[int, Sequence[ShownClaim]]) -> str:
    """The engine's end of a NUM CHECK game (someone made 8 combinations), or ``""``, from the
    game's ``players`` and each one's stored ``claims`` (by player id, in rank order).

    Only a player with at least 8 stored claims can have made 8 combinations: the engine
    scores only their sheets (each one memoised), not the whole table's."""
    sheets = [
        stored_sheet(p.name, claims.get(p.pk, ()))
        for p in players
        if len(claims.get(p.pk, ())) >= numcheck.CLAIMS_TO_END
    ]
    done = numcheck.finished_by(sheets)
    return (
        gettext("{done} a réalisé 8 combinaisons : la partie est finie.").format(
            done=", ".join(done)
        )
        if done
        else ""
    )


def stored_claims(game: Game) -> dict[int, list[ShownClaim]]:
    """Every stored claim of the game, by player id, in rank order: one query of five columns
    (no model instance is built)."""
    claims: dict[int, list[ShownClaim]] = {}
    rows = Claim.objects.filter(player__game=game).order_by("player_id", "position")
    for row in rows.values_list("pk", "player_id", "position", "combo", "cards"):
        claims.setdefault(row[1], []).append(ShownClaim(*row))
    return claims


def add_claim(
    game: Game, player: object, combo: object, cards: object, if_version: object = None
) -> HistoryEntry:
    """Store a valid CHECK at the player's next rank; refuse it with the reason otherwise.

    What it read under the lock (the players, every claim), with the claim it added, is the
    sheet of the version it makes: kept for the answer's board (:func:`services.remember`)."""
    read: dict[str, Any] = {}

    def build(g: Game) -> tuple[dict, dict]:
        services.require_game(g, NUM_CHECK)
        players = list(g.players.all())
        stored = stored_claims(g)
        read.update(players=players, claims=stored)
        over = _game_over(players, stored)
        if over:
            raise services.Conflict("party", over)
        who = services.player_among(players, player)
        combo_obj = numcheck.get_combo(combo)
        existing = _lines(stored.get(who.pk, []))
        sheet = numcheck.player_sheet(who.name, [*existing, (combo_obj.key, cards)], None)
        scored = sheet.claims[-1]
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
    """Correct a claim, checked again by the engine: new combination and/or cards at the same
    rank, or moved to another player (a claim written under the wrong name), where it takes
    that player's next rank and the first player's later claims move up one rank."""

    def build(g: Game) -> tuple[dict, dict]:
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

    def build(g: Game) -> tuple[dict, dict]:
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
    ),
)


# The game clock and the invalid CHECKs (/num-check/regles/#arbitrage-fin-de-partie,
# /num-check/regles/#arbitrage-check-invalide). Both live in the history alone: a deck turn is
# an entry in effect, an invalid CHECK too (no rank, no points, nothing else stored), so undo
# and redo only change the entry's state and their ``do``/``undo`` have nothing to apply.

DECK_TURN = "deck_turn"
INVALID_CHECK = "invalid_check"
PENALTY = gettext_noop("ne peut plus toucher aux cartes du centre jusqu’à son prochain tour")


def _history_only(game: Game, data: dict) -> None:
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


def add_deck_turn(game: Game, if_version: object = None) -> HistoryEntry:
    """« Tour de paquet terminé »: one more deck turn over; past the game's limit → Conflict."""

    def build(g: Game) -> tuple[dict, dict]:
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


def invalid_reason(combo: str, cards: str) -> str:
    """Why the engine finds this CHECK invalid, in the active language."""
    with engine_i18n.use_language(translation.get_language()):
        return numcheck.score(combo, cards, 1).reason


def add_invalid_check(
    game: Game, player: object, combo: object, cards: object, if_version: object = None
) -> HistoryEntry:
    """A CHECK announced and found invalid, kept for the table's memory: no rank, no points;
    a claim that does form its combination is refused (it is a CHECK to record as a claim)."""

    def build(g: Game) -> tuple[dict, dict]:
        services.require_game(g, NUM_CHECK)
        who = services.player_at(g, player)
        combo_obj = numcheck.get_combo(combo)
        rank = min(who.claims.count() + 1, numcheck.CLAIMS_TO_END)
        result = numcheck.score(combo_obj, numcheck.read_cards(cards), rank)
        if result.valid:
            raise InputError(
                "cards",
                gettext(
                    "Ce CHECK est valide ({name}, {total} points) : enregistrez-le comme annonce."
                ).format(name=gettext(combo_obj.name), total=result.total),
            )
        data = {"player": who.pk, "combo": combo_obj.key, "cards": format_line(result.cards)}
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
    ),
)
