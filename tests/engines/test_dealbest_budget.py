"""A whole deal's best scores share one budget of placements (docs/deals.md#donnes-meilleur)."""

from calculators.engines import dealbest, deals, numdraft


def _seats(seed: str = "club-1", count: int = 7):
    return [seat.cards for seat in deals.deal("num-draft", count, seed, "0-16").seats]


def test_a_deals_seats_share_one_budget_of_placements(monkeypatch):
    seats = _seats()
    free = [dealbest.best_grid(cards, numdraft.CLASSIC) for cards in seats]
    needed = [b.placements for b in free]
    assert all(b.exact for b in free) and sum(needed) > 0
    # a budget that runs out during the first seat that visits placements
    first = next(i for i, n in enumerate(needed) if n > 1)
    monkeypatch.setattr(dealbest, "DEAL_LIMIT", sum(needed[:first]) + needed[first] // 2)
    bounded = dealbest.deal_limits(seats, numdraft.CLASSIC)
    assert [b.exact for b in bounded[:first]] == [True] * first
    assert not bounded[first].exact
    assert bounded[first].total <= free[first].total
    # every later seat gets one placement at most, and says it is a lower bound unless it needed none
    for best, alone in zip(bounded[first + 1 :], free[first + 1 :], strict=True):
        assert best.placements <= 1
        assert best.total <= alone.total
        assert best.exact == (alone.placements == 0)


def test_a_deal_within_its_budget_is_every_seats_own_best():
    seats = _seats("club-2", 4)
    assert [b.total for b in dealbest.deal_limits(seats, numdraft.CLASSIC)] == [
        dealbest.best_grid(cards, numdraft.CLASSIC).total for cards in seats
    ]
