"""A game in progress survives a deploy (issue 8).

A save records the material it was dealt with and the rules version; with other data files it
replays exactly with its own archived material, and under changed rules whose moves no longer replay
it goes on from its saved position, each time with a notice for the player.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import park.engine.rules as rules_module
import park.engine.save as save_module
from park import GameState, SaveError, dumps, loads, new_game
from park.engine.archive import (
    ARCHIVE_DIR,
    fingerprint,
    ruleset_for,
    ruleset_from_material,
    shipped_material,
)
from park.engine.position import position_of, state_from_position
from park.engine.ruleset import standard_ruleset
from park.engine.save import restore, start_of
from tests.engine.helpers import payload_of, play_random, with_checksum
from tests.helpers import SRC

ARCHIVE = SRC / "data" / ARCHIVE_DIR


def test_the_shipped_material_is_archived() -> None:
    """Fails after a change to a data file until ``python tools/archive_data.py`` is run."""
    assert (ARCHIVE / f"{fingerprint(standard_ruleset())}.json").is_file()


@pytest.mark.parametrize("path", sorted(ARCHIVE.glob("*.json")), ids=lambda p: p.stem)
def test_each_archived_material_is_filed_under_its_fingerprint(path: Path) -> None:
    rules = ruleset_from_material(json.loads(path.read_text(encoding="utf-8")))
    assert fingerprint(rules) == path.stem
    assert ruleset_for(path.stem) is not None


def _changed_material() -> dict[str, Any]:
    """The shipped data files with one card's value changed (Africa 8 -> 9 in the issue)."""
    material = shipped_material()
    card = material["deck"]["card"][0]
    destination = next(iter(card["values"]))
    card["values"][destination] += 1 if card["values"][destination] < 10 else -1
    return material


def test_a_game_dealt_with_earlier_data_replays_exactly_with_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    old_rules = standard_ruleset()
    state = play_random(new_game(4, 17), 120)
    text = dumps(state)
    # A deploy changes a card: the shipped material is now another one, the old is archived.
    new_rules = ruleset_from_material(_changed_material())
    assert fingerprint(new_rules) != fingerprint(old_rules)
    ruleset_for.cache_clear()
    monkeypatch.setattr("park.engine.archive.standard_ruleset", lambda: new_rules)
    monkeypatch.setattr(save_module, "standard_ruleset", lambda: new_rules)
    try:
        restored = restore(text)
        assert restored.state == state
        assert restored.state.rules is not new_rules
        assert fingerprint(restored.state.rules) == fingerprint(old_rules)
        assert any("cards it was dealt" in n for n in restored.notices)
        assert loads(dumps(restored.state)) == state  # and it saves again, with its own cards
    finally:
        ruleset_for.cache_clear()


def test_a_save_with_material_never_shipped_is_refused() -> None:
    payload = payload_of(new_game(3, 1))
    payload["data"] = "ffffffffffffffff"
    with pytest.raises(SaveError, match="different board or deck"):
        loads(with_checksum(payload))


def _saved_before_new_rules(
    monkeypatch: pytest.MonkeyPatch, seed: int, actions: int
) -> tuple[GameState, str]:
    """A 4-player game (``seed``) after ``actions`` random actions, and its save text.

    Then the rules version is raised by one (``monkeypatch`` undoes it), as a deploy of new rules
    does.
    """
    state = play_random(new_game(4, seed), actions)
    text = dumps(state)
    monkeypatch.setattr(save_module, "RULES_VERSION", save_module.RULES_VERSION + 1)
    return state, text


def test_a_game_saved_under_earlier_rules_that_replays_the_same_goes_on_silently(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, text = _saved_before_new_rules(monkeypatch, 5, 90)
    restored = restore(text)
    assert restored.state == state and restored.notices == ()


def test_a_game_whose_moves_no_longer_replay_goes_on_from_its_saved_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, text = _saved_before_new_rules(monkeypatch, 8, 150)
    # The new rules: no shop takes a card any more (R38), so the old moves are illegal.
    monkeypatch.setattr(save_module, "RULES_CHANGES", {2: "Shops are closed today."})
    monkeypatch.setattr(rules_module, "playable_cards", lambda rules, space, hand: [])
    with pytest.raises(SaveError):  # the replay really does go another way
        monkeypatch.setattr(save_module, "RULES_VERSION", 1)
        restore(text)
    monkeypatch.setattr(save_module, "RULES_VERSION", 2)
    restored = restore(text)
    assert restored.state == state
    assert restored.state.log.origin is not None and len(restored.state.log) == 0
    assert "earlier rules" in restored.notices[-1]
    assert "Shops are closed today." in restored.notices[-1]
    again = restore(dumps(restored.state))  # it saves from that position, and loads again
    assert again.state == state and again.notices == ()
    assert start_of(again.state) == state


def test_a_save_under_newer_rules_asks_for_a_newer_park() -> None:
    payload = payload_of(new_game(3, 2))
    payload["rules"] = 99
    with pytest.raises(SaveError, match="newer version of Park"):
        loads(with_checksum(payload))


def test_a_position_round_trips() -> None:
    state = play_random(new_game(5, 3), 300)
    back = state_from_position(position_of(state), state.settings, state.rules)
    assert back == state


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p["seats"][0]["hand"].append(p["deck"][0]),  # a card twice
        lambda p: p["deck"].pop(),  # a card missing
        lambda p: p["seats"][1].__setitem__("months", -1),
        lambda p: p["seats"][1].__setitem__("position", "moon"),
        lambda p: p.__setitem__("park", 15),
        lambda p: p.__setitem__("phase", "dancing"),
        lambda p: p.__setitem__("active", 9),
        lambda p: p["seats"][0]["hand"].append("no-such-card"),
        lambda p: p.__setitem__("seats", p["seats"][:2]),
        lambda p: p.pop("deck"),
        lambda p: p.__setitem__("phase", "fad"),  # a Fad choice with nothing to choose
        lambda p: p.__setitem__("phase", "over"),  # over, with no winner
        lambda p: p.update(phase="market", pending_draws=10**15),  # an endless exchange
        lambda p: p.update(pending_draws=3),  # cards owed outside the Marketplace
        lambda p: (p["seats"][p["active"]].update(position="club"), p.update(phase="play")),
        lambda p: (p["seats"][p["active"]].update(position="1"), p.update(phase="club")),
        lambda p: p.update(phase="fad", fad_choices=["China", "China"]),
        lambda p: p["seats"][0].update(visited=["China", "China"]),
        lambda p: p["seats"][0].update(
            visited=["Africa", "Amazon", "China", "Everest", "South Pole"]
        ),
        lambda p: p.update(turn=10**12),
        lambda p: p["seats"][0].update(score=10**12),
    ],
)
def test_a_damaged_position_is_refused(damage: Any) -> None:
    state = play_random(new_game(4, 3), 60)
    position = position_of(state)
    damage(position)
    with pytest.raises(SaveError, match="position is damaged"):
        state_from_position(position, state.settings, state.rules)


def test_a_game_whose_moves_replay_to_another_game_goes_on_from_its_saved_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Six cards a hand.

    The first five of each are dealt as before, so every saved move is still legal, but the game is
    not the one the player saw.
    """
    state, text = _saved_before_new_rules(monkeypatch, 21, 80)
    monkeypatch.setattr(rules_module, "HAND_SIZE", 6)
    restored = restore(text)
    assert restored.state == state
    assert "earlier rules" in restored.notices[-1]


def test_a_save_whose_moves_do_not_lead_to_its_position_is_refused() -> None:
    state = play_random(new_game(4, 22), 40)
    payload = payload_of(state)
    payload["position"]["seats"][0]["score"] += 1
    with pytest.raises(SaveError, match="does not match the saved position"):
        loads(with_checksum(payload))


@pytest.mark.parametrize("version", ["2", None, True, 1.5])
def test_a_damaged_rules_version_is_refused(version: Any) -> None:
    payload = payload_of(new_game(3, 4))
    payload["rules"] = version
    with pytest.raises(SaveError, match="rules version is damaged"):
        loads(with_checksum(payload))
