"""The table's picture (issue 40): how a save is named on both sides of the page, and what
is kept."""

from __future__ import annotations

import json

import pytest

from park.ui.game.picture import PICTURE_VERSION, picture_of, save_fingerprint


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "0:811c9dc5"),  # FNV-1a's offset basis: nothing hashed
        ("a", "1:e40c292c"),  # the published 32-bit FNV-1a of "a"
        ("foobar", "6:bf9cf968"),  # and of "foobar"
    ],
)
def test_the_fingerprint_is_fnv_1a_of_the_texts_code_units(text: str, expected: str) -> None:
    assert save_fingerprint(text) == expected


def test_the_fingerprint_counts_utf16_code_units_as_javascript_does() -> None:
    """A character outside the Basic Multilingual Plane is two code units in JavaScript's
    ``String.length`` (and two in its hash); a Japanese name's characters are one each."""
    assert save_fingerprint("探検").split(":")[0] == "2"
    assert save_fingerprint("🐧").split(":")[0] == "2"


def test_any_change_of_the_save_changes_its_fingerprint() -> None:
    save = json.dumps({"log": ["step:3", "play:F12"], "name": "Ada"})
    other = save.replace("F12", "F13")
    assert len(other) == len(save)
    assert save_fingerprint(save) != save_fingerprint(other)


def test_the_picture_keeps_the_save_language_build_and_markup() -> None:
    picture = picture_of(
        '{"x": 1}', '<div id="board">…</div>', language="ja", build="Park: Version 0.1.0"
    )
    kept = json.loads(picture.text())
    assert kept == {
        "version": PICTURE_VERSION,
        "save": save_fingerprint('{"x": 1}'),
        "language": "ja",
        "build": "Park: Version 0.1.0",
        "html": '<div id="board">…</div>',
    }
