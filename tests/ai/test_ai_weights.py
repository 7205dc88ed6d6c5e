"""The normal level's tuned weights, kept as data (``park/ai/weights.toml``)."""

from __future__ import annotations

from dataclasses import fields, replace
from importlib import resources

import pytest

from park.ai.heuristic import NORMAL_WEIGHTS
from park.ai.tuned import WEIGHTS_FILE, WeightsError, format_weights, parse_weights
from park.ai.weights import Weights


def _shipped_text() -> str:
    return resources.files("park.ai").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")


def test_the_normal_level_plays_with_the_shipped_weights() -> None:
    assert parse_weights(_shipped_text()) == NORMAL_WEIGHTS


def test_the_shipped_file_says_how_it_was_made() -> None:
    import tomllib

    tuning = tomllib.loads(_shipped_text())["tuning"]
    assert tuning["command"]
    assert tuning["date"]


def test_weights_survive_a_round_trip() -> None:
    odd = replace(Weights(), rate=6.125, hand_cards_counted=4, exchange_margin=-3.5)
    assert parse_weights(format_weights(odd, {"command": 'say "hi"\\n'})) == odd


def _table(weights: Weights) -> dict[str, object]:
    return {f.name: getattr(weights, f.name) for f in fields(Weights)}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rate": None}, "weights missing: rate"),
        ({"speed": 1.0}, "unknown weights: speed"),
        ({"rate": "'fast'"}, "rate must be a number"),
        ({"hand_cards_counted": 2.5}, "hand_cards_counted must be an integer"),
        ({"rate": "true"}, "rate must be a number"),
    ],
)
def test_a_broken_weights_file_is_refused_with_the_field_named(
    change: dict[str, object], message: str
) -> None:
    table = _table(Weights())
    for key, value in change.items():
        if value is None:
            del table[key]
        else:
            table[key] = value
    text = "[normal]\n" + "".join(
        f"{k} = {v}\n" if isinstance(v, str) else f"{k} = {v!r}\n" for k, v in table.items()
    )
    with pytest.raises(WeightsError, match=message):
        parse_weights(text)


def test_a_weights_file_that_is_not_toml_or_has_no_table_is_refused() -> None:
    with pytest.raises(WeightsError, match="not valid TOML"):
        parse_weights("[normal\n")
    with pytest.raises(WeightsError, match=r"no \[normal\] table"):
        parse_weights("[tuning]\ncommand = 'x'\n")
