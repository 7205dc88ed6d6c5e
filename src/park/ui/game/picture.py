"""The table's picture (issue 40): what the game screen showed.

Kept with the autosave so that a returning player sees the table before Python has started.

The page keeps the game screen's markup when it is hidden or closed (``web/table_picture.py``),
with the save it shows, the language and the build; ``web/first_screen.js`` shows it at the
next visit while Python starts, not yet playable, if it still belongs to the autosave, the
language and the build. Both sides name the save by :func:`save_fingerprint`, computed the
same way in Python and in JavaScript.

The page imports this module before it is ready (``park.ui.game.startup.PAGE_MODULES``), so
the start-up snapshot holds it and the UTF-16 codec it uses: a page hidden just after it is
ready must not import from the standard library's zip, which is being replaced then.
"""

from __future__ import annotations

import encodings.utf_16_le  # noqa: F401  (the codec, in the start-up snapshot: see below)
import json
import zlib
from dataclasses import dataclass

PICTURE_VERSION = 1
"""The kept picture's format; a picture of another version is not shown."""


def save_fingerprint(text: str) -> str:
    """A short name of a save's text, the same as ``web/first_screen.js`` computes.

    Args:
        text: the autosave's text, as kept in ``localStorage``.

    Returns:
        ``"<length>:<crc>"``: the text's length in UTF-16 code units (JavaScript's
        ``String.length``) and the CRC-32 of those code units as little-endian bytes, eight
        hex digits (``zlib``'s, in C: a long save costs the page nothing to name).
    """
    data = text.encode("utf-16-le", "surrogatepass")
    return f"{len(data) // 2}:{zlib.crc32(data):08x}"


@dataclass(frozen=True, slots=True)
class Picture:
    """A kept picture of the game screen.

    Attributes:
        save: the :func:`save_fingerprint` of the autosave it shows.
        language: the page's language code when it was taken (``"en"``, ``"ja"``).
        build: the build's line (``<meta name="park-build">``), so another build's markup is
            never shown.
        html: the game screen's inner HTML (``#game``).
    """

    save: str
    language: str
    build: str
    html: str

    def text(self) -> str:
        """The picture as kept in ``localStorage`` (JSON, with :data:`PICTURE_VERSION`)."""
        return json.dumps(
            {
                "version": PICTURE_VERSION,
                "save": self.save,
                "language": self.language,
                "build": self.build,
                "html": self.html,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )


def picture_of(save_text: str, html: str, *, language: str, build: str) -> Picture:
    """The picture of the game screen's ``html`` showing the autosave ``save_text``."""
    return Picture(save_fingerprint(save_text), language, build, html)


def shows_save(kept: str | None, save_text: str, *, language: str, build: str) -> bool:
    """Whether the kept picture ``kept`` (its text, or None) shows the autosave ``save_text``.

    In ``language``, made by ``build``. Read from the picture's first characters, without
    parsing its markup: a page being closed need not keep again the picture it kept when it was
    hidden a moment before.
    """
    head = Picture(save_fingerprint(save_text), language, build, "").text()
    return kept is not None and kept.startswith(head.removesuffix('""}'))
