"""The one reader of whole numbers written as text: ASCII digits, bounded, never an exception."""

import pytest

from calculators.engines.numbers import MAX_DIGITS, parse_whole


@pytest.mark.parametrize(
    "text, number", [("0", 0), ("7", 7), (" 12 ", 12), ("007", 7), ("9" * MAX_DIGITS, 10**18 - 1)]
)
def test_ascii_digits_are_a_number(text, number):
    assert parse_whole(text) == number


@pytest.mark.parametrize(
    "text",
    [
        "²",  # str.isdigit() says yes, int() refuses it
        "¹²",
        "٣",  # int() reads Arabic-Indic digits
        "１２",  # and full-width ones
        "1e999",
        "1e3",
        "12.0",
        "1_000",
        "0x10",
        "-0",
        "-3",
        "+3",
        "",
        " ",
        "NaN",
        "\ud800",
        "1\x002",
        "9" * (MAX_DIGITS + 1),
        "9" * 5000,  # over int()'s conversion limit
    ],
)
def test_anything_else_is_not_a_number(text):
    assert parse_whole(text) is None


@pytest.mark.parametrize("value", [None, 3, 3.0, True, ["3"], b"3"])
def test_only_text_is_read(value):
    assert parse_whole(value) is None


def test_a_sign_only_when_asked():
    assert parse_whole("-3", signed=True) == -3
    assert parse_whole("+3", signed=True) == 3
    assert parse_whole("-0", signed=True) == 0
    assert parse_whole("- 3", signed=True) is None
    assert parse_whole("-٣", signed=True) is None
