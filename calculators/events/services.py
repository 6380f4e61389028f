"""Every write of an event (« Tournoi »), for its pages and its API alike (docs/events.md).

Each write runs in one transaction that locks the event's row and bumps its ``version``. A
write that also writes a table's Party (starting a round creates them, settling may reopen
one, a substitute renames a player) calls the Parties services, which lock the party's row,
**before** it locks the event: the order every Parties write and every tablée write keeps, so
no two writers ever wait on each other in a cycle.

Players' names follow the Parties' names rule (:mod:`calculators.engines.names`).
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Sum
from django.utils import timezone
from django.utils.translation import gettext

from ..core import registry
from ..engines import seating
from ..engines.cards import InputError
from ..engines.names import clean_name, clean_names, name_key
from ..parties import services as party_services
from ..parties.board import board
from ..parties.models import Game, new_token
from . import duplicate as dealing
from . import standings
from .models import (
    COUNTED,
    MAX_PLAYERS,
    MAX_ROUNDS,
    NAME_LENGTH,
    SEED_LENGTH,
    Event,
    EventPlayer,
    Round,
    Table,
)

_TOKEN_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
DISPUTE_LENGTH = 200


def find(token: object) -> tuple[Event, bool]:
    """The event of a token and whether it is the edit token; :class:`Event.DoesNotExist` else."""
    token = str(token or "")
    # a token is URL-safe base64: anything else is refused before the database
    if not 20 <= len(token) <= 64 or not _TOKEN_ALPHABET.issuperset(token):
        raise Event.DoesNotExist
    event = Event.objects.filter(edit_token=token).first()
    if event is not None:
        return event, True
    return Event.objects.get(read_token=token), False


# --- reading the organiser's input -------------------------------------------------------------


def clean_title(raw: object, field: str = "name") -> str:
    """An event's name: NFKC, stripped, 1 to 60 characters, nothing invisible."""
    if not isinstance(raw, str):
        raise InputError(field, gettext("Le nom du tournoi doit être un texte."))
    name = unicodedata.normalize("NFKC", raw).strip()
    if not name:
        raise InputError(field, gettext("Donnez un nom au tournoi."))
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            raise InputError(
                field,
                gettext(
                    "Le nom du tournoi contient un caractère invisible ou de contrôle (U+{code:04X}) : retirez-le."
                ).format(code=ord(char)),
            )
    if len(name) > NAME_LENGTH:
        raise InputError(
            field,
            gettext("Le nom du tournoi est trop long : {limit} caractères au plus.").format(
                limit=NAME_LENGTH
            ),
        )
    return name


def clean_sizes(raw: object, spec: registry.GameSpec, field: str = "sizes") -> tuple[int, ...]:
    """The table sizes allowed, the preferred first, each within the game's player range."""
    if not isinstance(raw, list | tuple):
        raise InputError(field, gettext("Les tailles de table doivent être une liste."))
    low, high = spec.players
    if not raw:
        raise InputError(field, gettext("Donnez au moins une taille de table."))
    for size in raw:
        if isinstance(size, bool) or not isinstance(size, int) or not low <= size <= high:
            raise InputError(
                field,
                gettext(
                    "« {size} » : une table de {game} compte de {low} à {high} joueurs."
                ).format(size=size, game=spec.name, low=low, high=high),
            )
    return seating.check_sizes(list(raw), field)


def clean_rounds(raw: object, field: str = "rounds") -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= MAX_ROUNDS:
        raise InputError(
            field,
            gettext("Le nombre de rondes est un nombre entier de 1 à {high}.").format(
                high=MAX_ROUNDS
            ),
        )
    return raw


def clean_seed(raw: object, field: str = "seed") -> str:
    """The seed (a new random one when none is given, so that the event's seatings can always
    be drawn again)."""
    if raw is None or raw == "":
        return secrets.token_hex(8)
    if not isinstance(raw, str):
        raise InputError(field, gettext("La graine est un texte."))
    if len(raw) > SEED_LENGTH:
        raise InputError(
            field,
            gettext("La graine compte au plus {limit} caractères.").format(limit=SEED_LENGTH),
        )
    return raw


def clean_avoid(raw: object, names: Sequence[str], field: str = "avoid") -> list[list[int]]:
    """The pairs never to seat together, as pairs of player numbers (0-based)."""
    if raw is None:
        return []
    if not isinstance(raw, list | tuple):
        raise InputError(field, gettext("Les paires à séparer doivent être une liste."))
    index = {name_key(n): i for i, n in enumerate(names)}
    pairs: set[tuple[int, int]] = set()
    for pair in raw:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise InputError(field, gettext("Chaque paire à séparer nomme deux joueurs."))
        found = []
        for who in pair:
            key = name_key(who.strip()) if isinstance(who, str) else None
            if key is None or key not in index:
                raise InputError(
                    field, gettext("« {who} » n’est pas un des joueurs.").format(who=who)
                )
            found.append(index[key])
        a, b = sorted(found)
        if a == b:
            raise InputError(field, gettext("Une paire à séparer nomme deux joueurs différents."))
        pairs.add((a, b))
    return [list(p) for p in sorted(pairs)]


def create(
    name: object,
    game: object,
    mode: object,
    players: object,
    sizes: object,
    rounds: object,
    avoid: object = None,
    seed: object = None,
    duplicate: object = False,
) -> Event:
    """A new event with its players in order (write 1); no round seated yet. ``duplicate``:
    « en donnes préparées » (#tournoi-donnes), NUM DRAFT and Num 5."""
    title = clean_title(name)
    spec = registry.party_game(game)
    event_mode = spec.resolve_mode(mode)
    dealt = dealing.check(spec, duplicate)
    if not isinstance(players, list | tuple):
        raise InputError("players", gettext("Indiquez les joueurs : une liste de noms."))
    allowed = clean_sizes(sizes, spec)
    names = clean_names(list(players), "players", low=min(allowed), high=MAX_PLAYERS)
    count = clean_rounds(rounds)
    pairs = clean_avoid(avoid, names)
    drawn = clean_seed(seed)
    with transaction.atomic():
        event = Event.objects.create(
            name=title, game=spec.kind, mode=event_mode, sizes=list(allowed), rounds=count,
            avoid=pairs, seed=drawn, duplicate=dealt, version=1,
        )  # fmt: skip
        EventPlayer.objects.bulk_create(
            [EventPlayer(event=event, name=n, order=i) for i, n in enumerate(names)]
        )
    return event


@contextmanager
def lock(event: Event) -> Iterator[Event]:
    """One write: the event's row locked, its version bumped at the end."""
    try:
        with transaction.atomic():
            locked = Event.objects.select_for_update().get(pk=event.pk)
            yield locked
            Event.objects.filter(pk=locked.pk).update(
                version=F("version") + 1, updated_at=timezone.now()
            )
    except IntegrityError:
        raise InputError(
            "name", gettext("Un autre téléphone vient de modifier le tournoi : réessayez.")
        ) from None
    event.refresh_from_db()


def stamp(event: Event) -> str:
    """What changes whenever the event's pages do: its version and its Parties' (each only
    grows), in one query, so a Party write need not tell its event anything."""
    total = Game.objects.filter(event_table__round__event=event).aggregate(v=Sum("version"))["v"]
    return f"{event.version}.{total or 0}"


# --- reading the event ---------------------------------------------------------------------------


def latest(event: Event) -> Round | None:
    return event.round_set.order_by("-number").first()


def next_number(event: Event) -> int:
    """The round a new player joins and a dropped player leaves from: the round being seated
    (not started yet), else the one after the last."""
    last = latest(event)
    if last is None:
        return 1
    return last.number if last.state == Round.State.SEATED else last.number + 1


def present(event: Event, number: int) -> list[EventPlayer]:
    """Who is seated in round ``number``: arrived by then and not dropped (#tournoi-arrivees)."""
    return [
        p
        for p in event.players.all()
        if p.joined <= number and (p.dropped is None or p.dropped > number)
    ]


def player_named(event: Event, raw: object, field: str = "player") -> EventPlayer:
    """A player of the event by name (the names rule), or an :class:`InputError`."""
    key = name_key(raw.strip()) if isinstance(raw, str) else None
    for player in event.players.all():
        if key is not None and name_key(player.name) == key:
            return player
    raise InputError(field, gettext("« {name} » n’est pas un joueur du tournoi.").format(name=raw))


def state(table: Table) -> str:
    """A table's result state: ``playing`` reads ``finished`` once its Party is finished."""
    playing = table.state == Table.State.PLAYING and table.game is not None
    if playing and party_services.finished(table.game):  # type: ignore[arg-type]
        return Table.State.FINISHED
    return table.state


def _past(event: Event, before: int, players: int) -> seating.Past:
    """What the rounds before ``before`` leave behind, by player number (``order``)."""
    order = dict(event.players.values_list("pk", "order"))
    past = seating.Past(players)
    for r in event.round_set.filter(number__lt=before).prefetch_related("tables"):
        past.record(seated_as(r, order))
    return past


def seated_as(round_: Round, order: dict[int, int]) -> seating.RoundSeating:
    """The round's tables and byes as they stand (a swap included), by player number."""
    return seating.RoundSeating(
        tuple(tuple(order[p] for p in t.seats) for t in round_.tables.all()),
        tuple(order[p] for p in round_.byes),
    )


def reasons(
    event: Event,
    round_: Round,
    players: list[EventPlayer] | None = None,
    past: seating.Past | None = None,
) -> list[str]:
    """Why the round is seated as it is (the engine's reasons, in the active language),
    read from its tables as they stand (a swap included) and the rounds before it. A page
    listing every round passes the players and the rounds before, read once (``past``)."""
    everyone = list(event.players.all()) if players is None else players
    order = {p.pk: p.order for p in everyone}
    seated = seated_as(round_, order)
    if past is None:
        past = _past(event, round_.number, len(everyone))
    avoid = {(a, b) for a, b in event.avoid}
    why = seating.reasons(
        [seated], [p.name for p in everyone], list(event.sizes), avoid, past, round_.number
    )
    return [r.message for r in why]


def results(event: Event) -> list[dict[str, Any]]:
    """Every counted table's result (confirmed or settled, #tournoi-resultats), round by round:
    ``{"round", "table", "result": [{"player", "place", "points"}…]}``. A table still playing,
    finished but unconfirmed, or disputed is not counted: the standings wait for it."""
    tables = (
        Table.objects.filter(round__event=event, state__in=COUNTED)
        .select_related("round")
        .order_by("round__number", "number")
    )
    return [{"round": t.round.number, "table": t.number, "result": t.result} for t in tables]


# --- seating and starting a round -------------------------------------------------------------


def _seat_locked(event: Event, number: int, swiss: bool, places: dict[int, int] | None) -> Round:
    """Seat round ``number``, the event locked."""
    everyone = list(event.players.all())
    by_order = {p.order: p for p in everyone}
    here = present(event, number)
    sizes = list(event.sizes)
    if len(here) < min(sizes):
        raise InputError(
            "round",
            gettext("{players} joueurs présents ne remplissent pas une table de {size}.").format(
                players=len(here), size=min(sizes)
            ),
        )
    past = _past(event, number, len(everyone))
    avoid = {(a, b) for a, b in event.avoid}
    seated = seating.seat_round(
        [p.order for p in here], sizes, past, avoid, f"{event.seed}:{number}", places or None
    )
    event.round_set.filter(number=number).delete()
    made = Round.objects.create(
        event=event, number=number, swiss=swiss, byes=[by_order[p].pk for p in seated.byes],
    )  # fmt: skip
    Table.objects.bulk_create(
        [
            Table(round=made, number=i, seats=[by_order[p].pk for p in seats])
            for i, seats in enumerate(seated.tables, start=1)
        ]
    )
    return made


def seat(event: Event, swiss: bool = False) -> Round:
    """« Placer la ronde N » (#tournoi-ronde): the next round seated, or the round seated but
    not started seated again (a late arrival, a drop). ``swiss`` from round 2 only: the
    standings' places (counted tables only) join the search, last (#placement-suisse)."""
    with lock(event) as locked:
        last = latest(locked)
        if last is not None and last.state == Round.State.STARTED:
            raise InputError(
                "round",
                gettext("La ronde {number} est commencée : closez-la d’abord.").format(
                    number=last.number
                ),
            )
        number = next_number(locked)
        if number > locked.rounds:
            raise InputError(
                "round",
                gettext("Le tournoi compte {rounds} rondes : toutes sont jouées.").format(
                    rounds=locked.rounds
                ),
            )
        if swiss and number < 2:
            raise InputError("swiss", gettext("Le placement suisse commence à la ronde 2."))
        return _seat_locked(locked, number, swiss, standings.places(locked) if swiss else None)


def _current(event: Event, *states: str) -> Round:
    last = latest(event)
    if last is None or last.state not in states:
        if states[0] == Round.State.SEATED:
            raise InputError("round", gettext("Aucune ronde placée à commencer : placez-en une."))
        raise InputError("round", gettext("Aucune ronde en cours."))
    return last


def _table_of(round_: Round, player: EventPlayer) -> tuple[Table, int] | None:
    for table in round_.tables.all():
        if player.pk in table.seats:
            return table, table.seats.index(player.pk)
    return None


def swap(event: Event, first: object, second: object) -> Round:
    """Swap two players of the round seated, before it starts (a started round is fixed,
    #tournoi-echange); a player sitting out may be swapped with a seated one."""
    with lock(event) as locked:
        current = _current(locked, Round.State.SEATED)
        a = player_named(locked, first, "first")
        b = player_named(locked, second, "second")
        if a.pk == b.pk:
            raise InputError("second", gettext("Choisissez deux joueurs différents."))
        spots: dict[int, Table | None] = {}
        for who, field in ((a, "first"), (b, "second")):
            found = _table_of(current, who)
            if found is None and who.pk not in current.byes:
                raise InputError(
                    field,
                    gettext("{name} n’est pas placé à cette ronde.").format(name=who.name),
                )
            spots[who.pk] = found[0] if found else None
        swap_ids = {a.pk: b.pk, b.pk: a.pk}
        for table in {t.pk: t for t in spots.values() if t is not None}.values():
            table.seats = [swap_ids.get(p, p) for p in table.seats]
            table.save(update_fields=["seats"])
        current.byes = [swap_ids.get(p, p) for p in current.byes]
        current.save(update_fields=["byes"])
        return current


def start(event: Event) -> Round:
    """« Commencer la ronde »: every table becomes a Party of the event's game and mode, its
    players in seat order, and in an event « en donnes préparées » the Party is told the
    round's deal for its size (#tournoi-donnes); the round is fixed from now on."""
    # Under the event's lock from the first read: a swap or a roster change from another phone
    # cannot reseat the tables between reading their seats and making their Parties (a new
    # Party locks no existing row, so no Party lock is taken inside this one).
    with lock(event) as locked:
        current = _current(locked, Round.State.SEATED)
        names = dict(locked.players.values_list("pk", "name"))
        for table in current.tables.all():
            game = party_services.create_game(
                locked.game, locked.mode, [names[p] for p in table.seats]
            )
            if locked.duplicate:  # every table of a size plays the round's deal (#tournoi-donnes)
                game.deal = dealing.deal_of(locked, current.number, len(table.seats))
                game.save(update_fields=["deal"])
            table.game = game
            table.save(update_fields=["game"])
        current.state = Round.State.STARTED
        current.save(update_fields=["state"])
        return current


# --- results -----------------------------------------------------------------------------------


def table_at(round_: Round, number: object, field: str = "table") -> Table:
    message = gettext("Aucune table à ce numéro dans la ronde en cours.")
    try:
        wanted = int(str(number))
    except (TypeError, ValueError):
        raise InputError(field, message) from None
    table = round_.tables.select_related("game").filter(number=wanted).first()
    if table is None:
        raise InputError(field, message)
    return table


def _result(table: Table) -> list[dict[str, Any]]:
    """The table's result as its Party's board says (the engines): place and points by seat.
    Places are ranked again among the event's players of the table (1, 2, 2, 4): a player the
    table added to its Party (a guest) changes no one's place but by whom they beat."""
    assert table.game is not None
    rows = {row.player.seat: row for row in board(table.game).rows}
    seated = [(p, rows[i]) for i, p in enumerate(table.seats) if i in rows]
    return [
        {
            "player": p,
            "place": 1 + sum(other.position < row.position for _, other in seated),
            "points": row.total,
        }
        for p, row in seated
    ]


def _finished_table(round_: Round, number: object) -> Table:
    table = table_at(round_, number)
    if table.game is None or not party_services.finished(table.game):
        raise InputError(
            "table",
            gettext("La partie de la table {number} n’est pas terminée.").format(
                number=table.number
            ),
        )
    return table


def confirm(event: Event, number: object, player: object = None) -> Table:
    """« Je confirme le résultat » by a player of the table (``player``), or the organiser's
    confirmation for the whole table (``player`` ``None``): the result counts once every player
    of the table confirmed, or the organiser did (#tournoi-resultats)."""
    with lock(event) as locked:
        current = _current(locked, Round.State.STARTED)
        table = _finished_table(current, number)
        if table.state == Table.State.DISPUTED:
            raise InputError(
                "table",
                gettext("La table {number} est contestée : l’organisateur tranche.").format(
                    number=table.number
                ),
            )
        if table.state in COUNTED:
            raise InputError(
                "table",
                gettext("Le résultat de la table {number} est déjà confirmé.").format(
                    number=table.number
                ),
            )
        if player is None:
            table.state = Table.State.CONFIRMED
        else:
            who = player_named(locked, player)
            if who.pk not in table.seats:
                raise InputError(
                    "player",
                    gettext("{name} ne joue pas à la table {number}.").format(
                        name=who.name, number=table.number
                    ),
                )
            assert table.game is not None
            if table.confirmed_version != table.game.version:
                # the Party changed since the others confirmed (reopened, corrected, finished
                # again): their confirmations were of another result
                table.confirmations = []
                table.confirmed_version = table.game.version
            if who.pk not in table.confirmations:
                table.confirmations = [*table.confirmations, who.pk]
            if set(table.seats) <= set(table.confirmations):
                table.state = Table.State.CONFIRMED
        if table.state == Table.State.CONFIRMED:
            table.result = _result(table)
        table.save(update_fields=["state", "confirmations", "confirmed_version", "result"])
        return table


def dispute(event: Event, number: object, player: object, reason: object) -> Table:
    """« Je conteste »: a player of the table disputes the result, with a reason; the table
    shows « contestée » to the organiser and counts for nobody until settled."""
    with lock(event) as locked:
        current = _current(locked, Round.State.STARTED)
        table = _finished_table(current, number)
        who = player_named(locked, player)
        if who.pk not in table.seats:
            raise InputError(
                "player",
                gettext("{name} ne joue pas à la table {number}.").format(
                    name=who.name, number=table.number
                ),
            )
        text = unicodedata.normalize("NFKC", reason).strip() if isinstance(reason, str) else ""
        if not text:
            raise InputError("reason", gettext("Dites ce qui est contesté."))
        if len(text) > DISPUTE_LENGTH:
            raise InputError(
                "reason",
                gettext("La contestation compte au plus {limit} caractères.").format(
                    limit=DISPUTE_LENGTH
                ),
            )
        if table.state in COUNTED:
            raise InputError(
                "table",
                gettext("Le résultat de la table {number} est déjà confirmé.").format(
                    number=table.number
                ),
            )
        table.state = Table.State.DISPUTED
        table.dispute = f"{who.name} : {text}"
        table.result = []
        table.save(update_fields=["state", "dispute", "result"])
        return table


SETTLE = ("confirm", "reopen")


def settle(event: Event, number: object, decision: object) -> Table:
    """The organiser settles a disputed table: ``confirm`` the result as the Party stands, or
    ``reopen`` the Party for the table to correct it (then confirm again)."""
    if decision not in SETTLE:
        raise InputError("decision", gettext("Tranchez : confirmer ou rouvrir la partie."))
    with transaction.atomic():
        current = _current(event, Round.State.STARTED)
        table = table_at(current, number)
        if table.state != Table.State.DISPUTED:
            raise InputError(
                "table",
                gettext("La table {number} n’est pas contestée.").format(number=table.number),
            )
        # the party's lock first; the table may have reopened its Party already
        game = table.game
        if decision == "reopen" and game is not None and party_services.finished(game):
            party_services.reopen(game)
        with lock(event) as locked:
            current = _current(locked, Round.State.STARTED)
            table = table_at(current, number)
            if table.state != Table.State.DISPUTED:  # pragma: no cover - settled meanwhile
                raise InputError("table", gettext("La table n’est plus contestée."))
            if decision == "confirm":
                table = _finished_table(current, number)  # a result, not a game under way
                table.state = Table.State.SETTLED
                table.result = _result(table)
            else:
                table.state = Table.State.PLAYING
                table.confirmations = []
                table.result = []
            table.save(update_fields=["state", "confirmations", "result"])
            return table


def close(event: Event) -> Round:
    """« Clore la ronde »: only when every table's result is confirmed or settled."""
    with lock(event) as locked:
        current = _current(locked, Round.State.STARTED)
        waiting = [t.number for t in current.tables.all() if t.state not in COUNTED]
        if waiting:
            raise InputError(
                "round",
                gettext("Résultats à confirmer d’abord : table(s) {tables}.").format(
                    tables=", ".join(str(n) for n in waiting)
                ),
            )
        current.state = Round.State.CLOSED
        current.save(update_fields=["state"])
        return current


# --- players in and out -----------------------------------------------------------------------


def _reseat_if_seated(event: Event) -> None:
    """A round seated but not started is seated again after the roster changed."""
    last = latest(event)
    if last is not None and last.state == Round.State.SEATED:
        places = standings.places(event) if last.swiss else None
        _seat_locked(event, last.number, last.swiss, places)


def add_player(event: Event, name: object) -> EventPlayer:
    """A late arrival (#tournoi-arrivees): seated from the next round placed (a round placed
    but not started is placed again with them); the rounds missed count as documented."""
    with lock(event) as locked:
        everyone = list(locked.players.all())
        new = clean_name(name, "name")
        if len(everyone) >= MAX_PLAYERS:
            raise InputError(
                "name",
                gettext("Un tournoi compte {limit} joueurs au plus.").format(limit=MAX_PLAYERS),
            )
        clean_names([p.name for p in everyone] + [new], "name")
        made = EventPlayer.objects.create(
            event=locked, name=new, order=len(everyone), joined=next_number(locked)
        )
        _reseat_if_seated(locked)
        return made


def drop_player(event: Event, name: object) -> EventPlayer:
    """A player leaves (#tournoi-departs): never seated again, their results kept; a round
    placed but not started is placed again without them."""
    with lock(event) as locked:
        who = player_named(locked, name, "name")
        if who.dropped is not None:
            raise InputError(
                "name", gettext("{name} a déjà quitté le tournoi.").format(name=who.name)
            )
        who.dropped = next_number(locked)
        who.save(update_fields=["dropped"])
        _reseat_if_seated(locked)
        return who


def replace_player(event: Event, name: object, substitute: object) -> EventPlayer:
    """A substitute takes a player's seat in the round under way (#tournoi-remplacants): the
    Party's player is renamed, the player leaves the event (their earlier results kept), the
    substitute joins it and is credited with this table's result."""
    with transaction.atomic():
        current = _current(event, Round.State.SEATED, Round.State.STARTED)
        who = player_named(event, name, "name")
        found = _table_of(current, who)
        if found is None:
            raise InputError(
                "name",
                gettext("{name} n’est à aucune table de la ronde en cours.").format(name=who.name),
            )
        table, seat_index = found
        new = clean_name(substitute, "substitute")
        clean_names([p.name for p in event.players.all()] + [new], "substitute")
        if table.game is not None:  # the party's lock first
            player = table.game.players.get(seat=seat_index)
            party_services.rename(table.game, player.pk, new)
        with lock(event) as locked:
            table = Table.objects.get(pk=table.pk)  # as it stands under the lock
            if who.pk not in table.seats:
                raise InputError(
                    "name", gettext("Un autre téléphone vient de modifier le tournoi : réessayez.")
                )
            if table.state in COUNTED:
                raise InputError(
                    "name",
                    gettext(
                        "Le résultat de la table {number} est déjà compté : un remplaçant "
                        "joue à partir de la ronde suivante."
                    ).format(number=table.number),
                )
            made = EventPlayer.objects.create(
                event=locked,
                name=new,
                order=locked.players.count(),
                joined=current.number,
            )
            who.dropped = current.number
            who.save(update_fields=["dropped"])
            table.seats = [made.pk if p == who.pk else p for p in table.seats]
            table.confirmations = [p for p in table.confirmations if p != who.pk]
            table.save(update_fields=["seats", "confirmations"])
            return made


TIMER = ("start", "pause", "extend")
TIMER_MOST = 240


def remaining(round_: Round, now: datetime | None = None) -> int | None:
    """The seconds left on the round's timer (never below 0), ``None`` when it has none."""
    if not round_.timer_minutes:
        return None
    spent = round_.timer_spent
    if round_.timer_started is not None:
        spent += int(((now or timezone.now()) - round_.timer_started).total_seconds())
    return max(0, round_.timer_minutes * 60 - spent)


def timer(event: Event, action: object, minutes: object = None) -> Round:
    """The organiser's round timer (#tournoi-minuteur): ``start`` it (``minutes`` long the
    first time, resumed after a pause), ``pause`` it, ``extend`` it by ``minutes``."""
    if action not in TIMER:
        raise InputError("timer", gettext("Minuteur : démarrer, mettre en pause ou prolonger."))
    with lock(event) as locked:
        current = _current(locked, Round.State.STARTED)
        now = timezone.now()
        needs_minutes = action == "extend" or (action == "start" and not current.timer_minutes)
        if needs_minutes and (
            isinstance(minutes, bool)
            or not isinstance(minutes, int)
            or not 1 <= minutes <= TIMER_MOST
        ):
            raise InputError(
                "minutes",
                gettext("Une durée en minutes, de 1 à {most}.").format(most=TIMER_MOST),
            )
        if action == "start":
            if current.timer_started is not None:
                raise InputError("timer", gettext("Le minuteur tourne déjà."))
            if not current.timer_minutes:
                current.timer_minutes = minutes  # type: ignore[assignment]
            current.timer_started = now
        elif action == "pause":
            if current.timer_started is None:
                raise InputError("timer", gettext("Le minuteur ne tourne pas."))
            current.timer_spent += int((now - current.timer_started).total_seconds())
            current.timer_started = None
        else:
            if not current.timer_minutes:
                raise InputError("timer", gettext("Démarrez d’abord le minuteur."))
            current.timer_minutes = min(TIMER_MOST * 2, current.timer_minutes + minutes)  # type: ignore[operator]
        current.save(update_fields=["timer_minutes", "timer_started", "timer_spent"])
        return current


def rotate(event: Event) -> Event:
    """« Nouveaux liens »: both tokens change, the old links stop working at once."""
    with lock(event) as locked:
        Event.objects.filter(pk=locked.pk).update(edit_token=new_token(), read_token=new_token())
    return event
