"""Two phones (or twenty) adding at the same moment lose nothing (issue #6, point 10)."""

import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

import pytest

from calculators import parties
from calculators.models import Claim

pytestmark = pytest.mark.django_db(transaction=True)

CLAIMS = [
    ("paire", "{v}R {v}B"),
    ("brelan", "{v}R {v}B {v}J"),
    ("carre", "{v}R {v}B {v}J {v}V"),
    ("nums", "{v}R {v}B {v}J {v}V {v}S"),
]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def session(base: str, page: str):
    """An opener with the CSRF cookie, and the form token read from the game page."""
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    html = opener.open(base + page).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    return opener, token


def test_many_threads_posting_claims_store_each_accepted_entry_once(live_server):
    game = parties.create_game("num_check", "classic", ["A", "B", "C"])
    players = list(game.players.all())
    page = f"/parties/{game.pk}/{game.edit_token}/"
    action = live_server.url + page + "claim_add/"
    # 3 players × 4 combinations, each claim posted at once by two phones: 24 racing posts.
    jobs = [
        (player.pk, combo, pattern.format(v=1 + p_index * 5 + c_index))
        for p_index, player in enumerate(players)
        for c_index, (combo, pattern) in enumerate(CLAIMS)
        for _phone in range(2)
    ]
    results: list[tuple[int, str, tuple]] = []
    lock = threading.Lock()
    barrier = threading.Barrier(len(jobs))

    def post(job):
        opener, token = session(live_server.url, page)
        data = urllib.parse.urlencode(
            {"csrfmiddlewaretoken": token, "player": job[0], "combo": job[1], "cards": job[2]}
        ).encode()
        barrier.wait()
        try:
            response = opener.open(urllib.request.Request(action, data=data), timeout=60)
            status, body = response.status, response.read().decode()
        except urllib.error.HTTPError as err:
            status, body = err.code, err.read().decode()
        with lock:
            results.append((status, body, job))

    threads = [threading.Thread(target=post, args=(job,)) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)

    assert len(results) == len(jobs)
    accepted = [job for status, _, job in results if status == 302]
    refused = [(status, body) for status, body, _ in results if status != 302]
    assert all(status == 400 for status, _ in refused), [s for s, _ in refused]
    for _, body in refused:
        assert "déjà réalisé" in body or "rechargez" in body
    # Each (player, combination) is accepted exactly once, whichever phone won.
    assert sorted((pk, combo) for pk, combo, _ in accepted) == sorted(
        {(pk, combo) for pk, combo, _ in jobs}
    )
    stored = list(Claim.objects.values_list("player_id", "combo", "position"))
    assert len(stored) == len(accepted)
    for player in players:
        positions = sorted(pos for pk, _, pos in stored if pk == player.pk)
        assert positions == list(range(1, len(positions) + 1))
