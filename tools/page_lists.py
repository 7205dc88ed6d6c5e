"""What ``web/index.html`` and ``web/boot.js`` get from the registries at build time.

The New game form's AI levels (``park.engine.levels``, labelled by ``park.ui.lang.levels``), the
header's Language menu and boot.js's languages with their manifests (``park.engine.languages``).
``tools/build_site.py`` fills the markers in the site's copies; the page's first paint (and the
start-up snapshot) sees the finished lists.

The level options keep ``data-i18n``: the page translates them like any marked text, and
their messages are the ``N_`` labels of ``park.ui.lang.levels`` (in the catalogue through
them).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from park.engine.languages import DEFAULT_LANGUAGE, LANGUAGES
from park.ui.lang.levels import LEVEL_LABELS
from park.ui.setup.settings import DEFAULT_LEVEL

LEVEL_MARKER = re.compile(r"<!-- park:level-options\b.*?-->", re.DOTALL)
"""Where web/index.html wants the New game form's ``<option>`` of each offered AI level."""
LANGUAGE_MARKER = re.compile(r"<!-- park:language-options\b.*?-->", re.DOTALL)
"""Where web/index.html wants the Language menu's ``<option>`` of each language."""
BOOT_MARKER = re.compile(r"/\* park:languages\b.*?\*/ *\{\}", re.DOTALL)
"""Where web/boot.js wants its table of languages: ``/* park:languages ... */ {}``."""


def level_options() -> str:
    """The New game form's ``<option>`` elements.

    Each level it offers, weakest first, the default one selected, labelled in English and
    marked for translation.
    """
    options = []
    for entry in LEVEL_LABELS:
        if entry.form is None:
            continue
        selected = " selected" if entry.name == DEFAULT_LEVEL else ""
        label = html.escape(entry.form, quote=False)
        options.append(f'<option value="{entry.name}"{selected} data-i18n>{label}</option>')
    return "".join(options)


def language_options() -> str:
    """The Language menu's ``<option>`` elements, each language named in itself."""
    return "".join(
        f'<option value="{lang.code}" lang="{lang.code}">{html.escape(lang.name)}</option>'
        for lang in LANGUAGES
    )


def boot_languages() -> str:
    """boot.js's table of languages: each code to its manifest's URL, and the default."""
    table = {lang.code: f"./{lang.manifest}" for lang in LANGUAGES}
    return json.dumps({"default": DEFAULT_LANGUAGE, "manifests": table}, ensure_ascii=False)


def fill_marker(path: Path, marker: re.Pattern[str], text: str) -> None:
    """Replace the one ``marker`` (a comment) of the file ``path`` with ``text``.

    Raises ``RuntimeError`` unless the file has exactly one.
    """
    source = path.read_text(encoding="utf-8")
    source, found = marker.subn(lambda _: text, source)
    if found != 1:
        raise RuntimeError(f"{path}: expected one {marker.pattern}, found {found}")
    path.write_text(source, encoding="utf-8")


def fill_page_lists(site: Path) -> None:
    """Write the registries' lists into ``site``'s ``index.html`` and ``boot.js``.

    Write the registries' lists into ``site``'s ``index.html`` and ``boot.js`` (copies of
    web/'s). Raises ``RuntimeError`` when a marker is missing or repeated.
    """
    index = site / "index.html"
    fill_marker(index, LEVEL_MARKER, level_options())
    fill_marker(index, LANGUAGE_MARKER, language_options())
    fill_marker(site / "boot.js", BOOT_MARKER, boot_languages())
