"""What ``web/index.html`` and ``web/boot.js`` get from the registries at build time.

The New game form's AI levels (``park.engine.levels``, labelled by ``park.ui.lang.levels``), the
header's Language menu and boot.js's languages with their manifests (``park.engine.languages``),
and the menus of settings (``park.ui.setup.menus``: the New game form's Humans at this device,
the Settings' AI speed, Hard AI thinks, Theme and Sound). ``tools/build_site.py`` fills the
markers in the site's copies; the page's first paint (and the start-up snapshot) sees the
finished lists.

The level options and the menus' translated options keep ``data-i18n``: the page translates
them like any marked text, and their messages are the ``N_`` labels of ``park.ui.lang.levels``
and ``park.ui.setup.menus`` (in the catalogue through them).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from park.engine.languages import DEFAULT_LANGUAGE, LANGUAGES
from park.ui.lang.levels import LEVEL_LABELS
from park.ui.setup.menus import MENUS, Menu
from park.ui.setup.settings import DEFAULT_LEVEL

LEVEL_MARKER = re.compile(r"<!-- park:level-options\b.*?-->", re.DOTALL)
"""Where web/index.html wants the New game form's ``<option>`` of each offered AI level."""
LANGUAGE_MARKER = re.compile(r"<!-- park:language-options\b.*?-->", re.DOTALL)
"""Where web/index.html wants the Language menu's ``<option>`` of each language."""
BOOT_MARKER = re.compile(r"/\* park:languages\b.*?\*/ *\{\}", re.DOTALL)
"""Where web/boot.js wants its table of languages: ``/* park:languages ... */ {}``."""


def menu_marker(menu: Menu) -> re.Pattern[str]:
    """Where web/index.html wants ``menu``'s options: ``<!-- park:menu-options <id> ... -->``."""
    return re.compile(rf"<!-- park:menu-options {re.escape(menu.id)}\b.*?-->", re.DOTALL)


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


def menu_options(menu: Menu) -> str:
    """``menu``'s ``<option>`` elements, in order, its default selected.

    A translated label is marked ``data-i18n`` (English in the page, translated there).
    """
    options = []
    for option in menu.options:
        selected = " selected" if option.value == menu.default else ""
        marked = " data-i18n" if option.translated else ""
        label = html.escape(option.label, quote=False)
        options.append(f'<option value="{option.value}"{selected}{marked}>{label}</option>')
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


def filled(source: str, marker: re.Pattern[str], text: str, where: str) -> str:
    """``source`` with its one ``marker`` (a comment) replaced by ``text``.

    Raises ``RuntimeError``, naming ``where`` (the file), unless it has exactly one.
    """
    source, found = marker.subn(lambda _: text, source)
    if found != 1:
        raise RuntimeError(f"{where}: expected one {marker.pattern}, found {found}")
    return source


def fill_marker(path: Path, marker: re.Pattern[str], text: str) -> None:
    """Replace the one ``marker`` (a comment) of the file ``path`` with ``text``.

    Raises ``RuntimeError`` unless the file has exactly one.
    """
    source = filled(path.read_text(encoding="utf-8"), marker, text, str(path))
    path.write_text(source, encoding="utf-8")


def index_lists() -> list[tuple[re.Pattern[str], str]]:
    """Each marker of ``web/index.html`` this module fills, with what it becomes."""
    lists = [(LEVEL_MARKER, level_options()), (LANGUAGE_MARKER, language_options())]
    return lists + [(menu_marker(menu), menu_options(menu)) for menu in MENUS]


def filled_index(source: str) -> str:
    """``source`` (web/index.html's text) with every list of the registries written in.

    Raises ``RuntimeError`` when a marker is missing or repeated.
    """
    for marker, text in index_lists():
        source = filled(source, marker, text, "index.html")
    return source


def fill_page_lists(site: Path) -> None:
    """Write the registries' lists into ``site``'s ``index.html`` and ``boot.js``.

    Write the registries' lists into ``site``'s ``index.html`` and ``boot.js`` (copies of
    web/'s). Raises ``RuntimeError`` when a marker is missing or repeated.
    """
    index = site / "index.html"
    index.write_text(filled_index(index.read_text(encoding="utf-8")), encoding="utf-8")
    fill_marker(site / "boot.js", BOOT_MARKER, boot_languages())
