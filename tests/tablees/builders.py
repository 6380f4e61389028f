"""Big tablées for the scale tests and the bench: finished parties stored row by row as the
services leave them (games, players, claims, grids, rounds and the tablée's links), in bulk,
so that a thousand parties take seconds. Scores are never stored: the engines recompute them."""

from __future__ import annotations

from calculators.parties.models import Claim, Game, Player, Round
from calculators.tablees import services
from calculators.tablees.models import Tablee, TableeParty
from tests.conftest import EIGHT_CLAIMS

GRIDS = (
    ["3R", "3B", "3J", "5R", "5B", "5J", "8V", "8A", "8S"],
    ["1R", "1B", "1J", "2R", "2B", "2J", "4V", "4A", "4S"],
)
KINDS = ("num_check", "num_draft", "num5")


def big_tablee(parties: int, members: int = 30, seated: int = 4) -> Tablee:
    """A tablée of ``members`` players and ``parties`` finished parties of ``seated`` players
    each, the three games in turn, the members taking their seats in rotation."""
    tablee = services.create("Le club", [f"Joueur {i}" for i in range(members)])
    names = [m.name for m in tablee.members.all()]
    member_ids = [m.pk for m in tablee.members.all()]
    games = Game.objects.bulk_create(
        Game(kind=KINDS[i % 3], mode="normal" if i % 3 == 2 else "classic", finished=True,
             values="0-12" if i % 3 == 1 else "", version=1)
        for i in range(parties)
    )  # fmt: skip
    seats = {g.pk: [(i * seated + j) % members for j in range(seated)] for i, g in enumerate(games)}
    players = Player.objects.bulk_create(
        Player(game=g, name=names[m], seat=s, grid=list(GRIDS[s]) if g.kind == "num_draft" and s < 2 else [])
        for g in games
        for s, m in enumerate(seats[g.pk])
    )  # fmt: skip
    by_game: dict[int, list[Player]] = {}
    for p in players:
        by_game.setdefault(p.game_id, []).append(p)
    claims, rounds = [], []
    for g in games:
        mine = by_game[g.pk]
        if g.kind == "num_check":
            for s, p in enumerate(mine):
                for rank, (combo, cards) in enumerate(EIGHT_CLAIMS[: 2 + s % 4], start=1):
                    claims.append(Claim(player=p, position=rank, combo=combo, cards=cards))
        elif g.kind == "num5":
            for number in range(1, 4):
                entries = {
                    str(p.pk): {"plus": 10 + (s + number) % 4 * 5, "minus": s}
                    for s, p in enumerate(mine)
                }
                rounds.append(Round(game=g, number=number, entries=entries))
    Claim.objects.bulk_create(claims)
    Round.objects.bulk_create(rounds)
    TableeParty.objects.bulk_create(
        TableeParty(
            tablee=tablee,
            game=g,
            seats={
                str(p.pk): member_ids[m] for p, m in zip(by_game[g.pk], seats[g.pk], strict=True)
            },
        )
        for g in games
    )
    Tablee.objects.filter(pk=tablee.pk).update(stamp=tablee.stamp + 1)
    tablee.refresh_from_db()
    return tablee
