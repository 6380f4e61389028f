"""NUM CHECK's JSON endpoints: score, detect, outs, sheet (their answers: games/answers.py,
shared with the offline bundle)."""

from __future__ import annotations

from typing import Any

from ...web.json import json_api
from .. import answers


@json_api
def num_check_score(data: dict[str, Any]) -> dict[str, Any]:
    return answers.num_check_score(data)


@json_api
def num_check_detect(data: dict[str, Any]) -> dict[str, Any]:
    return answers.num_check_detect(data)


@json_api
def num_check_outs(data: dict[str, Any]) -> dict[str, Any]:
    return answers.num_check_outs(data)


@json_api
def num_check_sheet(data: dict[str, Any]) -> dict[str, Any]:
    return answers.num_check_sheet(data)
