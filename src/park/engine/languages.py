"""The language registry: every language Park speaks, by its BCP 47 tag, named in itself.

The lowest layer that needs it is the engine: every shipped card carries its name and joke
in each translated language (``park.engine.deck``). The page's words come from gettext
catalogues (``park.ui.lang.i18n``; ``src/park/locale/<code>/LC_MESSAGES/park.po``, kept by
``tools/translations.py``), the header's Language menu and ``web/boot.js`` get the list at
build time (``tools/page_lists.py``), and each language but English has a web app manifest
of its own (``manifest.<code>.webmanifest``, ``tools/manifest.py``). To add a language: an
entry here, its ``park.po``, the cards' translations in ``deck.toml``.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_LANGUAGE = "en"
"""The language of the messages in the code (English needs no catalogue)."""


@dataclass(frozen=True, slots=True)
class Language:
    """A language the page offers, as the Language menu shows it.

    Attributes:
        code: its primary BCP 47 tag (``"ja"``).
        name: what it calls itself (``"日本語"``).
    """

    code: str
    name: str

    @property
    def translated(self) -> bool:
        """Whether it has a catalogue and card translations (every language but English)."""
        return self.code != DEFAULT_LANGUAGE

    @property
    def manifest(self) -> str:
        """The file name of its web app manifest (``manifest.ja.webmanifest``)."""
        return (
            "manifest.webmanifest" if not self.translated else f"manifest.{self.code}.webmanifest"
        )


LANGUAGES: tuple[Language, ...] = (
    Language(DEFAULT_LANGUAGE, "English"),
    Language("ja", "日本語"),
)
"""Every language the page offers, English first, in the Language menu's order."""

TRANSLATIONS: tuple[str, ...] = tuple(lang.code for lang in LANGUAGES if lang.translated)
"""The languages with a catalogue, into which every shipped card is translated."""
