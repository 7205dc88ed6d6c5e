"""What the page's Python holds before its first screen.

Every module it uses, and the caches a first game fills (the shipped material and the AI's board
facts).

The build runs :func:`prepare` in Pyodide and keeps the result as a memory snapshot
(``tools/snapshot.py``), so a page restored from it starts with all of this done. Without the
snapshot the page imports the same :data:`PAGE_MODULES` itself, the New game form's first and
the rest in the background (``web/main.py``). Importing this module loads nothing else.
"""

from __future__ import annotations

import importlib

PAGE_MODULES: tuple[str, ...] = (
    "park.ui.setup.settings",
    "park.ui.setup.pace",
    "park.ui.puzzles.buttons",
    "park.ui.game.transfer",
    "park.ui.game.session",
    "park.ui.game.page",
    "park.ui.game.picture",
    "park.ui.play.frame",
    "park.ai",
    "park.ai.coach",
    "park.ui.setup.daily",
    "park.ui.record.daily",
    "park.ui.record.html",
    "park.ui.replay.html",
    "park.ui.story.html",
)
"""The modules the page (``web/``) imports before it is ready, or soon after, in the order it needs
them: the New game form and the AI's pace (the header's speed menu), the names of the puzzles'
buttons (the page's command table), the name of a game's file ("Download this game"), a game's
session, drawing it (the map's edge markers too), the table's picture, the AI and the coach (Park's
reach, shown on a resumed game); then the game over's and the header's: today's expedition and its
result in the record, your record, the replay and the game's story. The build's snapshot holds them
all, so a page restored from it compiles none of them; what a player opens later (the puzzles, the
coach's review of a game) loads then."""


def prepare() -> None:
    """Import :data:`PAGE_MODULES` and fill the caches a first game or a resume reads.

    The caches: the shipped ruleset (the TOML data files parsed and checked), its fingerprint (which
    a save records) and the AI's board facts. Raises what importing or loading the data raises
    (``park.engine.errors.DataError`` for invalid data files).
    """
    for name in PAGE_MODULES:
        importlib.import_module(name)
    from park.ai.board_facts import board_facts
    from park.engine.archive import fingerprint
    from park.engine.ruleset import standard_ruleset

    rules = standard_ruleset()
    fingerprint(rules)
    board_facts(rules)


__all__ = ["PAGE_MODULES", "prepare"]
