"""The table's picture (issue 40).

How a save is named on both sides of the page, and what is kept.
"""

from __future__ import annotations

import json

import pytest

from park.ui.game.picture import PICTURE_VERSION, picture_of, save_fingerprint, shows_save


def textbook_crc32(data: bytes) -> int:
    """CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) bit by bit.

    As ``web/first_screen.js`` computes it from a table: a reference independent of ``zlib``.
    """
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _bit in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def test_the_reference_crc_is_the_standard_one() -> None:
    assert textbook_crc32(b"123456789") == 0xCBF43926  # CRC-32's published check value


@pytest.mark.parametrize("text", ["", "1", "Ada", '{"name": "探検家"}', "🐧 ペンギン"])
def test_the_fingerprint_is_the_crc32_of_the_texts_code_units(text: str) -> None:
    data = text.encode("utf-16-le", "surrogatepass")
    assert save_fingerprint(text) == f"{len(data) // 2}:{textbook_crc32(data):08x}"


def test_the_fingerprint_counts_utf16_code_units_as_javascript_does() -> None:
    """A character outside the Basic Multilingual Plane is two code units in JavaScript.

    It is two in ``String.length`` (and two in its hash); a Japanese name's characters are one
    each.
    """
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


def test_a_kept_picture_shows_its_save_in_its_language_and_build_only() -> None:
    """A page being closed keeps no second picture of the save it kept when hidden."""
    save = '{"seed": 7, "name": "Ada \\"the\\" bold"}'
    kept = picture_of(save, '<p class="x">"ok"</p>', language="ja", build="b1").text()
    assert shows_save(kept, save, language="ja", build="b1")
    assert not shows_save(kept, save + " ", language="ja", build="b1")
    assert not shows_save(kept, save, language="en", build="b1")
    assert not shows_save(kept, save, language="ja", build="b2")
    assert not shows_save(None, save, language="ja", build="b1")
