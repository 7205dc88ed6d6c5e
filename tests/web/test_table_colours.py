"""The browser's bar is the table's colour in either theme (issue 43).

``web/boot.js`` sets ``<meta name="theme-color">`` from its own copy of ``park.css``'s ``--table``
(it runs before the style sheet has loaded): the copies must agree.
"""

from __future__ import annotations

import re

from tests.helpers import WEB


def css_table_colours() -> dict[str, str]:
    """``--table`` in ``park.css``'s light ``:root`` and its ``html[data-theme="dark"]`` rule."""
    css = (WEB / "styles" / "park.css").read_text(encoding="utf-8")
    light = re.search(r":root\s*\{[^}]*--table:\s*(#[0-9a-fA-F]{6})", css)
    dark = re.search(r'html\[data-theme="dark"\]\s*\{[^}]*--table:\s*(#[0-9a-fA-F]{6})', css)
    assert light and dark, "park.css no longer says --table in both themes"
    return {"light": light.group(1).lower(), "dark": dark.group(1).lower()}


def boot_table_colours() -> dict[str, str]:
    """``TABLE_COLOURS`` in ``web/boot.js``."""
    boot = (WEB / "boot.js").read_text(encoding="utf-8")
    found = re.search(r"TABLE_COLOURS = \{([^}]*)\}", boot)
    assert found, "boot.js no longer has TABLE_COLOURS"
    pairs = re.findall(r'(\w+):\s*"(#[0-9a-fA-F]{6})"', found.group(1))
    return {name: colour.lower() for name, colour in pairs}


def test_boot_js_gives_the_bar_the_tables_colour_in_each_theme() -> None:
    assert boot_table_colours() == css_table_colours()


def test_the_page_starts_with_the_light_tables_colour_in_the_bar() -> None:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="theme-color" content="{css_table_colours()["light"]}">' in html
