"""Work left for after the answer (numsite/after.py) runs when the server closes the response,
once, in order, before Django's request_finished; a failure is logged and costs nothing else;
outside a request nothing is left for later."""

import logging

import pytest
from django.core.signals import request_finished
from django.http import HttpResponse
from django.test import RequestFactory

from numsite.after import AfterAnswerMiddleware, after_answer, pending

# closing a response sends request_finished, whose receiver looks at the database connection
pytestmark = pytest.mark.django_db


def answered(*works):
    """A request answered by a view that leaves ``works`` (key, work) for later."""

    def view(request):
        for key, work in works:
            assert after_answer(key, work)
        return HttpResponse("the answer")

    return AfterAnswerMiddleware(view)(RequestFactory().get("/"))


def test_the_work_runs_when_the_response_is_closed_before_request_finished():
    done = []

    def finished(**kwargs):
        done.append("request_finished")

    request_finished.connect(finished)
    try:
        response = answered(("a", lambda: done.append("a")))
        assert response.content == b"the answer" and done == []  # the answer is whole first
        response.close()
    finally:
        request_finished.disconnect(finished)
    assert done == ["a", "request_finished"]


def test_a_later_work_under_the_same_key_replaces_the_earlier_in_its_place():
    done = []
    response = answered(
        ("a", lambda: done.append("a1")),
        ("b", lambda: done.append("b")),
        ("a", lambda: done.append("a2")),
    )
    response.close()
    assert done == ["a2", "b"]


def test_a_failing_work_is_logged_and_the_others_still_run(caplog):
    done = []

    def fails():
        raise RuntimeError("the cache is down")

    response = answered(("a", fails), ("b", lambda: done.append("b")))
    with caplog.at_level(logging.ERROR, logger="numsite.after"):
        response.close()
    assert done == ["b"] and response.closed
    assert "Work after the answer failed (a)" in caplog.text


def test_outside_a_request_nothing_is_left_for_later():
    assert after_answer("a", lambda: None) is False
    assert pending("a") is None


def test_a_request_without_work_keeps_its_response_untouched():
    response = answered()
    assert "close" not in vars(response)  # the response's own close, not wrapped
