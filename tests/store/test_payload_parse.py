"""A log row's payload is read by orjson (`changelog.parse_payload`), and must read as `json.loads` reads it: what
orjson refuses goes to `json.loads`, so no payload a desk ever wrote reads differently or fails."""

from __future__ import annotations

import json
import math

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.store.changelog import canonical_json, parse_payload

# what json.dumps writes and orjson refuses
REFUSED_BY_ORJSON = [{"x": math.nan}, {"x": math.inf}, {"x": -math.inf}, {"s": "\ud800 дуплет"}]
# what orjson reads as a float: an integer past 64 bits, at the top and nested
READ_AS_FLOAT = [{"big": 1 << 70}, {"low": -(1 << 63) - 1}, {"events": [{"stake": 1 << 64}]}, {"a": {"b": 10 ** 30}}]


@pytest.mark.parametrize("payload", REFUSED_BY_ORJSON, ids=["nan", "inf", "-inf", "lone surrogate"])
def test_a_payload_orjson_refuses_reads_as_json_reads_it(payload):
    text = canonical_json(payload)
    with pytest.raises(orjson.JSONDecodeError):
        orjson.loads(text)
    assert canonical_json(parse_payload(text)) == canonical_json(json.loads(text)) == text


@pytest.mark.parametrize("payload", READ_AS_FLOAT, ids=["70 bits", "below -2**63", "nested in a list", "nested"])
def test_an_integer_past_64_bits_reads_exactly(payload):
    text = canonical_json(payload)
    assert canonical_json(orjson.loads(text)) != text  # orjson alone would change it
    assert canonical_json(parse_payload(text)) == text  # as written: 2**70 == float(2**70), not as text


values = st.recursive(
    st.none() | st.booleans() | st.integers(-(1 << 80), 1 << 80) | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


@settings(max_examples=300)
@given(payload=st.dictionaries(st.text(max_size=12), values, max_size=6))
def test_every_payload_reads_as_json_loads_reads_it(payload):
    text = canonical_json(payload)
    # compared as written back: NaN is not equal to itself, -0.0 is equal to 0.0
    assert canonical_json(parse_payload(text)) == canonical_json(json.loads(text)) == text
