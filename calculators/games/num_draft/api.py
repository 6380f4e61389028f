"""NUM DRAFT's JSON endpoints: a pool's score and a whole table (their answers:
games/answers.py, shared with the offline bundle)."""

from __future__ import annotations

from typing import Any

from ...web.json import json_api
from .. import answers


@json_api
def num_draft_score(data: dict[str, Any]) -> dict[str, Any]:
    return answers.num_draft_score(data)


@json_api
def num_draft_table(data: dict[str, Any]) -> dict[str, Any]:
    return answers.num_draft_table(data)
