"""Everything the page keeps in the browser's ``localStorage``, by key (issue 49).

Every key of the page (the autosave and the kept copies of saves this version cannot open, the AI's
pace and thinking time, the language, the theme and the sound, the Park's reach toggle, the record,
the last finished game, the challenge, the puzzle record and theme, the New game form's last table
and the table's picture). ``web/storage.py`` reads and writes them; the updates name them in their
effects.
"""

from __future__ import annotations

SAVE_KEY = "park.save"
"""The autosave of the game in progress, written after every action."""
BACKUP_KEY = "park.save.backup"
"""Where a save this version cannot open is kept, for the player to download; more are kept
under ``park.save.backup.2`` and on (:data:`BACKUPS` in all; when all are taken, the last
one is replaced)."""
BACKUPS = 5
SPEED_KEY = "park.speed"
"""The AI's pace (``park.ui.setup.pace.SPEEDS``), the header's setting."""
THINKING_KEY = "park.thinking"
"""The hard AI's (and a hint's) thinking time (``park.ui.setup.settings.THINKING_TIMES``)."""
LANGUAGE_KEY = "park.language"
"""Where the player's choice of language is kept (the header's language menu)."""
REACH_KEY = "park.reach"
"""Where the Park's reach toggle is remembered ("on" or "off")."""
RECORD_KEY = "park.record"
"""The player's record of finished games (``park.ui.record.store``)."""
DAMAGED_KEY = "park.record.damaged"
"""Where a record that could not be read is kept (one copy), for the player to download."""
PROBE_KEY = "park.probe"
"""Written and removed at start-up, to learn whether this browser keeps anything."""
LAST_GAME_KEY = "park.last-game"
"""The save of the last finished game, for "Replay the last game"."""
CHALLENGE_KEY = "park.challenge"
"""The fragment of the challenge accepted last (``park.ui.game.links``): a game on its deal ends
with the results compared. Written only when the player chooses to play a challenge."""
PUZZLES_KEY = "park.puzzles"
"""The puzzle record: the puzzle rating, the puzzles tried, the days of the puzzle of the day
(``park.ui.puzzles.progress``)."""
PUZZLES_DAMAGED_KEY = "park.puzzles.damaged"
"""Where a puzzle record that could not be read is kept (one copy)."""
PUZZLE_THEME_KEY = "park.puzzle-theme"
"""The theme of the next puzzle the person picked in the Puzzles dialog (empty: any)."""
TABLE_KEY = "park.table"
"""The New game form's last table (``park.ui.setup.settings.table_text``), filled in again."""
PICTURE_KEY = "park.picture"
"""The table's picture, shown before Python starts (``web/table_picture.py``)."""
THEME_KEY = "park.theme"
"""The Theme setting (``park.ui.setup.theme.THEMES``); ``web/boot.js`` reads it too, early."""
SOUND_KEY = "park.sound"
"""The Sound setting (``park.ui.setup.sounds.SOUND_SETTINGS``): off until turned on."""
