"""The static page's texts in each language, for the first screen before Python (issue 40).

``web/first_screen.js`` shows the New game form, the header and the Rules and About dialogs
before Python is ready, in the page's language. It translates them as the page's Python does
(``web/dom.py``'s ``translate_page``: each ``data-i18n`` element's inner HTML, each
``data-i18n-attrs`` attribute), with the translations this build step computes by that same
code (``park.ui.lang.i18n.translate_page_text``) for every text of the built ``index.html``
(``tools.i18n_html.messages``, the level options included), and adds to the site's
``locale/<lang>/boot.json``, which ``web/boot.js`` fetches as the page opens.
"""

from __future__ import annotations

import json
from pathlib import Path

from park.engine.languages import TRANSLATIONS
from park.ui.lang.i18n import speaking, translate_page_text
from tools.i18n_html import messages


def page_translations(index_html: str, language: str) -> dict[str, str]:
    """The translations of ``index_html``'s marked texts in ``language``.

    Args:
        index_html: the page's HTML, as built.
        language: a language code with a catalogue (``park.engine.languages.TRANSLATIONS``).

    Returns:
        Each message (as ``park.ui.lang.i18n.page_message`` names it) with its translation;
        messages the catalogue lacks are left out (they stay in English, as in the page).
    """
    found: dict[str, str] = {}
    with speaking(language):
        for _line, message in messages(index_html):
            translated = translate_page_text(message)
            if translated is not None:
                found[message] = translated
    return dict(sorted(found.items()))


def add_page_translations(site: Path) -> None:
    """Add the page's translations to each language's ``locale/<lang>/boot.json``.

    Add the page's translations to each language's ``locale/<lang>/boot.json`` in ``site``
    (the built ``index.html``'s texts; the loading screen's own messages stay).
    """
    index_html = (site / "index.html").read_text(encoding="utf-8")
    for language in TRANSLATIONS:
        path = site / "locale" / language / "boot.json"
        texts = json.loads(path.read_text(encoding="utf-8"))
        texts.update(page_translations(index_html, language))
        path.write_text(json.dumps(texts, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
