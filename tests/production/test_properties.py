"""Hypothesis properties of the hardening helpers: token redaction and JSON depth."""

import json
import string

from hypothesis import given
from hypothesis import strategies as st

from calculators.web.json import json_depth
from numsite.log_redaction import REDACTED, redact

ALPHABET = string.ascii_letters + string.digits + "-_"
tokens = st.text(alphabet=ALPHABET, min_size=32, max_size=32).filter(
    lambda t: any(c not in string.ascii_lowercase + "-_" for c in t)
)
segments = st.text(alphabet=string.ascii_lowercase + "_.", min_size=1, max_size=15)


@given(
    token=tokens,
    prefix=st.sampled_from(["", "https://numsite.example", "GET ", "Not Found: "]),
    pk=st.one_of(st.none(), st.integers(1, 10**9)),
    tail=st.lists(segments, max_size=3),
    api=st.booleans(),
)
def test_a_token_never_survives_redaction(token, prefix, pk, tail, api):
    path = ("/api/v1" if api else "") + "/parties/" + (f"{pk}/" if pk else "") + token + "/"
    path += "/".join(tail)
    line = f"{prefix}{path} HTTP/1.1"
    redacted = redact(line)
    assert token not in redacted
    assert redacted == line.replace(token, REDACTED)  # nothing else changes


def nested_json():
    leaves = st.one_of(
        st.none(), st.booleans(), st.integers(), st.text(alphabet='[]{}"\\ab,:', max_size=6)
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=3)
        ),
        max_leaves=20,
    )


def depth(value) -> int:
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    return 0


@given(nested_json())
def test_json_depth_is_the_depth_of_the_decoded_value(value):
    assert json_depth(json.dumps(value)) == depth(value)
