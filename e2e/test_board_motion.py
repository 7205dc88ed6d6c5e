"""The map at a glance (issue 15) in the browser.

A step slides the pawn along the path and a played card makes Captain Park hop, at the AI speed's
pace; nothing moves with reduced motion or at Instant speed; on a phone the map follows the pawn's
steps; the arrow keys move the focus between spaces and Enter steps; a space's hint is its
accessible description.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from tools.page_steps import decision_button, space, start_new_game, wait_for_decision

from e2e.game_page import choose_setting, open_game
from e2e.game_positions import chain_position
from e2e.support import screenshot
from park.ui.lang.text import space_labels

LABELS = space_labels()
IS_HERE = re.compile(r"\bis-here\b")

CLICK_AND_LIST_ANIMATIONS = """([selector, watched]) => {
    // Click, and list the animations in the same task: the page redraws synchronously in
    // the click handler, so a busy machine cannot let a short slide finish unseen.
    const target = document.querySelector(selector);
    target.dispatchEvent(new MouseEvent("click", {bubbles: true}));
    const element = document.querySelector(watched);
    return element.getAnimations({subtree: true}).map((a) => [a.animationName, a.playState]);
}"""

DOCUMENT_ANIMATIONS = "() => document.getAnimations().map((a) => a.animationName)"


def _first_step(page: Page) -> str:
    """The id of the first space the human may step to now."""
    first = page.locator('#board [data-space][role="button"]').first
    target = first.get_attribute("data-space")
    assert target is not None
    return target


def _step_and_list(page: Page, target: str) -> list[list[str]]:
    """Step to ``target`` by a click; the animations running on the human's pawn just after."""
    result: Any = page.evaluate(
        CLICK_AND_LIST_ANIMATIONS, [f'#board [data-space="{target}"]', "#board .pk-pawn.is-you"]
    )
    assert isinstance(result, list)
    return result


def _your_turn(page: Page, site_url: str, speed: str) -> None:
    """A new game at Instant speed (no waiting for the AI seats), then the speed ``speed``."""
    open_game(page, site_url)
    start_new_game(page, opponents=3, level="easy", seed=4242)
    wait_for_decision(page, "start")
    choose_setting(page, "speed", speed)


def test_a_step_slides_the_pawn_along_the_path(page: Page, site_url: str) -> None:
    _your_turn(page, site_url, "normal")
    target = _first_step(page)
    animations = _step_and_list(page, target)
    assert ["pk-slide", "running"] in animations
    expect(space(page, target)).to_have_class(IS_HERE)
    slide = page.locator("#board .pk-pawn.is-you .pk-slide")
    expect(slide).to_have_count(1)
    style = slide.get_attribute("style") or ""
    assert "--slide:450ms" in style, "normal speed: 0.6 of the 0.75 s before the next turn"
    screenshot(page, "board-motion-01-mid-step")
    page.wait_for_function(
        "() => !document.getAnimations().some((a) => a.animationName === 'pk-slide')"
    )
    screenshot(page, "board-motion-02-after-step")


def test_a_played_card_makes_captain_park_hop_to_his_next_number(page: Page, site_url: str) -> None:
    found = chain_position()
    first, play1, _, _ = found.moves
    open_game(page, site_url, save=found.save, query="?speed=slow")
    wait_for_decision(page, "start")
    space(page, first.removeprefix("step:")).click()
    wait_for_decision(page, "play")
    result: Any = page.evaluate(
        CLICK_AND_LIST_ANIMATIONS, [f'#decision [data-action="{play1}"]', "#board .pk-captain"]
    )
    assert ["pk-slide", "running"] in result and ["pk-hop", "running"] in result
    expect(page.locator("#board .pk-captain")).to_have_class("pk-captain is-moved is-sliding")
    screenshot(page, "board-motion-03-park-hops")


@pytest.mark.browser_context(reduced_motion="reduce")
def test_nothing_slides_with_reduced_motion(page: Page, site_url: str) -> None:
    _your_turn(page, site_url, "slow")
    animations = _step_and_list(page, _first_step(page))
    assert animations == [], "not even the active pawn's bobbing"
    names = page.evaluate(DOCUMENT_ANIMATIONS)
    assert "pk-slide" not in names and "pk-hop" not in names


def test_nothing_slides_at_instant_speed(page: Page, site_url: str) -> None:
    _your_turn(page, site_url, "instant")
    animations = _step_and_list(page, _first_step(page))
    assert all(name != "pk-slide" for name, _ in animations)
    expect(page.locator("#board .pk-slide")).to_have_count(0)
    assert "pk-slide" not in page.evaluate(DOCUMENT_ANIMATIONS)


def _arrow_map(page: Page) -> dict[str, dict[str, str]]:
    """Each space's arrow neighbours, as the markup names them."""
    result: Any = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board [data-space]')].map(
            (g) => [g.dataset.space, Object.fromEntries(['up', 'down', 'left', 'right']
                .filter((d) => g.hasAttribute('data-' + d))
                .map((d) => [d, g.getAttribute('data-' + d)]))]))"""
    )
    assert isinstance(result, dict)
    return result


def _focused_space(page: Page) -> str | None:
    result = page.evaluate("() => document.activeElement.getAttribute('data-space')")
    return result if isinstance(result, str) else None


def _route(ways: dict[str, dict[str, str]], origin: str, goal: str) -> list[str]:
    """The arrow keys leading from ``origin`` to ``goal`` (breadth first)."""
    routes: dict[str, list[str]] = {origin: []}
    todo = [origin]
    while todo:
        here = todo.pop(0)
        for direction, other in ways[here].items():
            if other not in routes:
                routes[other] = [*routes[here], direction]
                todo.append(other)
    return routes[goal]


KEYS = {"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight"}


def test_arrow_keys_move_the_focus_between_spaces_and_enter_steps(
    page: Page, site_url: str
) -> None:
    open_game(page, site_url)
    start_new_game(page, opponents=3, level="easy", seed=4242)
    wait_for_decision(page, "start")
    stops = page.locator('#board [data-space][tabindex="0"]')
    expect(stops).to_have_count(1)  # the map is one tab stop
    start = stops.get_attribute("data-space")
    assert start is not None and start == _first_step(page)
    ways = _arrow_map(page)
    stops.focus()
    # Every arrow from the tab stop goes where the markup says; the tab stop follows.
    for direction, other in ways[start].items():
        space(page, start).focus()
        page.keyboard.press(KEYS[direction])
        assert _focused_space(page) == other
        expect(space(page, other)).to_have_attribute("tabindex", "0")
        expect(space(page, start)).to_have_attribute("tabindex", "-1")
    # From wherever it is, the focus reaches another legal step by arrows alone; Enter steps.
    steps = page.locator('#board [data-space][role="button"]')
    goal = steps.last.get_attribute("data-space")
    assert goal is not None
    here = _focused_space(page)
    assert here is not None
    for direction in _route(ways, here, goal):
        page.keyboard.press(KEYS[direction])
    assert _focused_space(page) == goal
    focused = page.locator("#board [data-space]:focus")
    expect(focused).to_have_accessible_name(f"Step to {LABELS[goal]}")
    page.keyboard.press("Enter")
    expect(page.locator("#log")).to_contain_text(f"You stepped to {LABELS[goal]}")
    expect(space(page, goal)).to_have_class(IS_HERE)
    # The redraw patched only the spaces that changed: the tab stop is still one, the
    # markup's (the arrow keys had moved it).
    expect(stops).to_have_count(1)
    expect(stops).to_have_attribute("data-space", goal)  # no step left: the pawn's space


SPACE_WITHOUT_TAB_STOP = "(g) => g.outerHTML.replace(/ tabindex=\"-?[0-9]\"/, '')"


def test_after_the_arrow_keys_a_redraw_leaves_one_tab_stop(page: Page, site_url: str) -> None:
    """A patched redraw puts the map's tab stop where the markup says.

    The arrow keys move the map's tab stop to a space whose markup the next redraw does not
    change, while the markup moves the tab stop elsewhere; that redraw, patching only the spaces
    that changed, puts the tab stop where the markup says (web/focus.py reset_tab_stop), as a
    redraw of the whole map did.
    """
    open_game(page, site_url, query="?speed=instant")
    start_new_game(page, opponents=3, level="easy", seed=4242)
    wait_for_decision(page, "start")
    space(page, _first_step(page)).click()  # the turn ends; the AIs play theirs
    expect(decision_button(page, "step:4")).to_be_visible()
    decision_button(page, "step:4").click()  # Captain Park is there: an Anecdote may follow
    wait_for_decision(page, "play")
    stops = page.locator('#board [data-space][tabindex="0"]')
    expect(stops).to_have_attribute("data-space", "4")
    aside = "7"  # News Stand 7, which the next turn's map draws as this one
    space(page, "4").focus()
    for direction in _route(_arrow_map(page), "4", aside):
        page.keyboard.press(KEYS[direction])
    expect(space(page, aside)).to_have_attribute("tabindex", "0")
    before = space(page, aside).evaluate(SPACE_WITHOUT_TAB_STOP)
    decision_button(page, "skip").click()  # the turn ends; the AIs play theirs
    wait_for_decision(page, "start")
    assert space(page, aside).evaluate(SPACE_WITHOUT_TAB_STOP) == before, "not patched"
    expect(stops).to_have_count(1)
    expect(space(page, aside)).to_have_attribute("tabindex", "-1")


MARK_THE_MAP = """() => {
    const spaces = [...document.querySelectorAll('#board [data-space]')];
    const marked = [...spaces, ...document.querySelectorAll(
        '#board .pk-paper, #board .pk-under, #board .pk-pawn, #board .pk-captain')];
    marked.forEach((element) => { element.parkMark = true; });
    return {
        spaces: Object.fromEntries(spaces.map((g) => [g.dataset.space, g.outerHTML])),
        pawns: Object.fromEntries([...document.querySelectorAll('#board .pk-pawn')]
            .map((g) => [g.dataset.seat, g.outerHTML])),
    };
}"""

MARKED_AFTER = """() => {
    const kept = (selector) => [...document.querySelectorAll(selector)]
        .filter((element) => element.parkMark);
    return {
        spaces: kept('#board [data-space]').map((g) => g.dataset.space),
        html: Object.fromEntries([...document.querySelectorAll('#board [data-space]')]
            .map((g) => [g.dataset.space, g.outerHTML])),
        frame: kept('#board .pk-paper').length,
        under: kept('#board .pk-under').length,
        you: kept('#board .pk-pawn.is-you').length,
        pawns: kept('#board .pk-pawn').map((g) => g.dataset.seat),
        pawnsHtml: Object.fromEntries([...document.querySelectorAll('#board .pk-pawn')]
            .map((g) => [g.dataset.seat, g.outerHTML])),
    };
}"""


def test_a_redraw_patches_only_the_parts_of_the_map_that_changed(page: Page, site_url: str) -> None:
    """Issue 24: the map is patched part by part (park.ui.play.map_patch).

    After a step, a space whose markup did not change is the same element and the others are
    patched; the frame and the layers that did not change are kept; the pawn that moved is drawn
    afresh (its slide starts), the others' pawns are kept (the active one's bob goes on).
    """
    _your_turn(page, site_url, "normal")
    before: Any = page.evaluate(MARK_THE_MAP)
    target = _first_step(page)
    assert ["pk-slide", "running"] in _step_and_list(page, target)
    after: Any = page.evaluate(MARKED_AFTER)
    assert after["frame"] == 1, "the parchment and the river are not drawn again"
    assert after["under"] == 1, "a layer that did not change is kept"
    assert after["you"] == 0, "the pawn that moved is drawn afresh"
    still = {seat for seat, html in after["pawnsHtml"].items() if before["pawns"][seat] == html}
    assert still and still <= set(after["pawns"]), "pawns that did not change are kept"
    unchanged = {key for key, html in after["html"].items() if before["spaces"][key] == html}
    changed = set(after["html"]) - unchanged
    assert target in changed and unchanged, (changed, unchanged)
    assert unchanged <= set(after["spaces"])


def test_a_space_hint_is_its_accessible_description(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_new_game(page, opponents=3, level="easy", seed=4242)
    wait_for_decision(page, "start")
    board = page.locator("#board")
    step = board.get_by_role("button", name=f"Step to {LABELS[_first_step(page)]}")
    expect(step).to_have_count(1)
    hint = step.locator("desc").text_content()
    assert hint
    expect(step).to_have_accessible_description(hint)
    club = space(page, "club")
    expect(club).to_have_accessible_name(LABELS["club"])
    expect(club).to_have_accessible_description(club.locator("desc").text_content() or "?")


SCROLL_OUT_OF_VIEW_JS = """(ids) => {
    // Scroll the map's frame so that one of the spaces ``ids`` is cut by its edge; that
    // space's id, or null if none can be.
    const frame = document.getElementById("board");
    const box = frame.getBoundingClientRect();
    const widest = frame.scrollWidth - frame.clientWidth;
    for (const id of ids) {
        const spot = frame.querySelector(`[data-space="${id}"]`).getBoundingClientRect();
        const left = spot.left - box.left + frame.scrollLeft;
        if (left + spot.width > frame.clientWidth) { frame.scrollLeft = 0; return id; }
        if (left < widest) { frame.scrollLeft = widest; return id; }
    }
    return null;
}"""

IN_FRAME_JS = """(id) => {
    const frame = document.getElementById("board").getBoundingClientRect();
    const spot = document.querySelector(`#board [data-space="${id}"]`).getBoundingClientRect();
    return spot.left >= frame.left && spot.right <= frame.right;
}"""


@pytest.mark.browser_context(viewport={"width": 390, "height": 844})
def test_on_a_phone_the_map_follows_the_pawn_step_by_step(page: Page, site_url: str) -> None:
    """Issue 26: the map, wider than a phone, scrolls to the pawn when a step goes off its frame.

    It scrolls when a step takes the pawn to a space the frame's edge cuts (here: the player had
    scrolled the map sideways, then chose a step from the buttons).
    """
    _your_turn(page, site_url, "instant")
    steps = page.locator('#board [data-space][role="button"]')
    ids = [steps.nth(i).get_attribute("data-space") for i in range(steps.count())]
    target = page.evaluate(SCROLL_OUT_OF_VIEW_JS, ids)
    assert target is not None, "no step can be cut: the map is not wider than the phone"
    assert not page.evaluate(IN_FRAME_JS, target)
    decision_button(page, f"step:{target}").click()
    expect(space(page, target)).to_have_class(IS_HERE)
    page.wait_for_function("() => document.documentElement.dataset.parkDrawn !== 'false'")
    assert page.evaluate(IN_FRAME_JS, target), "the pawn's new space is out of the map's frame"
    screenshot(page, "board-motion-phone-follows")


OFF_FRAME_JS = """() => {
  const frame = document.getElementById('board').getBoundingClientRect();
  return [...document.querySelectorAll('#board .pk-pawn, #board .pk-captain')]
    .filter((piece) => {
      const box = piece.getBoundingClientRect();
      return box.right < frame.left + 12 || box.left > frame.right - 12;
    })
    .map((piece) => piece.querySelector('title').textContent);
}"""
"""The names of the pawns and Captain Park the map's frame hides."""

CUT_BADGES_JS = """() => {
  const frame = document.getElementById('board').getBoundingClientRect();
  return [...document.querySelectorAll('#board .pk-reach-badge')].filter((badge) => {
    const box = badge.getBoundingClientRect();
    const overlaps = box.right > frame.left && box.left < frame.right;
    return overlaps && (box.left < frame.left - 0.5 || box.right > frame.right + 0.5);
  }).map((badge) => badge.textContent);
}"""
"""The Park's reach badges the map's frame cuts ("00%" for "100%")."""


@pytest.mark.browser_context(viewport={"width": 390, "height": 844})
def test_on_a_phone_pieces_beyond_the_frame_have_markers_that_scroll_to_them(
    page: Page, site_url: str
) -> None:
    """Issue 26: a pawn or Captain Park the frame's edge hides has a marker at that edge.

    Tapping it scrolls the map to them. The reach badges are never cut by the edges.
    """
    _your_turn(page, site_url, "instant")
    page.get_by_role("button", name="Park's reach").click()
    markers = page.locator("#map-edges .map-edge")
    tapped = 0
    for scroll in (0, 10_000):  # the map at its west edge, then at its east edge
        page.evaluate("(x) => { document.getElementById('board').scrollLeft = x; }", scroll)
        hidden = page.evaluate(OFF_FRAME_JS)
        with contextlib.suppress(PlaywrightTimeoutError):  # the asserts below say what is wrong
            page.wait_for_function(  # the markers and badges follow the scroll within a frame
                f"""(hidden) => {{
                  const marks = [...document.querySelectorAll('#map-edges .map-edge')];
                  const named = marks.map((mark) => mark.textContent).join(' ');
                  return (marks.length > 0) === (hidden.length > 0)
                    && hidden.every((name) => named.includes(name))
                    && ({CUT_BADGES_JS})().length === 0;
                }}""",
                arg=hidden,
                timeout=10_000,
            )
        named = " ".join(markers.nth(i).inner_text() for i in range(markers.count()))
        for name in hidden:
            assert name in named, f"{name} is beyond the frame with no marker"
        assert page.evaluate(CUT_BADGES_JS) == [], "a reach badge is cut by the frame's edge"
        if hidden:
            screenshot(page, f"board-edges-phone-{scroll}")
            first = markers.first
            target = str(first.get_attribute("data-target"))
            first.click()
            page.wait_for_function(
                """(selector) => {
                  const frame = document.getElementById('board').getBoundingClientRect();
                  const box = document.querySelector('#board ' + selector).getBoundingClientRect();
                  return box.left >= frame.left && box.right <= frame.right;
                }""",
                arg=target,
            )
            tapped += 1
    assert tapped, "no pawn nor Captain Park was beyond the frame at either edge"


@pytest.mark.browser_context(viewport={"width": 390, "height": 844})
def test_on_a_phone_captain_park_beyond_the_frame_has_a_marker(page: Page, site_url: str) -> None:
    """The failing case of a CI run.

    Captain Park (a piece with no seat) beyond the frame's edge broke the redraw's second task; now
    he gets his marker like a pawn.
    """
    _your_turn(page, site_url, "instant")
    page.evaluate(
        """() => {
          const frame = document.getElementById('board');
          frame.scrollLeft = 0;
          const captain = document.querySelector('#board .pk-captain');
          captain.setAttribute('transform', 'translate(990 300)');
          frame.scrollLeft = 1;  // a scroll: the markers are measured again
        }"""
    )
    marker = page.locator('#map-edges .map-edge[data-target=".pk-captain"]')
    expect(marker).to_be_visible()
    expect(marker).to_contain_text("Captain Park")
    expect(marker).to_have_class(re.compile(r"\bis-right\b"))
