"""Ratings (« cote »): one OpenSkill rating per player and game, rebuilt from finished parties.

Pure: plain inputs (who sat, at which place, in which order the parties finished) and plain
outputs, no Django and nothing of the project, so a tablée and, later, an event rate alike.
The rules are in ``docs/ratings.md``:

- ``#cote-modele``: OpenSkill's Plackett–Luce model (Weng & Lin) with its default priors
  (mu 25, sigma 25/3, beta 25/6, tau 25/300), each player alone against the table;
- ``#cote-egalites``: tied places (the engines' standings, « 1, 2, 2, 4 ») are rated as the
  average of the strict orders of the tied players (each tied group rotated, every player
  taking each of the group's places equally often), then the tied players' changes of mu and
  of sigma are averaged, so tied players always get the same change. OpenSkill 6.2's own
  handling of ``ranks`` is not used: it rates tied winners below the player they beat
  (measured in ``tests/engines/test_ratings.py``);
- ``#cote-echelle``: the number shown is the conservative ordinal mu − 3 sigma, scaled:
  ``1000 + 30 × ordinal`` (a new player shows 1000; 400 points between settled players are
  odds of 10 to 1, as in Elo); « provisoire » below :data:`PROVISIONAL` parties of the game;
- ``#cote-ordre``: parties are rated in the order given (the caller's: the order they
  finished, ties broken by a stable key), so the same parties always give the same ratings,
  and removing the last one gives back exactly the ratings before it.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, reduce

from openskill.models import PlackettLuce

#: a player's identity: anything hashable the caller chooses (a member id, a name key)
PlayerId = Hashable

#: below this many rated parties of a game, a rating is « provisoire » (#cote-echelle)
PROVISIONAL = 5
#: the number shown: ``BASE + SCALE × ordinal`` (#cote-echelle)
BASE = 1000
SCALE = 30
#: the conservative ordinal: mu − Z × sigma
Z = 3.0
#: sigma never goes below this after the tied players' averaging (#cote-egalites)
SIGMA_FLOOR = 1e-3


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's place in one party (1 first; tied players share a place)."""

    player: PlayerId
    place: int


@dataclass(frozen=True, slots=True)
class Party:
    """One finished party: ``key`` names it for the history (a game id), ``game`` is the
    game rated (its API name), ``seats`` the players with their places."""

    key: Hashable
    game: str
    seats: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class Skill:
    """OpenSkill's belief about a player: mean and uncertainty."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - Z * self.sigma

    @property
    def value(self) -> int:
        """The number shown (#cote-echelle)."""
        return shown(self.ordinal)


@dataclass(frozen=True, slots=True)
class Step:
    """A player's rating after one party: the number shown and its change."""

    party: Hashable
    value: int
    change: int


@dataclass(frozen=True, slots=True)
class Opponent:
    """Another player of the party, and whether they were rated higher before it (by the
    number shown, an unrated player counting as new)."""

    player: PlayerId
    place: int
    higher: bool


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a party changed a rating: the place, the table's size, whom the player finished
    ahead of, behind, and level with."""

    place: int
    of: int
    ahead_of: tuple[Opponent, ...]
    behind: tuple[Opponent, ...]
    tied_with: tuple[Opponent, ...]


@dataclass(slots=True)
class Rating:
    """A player's rating in one game."""

    player: PlayerId
    game: str
    skill: Skill
    played: int = 0
    history: list[Step] = field(default_factory=list)
    #: why the last party changed it
    reason: Reason | None = None

    @property
    def value(self) -> int:
        return self.skill.value

    @property
    def provisional(self) -> bool:
        return self.played < PROVISIONAL

    @property
    def change(self) -> int:
        """The last party's change (0 before any)."""
        return self.history[-1].change if self.history else 0


def shown(ordinal: float) -> int:
    """The number a reader sees for a conservative ordinal (#cote-echelle)."""
    return BASE + round(SCALE * ordinal)


@cache
def model() -> PlackettLuce:
    """OpenSkill's Plackett–Luce with its default priors (#cote-modele)."""
    return PlackettLuce()


def new_skill() -> Skill:
    m = model()
    return Skill(m.mu, m.sigma)


def _strict(model_: PlackettLuce, skills: Sequence[Skill], order: Sequence[int]) -> list[Skill]:
    """OpenSkill's update for one strict order (``order``: the players' indices, first
    first), answered in the players' own order."""
    teams = [[model_.rating(mu=skills[i].mu, sigma=skills[i].sigma)] for i in order]
    rated = model_.rate(teams)
    out: list[Skill] = list(skills)
    for i, team in zip(order, rated, strict=True):
        out[i] = Skill(team[0].mu, team[0].sigma)
    return out


def update(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """Everyone's skill after one party (#cote-egalites): strict places go to OpenSkill as
    they are; tied places are the average over rotations of each tied group, and the tied
    players' changes are then averaged, so that tied players change alike."""
    if len(skills) != len(places) or len(skills) < 2:
        raise ValueError("a party needs two players or more, each with a place")
    groups: dict[int, list[int]] = {}
    for i, place in enumerate(places):
        groups.setdefault(place, []).append(i)
    ordered = [groups[p] for p in sorted(groups)]
    m = model()
    runs = reduce(math.lcm, (len(g) for g in ordered), 1)
    if runs == 1:
        return _strict(m, skills, [g[0] for g in ordered])
    mu = [0.0] * len(skills)
    sigma = [0.0] * len(skills)
    for r in range(runs):
        order = [g[(k + r) % len(g)] for g in ordered for k in range(len(g))]
        for i, s in enumerate(_strict(m, skills, order)):
            mu[i] += s.mu / runs
            sigma[i] += s.sigma / runs
    out = [Skill(mu[i], sigma[i]) for i in range(len(skills))]
    for g in ordered:
        if len(g) > 1:
            d_mu = sum(out[i].mu - skills[i].mu for i in g) / len(g)
            d_sigma = sum(out[i].sigma - skills[i].sigma for i in g) / len(g)
            for i in g:
                out[i] = Skill(skills[i].mu + d_mu, max(SIGMA_FLOOR, skills[i].sigma + d_sigma))
    return out


def _reason(seats: Sequence[Seat], before: Sequence[int], me: int) -> Reason:
    mine = seats[me].place
    others = [
        Opponent(s.player, s.place, before[i] > before[me]) for i, s in enumerate(seats) if i != me
    ]
    return Reason(
        mine,
        len(seats),
        tuple(o for o in others if o.place > mine),
        tuple(o for o in others if o.place < mine),
        tuple(o for o in others if o.place == mine),
    )


def rate(parties: Iterable[Party]) -> dict[str, dict[PlayerId, Rating]]:
    """Every player's rating per game, from the parties in the order given (#cote-ordre).
    A party of fewer than two players, or naming a player twice, rates nobody."""
    ratings: dict[str, dict[PlayerId, Rating]] = {}
    for party in parties:
        players = [s.player for s in party.seats]
        if len(players) < 2 or len(set(players)) != len(players):
            continue
        table = ratings.setdefault(party.game, {})
        current = [table[p] if p in table else Rating(p, party.game, new_skill()) for p in players]
        before = [r.skill.value for r in current]
        after = update([r.skill for r in current], [s.place for s in party.seats])
        for i, (r, skill) in enumerate(zip(current, after, strict=True)):
            r.skill = skill
            r.played += 1
            r.history.append(Step(party.key, skill.value, skill.value - before[i]))
            r.reason = _reason(party.seats, before, i)
            table[r.player] = r
    return ratings


def win_chances(skills: Sequence[Skill]) -> list[float]:
    """Each player's chance to finish first at a table of these players (OpenSkill's
    ``predict_win``, #cote-pronostic): sums to 1."""
    if len(skills) < 2:
        return [1.0] * len(skills)
    m = model()
    return m.predict_win([[m.rating(mu=s.mu, sigma=s.sigma)] for s in skills])


def ranking(table: dict[PlayerId, Rating]) -> list[Rating]:
    """A game's ratings, best first (equal numbers: by mu, then by the order of first play)."""
    order = {p: i for i, p in enumerate(table)}
    return sorted(table.values(), key=lambda r: (-r.value, -r.skill.mu, order[r.player]))
