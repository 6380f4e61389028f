"""Num Connect's JSON endpoint: a line checked (its answer: games/answers.py, shared with the
offline bundle)."""

from __future__ import annotations

from typing import Any

from ...web.json import json_api
from .. import answers


@json_api
def num_connect_check(data: dict[str, Any]) -> dict[str, Any]:
    return answers.num_connect_check(data)
