"""The static page's texts in each language.

Written by the build for the first screen before Python (issue 40): computed by the page's own
translation code, for every marked text of the built page.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tools.i18n_html import messages
from tools.page_lists import filled_index
from tools.page_texts import add_page_translations, page_translations

from park.engine.languages import TRANSLATIONS
from park.ui.lang.i18n import _, speaking
from tests.helpers import WEB


def built_index() -> str:
    """``web/index.html`` with the registries' lists (levels, languages, menus), as built."""
    return filled_index((WEB / "index.html").read_text(encoding="utf-8"))


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_marked_text_of_the_page_is_translated(language: str) -> None:
    index = built_index()
    translated = page_translations(index, language)
    assert {message for _line, message in messages(index)} == set(translated)
    with speaking(language):
        assert translated["Start the expedition"] == _("Start the expedition")
        assert translated["Easy"] == _("Easy")  # a level option, written by the build
        assert translated["Quick (0.3 s)"] == _("Quick (0.3 s)")  # a menu's, written too


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_the_build_adds_them_to_the_boot_messages(tmp_path: Path, language: str) -> None:
    (tmp_path / "index.html").write_text(built_index(), encoding="utf-8")
    for code in TRANSLATIONS:  # the build compiles one for each translated language
        compiled = tmp_path / "locale" / code / "boot.json"
        compiled.parent.mkdir(parents=True)
        compiled.write_text(json.dumps({"Loading Python…": "(kept)"}), encoding="utf-8")
    add_page_translations(tmp_path)
    boot = tmp_path / "locale" / language / "boot.json"
    texts = json.loads(boot.read_text(encoding="utf-8"))
    assert texts["Loading Python…"] == "(kept)"
    assert (
        texts["Start the expedition"]
        == page_translations(built_index(), language)["Start the expedition"]
    )
