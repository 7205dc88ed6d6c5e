"""The page's pure half: view model, markup, game-log text and the game session controller.

Nothing in ``park.ui`` imports a browser module; ``web/main.py`` renders what it builds.
"""

from __future__ import annotations
