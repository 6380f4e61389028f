"""A party from its token: either link's game in one query, a replaced link told apart
(docs/architecture.md « Replaced links »), and the live board's poll of the version."""

from __future__ import annotations

import secrets
from functools import cache

from django.db import connections, router
from django.db.models import Q

from .models import Game, RetiredToken

TOKEN_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _either_token(token: str) -> Q:
    """The game of either link, one query (each token column is uniquely indexed, and the two
    never meet); anything that is no token is refused before the database (PostgreSQL refuses
    a NUL in a text outright: a 500, not a 404)."""
    token = str(token or "")
    if not 20 <= len(token) <= 64 or not TOKEN_ALPHABET.issuperset(token):
        raise Game.DoesNotExist
    return _either_token_q(token)


def _either_token_q(token: str) -> Q:
    return Q(edit_token=token) | Q(read_token=token)


class Retired(Exception):
    """A link replaced by « Nouveaux liens » (the page says so, HTTP 410)."""


def find(token: str) -> tuple[Game, bool]:
    """The game of a token and whether it is the edit token; :class:`Retired` for a replaced
    link, :class:`Game.DoesNotExist` else."""
    game = Game.objects.filter(_either_token(token)).first()
    if game is None:
        if RetiredToken.objects.filter(digest=RetiredToken.digest_of(str(token))).exists():
            raise Retired
        raise Game.DoesNotExist
    return game, secrets.compare_digest(game.edit_token, str(token))


def version_of(token: str) -> int:
    """The party's version for the live board's poll: one indexed lookup of one column;
    :class:`Game.DoesNotExist` for a wrong token.

    Every phone asks every 3 seconds, and building and compiling the queryset at each poll was
    the poll's largest cost: so the ORM writes the statement once per process and database
    (:func:`_version_sql`), and the poll runs it on a cursor with the token."""
    _either_token(token)  # refuses what is no token
    alias = router.db_for_read(Game)
    with connections[alias].cursor() as cursor:
        cursor.execute(_version_sql(alias), [token, token])
        row = cursor.fetchone()
    if row is None:
        raise Game.DoesNotExist
    return int(row[0])


#: a stand-in for the token while the ORM writes :func:`version_of`'s statement
_PROBE = "probe-token"


@cache
def _version_sql(alias: str) -> str:
    """:func:`version_of`'s query as its database's SQL, the token its two parameters."""
    query = (
        Game.objects.using(alias).filter(_either_token_q(_PROBE)).values_list("version").order_by()
    )
    sql, params = query.query.get_compiler(alias).as_sql()
    if list(params) != [_PROBE, _PROBE]:  # pragma: no cover - the ORM names the token twice
        raise ValueError(params)
    return str(sql)
