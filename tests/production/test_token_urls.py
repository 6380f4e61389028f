"""Capability tokens, every app's, read from the URLconf: declared with the ``token`` converter,
kept out of every log (Django's request log, tracebacks), whatever the route and the token
(unknown, an edit or read token of a party or a tablée, a party's replaced link)."""

import fnmatch
import json
import logging
import re
import secrets
import time

import pytest
from django.urls import Resolver404, URLResolver, get_resolver, resolve
from django.urls.resolvers import RoutePattern
from django.utils import translation

from calculators.parties import services as party_services
from calculators.tablees import services as tablee_services
from numsite.log_redaction import REDACTED, markers, redact
from numsite.tokens import TokenConverter, token_prefixes
from tests.conftest import FormClient
from tests.factories import party

from .servers import ROOT, fetch, gunicorn, migrated, server_env
from .token_urls import token_routes

pytestmark = pytest.mark.django_db


def test_every_route_parameter_named_token_is_declared_a_token():
    """A new app's ``<str:token>`` would escape the walk: a parameter whose name says token
    must use the converter that marks it."""

    def walk(patterns):
        for entry in patterns:
            pattern = entry.pattern
            if isinstance(pattern, RoutePattern):
                for name, converter in pattern.converters.items():
                    if "token" in name.lower():
                        yield str(pattern), isinstance(converter, TokenConverter)
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns)

    found = list(walk(get_resolver().url_patterns))
    assert found
    assert [route for route, ok in found if not ok] == []


def test_the_token_prefixes_are_every_apps():
    prefixes = token_prefixes()
    for expected in (
        "/parties/",
        "/api/v1/parties/",
        "/tablees/",
        "/tablees/rattacher/",
        "/api/v1/tablees/",
        "/tournois/",
        "/tournois/table/",
        "/api/v1/events/",
    ):
        assert expected in prefixes
    # the others contain one of them
    assert set(markers()) == {"/parties/", "/tablees/", "/tournois/", "/api/v1/events/"}


def test_the_token_prefixes_are_the_same_whatever_the_active_language():
    """The markers are read once per process, maybe during an English request."""
    with translation.override("en"):
        english = token_prefixes()
    assert english == token_prefixes() and "/tablees/" in english


def test_the_walk_finds_every_apps_token_routes():
    routes = token_routes()
    for expected in (
        "/parties/{t}/",
        "/parties/{t}/tableau/",
        "/api/v1/parties/{t}/claims",
        "/tablees/{t}/",
        "/tablees/{t}/export.csv",
        "/tablees/rattacher/{t}/",
        "/api/v1/tablees/{t}/parties",
        "/tournois/{t}/",
        "/tournois/table/{t}/x/",
        "/api/v1/events/{t}/standings",
    ):
        assert expected in routes
    assert all(r.count("{t}") == 1 for r in routes)


@pytest.mark.parametrize("route", token_routes())
@pytest.mark.parametrize(
    "line", ["Not Found: {p}", "Bad Request: {p}", 'GET {p} HTTP/1.1" 404', '  File "x", {p}.']
)
def test_redact_removes_the_token_of_every_route(route, line):
    t = secrets.token_urlsafe(24)
    path = route.format(t=t)
    for shown in (path, "/en" + path, f"https://numsite.example{path}?v=1"):
        text = line.format(p=shown)
        assert redact(text) == text.replace(t, REDACTED)


@pytest.fixture
def tokens():
    """An unknown token, both tokens of a party and of a tablée, a party's replaced links."""
    game = party("num_check", ["Léa", "Tom"])
    old = (game.edit_token, game.read_token)
    party_services.rotate(game)
    game = party("num5", ["Léa", "Tom", "Max"])
    tablee = tablee_services.create("Le club", ["Léa", "Tom"])
    return {
        "unknown": secrets.token_urlsafe(24),
        "party edit": game.edit_token,
        "party read": game.read_token,
        "party replaced edit": old[0],
        "party replaced read": old[1],
        "tablee edit": tablee.edit_token,
        "tablee read": tablee.read_token,
    }


@pytest.mark.parametrize("route", token_routes())
def test_no_token_of_any_route_reaches_a_log(route, tokens, caplog, console):
    client = FormClient(raise_request_exception=False)  # a 500 is asserted, not raised
    for kind, t in tokens.items():
        path = route.format(t=t)
        with caplog.at_level(logging.INFO):
            answers = [
                client.get(path, HTTP_REFERER=f"http://testserver{path}"),
                client.post(
                    path, {"name": "Zoé", "tablee": "x"}, HTTP_REFERER=f"http://testserver{path}"
                )
                if not path.startswith("/api/")
                else client.post(path, "{}", content_type="application/json"),
            ]
        for answer in answers:
            assert answer.status_code != 500, (kind, path)
    written = console.getvalue() + caplog.text
    for record in caplog.records:
        written += record.getMessage()
    assert re.search(r"Not Found|Bad Request|Forbidden|Gone|Method Not Allowed", written)
    for kind, t in tokens.items():
        assert t not in written, kind


@pytest.mark.xdist_group("gunicorn")
def test_no_token_of_any_route_reaches_a_real_gunicorns_logs(tmp_path):
    """The access log (its lines are gunicorn's, not Django's) and the error log of a real
    server, for every token route, its unknown and real tokens, read and written (CSRF
    refusals included)."""
    env = server_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        GUNICORN_ACCESS_LOG=str(tmp_path / "access.log"),
        GUNICORN_ERROR_LOG=str(tmp_path / "error.log"),
        RATELIMIT_ENABLED="0",
    )
    migrated(env)
    json_headers = {"Content-Type": "application/json"}
    with gunicorn(env, tmp_path / "stderr.log") as base:
        status, _, body = fetch(
            f"{base}/api/v1/parties",
            "POST",
            json.dumps({"game": "num-check", "players": ["Léa", "Tom"]}).encode(),
            json_headers,
        )
        assert status == 201
        game = json.loads(body)
        status, _, body = fetch(
            f"{base}/api/v1/tablees",
            "POST",
            json.dumps({"name": "Le club", "players": ["Léa", "Tom"]}).encode(),
            json_headers,
        )
        assert status == 201
        tablee = json.loads(body)
        secret = [secrets.token_urlsafe(24), game["edit_token"], game["read_token"]]
        secret += [tablee["edit_token"], tablee["read_token"]]
        for route in token_routes():
            for t in secret:
                url = base + route.format(t=t)
                status, _, _ = fetch(url, headers={"Referer": url})
                assert status != 500, url
                if route.startswith("/api/"):
                    status, _, _ = fetch(url, "POST", b"{}", json_headers)
                else:
                    form = {"Content-Type": "application/x-www-form-urlencoded"}
                    status, _, _ = fetch(url, "POST", b"name=Zo%C3%A9", form)
                assert status != 500, url
        time.sleep(0.5)  # let the workers flush their log lines
    access = (tmp_path / "access.log").read_text()
    assert access.count(REDACTED) >= 2 * len(token_routes()) * len(secret), access[:2000]
    logs = access + "".join(
        (tmp_path / n).read_text() for n in ("error.log", "stderr.log") if (tmp_path / n).exists()
    )
    assert "Not Found" in logs and "Forbidden" in logs  # Django's request log is there too…
    for t in secret:
        assert t not in logs  # …and nowhere a token


# --------------------------------------------------------------------------- proxies' compression


def token_paths() -> list[str]:
    """Every token route with a token in it, in each language it answers in (``/en/…`` when
    the route is under ``i18n_patterns``): the paths the proxies must never compress."""
    t = secrets.token_urlsafe(24)
    paths = []
    for route in token_routes():
        for language, path in (("fr", route.format(t=t)), ("en", "/en" + route.format(t=t))):
            with translation.override(language):  # the language prefix matches the active one
                try:
                    resolve(path)
                except Resolver404:
                    continue
            paths.append(path)
    return paths


def caddy_compresses(caddyfile: str, path: str) -> bool:
    """Whether the sample's ``encode`` applies to ``path``: every ``encode`` line names the
    ``@compressible`` matcher, a ``not path`` list of globs (Caddy's path matcher: ``*``
    matches across ``/``, case-insensitive; a glob without ``*`` is the exact path)."""
    lines = [line.strip() for line in caddyfile.splitlines()]
    encodes = [line for line in lines if line.startswith("encode ")]
    assert encodes and all(line.split()[1] == "@compressible" for line in encodes), encodes
    (matcher,) = [line for line in lines if line.startswith("@compressible ")]
    words = matcher.split()
    assert words[1:3] == ["not", "path"], matcher
    return not any(fnmatch.fnmatchcase(path.lower(), glob.lower()) for glob in words[3:])


def nginx_compresses(conf: str, path: str) -> bool:
    """Whether gzip applies to ``path`` in the sample: ``gzip on`` at the server's level, or in
    a prefix ``location`` that ``path`` falls in (the sample has no other kind of location)."""
    stack = [("", False)]  # (the block's location, whether gzip is on in it)
    found = False
    for raw in conf.splitlines():
        line = raw.split("#", 1)[0].strip()
        location = re.match(r"location\s+(?:\^~\s+)?(\S+)\s*\{", line)
        if location:
            stack.append((location.group(1), stack[-1][1]))
            line = line[location.end() :]
        elif line.endswith("{"):
            stack.append((stack[-1][0], stack[-1][1]))
        switch = re.search(r"\bgzip\s+(on|off)\s*;", line)
        if switch:
            stack[-1] = (stack[-1][0], switch.group(1) == "on")
        for _ in range(line.count("}")):
            where, on = stack.pop()
            found = found or (on and path.startswith(where))
    return found or stack[0][1]


def test_the_proxies_never_compress_a_path_that_carries_a_token():
    """Derived from the URLconf: a new app's token URLs must be left out of the proxies'
    compression (deploy/Caddyfile's ``@compressible``, deploy/nginx.conf's ``gzip``)."""
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text()
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    paths = token_paths()
    assert any(p.startswith("/en/tablees/") for p in paths)
    assert [p for p in paths if caddy_compresses(caddyfile, p)] == []
    assert [p for p in paths if nginx_compresses(nginx, p)] == []
    # the readers can tell: a public page is compressed by Caddy
    assert caddy_compresses(caddyfile, "/num-check/")
    assert nginx_compresses("server {\n    gzip on;\n}\n", "/tablees/x/")
    assert not nginx_compresses("server {\n    gzip off;\n}\n", "/tablees/x/")
