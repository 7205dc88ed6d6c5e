"""The page's typeface as the build ships it (tools/fonts.py, issue 39).

Subset to the page's characters, WOFF2, the same bytes from the same input, named by its content,
its licence beside it, and boot.js told where each face is.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
from tools.fonts import (
    BOOT_MARKER,
    FACES,
    FAMILY,
    FONTS_DIR,
    Face,
    add_fonts,
    boot_fonts,
    package_file,
    page_characters,
    subset_font,
)
from tools.paths import NODE_MODULES, ROOT
from tools.service_worker import HASHED_URLS

BOOT = "var FONTS = /* park:fonts (the faces to load) */ null;\n"


def _package(face: Face = FACES[0]) -> bytes:
    """The npm package's file of ``face``; skips the test where ``npm ci`` has not run."""
    try:
        return package_file(NODE_MODULES, face).read_bytes()
    except FileNotFoundError as exc:
        pytest.skip(str(exc))


def _characters(font: bytes) -> set[str]:
    return {chr(code) for code in TTFont(io.BytesIO(font)).getBestCmap()}


def test_the_page_characters_are_its_own_text_and_a_names_letters(tmp_path: Path) -> None:
    (tmp_path / "src" / "park").mkdir(parents=True)
    (tmp_path / "web").mkdir()
    (tmp_path / "src" / "park" / "cards.toml").write_text('name = "Café — Fjällbacka…"\n')
    (tmp_path / "web" / "index.html").write_text("<p>Ōtsuki</p>\n")
    (tmp_path / "web" / "notes.md").write_text("ŧ")  # not a file the page shows
    text = page_characters(tmp_path)
    assert list(text) == sorted(set(text))
    assert {"A", "z", "0", " ", "~", "é", "ä", "—", "…", "Ō"} <= set(text)
    assert {"Ø", "ñ", "ß"} <= set(text), "letters a player's name may have"
    assert "ŧ" not in text and "\n" not in text and "\x7f" not in text


def test_the_project_text_needs_the_games_punctuation() -> None:
    text = page_characters(ROOT)
    assert {"é", "—", "–", "…", "·"} <= set(text)


def test_a_subset_holds_the_characters_asked_for_and_no_others() -> None:
    source = _package()
    subset = subset_font(source, "Café Hall of Records — 1889…")
    assert subset[:4] == b"wOF2"
    have = _characters(subset)
    assert set("Café Hall of Records — 1889…") <= have
    assert "Z" not in have and "ü" not in have
    assert len(subset) < len(source) / 2
    names = TTFont(io.BytesIO(subset))["name"]
    assert "Tinos" in str(names.getDebugName(0)), "the copyright stays"
    assert names.getDebugName(14), "the licence's URL stays"


def test_a_subset_is_the_same_bytes_each_time() -> None:
    source, text = _package(), page_characters(ROOT)
    assert subset_font(source, text) == subset_font(source, text)


def test_boot_js_is_told_each_face_in_order() -> None:
    faces = boot_fonts([(Face(400, "normal"), "./fonts/a.woff2"), (Face(700, "italic"), "./b")])
    assert json.loads(faces) == {
        "family": FAMILY,
        "faces": [
            {"url": "./fonts/a.woff2", "weight": "400", "style": "normal"},
            {"url": "./b", "weight": "700", "style": "italic"},
        ],
    }
    assert "*/" not in faces


def test_the_build_writes_each_face_named_by_its_content(tmp_path: Path) -> None:
    _package()
    (tmp_path / "boot.js").write_text(BOOT, encoding="utf-8")
    urls = add_fonts(tmp_path, NODE_MODULES, ROOT)
    assert len(urls) == len(FACES)
    for url, face in zip(urls, FACES, strict=True):
        name = url.removeprefix(f"./{FONTS_DIR}/")
        assert re.fullmatch(rf"tinos-{face.stem}\.[0-9a-f]{{16}}\.woff2", name), name
        data = (tmp_path / FONTS_DIR / name).read_bytes()
        assert hashlib.sha256(data).hexdigest()[:16] in name
        assert {"G", "é", "—"} <= _characters(data)
        assert re.search(HASHED_URLS, f"{FONTS_DIR}/{name}"), "precached from the HTTP cache"
    assert "Open Font License" in (tmp_path / FONTS_DIR / "LICENSE").read_text(encoding="utf-8")
    boot = (tmp_path / "boot.js").read_text(encoding="utf-8")
    assert not BOOT_MARKER.search(boot)
    told = json.loads(boot.removeprefix("var FONTS = ").removesuffix(";\n"))
    assert [face["url"] for face in told["faces"]] == urls


def test_the_build_needs_boot_js_to_ask_for_the_fonts(tmp_path: Path) -> None:
    _package()
    (tmp_path / "boot.js").write_text("var FONTS = null;\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="park:fonts"):
        add_fonts(tmp_path, NODE_MODULES, ROOT)
