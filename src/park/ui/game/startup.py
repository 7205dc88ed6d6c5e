"""What the page's Python holds before its first screen.

Every module it uses, and every file of the package it reads, already read: the shipped material
parsed, the AI's board facts and weights, each language's catalogue, the archived materials and the
puzzle set's text.

The build runs :func:`prepare` in Pyodide and keeps the result as a memory snapshot
(``tools/snapshot.py``), so a page restored from it starts with all of this done and needs none of
the wheel's files: it does not download the wheel (``web/interpreter.mjs``). Without the snapshot
the page unpacks the wheel and imports the same :data:`PAGE_MODULES` itself, the New game form's
first and the rest in the background (``web/main.py``); :data:`LATER_MODULES` load when first used.
Importing this module loads nothing else.
"""

from __future__ import annotations

import importlib

PAGE_MODULES: tuple[str, ...] = (
    "park.ui.game.bytecode",
    "park.ui.page.update",
    "park.ui.page.told",
    "park.ui.page.view",
    "park.ui.page.screen_views",
    "park.ui.page.dialog_views",
    "park.ui.page.game_view",
    "park.ui.page.replay_view",
    "park.ui.setup.settings",
    "park.ui.setup.pace",
    "park.ui.setup.preferences",
    "park.ui.puzzles.buttons",
    "park.ui.game.transfer",
    "park.ui.game.session",
    "park.ui.setup.sounds",
    "park.ui.game.screen",
    "park.ui.game.picture",
    "park.ui.play.frame",
    "park.ai",
    "park.ai.coach",
    "park.ui.setup.daily",
    "park.ui.record.daily",
    "park.ui.record.html",
    "park.ui.record.trends",
    "park.ui.replay.html",
    "park.ui.story.html",
    "park.ui.game.links",
    "park.ui.game.link_views",
)
"""The modules the page (``web/``) imports before it is ready, or soon after, in the order it needs
them: the bytecode of PyScript's files and the page's modules (written as soon as Python is
restored), the page's state, its updates and its view (``park.ui.page``), the New game form, the
AI's pace, the theme and the sound (the Settings' menus), the names of the puzzles' buttons (the
page's command table), the name of a game's file ("Download this game"), a game's session and
its sounds, drawing it (the map's edge markers too), the table's picture, the AI and the coach
(Park's reach, shown on a resumed game); then the game over's and the header's: today's
expedition and its result in the record, your record, the replay and the game's story, and the
links (a challenge, a game shared: read from the address once the page is ready). The build's
snapshot holds them all, so a page restored from it compiles none of them."""

LATER_MODULES: tuple[str, ...] = (
    "park.ui.puzzles.catalogue",
    "park.ui.puzzles.daily",
    "park.ui.puzzles.position",
    "park.ui.puzzles.progress",
    "park.ui.puzzles.rating",
    "park.ui.puzzles.verdict",
    "park.ui.puzzles.html",
    "park.ui.puzzles.history",
    "park.ui.puzzles.record_file",
    "park.ui.puzzles.solution",
    "park.ai.review",
    "park.ai.deal_values",
    "park.ui.page.live_updates",
    "park.ui.live.links",
    "park.ui.live.host",
    "park.ui.live.guest",
    "park.ui.live.qr",
    "park.ui.setup.menus",
)
"""The modules of ours the page imports only when a player opens them: the puzzles (and the values
of their plans on the deals), the coach's review of a game and a live table with friends (issue
52). The snapshot holds them too (a
restored page has no wheel to import them from); a page started without it imports them from the
wheel's files then. Last, the labels of the page's menus, which the build writes into the page
(``tools/page_lists.py``) and the page never needs: listed so the snapshot holds every module."""


FILE_READERS: tuple[str, ...] = (
    "park.ai.tuned:shipped_weights",
    "park.engine.archive:archived_rulesets",
    "park.ui.puzzles.catalogue:shipped_puzzles_text",
)
"""The functions (``module:function``) that read a file of the package once and keep what they
read, beyond the ruleset's and the catalogues': the normal level's weights, the archived materials
(an older save's) and the puzzle set's text. Named, not imported, as :data:`LATER_MODULES` are: the
puzzles come after the game in ``park.ui``'s order."""


def prepare() -> None:
    """Import every module the page uses and read every file of the package it reads.

    Imports :data:`PAGE_MODULES` and :data:`LATER_MODULES` and fills the caches that read the
    package's files or that a first game or a resume reads: the shipped ruleset (the TOML data
    files parsed and checked), its fingerprint (which a save records), the AI's board facts, each
    language's catalogue, and :data:`FILE_READERS`'. Raises what importing or loading the data
    raises (``park.engine.errors.DataError`` for invalid data files).
    """
    for name in (*PAGE_MODULES, *LATER_MODULES):
        importlib.import_module(name)
    from park.ai.board_facts import board_facts
    from park.engine.archive import fingerprint
    from park.engine.ruleset import standard_ruleset
    from park.ui.lang.i18n import LANGUAGES, catalogue

    rules = standard_ruleset()
    fingerprint(rules)
    board_facts(rules)
    for language in LANGUAGES:
        catalogue(language)
    for reader in FILE_READERS:
        module, function = reader.split(":")
        getattr(importlib.import_module(module), function)()


__all__ = ["FILE_READERS", "LATER_MODULES", "PAGE_MODULES", "prepare"]
