"""park.ui.game.saves: a save's revision, and which of two tabs' saves wins (no silent fork)."""

from __future__ import annotations

import json

import pytest

from park.ui.game.saves import (
    REVISION_NOTE,
    Decision,
    SaveMark,
    decide,
    mark_of,
    next_revision,
)
from park.ui.game.session import Session, resume_or_new
from park.ui.setup.settings import NewGameSettings


def _session(seed: int = 7) -> Session:
    session = Session.new(NewGameSettings("Ada", 3, "easy", seed))
    session.run_ai_turns()
    return session


def _human_move(session: Session) -> None:
    from park import legal_actions

    session.act(legal_actions(session.state)[0])
    session.run_ai_turns()


def _mark(revision: int, *actions: str, game: str = "g") -> SaveMark:
    return SaveMark(revision=revision, game=game, actions=actions)


def test_a_save_carries_its_revision_and_still_loads() -> None:
    session = _session()
    text = session.save_text(revision=12)
    mark = mark_of(text)
    assert mark is not None and mark.revision == 12
    assert json.loads(text)["notes"][REVISION_NOTE] == 12
    resumed, notice = resume_or_new(text)
    assert resumed is not None and notice is None
    assert resumed.state == session.state
    assert mark_of(resumed.save_text(revision=12)) == mark_of(text)


def test_a_save_without_a_revision_is_revision_0() -> None:
    session = _session()
    old = session.save_text()  # as every save before revisions
    assert REVISION_NOTE not in json.loads(old)["notes"]
    mark = mark_of(old)
    assert mark is not None and mark.revision == 0
    assert mark.actions == tuple(str(a) for a in session.state.log)


@pytest.mark.parametrize(
    "text",
    [None, "", "{", "[]", '{"format": "park-save"}', '{"format": "x", "actions": []}',
     '{"format": "park-save", "actions": [], "notes": {"revision": -1}}',
     '{"format": "park-save", "actions": [], "notes": {"revision": true}}',
     '{"format": "park-save", "actions": [], "notes": []}', "[" * 5000],
)  # fmt: skip
def test_what_is_not_a_save_has_no_mark(text: str | None) -> None:
    assert mark_of(text) is None


def test_marks_tell_games_and_positions_apart() -> None:
    one, other = _session(1), _session(2)
    first = mark_of(one.save_text())
    _human_move(one)
    later = mark_of(one.save_text(revision=3))
    assert first is not None and later is not None
    assert first.leads_to(later) and not later.leads_to(first)
    assert not first.same_position(later)
    elsewhere = mark_of(other.save_text())
    assert elsewhere is not None and not first.leads_to(elsewhere)


def test_next_revision_is_beyond_any_known() -> None:
    assert next_revision(None, None) == 1
    assert next_revision(_mark(4), _mark(9)) == 10
    assert next_revision(_mark(4), None) == 5


def test_an_empty_slot_is_written() -> None:
    assert decide(None, _mark(0, "a"), None, stored_text=False) is Decision.WRITE
    assert decide(_mark(3, "a"), _mark(0, "a"), None, stored_text=False) is Decision.WRITE
    assert decide(None, None, None, stored_text=False) is Decision.NOTHING


def test_the_save_this_tab_held_is_written_over() -> None:
    held = _mark(5, "a")
    assert decide(held, _mark(0, "a", "b"), _mark(5, "a"), stored_text=True) is Decision.WRITE
    assert decide(held, _mark(0, "a"), _mark(5, "a"), stored_text=True) is Decision.NOTHING


def test_a_tab_ahead_elsewhere_is_followed() -> None:
    """A played ahead: B, with nothing new of its own, shows A's position."""
    held = _mark(5, "a")
    ahead = _mark(9, "a", "b", "c")
    assert decide(held, _mark(0, "a"), ahead, stored_text=True) is Decision.FOLLOW
    # B made a move that A's line already holds: nothing is lost by following
    assert decide(held, _mark(0, "a", "b"), ahead, stored_text=True) is Decision.FOLLOW


def test_a_stale_tab_never_writes_over_moves_made_elsewhere() -> None:
    """A played ahead.

    The stale tab B made another move from the old position: a fork, never written.
    """
    held = _mark(5, "a")
    ahead = _mark(9, "a", "b", "c")
    assert decide(held, _mark(0, "a", "x"), ahead, stored_text=True) is Decision.FORK


def test_the_same_move_made_in_two_tabs_is_adopted() -> None:
    held = _mark(5, "a")
    assert decide(held, _mark(0, "a", "b"), _mark(6, "a", "b"), stored_text=True) is (
        Decision.ADOPT
    )


def test_a_tab_further_on_the_same_line_writes() -> None:
    """Both tabs played the AI's same move; this one is further on: nothing is lost."""
    held = _mark(5, "a")
    mine = _mark(0, "a", "b", "c")
    assert decide(held, mine, _mark(6, "a", "b"), stored_text=True) is Decision.WRITE
    # but an Undo made elsewhere (the stored save went back) is not written over
    held_later = _mark(6, "a", "b")
    assert decide(held_later, mine, _mark(7, "a"), stored_text=True) is Decision.FORK


def test_new_games_in_two_tabs() -> None:
    """Both press New game.

    The first write wins, the other tab's new game is a fork; a tab that only watched follows the
    other's new game.
    """
    old = _mark(5, "a", game="old")
    first = _mark(6, game="first")
    assert decide(old, _mark(0, game="second"), first, stored_text=True) is Decision.FORK
    assert decide(None, _mark(0, game="second"), first, stored_text=True) is Decision.FORK
    assert decide(old, _mark(0, "a", game="old"), first, stored_text=True) is Decision.FOLLOW
    assert decide(old, None, first, stored_text=True) is Decision.FOLLOW


def test_a_save_no_tab_can_read_is_never_written_over() -> None:
    held = _mark(5, "a")
    assert decide(held, _mark(0, "a", "b"), None, stored_text=True) is Decision.FORK
    assert decide(held, _mark(0, "a"), None, stored_text=True) is Decision.NOTHING


def test_notes_count_as_a_change() -> None:
    held = SaveMark(5, "g", ("a",), (("used", "0"),))
    mine = SaveMark(0, "g", ("a",), (("used", "1"),))
    assert decide(held, mine, held, stored_text=True) is Decision.WRITE


def test_two_real_tabs_playing_one_game() -> None:
    """Tab A plays ahead.

    Stale tab B (same start) then moves another way: a fork; had B done nothing, it follows.
    """
    a = _session(11)
    start = a.save_text(revision=1)
    held = mark_of(start)
    b, _notice = resume_or_new(start)
    assert b is not None
    _human_move(a)
    stored = mark_of(a.save_text(revision=2))
    assert decide(held, mark_of(b.save_text()), stored, stored_text=True) is Decision.FOLLOW
    from park import legal_actions

    b.act(legal_actions(b.state)[-1])
    mine = mark_of(b.save_text())
    expected = Decision.ADOPT if mine and stored and mine.same_position(stored) else None
    decision = decide(held, mine, stored, stored_text=True)
    assert decision in {Decision.FORK, Decision.FOLLOW, expected}
    assert decision is not Decision.WRITE


def test_a_tab_whose_own_moves_are_the_ais_follows() -> None:
    """Two tabs' hard AI chose different moves.

    The tab that wrote second follows, as no move of the player's is lost.
    """
    held = _mark(5, "a")
    mine, stored = _mark(0, "a", "x"), _mark(6, "a", "y")
    assert decide(held, mine, stored, stored_text=True) is Decision.FORK
    assert decide(held, mine, stored, stored_text=True, ai_only=True) is Decision.FOLLOW
