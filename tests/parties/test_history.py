"""History, exact undo and redo, finish and reopen.

The strongest test here replays random sequences of writes of every kind and checks that
undoing k of them gives back exactly the sheet as it was k writes earlier (ids and ranks
included), and that redoing them gives back the final sheet.
"""

import random

import pytest

from calculators.core.registry import NUM_CHECK, NUM_DRAFT
from calculators.engines.cards import InputError
from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import services
from calculators.parties.models import Claim, HistoryEntry
from tests.factories import fresh, party, seat

pytestmark = pytest.mark.django_db


def snapshot(game):
    """Everything players entered, with ids: what an exact undo must restore."""
    game = fresh(game)
    return {
        "finished": game.finished,
        "players": list(game.players.values_list("id", "name", "seat", "grid")),
        "claims": sorted(
            Claim.objects.filter(player__game=game).values_list(
                "id", "player_id", "position", "combo", "cards"
            )
        ),
        "rounds": list(game.rounds.values_list("id", "number", "entries")),
    }


def test_every_write_is_one_history_entry_and_version_counts_the_writes():
    game = party()
    lea = seat(game, 0).pk
    check_writes.add_claim(game, lea, "paire", "5R 5B")
    check_writes.add_claim(game, lea, "brelan", "7R 7B 7J")
    check_writes.delete_claim(game, Claim.objects.get(combo="paire").pk)
    services.undo(game)
    services.redo(game)
    services.finish(game)
    services.reopen(game)
    services.rename(game, lea, "Léna")
    game = fresh(game)
    actions = list(game.history.order_by("version").values_list("action", flat=True))
    assert actions == [
        "create", "claim_add", "claim_add", "claim_delete", "undo", "redo", "finish", "reopen",
        "rename",
    ]  # fmt: skip
    assert game.version == len(actions) == HistoryEntry.objects.filter(game=game).count()


def test_undo_of_a_delete_brings_the_claim_back_with_its_id_and_rank():
    game = party()
    lea = seat(game, 0).pk
    check_writes.add_claim(game, lea, "paire", "5R 5B")
    check_writes.add_claim(game, lea, "brelan", "7R 7B 7J")
    paire = Claim.objects.get(combo="paire")
    check_writes.delete_claim(game, paire.pk)
    assert list(Claim.objects.values_list("combo", "position")) == [("brelan", 1)]
    services.undo(game)
    assert list(Claim.objects.order_by("position").values_list("id", "combo", "position")) == [
        (paire.pk, "paire", 1),
        (paire.pk + 1, "brelan", 2),
    ]


def test_undo_reverts_the_latest_write_not_the_latest_claim():
    """Delete Léa's rank-1 claim, then « Annuler » must bring it back, not
    delete her other claim."""
    game = party()
    lea = seat(game, 0).pk
    check_writes.add_claim(game, lea, "paire", "5R 5B")
    check_writes.add_claim(game, lea, "brelan", "7R 7B 7J")
    check_writes.delete_claim(game, Claim.objects.get(combo="paire").pk)
    entry = services.undo(game)
    assert entry.summary == "Annulé : Léa : annonce Paire supprimée (rang 1)"
    assert Claim.objects.count() == 2


def test_undo_of_a_grid_change_restores_the_old_cell_only():
    game = party("num_draft", ["A", "B"])
    a = seat(game, 0).pk
    draft_writes.set_grid(game, a, ["1R", "2R", "3R", "", "", "", "", "", ""])
    draft_writes.set_grid(game, a, ["1R", "2R", "4R", "", "", "", "", "", ""])
    services.undo(game)
    assert seat(game, 0).grid[:3] == ["1R", "2R", "3R"]


def test_undo_of_a_round_edit_restores_the_old_cell():
    game = party("num5")
    a, b, c = (seat(game, i).pk for i in range(3))
    num5_writes.add_round(game, {a: "10R", b: "27", c: "0"})
    num5_writes.edit_round(game, 1, {a: "12R"})
    services.undo(game)
    assert game.rounds.get().entries[str(a)] == {"cards": ["10R"]}
    assert game.rounds.count() == 1  # the round is still there


def test_undo_of_finish_reopens_and_undo_never_undoes_an_undo():
    game = party("num5")
    a, b, c = (seat(game, i).pk for i in range(3))
    num5_writes.add_round(game, {a: "10R", b: "27", c: "0"})
    services.finish(game)
    services.undo(game)  # reopens
    assert not fresh(game).finished
    services.undo(game)  # walks further back: the round goes
    assert not game.rounds.exists()
    with pytest.raises(services.Conflict, match="Rien à annuler"):
        services.undo(game)  # « create » is not undoable


def test_redo_reapplies_in_order_until_something_else_is_written():
    game = party()
    lea = seat(game, 0).pk
    check_writes.add_claim(game, lea, "paire", "5R 5B")
    check_writes.add_claim(game, lea, "brelan", "7R 7B 7J")
    services.undo(game)
    services.undo(game)
    services.redo(game)
    assert list(Claim.objects.values_list("combo", flat=True)) == ["paire"]
    services.redo(game)
    assert sorted(Claim.objects.values_list("combo", flat=True)) == ["brelan", "paire"]
    with pytest.raises(services.Conflict, match="Rien à rétablir"):
        services.redo(game)
    services.undo(game)
    check_writes.add_claim(game, seat(game, 1).pk, "paire", "9R 9B")  # a new write
    with pytest.raises(services.Conflict, match="Rien à rétablir"):
        services.redo(game)


def test_undo_and_redo_are_writes_with_if_version():
    game = party()
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    seen = fresh(game).version
    services.undo(game, if_version=seen)
    with pytest.raises(services.Conflict) as err:  # a second phone pressing undo with the same view
        services.undo(game, if_version=seen)
    assert err.value.field == "if_version"
    assert fresh(game).version == seen + 1


def test_a_finished_game_accepts_only_reopen_undo_and_redo():
    game = party("num5")
    a, b, c = (seat(game, i).pk for i in range(3))
    num5_writes.add_round(game, {a: "10R", b: "27", c: "0"})
    services.finish(game)
    for write in (
        lambda: num5_writes.add_round(game, {a: "1", b: "2", c: "3"}),
        lambda: num5_writes.edit_round(game, 1, {a: "1"}),
        lambda: num5_writes.delete_round(game, 1),
        lambda: services.rename(game, a, "Ana"),
        lambda: services.finish(game),
    ):
        with pytest.raises(services.Conflict, match="rouvrez"):
            write()
    services.undo(game)
    services.redo(game)
    assert fresh(game).finished
    services.reopen(game)
    with pytest.raises(services.Conflict, match="pas terminée"):
        services.reopen(game)


# --------------------------------------------------------------------------- random sequences


def _random_write(rng, game):
    """One random write of the game's kind (refused ones are simply skipped)."""
    players = list(game.players.all())
    who = rng.choice(players).pk
    kind = game.kind
    choice = rng.random()
    if choice < 0.08:
        services.rename(game, who, f"N{rng.randrange(10**6)}")
    elif choice < 0.12:
        (services.reopen if fresh(game).finished else services.finish)(game)
    elif kind == NUM_CHECK.kind:
        claims = list(Claim.objects.filter(player__game=game))
        if claims and choice < 0.35:
            check_writes.delete_claim(game, rng.choice(claims).pk)
        elif claims and choice < 0.5:
            v = rng.randrange(17)
            check_writes.edit_claim(game, rng.choice(claims).pk, "paire", f"{v}R {v}B")
        else:
            combo, pattern = rng.choice(
                [
                    ("paire", "{v}R {v}B"),
                    ("brelan", "{v}R {v}B {v}J"),
                    ("carre", "{v}R {v}B {v}J {v}V"),
                ]
            )
            check_writes.add_claim(game, who, combo, pattern.format(v=rng.randrange(17)))
    elif kind == NUM_DRAFT.kind:
        cells = [
            f"{rng.randrange(13)}{rng.choice('RVBJAS')}" if rng.random() < 0.5 else ""
            for _ in range(9)
        ]
        draft_writes.set_grid(game, who, cells)
    else:
        rounds = game.rounds.count()
        if rounds and choice < 0.3:
            num5_writes.delete_round(game, rng.randrange(1, rounds + 1))
        elif rounds and choice < 0.55:
            num5_writes.edit_round(
                game, rng.randrange(1, rounds + 1), {who: str(rng.randrange(40))}
            )
        else:
            num5_writes.add_round(game, {p.pk: str(rng.randrange(40)) for p in players})


@pytest.mark.parametrize("kind", ["num_check", "num_draft", "num5"])
@pytest.mark.parametrize("seed", range(4))
def test_undo_k_writes_gives_back_the_sheet_of_k_writes_ago_and_redo_the_last(kind, seed):
    rng = random.Random(f"{kind}-{seed}")
    game = party(kind, ["A", "B", "C"])
    snapshots = [snapshot(game)]
    while len(snapshots) < 16:
        try:
            _random_write(rng, game)
        except (InputError, services.Conflict):
            continue
        snapshots.append(snapshot(game))
    k = rng.randrange(1, len(snapshots))
    for _ in range(k):
        services.undo(game)
    assert snapshot(game) == snapshots[-1 - k]
    for _ in range(k):
        services.redo(game)
    assert snapshot(game) == snapshots[-1]
    for step in range(len(snapshots) - 1):
        services.undo(game)
        assert snapshot(game) == snapshots[-2 - step]
    with pytest.raises(services.Conflict):
        services.undo(game)


def test_the_writers_answer_offers_to_undo_its_write_and_redo_what_was_undone():
    """After each page write (a claim, an undo, a redo, another claim), the « Annuler » and
    « Rétablir » buttons of the writer's answer are the history's own next undo and redo
    (one phone wrote everything: its latest entry is the table's)."""
    import re
    from urllib.parse import urlencode

    from django.test import Client

    game = party()
    phone = Client()
    steps: list[tuple[str, dict[str, object]]] = [
        ("claim_add", {"player": seat(game, 0).pk, "combo": "paire", "cards": "5R 5B"}),
        ("claim_add", {"player": seat(game, 1).pk, "combo": "paire", "cards": "7R 7B"}),
        ("undo", {}),
        ("undo", {}),
        ("redo", {}),
        ("finish", {"confirm": 1}),
        ("undo", {}),
        ("claim_add", {"player": seat(game, 2).pk, "combo": "brelan", "cards": "2R 2B 2J"}),
    ]
    for action, fields in steps:
        answer = phone.post(
            f"/parties/{game.edit_token}/{action}/",
            urlencode({**fields, "seen": fresh(game).version}),
            content_type="application/x-www-form-urlencoded",
            headers={"HX-Request": "true", "HX-Target": "sheet"},
        ).content.decode()
        shown = {
            which: re.search(rf'data-testid="{which}">([^<]*)<', answer)
            for which in ("undo", "redo")
        }
        for which, expected in (
            ("undo", services.next_undo(game)),
            ("redo", services.next_redo(game)),
        ):
            if expected is None:
                assert shown[which] is None, (action, which)
            else:
                named = services.named(expected) if which == "undo" else expected.summary
                match = shown[which]
                assert match is not None and named in match.group(1)
