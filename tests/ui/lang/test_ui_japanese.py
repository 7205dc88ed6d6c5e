"""A whole game in Japanese (issue 13).

Every decision, the log, "Since your last turn", the game over, the game's story, the record and the
replay read with no English left (player names aside), and the English game is unchanged by a switch
to any translated language.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from park.engine.languages import TRANSLATIONS
from park.engine.state import Phase
from park.ui.game.screen import screen_parts
from park.ui.game.session import Session
from park.ui.lang.i18n import speaking
from park.ui.record.html import record_html
from park.ui.record.store import add_result, empty_record, result_of
from park.ui.replay.html import EVERYTHING, replay_parts, viewer_options
from park.ui.replay.model import Replay
from park.ui.setup.settings import NewGameSettings
from park.ui.story.html import story_html
from park.ui.story.model import game_story
from tests.ui.helpers import decisions

ALLOWED_LATIN = {"AI", "Ctrl"}  # as written in Japanese, and the key as printed
READ_ATTRIBUTES = {"aria-label", "title", "alt", "placeholder", "aria-description"}


class _Reader(HTMLParser):
    """What a player reads or hears in markup: text, and the attributes screen readers say."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.read: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.read += [value or "" for name, value in attrs if name in READ_ATTRIBUTES]

    def handle_data(self, data: str) -> None:
        self.read.append(data)


def english_words(markup: str, names: tuple[str, ...]) -> set[str]:
    reader = _Reader()
    reader.feed(markup)
    text = " ".join(reader.read)
    for name in names:
        text = text.replace(name, " ")
    return {w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in ALLOWED_LATIN}


def _everything(session: Session) -> str:
    parts = screen_parts(session)
    texts = [*parts.markup.values(), *parts.text.values(), parts.title, parts.hint_text]
    if parts.announcement:
        texts.append(parts.announcement[1])
    if parts.game_over:
        texts.append(parts.game_over)
    return "\n".join(texts)


def _play(settings: NewGameSettings, check: list[str]) -> Session:
    session = Session.new(settings)
    for _ in decisions(session):
        if not session.ai_to_move:
            check.append(_everything(session))
    assert session.state.phase is Phase.OVER
    check.append(_everything(session))
    return session


@pytest.mark.slow
def test_a_whole_game_in_japanese_has_no_english_left() -> None:
    seen: list[str] = []
    with speaking("ja"):
        session = _play(NewGameSettings("エイダ", 3, "easy", 2024, True), seen)
        state = session.state
        story = game_story(state)
        seen.append(story_html(story, cards=session.cards, board=state.rules.board, you=0))
        result = result_of(state, 0, date="2026-12-01", daily=True)
        seen.append(record_html(add_result(empty_record(), result)))
        seen.append(record_html(empty_record()))
        replay = Replay(state)
        for value, label in viewer_options(replay):
            seen.append(label)
            assert value != EVERYTHING or label
            for index in (0, 1, len(replay.states) // 2, len(replay.states) - 1):
                parts = replay_parts(replay, index, value, session.cards)
                seen.extend(parts.markup.values())
                seen.append(parts.label)
    names = tuple(session.names)
    assert any("レディ・ベアトリス" in name for name in names), (
        "the AI opponents have Japanese names"
    )
    left = {word for markup in seen for word in english_words(markup, names)}
    assert left == set()


@pytest.mark.slow
@pytest.mark.parametrize("code", TRANSLATIONS)
def test_the_same_game_in_english_is_unchanged_by_one_in_another_language(code: str) -> None:
    english: list[str] = []
    _play(NewGameSettings("Ada", 3, "easy", 77, True), english)
    with speaking(code):
        _play(NewGameSettings("Ada", 3, "easy", 77, True), [])
    again: list[str] = []
    _play(NewGameSettings("Ada", 3, "easy", 77, True), again)
    assert again == english
    assert any("Lady Beatrice" in markup for markup in english)
