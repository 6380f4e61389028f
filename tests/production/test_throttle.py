"""The abuse limiter: an atomic sliding-window counter in the database, per IPv4 address or
IPv6 /64."""

import json
import threading
import time

import pytest
from django.db import connection, connections
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils import translation

from numsite import throttle
from numsite.throttle.apps import check_rates
from numsite.throttle.models import Counter


@pytest.fixture(autouse=True)
def limits_on(settings):
    """The suite runs with limits off (tests/conftest.py); they are what is tested here."""
    settings.RATELIMIT_ENABLED = True
    settings.TEST_RATE = "3/60"
    settings.TRUSTED_PROXIES = []


@throttle.limit("test-write", "TEST_RATE")
def write_view(request):
    return HttpResponse("ok")


def request(method="post", ip="127.0.0.1", path="/parties/nouvelle/", **meta):
    return getattr(RequestFactory(), method)(path, REMOTE_ADDR=ip, **meta)


def test_parse_rate():
    assert throttle.parse_rate("20/600") == (20, 600)
    for bad in ("20", "x/60", "20/0", "-1/60", "1/2/3"):
        with pytest.raises(ValueError):
            throttle.parse_rate(bad)


@pytest.mark.django_db
def test_over_the_limit_a_429_with_retry_after_and_a_french_page():
    for _ in range(3):
        assert write_view(request()).status_code == 200
    response = write_view(request())
    assert response.status_code == 429
    retry = int(response["Retry-After"])
    # at most a period and a share of the next (throttle.wait): 60 + 60 / 3
    assert 1 <= retry <= 80
    html = response.content.decode()
    assert "Trop de requêtes" in html and f"réessayez dans {retry} seconde" in html
    assert "<html" in html


@pytest.mark.django_db
def test_api_429_is_a_json_error_on_rate_with_retry_after():
    for _ in range(3):
        write_view(request(path="/api/v1/parties/"))
    response = write_view(request(path="/api/v1/parties/"))
    assert response.status_code == 429 and response["Retry-After"]
    error = json.loads(response.content)["error"]
    assert error["field"] == "rate" and "Trop de requêtes" in error["message"]


@pytest.mark.django_db
def test_reads_are_not_counted_by_default_and_clients_are_apart():
    for _ in range(10):
        assert write_view(request("get")).status_code == 200
    for _ in range(3):
        write_view(request(ip="10.0.0.1"))
    assert write_view(request(ip="10.0.0.1")).status_code == 429
    assert write_view(request(ip="10.0.0.2")).status_code == 200
    # Loopback is not exempt.
    for _ in range(3):
        write_view(request(ip="127.0.0.1"))
    assert write_view(request(ip="127.0.0.1")).status_code == 429


@pytest.mark.django_db
def test_scopes_count_apart():
    other = throttle.limit("test-other", "TEST_RATE")(lambda r: HttpResponse("ok"))
    for _ in range(3):
        write_view(request())
    assert write_view(request()).status_code == 429
    assert other(request()).status_code == 200


@pytest.mark.django_db
def test_switch_off_lets_everything_through(settings):
    settings.RATELIMIT_ENABLED = False
    for _ in range(10):
        assert write_view(request()).status_code == 200
    assert Counter.objects.count() == 0


@pytest.mark.django_db
def test_the_full_rate_is_back_once_the_previous_window_is_out_of_the_last_period(monkeypatch):
    clock = [1_000_000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    for _ in range(3):
        write_view(request())
    assert write_view(request()).status_code == 429
    clock[0] += 120
    for _ in range(3):
        assert write_view(request()).status_code == 200
    assert write_view(request()).status_code == 429


@pytest.mark.django_db
def test_window_boundary_burst_stays_within_the_limit(monkeypatch, settings):
    """Fixed windows let the whole rate through at the end of one window and again at the start
    of the next (twice the rate within two seconds): the sliding count does not."""
    settings.TEST_RATE = "20/600"
    clock = [600 * 2000 - 1.0]  # one second before a window boundary
    monkeypatch.setattr(time, "time", lambda: clock[0])
    before = [write_view(request()).status_code for _ in range(25)]
    clock[0] += 2  # one second after it
    after = [write_view(request()).status_code for _ in range(25)]
    assert before.count(200) == 20
    assert (before + after).count(200) <= 20
    assert set(before + after) == {200, 429}


@pytest.mark.django_db
def test_sliding_window_lets_hits_back_in_as_the_previous_window_fades(monkeypatch):
    """3 per 60 s, all at the very end of a window: half-way through the next, their weight is
    1.5, so one more hit passes (2.5) and a second does not (3.5); Retry-After says when."""
    clock = [60 * 1000 - 0.5]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    for _ in range(3):
        assert write_view(request()).status_code == 200
    clock[0] += 30.5
    assert write_view(request()).status_code == 200
    refused = write_view(request())
    assert refused.status_code == 429
    retry = int(refused["Retry-After"])
    assert 1 <= retry <= 60
    clock[0] += retry
    assert write_view(request()).status_code == 200


@pytest.mark.django_db
def test_retry_after_is_enough_and_refused_hits_are_taken_back(monkeypatch):
    clock = [1_000_000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    for _ in range(3):
        write_view(request())
    for _ in range(20):  # hammering while refused costs nothing later
        response = write_view(request())
        assert response.status_code == 429
    assert Counter.objects.get(slot=int(clock[0] // 60)).count == 3
    clock[0] += int(response["Retry-After"])
    assert write_view(request()).status_code == 200


def test_wait_is_the_time_until_one_more_hit_fits():
    # 3 hits in the previous window, none in this one, 10 s into it, 3 per 60 s: room for 2 →
    # previous × (60 − t) / 60 ≤ 2 from t = 20 s: 10 s from now.
    assert throttle.wait(3, 0, 3, 10.0, 60) == 10
    # This window is full: the next one, once these 3 weigh ≤ 2 (20 s into it).
    assert throttle.wait(3, 3, 0, 10.0, 60) == 50 + 20
    assert throttle.wait(0, 0, 0, 10.0, 60) == 50


@pytest.mark.django_db
def test_ipv6_40_creations_from_one_64_are_limited_like_one_address(settings, client):
    """Every address of a /64 is one client (one subscriber picks any address in it)."""
    settings.PARTIES_CREATE_RATE = "20/600"
    body = json.dumps({"game": "num5", "players": ["Léa", "Tom", "Zoé"]})
    statuses = [
        client.post(
            "/api/v1/parties",
            body,
            content_type="application/json",
            REMOTE_ADDR=f"2001:db8:1:2:{i:x}:{i * 7:x}::{i + 1:x}",
        ).status_code
        for i in range(40)
    ]
    assert statuses.count(201) == 20 and statuses.count(429) == 20
    # another /64 is another client
    other = client.post(
        "/api/v1/parties", body, content_type="application/json", REMOTE_ADDR="2001:db8:1:3::1"
    )
    assert other.status_code == 201


def test_client_key_ipv6_64_and_ipv4_mapped_as_ipv4():
    key = throttle.client_key
    assert key(request(ip="2001:db8:1:2:3:4:5:6")) == "2001:db8:1:2::/64"
    assert key(request(ip="2001:DB8:1:2::ffff")) == "2001:db8:1:2::/64"
    assert key(request(ip="2001:db8:1:3::1")) == "2001:db8:1:3::/64"
    assert key(request(ip="::ffff:192.0.2.1")) == "192.0.2.1"
    assert key(request(ip="192.0.2.1")) == "192.0.2.1"
    assert key(request(ip="fe80::1%eth0")) == "fe80::/64"
    assert key(request(ip="unknown")) == "unknown"


@pytest.mark.django_db
def test_ipv4_mapped_address_shares_the_ipv4_addresses_count():
    for _ in range(3):
        write_view(request(ip="::ffff:192.0.2.1"))
    assert write_view(request(ip="192.0.2.1")).status_code == 429


@pytest.mark.django_db
def test_purge_deletes_finished_windows_only(monkeypatch):
    clock = [1_000_000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    write_view(request())
    clock[0] += 120
    write_view(request())
    assert Counter.objects.count() == 2
    assert throttle.purge() == 1
    assert Counter.objects.count() == 1


def test_client_ip_believes_x_forwarded_for_only_from_a_trusted_proxy(settings):
    forwarded = {"HTTP_X_FORWARDED_FOR": "6.6.6.6, 203.0.113.9"}
    assert throttle.client_ip(request(ip="198.51.100.7", **forwarded)) == "198.51.100.7"
    settings.TRUSTED_PROXIES = ["127.0.0.1", "10.0.0.0/8"]
    assert throttle.client_ip(request(ip="198.51.100.7", **forwarded)) == "198.51.100.7"
    # From the proxy: the right-most address that is not a proxy (the left ones are the client's
    # own words).
    assert throttle.client_ip(request(ip="127.0.0.1", **forwarded)) == "203.0.113.9"
    chain = {"HTTP_X_FORWARDED_FOR": "6.6.6.6, 203.0.113.9, 10.1.2.3"}
    assert throttle.client_ip(request(ip="10.0.0.5", **chain)) == "203.0.113.9"
    assert throttle.client_ip(request(ip="127.0.0.1")) == "127.0.0.1"
    assert throttle.client_ip(request(ip="127.0.0.1", HTTP_X_FORWARDED_FOR="junk")) == "127.0.0.1"


@pytest.mark.django_db(transaction=True)
def test_concurrent_increments_from_threads_are_all_counted():
    """Many threads (each its own database connection) hit one counter at once: no increment
    is lost and exactly ``limit`` requests get through (the upsert is atomic)."""
    threads_count, hits_each, limit = 8, 25, 120
    results: list[int | None] = []
    lock = threading.Lock()
    start = threading.Barrier(threads_count)

    def worker():
        try:
            start.wait()
            local = [throttle.hit(request(), "race", "RACE_RATE") for _ in range(hits_each)]
            with lock:
                results.extend(local)
        finally:
            connections.close_all()

    from django.conf import settings

    settings.RACE_RATE = f"{limit}/3600"
    try:
        threads = [threading.Thread(target=worker) for _ in range(threads_count)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        delattr(settings, "RACE_RATE")  # a setting of this test alone
    total = threads_count * hits_each
    assert len(results) == total
    # exactly ``limit`` got through, and every refused hit was taken back
    assert sum(r is None for r in results) == limit
    assert Counter.objects.get(scope="race").count == limit


@pytest.mark.django_db
def test_the_upsert_is_one_statement():
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        throttle._increment("one", "127.0.0.1", 1, 2)
        throttle._increment("one", "127.0.0.1", 1, 2)
    assert len(queries) == 2 and "ON CONFLICT" in queries[0]["sql"]
    assert Counter.objects.get(scope="one").count == 2


@pytest.mark.django_db
def test_admin_login_is_throttled_end_to_end(client, settings):
    settings.ADMIN_LOGIN_RATE = "2/600"
    for _ in range(2):
        response = client.post("/admin/login/", {"username": "x", "password": "y"})
        assert response.status_code == 200  # the form again, refused credentials
    response = client.post("/admin/login/", {"username": "x", "password": "y"})
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert "Trop de requêtes" in response.content.decode()
    assert "unsafe-inline" not in response["Content-Security-Policy"]


def test_a_malformed_rate_setting_fails_the_system_check(settings):
    from numsite.throttle.apps import check_rates

    assert check_rates() == []
    settings.PARTIES_WRITE_RATE = "300"
    errors = check_rates()
    assert [e.id for e in errors] == ["throttle.E001"] and errors[0].obj == "PARTIES_WRITE_RATE"


@pytest.mark.django_db
def test_purge_command(monkeypatch, capsys):
    from django.core.management import call_command

    clock = [1_000_000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    write_view(request())
    clock[0] += 3600
    call_command("purge_throttle")
    assert "1 compteur(s) supprimé(s)." in capsys.readouterr().out
    assert Counter.objects.count() == 0


@pytest.mark.django_db
def test_an_htmx_write_over_the_limit_answers_in_the_pages_status_region():
    """A write from a page (htmx): the message alone, retargeted to #request-status (base.html),
    so the form and what was typed in it stay as they are."""
    for _ in range(3):
        write_view(request())
    response = write_view(request(HTTP_HX_REQUEST="true"))
    assert response.status_code == 429 and response["Retry-After"]
    assert response["HX-Retarget"] == "#request-status"
    assert response["HX-Reswap"] == "innerHTML"
    html = response.content.decode()
    assert "réessayez dans" in html and "<html" not in html


@pytest.mark.django_db
def test_the_429_speaks_the_readers_language():
    for _ in range(3):
        write_view(request())
    with translation.override("en"):
        page = write_view(request()).content.decode()
        fragment = write_view(request(HTTP_HX_REQUEST="true")).content.decode()
        api = json.loads(write_view(request(path="/api/v1/parties/")).content)
    for text in (page, fragment, api["error"]["message"]):
        assert "Too many requests from your address: try again in" in text
        assert "réessayez" not in text


@pytest.mark.django_db
def test_deal_sheets_and_best_scores_are_throttled(client, settings):
    """NUM DRAFT's best scores cost up to seconds of CPU (docs/deals.md#donnes-meilleur): the
    sheet and ``best: true`` deals count against DEALS_BEST_RATE; a plain deal does not."""
    settings.DEALS_BEST_RATE = "2/600"
    sheet = "/donnes/?jeu=num-draft&mode=classic&sieges=2&graine=t"
    for _ in range(2):
        assert client.get(sheet).status_code == 200
    refused = client.get(sheet)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    body = {"game": "num-draft", "seats": 2, "seed": "t"}
    for _ in range(3):
        assert (
            client.post("/api/v1/deals", body, content_type="application/json").status_code == 200
        )
    refused = client.post("/api/v1/deals", {**body, "best": True}, content_type="application/json")
    assert refused.status_code == 429
    assert refused.json()["error"]["field"] == "rate"


def test_deals_best_rate_is_checked_at_start_up(settings):
    settings.DEALS_BEST_RATE = "30"
    assert [e.obj for e in check_rates()] == ["DEALS_BEST_RATE"]
