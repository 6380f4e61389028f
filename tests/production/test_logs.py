"""No Parties token in any log line: one filter on every handler."""

import io
import logging
import secrets
import sys

import pytest
from django.test import RequestFactory

from numsite.log_redaction import REDACTED, RedactTokensFilter, redact

pytestmark = pytest.mark.django_db


def token() -> str:
    return secrets.token_urlsafe(24)


@pytest.mark.parametrize(
    "template",
    [
        "/parties/12/{t}/",
        "/parties/12/{t}/claim_add/",
        "/parties/12/{t}/export.csv",
        "/parties/{t}/",
        "/parties/{t}/tableau/?v=3",
        "/api/v1/parties/{t}/",
        "/api/v1/parties/{t}/claims",
        "https://numsite.example/parties/{t}/#x",
        'GET /parties/12/{t}/claim_add/ HTTP/1.1" 400',
        "Bad Request: /parties/12/{t}/claim_add/",
    ],
)
def test_redact_removes_the_token_and_keeps_the_rest(template):
    t = token()
    line = template.format(t=t)
    redacted = redact(line)
    assert t not in redacted
    assert redacted == line.replace(t, REDACTED)


#: What sticks to a token copied from a message or a page: a sentence's full stop, a closing
#: parenthesis, a zero-width space, a line break (``%0A``, or decoded), a quotation mark.
STUCK = [".", ")", "\u200b", "%0A", "\n", '"']


@pytest.mark.parametrize("stuck", STUCK, ids=repr)
@pytest.mark.parametrize(
    "template",
    [
        "/parties/{t}",
        "/parties/{t}/",
        "/parties/{t}/tableau/",
        "/parties/12/{t}/",
        "/api/v1/parties/{t}/claims",
        'GET /parties/{t}/ HTTP/1.1" 404',
        "Not Found: /parties/12/{t}/",
    ],
)
def test_redact_catches_a_token_with_a_character_stuck_to_it(template, stuck):
    t = token()
    for glued in (t + stuck, stuck + t, stuck + t + stuck):
        redacted = redact(template.format(t=glued))
        assert t not in redacted and REDACTED in redacted, redacted
        assert redacted == template.format(t=glued.replace(t, REDACTED))  # the rest is kept


@pytest.mark.parametrize(
    "template",
    [
        "/parties/{t} suite",
        "/parties/{t} {t} merci",
        "/parties/nouvelle {t}",
        "voir /parties/ {t} puis",
        'GET /parties/{t}/ HTTP/1.1" 200 "Mozilla/5.0 {t}"',
    ],
)
def test_redact_catches_a_token_followed_by_a_space_separated_word(template):
    t = token()
    line = template.format(t=t)
    assert redact(line) == line.replace(t, REDACTED)


@pytest.mark.parametrize("marker", ["/PARTIES/", "/Parties/", "/api/v1/PARTIES/", "/pArTiEs/"])
def test_redact_catches_an_upper_case_parties_path(marker):
    t = token()
    assert redact(f"Not Found: {marker}{t}/") == f"Not Found: {marker}{REDACTED}/"


@pytest.mark.parametrize("glue", ["%0A", "%0a", "\u200b", "\u00ad", "%E2%80%8B"], ids=repr)
def test_redact_catches_a_token_split_by_what_does_not_end_it(glue):
    """A line break or a zero-width space inside a copied token: no half of it is left."""
    t = token()
    for at in (1, 8, 16, 31):
        line = f"/parties/{t[:at]}{glue}{t[at:]}/tableau/"
        assert redact(line) == f"/parties/{REDACTED}/tableau/", (at, redact(line))


def test_redact_keeps_short_runs_and_names_after_the_marker_but_no_long_mixed_run():
    for line in (
        "/parties/nouvelle/: Not Found (12 ms, 4096 bytes)",
        "/parties/L%C3%A9a%20et%20Tom/",
        "/parties/nouvelle/ undo_redo_last_claim",
    ):
        assert redact(line) == line
    # a capitalised word or a long number after the marker: taken for a token, to be safe
    assert redact("/parties/x OperationalError") == f"/parties/x {REDACTED}"
    assert redact("/parties/x 1733059200123456") == f"/parties/x {REDACTED}"


def test_redact_keeps_names_and_ids():
    for line in (
        "/parties/nouvelle/",
        "/parties/12/abc/claim_add/",
        "/parties/12/tableau/",
        "/num-check/?cards=7R",
        "/parties/12/undo_redo_last_claim/",
    ):
        assert redact(line) == line


def test_redact_catches_a_token_with_any_capital_or_digit():
    # A segment of lowercase letters, _ and - is a name (an action); a random token is one with
    # probability (28/64)^32 ≈ 4e-12. One capital or digit makes it a token.
    for t in ("a" * 31 + "B", "-" * 31 + "7", "0123456789" * 3 + "ab", "abc_def-ghi_" * 2 + "Xy1"):
        assert REDACTED in redact(f"/parties/{t}/"), t
    assert (
        redact("/parties/1/abcdefghijklmnopqrstuvwxyz/") == "/parties/1/abcdefghijklmnopqrstuvwxyz/"
    )


def test_filter_redacts_message_args_request_and_traceback():
    t = token()
    request = RequestFactory().get(f"/parties/3/{t}/", HTTP_REFERER=f"https://x/parties/3/{t}/")
    try:
        raise ValueError(f"boom at /parties/3/{t}/")
    except ValueError:
        exc_info = sys.exc_info()
    record = logging.LogRecord(
        "django.request",
        logging.WARNING,
        __file__,
        1,
        "Bad Request: %s (%s)",
        (request.path, 400),
        exc_info,
    )
    record.request = request
    record.status_code = 400
    assert RedactTokensFilter().filter(record) is True
    text = logging.Formatter().format(record)
    assert t not in text and REDACTED in text and "(400)" in text
    logged = record.__dict__["request"]  # set above, as Django's request logging does
    assert t not in logged.path and t not in logged.META["HTTP_REFERER"]
    assert request.path == f"/parties/3/{t}/"  # the live request is left alone


def test_filter_keeps_gunicorn_access_atoms_a_safe_dict():
    from gunicorn.glogging import SafeAtoms

    t = token()
    atoms = SafeAtoms({"U": f"/parties/{t}/", "s": 200, "{user-agent}i": "curl"})
    record = logging.LogRecord(
        "gunicorn.access", logging.INFO, __file__, 1, "%(U)s %(s)s %({referer}i)s", (), None
    )
    record.args = atoms
    RedactTokensFilter().filter(record)
    assert isinstance(record.args, SafeAtoms)  # still answers « - » for an atom it lacks
    assert record.getMessage() == f"/parties/{REDACTED}/ 200 -"


def configured_handlers() -> list[logging.Handler]:
    handlers = list(logging.getLogger().handlers)
    for logger in logging.Logger.manager.loggerDict.values():
        if isinstance(logger, logging.Logger):
            handlers += logger.handlers
    return handlers


def test_every_configured_handler_runs_the_filter():
    # pytest's own capture handlers aside, every handler of every logger has the filter (a
    # library's NullHandler, such as requests' when a test imports it, writes nothing).
    ours = [
        h
        for h in configured_handlers()
        if not type(h).__module__.startswith("_pytest") and type(h) is not logging.NullHandler
    ]
    assert ours, "LOGGING configures handlers"
    for handler in ours:
        assert any(isinstance(f, RedactTokensFilter) for f in handler.filters), handler


def test_django_loggers_keep_no_handler_of_their_own():
    # Django's defaults (console in DEBUG, mail_admins) would bypass the filter.
    assert logging.getLogger("django").handlers == []
    assert logging.getLogger("django.request").handlers == []


@pytest.mark.parametrize("stuck", [s for s in STUCK if s != "\n"], ids=repr)  # %0A is "\n"
def test_a_token_with_a_character_stuck_to_it_leaves_no_trace_in_captured_logs(
    client, caplog, console, stuck
):
    t = token()
    for path in (f"/parties/{t}{stuck}/", f"/parties/{stuck}{t}/", f"/api/v1/parties/{t}{stuck}"):
        with caplog.at_level(logging.INFO):
            response = client.get(path, HTTP_REFERER=f"http://testserver{path}")
        assert response.status_code == 404
    written = console.getvalue()
    assert written.count("Not Found") == 3 and REDACTED in written
    assert t not in written and t not in caplog.text


@pytest.mark.parametrize(
    "method, template",
    [
        ("post", "/parties/1/{t}/claim_add/"),
        ("get", "/parties/1/{t}/"),
        ("get", "/parties/1/{t}/tableau/"),
        ("get", "/parties/1/{t}/export.csv"),
        ("post", "/api/v1/parties/{t}/claims"),
        ("get", "/parties/{t}/"),
    ],
)
def test_refused_party_requests_leave_no_token_in_captured_logs(
    client, caplog, console, method, template
):
    t = token()
    path = template.format(t=t)
    with caplog.at_level(logging.INFO):
        response = getattr(client, method)(
            path, {"combo": "paire", "cards": "1R 1B"}, HTTP_REFERER=f"http://testserver{path}"
        )
    assert response.status_code >= 400
    written = console.getvalue()
    assert "parties/" in written and REDACTED in written  # the refusal was logged…
    assert t not in written  # …without its token
    assert t not in caplog.text
    for record in caplog.records:
        assert t not in record.getMessage()


def test_runserver_request_log_is_redacted(console):
    handler = logging.getLogger("django.server").handlers[0]
    assert isinstance(handler, logging.StreamHandler)
    buffer = io.StringIO()
    old = handler.setStream(buffer)
    try:
        t = token()
        logging.getLogger("django.server").info(
            '"%s" %s %s', f"GET /parties/1/{t}/tableau/?v=2 HTTP/1.1", "200", "1234"
        )
    finally:
        handler.setStream(old)
    assert t not in buffer.getvalue() and REDACTED in buffer.getvalue()
