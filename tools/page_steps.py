"""The page as the browser tests and the benchmarks drive it (issue 42).

Its storage keys, selectors and state checks, and the steps a player takes (the page ready, a
game started from the New game form, a decision waited for), in one place for the browser tests
(``e2e/``), the cross-engine suite (``e2e/engines/``) and the benchmarks (``bench/page_*.py``,
``bench/resume_large_save.py``).

The page says where it is on ``<html>``'s data attributes (``web/boot.js``, ``screen_views``):
``data-park-ready`` / ``data-park-error`` once Python started or failed; ``data-park-turn``,
the decision the human faces (``start``, ``play``, ``step_again``, ``market``, ``club``,
``fad``; ``wait`` during an AI turn; ``over``); ``data-park-drawn="false"`` until the page
shows that decision; ``data-park-synced="false"`` until the autosave holds it. The steps wait
on those, never on a clock.

Each step comes for the two ways the page is driven: Playwright's ``Page`` (Chromium: the
e2e tests and most benchmarks), and :class:`tools.engines.EnginePage` (any engine: the
cross-engine suite and ``bench/page_load.py``), whose steps are named ``engine_...``.
Neither library is imported here: each step uses only its page's own methods.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from tools.engines import EnginePage

# -- storage and URL -------------------------------------------------------------------------

SAVE_KEY = "park.save"
"""The page's localStorage key for the autosave (web/storage.py)."""
BACKUP_KEY = "park.save.backup"
"""Where the page keeps a save it cannot open (web/storage.py)."""
LANGUAGE_KEY = "park.language"
"""Where the page keeps the language a player chose (web/storage.py)."""
FAST = "?speed=instant"
"""The page's query for AI seats that move without pauses (the steps wait on the page's
state, never on a clock)."""

# -- selectors -------------------------------------------------------------------------------

READY_SELECTOR = 'html[data-park-ready="true"]'
"""Set by the page (web/main.py; the bare page too) once Python has started."""
NAME_FIELD = "#f-name"
HUMANS_FIELD = "#f-humans"
OPPONENTS_FIELD = "#f-opponents"
LEVEL_FIELD = "#f-level"
SEED_FIELD = "#f-seed"
"""The New game form's fields: the first player's name (the others' are ``#f-name-2``, ...),
the people at the device, the AI opponents, their level and the seed (empty: a random one)."""
START_BUTTON = "#new-game-form button[type=submit]"
"""The New game form's "Start the expedition", in any language."""
REPLACE_DIALOG = "#replace-dialog"
"""The question before a game in progress is replaced (``park.ui.page.game_updates``)."""
REPLACE_BUTTON = '[data-ui="replace-game"]'
"""In :data:`REPLACE_DIALOG`: replace the game in progress."""
GAME = "#game"
"""The game screen (hidden until a game starts or resumes)."""
PRIVACY = "#privacy"
"""Hot-seat's privacy screen between two people's turns (the game screen hidden)."""
MAP_SPACE = "#board [data-space]"
"""The map's spaces (one is drawn once the board is)."""
MAP_MOVE = '#board [role="button"][data-action]'
"""A space of the map the human can step to now."""
DECISION_BUTTONS = "#decision button"
"""The decision panel's buttons."""


def decision_selector(action: str) -> str:
    """The selector of the decision panel's button for ``action``.

    The selector of the decision panel's button for ``action`` (its text form, such as
    ``"skip"`` or ``"step:3"``).
    """
    return f'#decision button[data-action="{action}"]'


def space_selector(space_id: str) -> str:
    """The selector of the map's space ``space_id``."""
    return f'#board [data-space="{space_id}"]'


# -- state checks (JavaScript functions run in the page) -------------------------------------

START_OUTCOME_JS = """() => {
  const data = document.documentElement.dataset;
  if (data.parkReady === "true") return "ready";
  if (data.parkError) return "error:" + data.parkError;
  return null;
}"""
"""Evaluates to "ready", "error:<code>" (set by web/boot.js) or null while starting."""
READY_AT_JS = """() => {
  const mark = performance.getEntriesByName("park:ready")[0];
  return mark === undefined ? null : mark.startTime;
}"""
"""Milliseconds from navigation start to the page's ``park:ready`` mark, set with
``data-park-ready`` (None until it is set)."""
GAME_SHOWN_JS = f"() => !document.querySelector({GAME!r}).hidden"
"""Whether the game screen shows (a game started or resumed)."""
TURN_JS = (
    "() => document.documentElement.dataset.parkDrawn === 'false'"
    " ? null : document.documentElement.dataset.parkTurn ?? null"
)
"""The decision the human faces, once the page shows it (null while it draws)."""
AT_DECISION_JS = f"(kind) => ({TURN_JS})() === kind"
"""Whether the page shows the human's decision ``kind``."""
CONTROLLED_JS = "() => navigator.serviceWorker.controller !== null"
"""Whether the site's service worker serves the page."""
SAVED_ACTIONS_JS = f"""() => {{
  const saved = localStorage.getItem({json.dumps(SAVE_KEY)});
  return saved === null ? null : JSON.parse(saved).actions;
}}"""
"""The actions of the page's autosave (null: no game saved)."""

DEFAULT_START_TIMEOUT_MS = 90_000
"""Generous: a cold start takes about 3 s here, but CI machines can be slow and busy."""
DECISION_TIMEOUT_MS = 60_000
"""How long the AI seats may take before the human's decision."""


# -- steps in a Playwright page (Chromium) ---------------------------------------------------


class StartFailed(AssertionError):
    """The page reported that Python failed to start (``html[data-park-error]``)."""


def wait_for_start(page: Page, timeout_ms: float = DEFAULT_START_TIMEOUT_MS) -> str:
    """Wait until the page is ready or reports a start-up error.

    Args:
        page: the page, loading.
        timeout_ms: how long to wait.

    Returns:
        ``"ready"`` or ``"error:<code>"`` (see web/boot.js for the codes).
    """
    handle = page.wait_for_function(START_OUTCOME_JS, timeout=timeout_ms)
    outcome = handle.json_value()
    assert isinstance(outcome, str)
    return outcome


def wait_for_ready(page: Page, timeout_ms: float = DEFAULT_START_TIMEOUT_MS) -> None:
    """Wait for ``html[data-park-ready="true"]``.

    Raises:
        StartFailed: the page reported a start-up error instead (with its message).
    """
    outcome = wait_for_start(page, timeout_ms)
    if outcome != "ready":
        raise StartFailed(f"{outcome}: {error_text(page)}")


def error_text(page: Page) -> str:
    """The start-up error shown on the page (message and details), or ""."""
    from playwright.sync_api import Error

    try:
        return page.locator("#park-error").inner_text(timeout=1_000)
    except Error:
        return ""


def fill_new_game(
    page: Page,
    *,
    name: str | None = None,
    others: Sequence[str] = (),
    opponents: int | None = None,
    level: str | None = None,
    seed: int | None = None,
) -> None:
    """Fill in the New game form's fields that are given (the others keep their values).

    Args:
        page: the page, showing the form.
        name: the first player's name.
        others: the names of the other people at the device (hot-seat), in seat order; as
            many as there are, plus the first, are chosen as the players at the device.
        opponents: how many AI opponents.
        level: their AI level.
        seed: the game's seed.
    """
    if others:
        page.locator(HUMANS_FIELD).select_option(str(1 + len(others)))
    if name is not None:
        page.locator(NAME_FIELD).fill(name)
    for number, other in enumerate(others, start=2):
        page.locator(f"{NAME_FIELD}-{number}").fill(other)
    if opponents is not None:
        page.locator(OPPONENTS_FIELD).select_option(str(opponents))
    if level is not None:
        page.locator(LEVEL_FIELD).select_option(level)
    if seed is not None:
        page.locator(SEED_FIELD).fill(str(seed))


def press_start(page: Page, shown: str = GAME) -> None:
    """Press "Start the expedition" and wait until ``shown`` shows.

    Press "Start the expedition" (replacing a game in progress where the page asks), and
    wait until ``shown`` shows: the game screen, or for hot-seat the privacy screen
    (:data:`PRIVACY`).
    """
    page.locator(START_BUTTON).click()
    replace_game(page)
    page.locator(shown).wait_for(state="visible")


def start_new_game(
    page: Page, *, name: str = "Phileas", opponents: int = 3, level: str = "easy", seed: int = 4242
) -> None:
    """Fill in the New game form (:func:`fill_new_game`) and start (:func:`press_start`)."""
    fill_new_game(page, name=name, opponents=opponents, level=level, seed=seed)
    press_start(page)


def replace_game(page: Page) -> None:
    """Where the page asks before a game in progress is replaced, say so."""
    dialog = page.locator(REPLACE_DIALOG)
    if dialog.is_visible():
        dialog.locator(REPLACE_BUTTON).click()


def wait_for_decision(page: Page, kind: str, timeout_ms: float = DECISION_TIMEOUT_MS) -> None:
    """Wait until the page shows the human's decision ``kind`` (see the module's list)."""
    page.wait_for_function(AT_DECISION_JS, arg=kind, timeout=timeout_ms)


def decision_button(page: Page, action: str) -> Locator:
    """The button a player presses for the action with text form ``action``.

    The decision panel's, or where the table is one screen (a phone, issue 48) and a card is
    played from the hand, that card's Play button: the first shown (both do the same).
    """
    hand = f'#hand button[data-action="{action}"]'
    return page.locator(f"{decision_selector(action)}:visible, {hand}:visible").first


def space(page: Page, space_id: str) -> Locator:
    """A space of the map."""
    return page.locator(space_selector(space_id))


# -- steps in an engine's page (tools.engines: Chromium, Firefox, WebKit) --------------------


def engine_wait_for_ready(
    page: EnginePage, timeout_s: float = DEFAULT_START_TIMEOUT_MS / 1000
) -> None:
    """Wait until the page is ready; fail with its start-up outcome if it reports an error."""
    outcome = page.wait_for(START_OUTCOME_JS, timeout=timeout_s)
    assert outcome == "ready", outcome


def engine_start_game(page: EnginePage, seed: int) -> None:
    """Fill in the New game form's seed and press "Start the expedition" with the pointer.

    Wait for the game screen.
    """
    page.evaluate(
        "([field, seed]) => { document.querySelector(field).value = String(seed); }",
        [SEED_FIELD, seed],
    )
    page.click(START_BUTTON)
    page.wait_for(GAME_SHOWN_JS)


def engine_wait_for_decision(
    page: EnginePage, kind: str, timeout_s: float = DECISION_TIMEOUT_MS / 1000
) -> None:
    """Wait until the page shows the human's decision ``kind`` (see the module's list)."""
    page.wait_for(AT_DECISION_JS, kind, timeout=timeout_s)
