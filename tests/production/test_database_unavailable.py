"""An unreachable or busy database is a 503 « réessayez dans un instant » with Retry-After, in
the reader's language and the client's shape, never a 500 and never a misleading 409
(numsite/failures.py)."""

from __future__ import annotations

import json
import sqlite3

import pytest
from django.db import OperationalError, connection
from django.test import RequestFactory

from numsite import failures, views
from tests import factories, servers
from tests.conftest import FormClient

from .servers import fetch

REFUSED = 'connection to server at "127.0.0.1", port 5432 failed: Connection refused'


@pytest.fixture
def database_down(monkeypatch):
    """From now on every query fails as with a stopped PostgreSQL server."""

    def refuse(*args, **kwargs):
        raise OperationalError(REFUSED)

    monkeypatch.setattr(connection, "ensure_connection", refuse)


def assert_json_503(response, language="fr"):
    assert response.status_code == 503, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    assert int(response["Retry-After"]) > 0
    error = json.loads(response.content)["error"]
    assert error["field"] == "database"
    expected = "réessayez dans un instant" if language == "fr" else "try again in a moment"
    assert expected in error["message"]


def assert_page_503(response, language="fr"):
    assert response.status_code == 503, response.content[:300]
    assert response["Content-Type"].startswith("text/html")
    assert int(response["Retry-After"]) > 0
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    expected = "réessayez dans un instant" if language == "fr" else "try again in a moment"
    assert expected in html
    assert "Traceback" not in html and REFUSED not in html


@pytest.mark.django_db
def test_db_down_api_answers_a_json_503_not_an_html_500(database_down):
    client = FormClient(raise_request_exception=False)
    assert_json_503(client.get("/api/v1/parties/" + "a" * 32))
    assert_json_503(
        client.get("/api/v1/parties/" + "a" * 32, HTTP_ACCEPT_LANGUAGE="en"), language="en"
    )
    body = json.dumps({"game": "num5", "players": ["Léa", "Tom", "Zoé"]})
    assert_json_503(client.post("/api/v1/parties", body, content_type="application/json"))


@pytest.mark.django_db
def test_db_down_pages_answer_a_503_page_in_the_readers_language(database_down):
    client = FormClient(raise_request_exception=False)
    assert_page_503(client.get("/parties/" + "a" * 32 + "/"))
    assert_page_503(client.get("/en/parties/" + "a" * 32 + "/"), language="en")


@pytest.mark.django_db
def test_db_down_htmx_write_gets_the_message_in_the_status_region(database_down):
    response = FormClient(raise_request_exception=False).post(
        "/parties/" + "a" * 32 + "/player_add/", {"name": "x"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 503 and int(response["Retry-After"]) > 0
    assert response["HX-Retarget"] == "#request-status"
    assert "réessayez dans un instant" in response.content.decode()


@pytest.mark.django_db
def test_db_down_with_limits_on_the_throttle_counter_is_a_503_not_a_500(settings, database_down):
    """The abuse limiter counts a write before the view runs: its own write to the counter
    table fails first, and is answered like the write's."""
    settings.RATELIMIT_ENABLED = True
    client = FormClient(raise_request_exception=False)
    body = json.dumps({"game": "num5", "players": ["Léa", "Tom", "Zoé"]})
    assert_json_503(client.post("/api/v1/parties", body, content_type="application/json"))
    assert_page_503(client.post("/parties/nouvelle/", {"kind": "num5", "players": "Léa\nTom\nZoé"}))


def test_db_failure_outside_a_view_is_a_503_through_handler500():
    """A middleware's query (no view around it) reaches handler500: a 503 there too; any other
    error stays the 500 page."""
    request = RequestFactory().get("/en/num-check/")
    try:
        raise OperationalError(REFUSED)
    except OperationalError:
        response = views.server_error(request)
    assert_page_503(response, language="en")
    try:
        raise ValueError("a bug")
    except ValueError:
        assert views.server_error(request).status_code == 500


def test_only_operational_and_interface_errors_count_as_unavailable():
    from django.db import IntegrityError, InterfaceError, ProgrammingError

    assert failures.is_unavailable(OperationalError("x"))
    assert failures.is_unavailable(InterfaceError("connection already closed"))
    assert not failures.is_unavailable(ProgrammingError("x"))
    assert not failures.is_unavailable(IntegrityError("x"))
    assert not failures.is_unavailable(None)


@pytest.fixture
def sqlite_write_lock():
    """A function: from its call on, another connection holds SQLite's write lock (a long
    write transaction), and this connection waits 0.2 s for it instead of the configured 20 s."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's write lock")
    held: list[sqlite3.Connection] = []

    def hold() -> None:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA busy_timeout = 200")
        other = sqlite3.connect(connection.settings_dict["NAME"], timeout=0)
        other.execute("BEGIN IMMEDIATE")
        held.append(other)

    yield hold
    for other in held:
        other.rollback()
        other.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("limits", [False, True], ids=["limits-off", "limits-on"])
def test_sqlite_locked_write_is_a_503_retry_not_a_409_conflict(settings, limits, sqlite_write_lock):
    game = factories.party("num5", 3)
    settings.RATELIMIT_ENABLED = limits
    sqlite_write_lock()
    client = FormClient(raise_request_exception=False)
    api = client.post(
        f"/api/v1/parties/{game.edit_token}/players",
        json.dumps({"name": "Max"}),
        content_type="application/json",
    )
    assert_json_503(api)
    page = client.post(f"/parties/{game.edit_token}/player_add/", {"name": "Max"})
    assert_page_503(page)
    assert "Un autre téléphone" not in page.content.decode()
    htmx = client.post(
        f"/parties/{game.edit_token}/player_add/", {"name": "Max"}, HTTP_HX_REQUEST="true"
    )
    assert htmx.status_code == 503 and htmx["HX-Retarget"] == "#request-status"
    version = game.version
    game.refresh_from_db()
    assert game.version == version


@pytest.fixture(scope="module")
def cluster():
    if servers.postgres_bindir() is None:
        pytest.skip("PostgreSQL is not installed")
    with servers.running_cluster() as running:
        servers.migrate(running.url)
        yield running


@pytest.mark.xdist_group("postgres-down")
def test_postgresql_stopped_api_503_json_pages_503_in_language_then_back(cluster):
    """A real PostgreSQL server stopped under a running gunicorn (limits on): every answer is a
    503 in its shape; started again, the same requests answer 200."""
    with servers.gunicorn(cluster.url, workers=1, threads=2, RATELIMIT_ENABLED="1") as base:
        body = json.dumps({"game": "num5", "players": ["Léa", "Tom", "Zoé"]}).encode()
        json_type = {"Content-Type": "application/json"}
        status, _, created = fetch(f"{base}/api/v1/parties", "POST", body, json_type)
        assert status == 201, created
        token = json.loads(created)["edit_token"]
        cluster.stop()
        try:
            status, headers, answer = fetch(f"{base}/api/v1/parties/{token}")
            assert status == 503 and int(headers["Retry-After"]) > 0, answer[:300]
            assert json.loads(answer)["error"]["field"] == "database"
            status, headers, answer = fetch(f"{base}/api/v1/parties", "POST", body, json_type)
            assert status == 503 and json.loads(answer)["error"]["field"] == "database"
            status, headers, page = fetch(f"{base}/parties/{token}/")
            assert status == 503 and "réessayez dans un instant" in page.decode()
            status, headers, page = fetch(f"{base}/en/parties/{token}/")
            assert status == 503 and "try again in a moment" in page.decode()
            assert fetch(f"{base}/healthz")[0] == 503
        finally:
            cluster.start()
        assert fetch(f"{base}/api/v1/parties/{token}")[0] == 200
        assert fetch(f"{base}/parties/{token}/")[0] == 200
