"""The registries of AI levels and languages (issue 24).

Every layer and the built page read the same lists, so adding a level or a language takes the
registry plus its own files.
"""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from tools.page_lists import fill_page_lists

from park.ai import LEVEL_BOTS, LEVELS, make_bot
from park.engine import deck
from park.engine.languages import DEFAULT_LANGUAGE, LANGUAGES, TRANSLATIONS
from park.engine.levels import (
    AI_LEVELS,
    CONTROLLER_CODES,
    CONTROLLERS,
    HUMAN,
    HUMAN_CODE,
    strength,
    thinking_time,
    thinks_on_budget,
)
from park.engine.levels import LEVELS as LEVEL_REGISTRY
from park.engine.names import SEAT_COLOURS
from park.engine.player_counts import (
    MAX_OPPONENTS,
    MAX_PLAYERS,
    MIN_OPPONENTS,
    MIN_PLAYERS,
    PLAYER_COUNTS,
)
from park.engine.rules import new_game
from park.engine.scoring_board import load_scoring_board
from park.ui.game.links import SEAT_CODES
from park.ui.lang import i18n
from park.ui.lang.levels import LEVEL_LABELS, OFFERED_LEVELS
from park.ui.lang.text import LEVEL_NAMES
from park.ui.record import html as record_html
from park.ui.record.parts import LEVELS as RECORD_LEVELS
from park.ui.setup.menus import HUMANS, MENUS, SOUND, SPEED, THEME, THINKING, Menu
from park.ui.setup.pace import SPEEDS
from park.ui.setup.preferences import SOUND_SETTINGS, THEMES
from park.ui.setup.seats import seat_specs
from park.ui.setup.settings import AI_LEVELS as FORM_LEVELS
from park.ui.setup.settings import DEFAULT_LEVEL, MAX_HUMANS, THINKING_TIMES, NewGameSettings
from tests.helpers import WEB
from tools import translations


class _Options(HTMLParser):
    """The ``<option>`` values (and ``selected`` ones) of the ``<select id=...>`` asked for."""

    def __init__(self, select: str) -> None:
        super().__init__()
        self.select, self.inside = select, False
        self.values: list[str] = []
        self.selected: list[str] = []
        self.marked: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "select":
            self.inside = found.get("id") == self.select
        elif tag == "option" and self.inside:
            self.values.append(found["value"] or "")
            self.marked.append("data-i18n" in found)
            if "selected" in found:
                self.selected.append(found["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.inside = False


def _options(html: str, select: str) -> _Options:
    parser = _Options(select)
    parser.feed(html)
    return parser


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """web/'s index.html and boot.js with the registries' lists filled, as the build does."""
    site = tmp_path_factory.mktemp("site")
    for name in ("index.html", "boot.js"):
        shutil.copy(WEB / name, site / name)
    fill_page_lists(site)
    return site


def test_every_layer_lists_the_same_ai_levels_in_strength_order() -> None:
    assert tuple(level.name for level in LEVEL_REGISTRY) == AI_LEVELS
    assert LEVELS == AI_LEVELS == tuple(entry.name for entry in LEVEL_BOTS)
    assert tuple(entry.name for entry in LEVEL_LABELS) == AI_LEVELS
    assert (HUMAN, *AI_LEVELS) == CONTROLLERS
    assert set(LEVEL_NAMES) == set(CONTROLLERS)
    assert [strength(name) for name in AI_LEVELS] == list(range(len(AI_LEVELS)))
    assert strength(HUMAN) == -1


def test_the_form_the_record_and_the_bots_read_the_registry() -> None:
    offered = tuple(entry.name for entry in LEVEL_LABELS if entry.form is not None)
    assert FORM_LEVELS == OFFERED_LEVELS == offered
    assert list(OFFERED_LEVELS) == sorted(OFFERED_LEVELS, key=strength), "weakest first"
    assert DEFAULT_LEVEL in FORM_LEVELS
    assert (*OFFERED_LEVELS, "random", "none") == RECORD_LEVELS
    assert set(record_html.LEVEL_LABELS) == set(RECORD_LEVELS)
    for name in AI_LEVELS:
        assert make_bot(name).level == name


def test_each_level_says_whether_it_thinks_on_a_budget_and_how_long() -> None:
    assert any(level.thinks_on_budget for level in LEVEL_REGISTRY), "the page's time menu"
    for level in LEVEL_REGISTRY:
        assert thinks_on_budget([HUMAN, level.name]) == level.thinks_on_budget
        assert level.thinking > 0
        stretched = 0.5 * level.thinking if level.thinks_on_budget else 0.5
        assert thinking_time(level.name, 0.5) == stretched
        assert thinking_time(level.name, None) is None, "no setting: the bot's own default"
    assert not thinks_on_budget([HUMAN])
    assert thinking_time(HUMAN, 0.5) == 0.5


def test_each_controller_has_a_letter_of_its_own_in_a_link() -> None:
    assert SEAT_CODES == CONTROLLER_CODES
    assert tuple(CONTROLLER_CODES) == CONTROLLERS
    assert CONTROLLER_CODES[HUMAN] == HUMAN_CODE
    assert [CONTROLLER_CODES[level.name] for level in LEVEL_REGISTRY] == [
        level.code for level in LEVEL_REGISTRY
    ]
    letters = list(CONTROLLER_CODES.values())
    assert len(set(letters)) == len(letters)
    assert all(re.fullmatch("[a-z]", letter) for letter in letters)


def test_the_built_form_offers_exactly_the_registry_levels(built: Path) -> None:
    source = (WEB / "index.html").read_text(encoding="utf-8")
    assert _options(source, "f-level").values == [], "web/index.html lists no level by hand"
    form = _options((built / "index.html").read_text(encoding="utf-8"), "f-level")
    assert tuple(form.values) == OFFERED_LEVELS
    assert form.selected == [DEFAULT_LEVEL]
    assert all(form.marked), "each label is translated like the page's other texts"


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_the_level_labels_are_in_the_catalogue(code: str) -> None:
    catalogue = translations.read_catalogue(code)
    for entry in LEVEL_LABELS:
        for label in (entry.seat, entry.form):
            if label is not None:
                message = catalogue.get(label)
                assert message is not None and message.string, label


def test_every_layer_lists_the_same_languages() -> None:
    codes = tuple(language.code for language in LANGUAGES)
    assert codes[0] == DEFAULT_LANGUAGE
    assert tuple(i18n.LANGUAGES) == codes
    assert i18n.DEFAULT_LANGUAGE == DEFAULT_LANGUAGE
    assert TRANSLATIONS == codes[1:] == deck.TRANSLATIONS == translations.LANGUAGES
    for code in TRANSLATIONS:
        assert translations.po_path(code).exists()


def test_the_built_page_and_boot_js_list_the_registry_languages(built: Path) -> None:
    source = (WEB / "index.html").read_text(encoding="utf-8")
    assert _options(source, "language").values == [], "web/index.html lists none by hand"
    index = (built / "index.html").read_text(encoding="utf-8")
    assert tuple(_options(index, "language").values) == tuple(lang.code for lang in LANGUAGES)
    for language in LANGUAGES:
        assert f'lang="{language.code}">{language.name}</option>' in index
    boot = (built / "boot.js").read_text(encoding="utf-8")
    table = re.search(r"var LANGUAGES = (\{.*\});", boot)
    assert table is not None
    assert json.loads(table.group(1)) == {
        "default": DEFAULT_LANGUAGE,
        "manifests": {lang.code: f"./{lang.manifest}" for lang in LANGUAGES},
    }
    source_boot = (WEB / "boot.js").read_text(encoding="utf-8")
    for code in TRANSLATIONS:
        assert f"manifest.{code}" not in source_boot and f'=== "{code}"' not in source_boot


@pytest.mark.parametrize("menu", MENUS, ids=lambda menu: menu.id)
def test_the_built_page_offers_exactly_each_menus_settings(built: Path, menu: Menu) -> None:
    """Humans, AI speed, thinking time, theme and sound: one list each (issue 49 item 7)."""
    source = (WEB / "index.html").read_text(encoding="utf-8")
    assert _options(source, menu.id).values == [], "web/index.html lists none by hand"
    page = _options((built / "index.html").read_text(encoding="utf-8"), menu.id)
    assert tuple(page.values) == menu.values
    assert page.selected == [menu.default]
    assert page.marked == [option.translated for option in menu.options]


def test_the_menus_list_the_settings_the_page_reads() -> None:
    assert HUMANS.values == tuple(str(n) for n in range(1, MAX_HUMANS + 1))
    assert SPEED.values == tuple(SPEEDS) and THINKING.values == tuple(THINKING_TIMES)
    assert THEME.values == THEMES and SOUND.values == SOUND_SETTINGS
    for option in THINKING.options:
        assert f"({THINKING_TIMES[option.value]:g} s)" in option.label


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_the_menus_labels_are_in_the_catalogue(code: str) -> None:
    catalogue = translations.read_catalogue(code)
    for menu in MENUS:
        for option in menu.options:
            if option.translated:
                message = catalogue.get(option.label)
                assert message is not None and message.string, option.label


def test_the_player_counts_are_the_scoring_boards_rows_and_the_forms_choices() -> None:
    """The player-count rule is kept once (issue 42).

    The scoring board has a row for each count (R6, A30), a person alone plays the other seats' AIs,
    and the New game form offers no AI opponents (a table of humans) up to the most.
    """
    assert tuple(sorted(load_scoring_board().rows)) == PLAYER_COUNTS
    assert len(SEAT_COLOURS) == MAX_PLAYERS == len(set(SEAT_COLOURS)), "a colour of its own a seat"
    assert tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)) == PLAYER_COUNTS
    assert (MIN_OPPONENTS, MAX_OPPONENTS) == (MIN_PLAYERS - 1, MAX_PLAYERS - 1)
    form = _options((WEB / "index.html").read_text(encoding="utf-8"), "f-opponents")
    assert form.values == [str(count) for count in range(MAX_OPPONENTS + 1)]


def test_the_engine_and_the_new_game_form_colour_the_seats_alike() -> None:
    """One list of pawn colours (issue 49): a game dealt by the engine or by the page."""
    engine = [seat.colour for seat in new_game(MAX_PLAYERS, 1).settings.seats]
    form = [seat.colour for seat in seat_specs(NewGameSettings(opponents=MAX_OPPONENTS))]
    assert engine == form == list(SEAT_COLOURS)
