"""The New game form's last table, kept for the next game (issue 26, item 6)."""

from __future__ import annotations

import pytest

from park.ui.setup.settings import NewGameSettings, parse_table, table_text


def test_a_table_is_kept_without_its_seed_or_day() -> None:
    table = NewGameSettings("Ada", 2, "easy", 99, False, ("Bob",), "2026-12-01")
    assert parse_table(table_text(table)) == NewGameSettings(
        "Ada", 2, "easy", None, False, ("Bob",)
    )


def test_blank_and_unicode_names_come_back_as_typed() -> None:
    table = NewGameSettings("", 3, "hard", others=("", "エイダ"))
    assert parse_table(table_text(table)) == table


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "{",
        "[]",
        '{"name":"Ada"}',
        '{"name":"Ada","others":[],"opponents":9,"level":"easy","hints":true}',
        '{"name":"Ada","others":[],"opponents":3,"level":"no-such-level","hints":true}',
        '{"name":"Ada","others":[1],"opponents":3,"level":"easy","hints":true}',
        '{"name":"Ada","others":[],"opponents":"3","level":"easy","hints":true}',
        '{"name":"Ada","others":[],"opponents":3,"level":"easy","hints":"yes"}',
        '{"name":7,"others":[],"opponents":3,"level":"easy","hints":true}',
    ],
)
def test_a_missing_or_damaged_table_is_forgotten(text: str | None) -> None:
    assert parse_table(text) is None
