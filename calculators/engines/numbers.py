"""Whole numbers written as text: the one strict reader for every query string, form and API
value that carries a number.

Python's own tests are too lenient for input: ``str.isdigit()`` accepts superscripts (« ² »)
that ``int()`` then refuses, and ``int()`` accepts other scripts' digits (« ٣ » is 3), ``_``
between digits, and thousands of digits (slow, then a ``ValueError``). A number here is ASCII
digits ``0``–``9`` only, at most :data:`MAX_DIGITS` of them, with spaces around allowed; a sign
only where the caller asks for one. Anything else is « not a number » (``None``), never an
exception.

This module has no Django import: the engines, the forms and the pages all call it.
"""

from __future__ import annotations

import re

#: More digits than any count, id or score of the site needs; every such number still fits
#: a 64-bit database integer.
MAX_DIGITS = 18

_UNSIGNED = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_SIGNED = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")


def parse_whole(text: object, *, signed: bool = False) -> int | None:
    """The whole number ``text`` writes in ASCII digits, or ``None`` for anything else.

    ``" 12 "`` is 12; ``"²"``, ``"٣"``, ``"1e3"``, ``"1_000"``, ``"12.0"``, ``""`` and any
    non-string are ``None``. A sign (``"-3"``, ``"+3"``, ``"-0"``) is read only with
    ``signed``; otherwise it makes the text « not a number »."""
    if not isinstance(text, str):
        return None
    match = (_SIGNED if signed else _UNSIGNED).fullmatch(text.strip(" \t\r\n"))
    return int(match.group()) if match else None
