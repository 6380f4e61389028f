"""Every write of a tablée, for its pages and its API alike.

Each write runs in one transaction that locks the tablée's row, bumps its ``version`` (the
number of its writes, creation is write 1) and its ``stamp`` (the statistics' cache key, which
every write of a member party bumps too: :mod:`.receivers`). A write that also concerns a party
locks the party's row **first**, as every Parties write does, then the tablée's: one order for
every writer, so no two writers ever wait on each other in a cycle.

Members are named by the names rule of Parties (:mod:`calculators.engines.names`): unique
ignoring case after NFKC normalisation, 1 to 40 characters, none of ``, ; :``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import IntegrityError, connections, router, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from ..engines.cards import InputError
from ..engines.names import clean_name, clean_names, name_key
from ..parties import services as party_services
from ..parties.models import Game, Player, new_token
from .models import MAX_MEMBERS, MIN_MEMBERS, NAME_LENGTH, Member, Tablee, TableeParty

_TOKEN_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def find(token: object) -> tuple[Tablee, bool]:
    """The tablée of a token and whether it is the edit token; :class:`Tablee.DoesNotExist` else."""
    token = str(token or "")
    # a token is URL-safe base64: anything else is refused before the database
    if not 20 <= len(token) <= 64 or not _TOKEN_ALPHABET.issuperset(token):
        raise Tablee.DoesNotExist
    tablee = Tablee.objects.filter(edit_token=token).first()
    if tablee is not None:
        return tablee, True
    return Tablee.objects.get(read_token=token), False


def clean_title(raw: object, field: str = "name") -> str:
    """A tablée's name: NFKC, stripped, 1 to 60 characters, nothing invisible."""
    if not isinstance(raw, str):
        raise InputError(field, gettext("Le nom de la tablée doit être un texte."))
    name = unicodedata.normalize("NFKC", raw).strip()
    if not name:
        raise InputError(field, gettext("Donnez un nom à la tablée."))
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs"):
            raise InputError(
                field,
                gettext(
                    "Le nom de la tablée contient un caractère invisible ou de contrôle (U+{code:04X}) : retirez-le."
                ).format(code=ord(char)),
            )
    if len(name) > NAME_LENGTH:
        raise InputError(
            field,
            gettext("Le nom de la tablée est trop long : {limit} caractères au plus.").format(
                limit=NAME_LENGTH
            ),
        )
    return name


def _members(raws: Sequence[object], field: str = "players") -> tuple[str, ...]:
    return clean_names(list(raws), field, low=MIN_MEMBERS, high=MAX_MEMBERS)


def create(name: object, players: object) -> Tablee:
    """A new tablée with its members in order (write 1)."""
    title = clean_title(name)
    if not isinstance(players, list | tuple):
        raise InputError("players", gettext("Indiquez les joueurs : une liste de noms."))
    names = _members(players)
    with transaction.atomic():
        tablee = Tablee.objects.create(name=title, version=1, stamp=1)
        Member.objects.bulk_create(
            [Member(tablee=tablee, name=n, index=i) for i, n in enumerate(names)]
        )
    return tablee


@contextmanager
def lock(tablee: Tablee) -> Iterator[Tablee]:
    """One write: the tablée's row locked, its version and stamp bumped at the end."""
    try:
        with transaction.atomic():
            locked = Tablee.objects.select_for_update().get(pk=tablee.pk)
            yield locked
            Tablee.objects.filter(pk=locked.pk).update(
                version=F("version") + 1, stamp=F("stamp") + 1, updated_at=timezone.now()
            )
    except IntegrityError:
        # a constraint: another phone wrote the same name at the same moment
        raise InputError(
            "name", gettext("Un autre téléphone vient de modifier la tablée : réessayez.")
        ) from None
    tablee.refresh_from_db()


def add_member(tablee: Tablee, name: object) -> Member:
    with lock(tablee) as locked:
        members = list(locked.members.all())
        new = clean_name(name, "name")
        if len(members) >= MAX_MEMBERS:
            raise InputError(
                "name",
                gettext("Une tablée compte {limit} joueurs au plus.").format(limit=MAX_MEMBERS),
            )
        clean_names([m.name for m in members] + [new], "name")  # unique, naming both
        index = max((m.index for m in members), default=-1) + 1
        return Member.objects.create(tablee=locked, name=new, index=index)


def member_at(tablee: Tablee, index: object, field: str = "index") -> Member:
    message = gettext("Aucun joueur de la tablée à ce rang.")
    try:
        number = int(str(index))
    except (TypeError, ValueError):
        raise InputError(field, message) from None
    member = tablee.members.filter(index=number).first()
    if member is None:
        raise InputError(field, message)
    return member


def rename_member(tablee: Tablee, index: object, name: object) -> Member:
    """Rename a member: their statistics follow (parties remember who sat where)."""
    with lock(tablee) as locked:
        member = member_at(locked, index)
        new = clean_name(name, "name")
        others = [m.name for m in locked.members.exclude(pk=member.pk)]
        clean_names([*others, new], "name")
        if new == member.name:
            raise InputError(
                "name", gettext("{name} s’appelle déjà ainsi.").format(name=member.name)
            )
        # the names rule matches later parties' players by name: remember who sat where
        # before the old name stops matching
        everyone = {m.pk: m for m in locked.members.all()}
        for link in locked.links.select_related("game").prefetch_related("game__players"):
            _pin_seats(link, everyone)
        member.name = new
        member.save(update_fields=["name"])
        return member


def set_win_chances(tablee: Tablee, shown: bool) -> Tablee:
    """« Afficher les chances de victoire » on the tablée's parties before they start."""
    with lock(tablee) as locked:
        Tablee.objects.filter(pk=locked.pk).update(win_chances=bool(shown))
    return tablee


def rotate(tablee: Tablee) -> Tablee:
    """« Nouveaux liens »: both tokens change, the old links stop working at once."""
    with lock(tablee) as locked:
        Tablee.objects.filter(pk=locked.pk).update(edit_token=new_token(), read_token=new_token())
    return tablee


def seat_members(
    players: Sequence[Player], members: Sequence[Member], seats: Mapping[str, int]
) -> list[Member | None]:
    """Each player's member (or ``None``: a guest), by the stored seats, else by name."""
    by_id = {m.pk: m for m in members}
    by_name = {name_key(m.name): m for m in members}
    out: list[Member | None] = []
    for p in players:
        member = by_id.get(seats.get(str(p.pk), -1)) if seats else None
        out.append(member or by_name.get(name_key(p.name)))
    return out


def _pin_seats(link: TableeParty, members: dict[int, Member]) -> None:
    """Store who sat where for every player of the party matched by name so far."""
    players = list(link.game.players.all())
    matched = seat_members(players, list(members.values()), link.seats)
    seats = {str(p.pk): m.pk for p, m in zip(players, matched, strict=True) if m is not None}
    if seats != link.seats:
        link.seats = seats
        link.save(update_fields=["seats"])


def new_party(
    tablee: Tablee, game: object, mode: object, players: object, values: object = ""
) -> Game:
    """A party of the tablée's members, in seating order, recorded in the tablée."""
    if not isinstance(players, list | tuple):
        raise InputError("players", gettext("Indiquez les joueurs : une liste de noms."))
    members = list(tablee.members.all())
    by_name = {name_key(m.name): m for m in members}
    chosen: list[Member] = []
    for raw in players:
        member = by_name.get(name_key(raw.strip())) if isinstance(raw, str) else None
        if member is None:
            raise InputError(
                "players",
                gettext("« {name} » n’est pas un joueur de la tablée.").format(name=raw),
            )
        chosen.append(member)
    with transaction.atomic():
        made = party_services.create_game(game, mode, [m.name for m in chosen], values or "")
        with lock(tablee) as locked:
            seats = {str(p.pk): m.pk for p, m in zip(made.players.all(), chosen, strict=True)}
            TableeParty.objects.create(tablee=locked, game=made, seats=seats)
    return made


@dataclass(frozen=True)
class LinkPlan:
    """What adding a party to a tablée does: each player's member, and the new members."""

    matched: list[tuple[Player, Member]]
    new: list[str]


def link_plan(tablee: Tablee, game: Game) -> LinkPlan:
    """How a party's players match the tablée's members (the names rule); refused when the
    party is in a tablée already or would bring the tablée over its size."""
    if TableeParty.objects.filter(game=game).exists():
        raise InputError("tablee", gettext("Cette partie est déjà dans une tablée."))
    members = list(tablee.members.all())
    players = list(game.players.all())
    matched, new = [], []
    for p, m in zip(players, seat_members(players, members, {}), strict=True):
        if m is None:
            new.append(p.name)
        else:
            matched.append((p, m))
    if len(members) + len(new) > MAX_MEMBERS:
        raise InputError(
            "tablee",
            gettext("Une tablée compte {limit} joueurs au plus.").format(limit=MAX_MEMBERS),
        )
    return LinkPlan(matched, new)


def link_party(tablee: Tablee, game: Game, *, add_members: bool) -> TableeParty:
    """Record a party created outside in the tablée: its players matched to the members by
    the names rule; players who are no member yet become members only when ``add_members``
    (the page asks for that confirmation first)."""
    with transaction.atomic():
        # the party's lock first, as in every Parties write, then the tablée's
        Game.objects.select_for_update().filter(pk=game.pk).first()
        plan = link_plan(tablee, game)
        if plan.new and not add_members:
            raise InputError(
                "confirm",
                gettext("Ajouter à la tablée : {names} ? Confirmez d’abord.").format(
                    names=", ".join(plan.new)
                ),
            )
        with lock(tablee) as locked:
            index = max((m.index for m in locked.members.all()), default=-1) + 1
            seats = {str(p.pk): m.pk for p, m in plan.matched}
            by_name = {p.name: p for p in game.players.all()}
            for offset, name in enumerate(plan.new):
                member = Member.objects.create(tablee=locked, name=name, index=index + offset)
                seats[str(by_name[name].pk)] = member.pk
            return TableeParty.objects.create(tablee=locked, game=game, seats=seats)


def touch(game: Game) -> int:
    """A member party was written: its tablée's statistics change (the signal's receiver).

    Every write of every party asks, under its lock, and nearly always for a party in no
    tablée: so the tablée is looked for first (:func:`party_links`, one indexed look-up), and
    only a tablée found is updated (compiling the UPDATE with its join at each write cost
    several times the look-up)."""
    linked = [row[0] for row in party_links(game, ("tablee_id",), for_write=True)]
    if not linked:
        return 0
    return Tablee.objects.filter(pk__in=linked).update(
        stamp=F("stamp") + 1, updated_at=timezone.now()
    )


def party_links(
    game: Game, fields: tuple[str, ...], *, first: bool = False, for_write: bool = False
) -> list[tuple[Any, ...]]:
    """``TableeParty.objects.filter(game=game).values_list(*fields)`` (``[:1]`` if ``first``),
    its SQL written by the ORM once per process, database and question (:func:`_links_sql`)
    and run with the party's id: every write and every edit sheet asks, and building and
    compiling the same queryset each time cost many times the indexed look-up itself."""
    model = TableeParty
    alias = router.db_for_write(model) if for_write else router.db_for_read(model)
    with connections[alias].cursor() as cursor:
        cursor.execute(_links_sql(alias, fields, first), [game.pk])
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


@cache
def _links_sql(alias: str, fields: tuple[str, ...], first: bool) -> str:
    """:func:`party_links`' query as its database's SQL, the party's id its one parameter."""
    query = TableeParty.objects.using(alias).filter(game_id=0).values_list(*fields)
    sql: str
    sql, params = (query[:1] if first else query).query.get_compiler(alias).as_sql()
    if list(params) != [0]:  # pragma: no cover - the ORM names the party's id once
        raise ValueError(params)
    return sql
