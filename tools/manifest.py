"""The web app manifests.

Name, colours and icons, in English (``manifest.webmanifest``) and in each language with a
catalogue (``manifest.<lang>.webmanifest``, chosen by boot.js; issue 13).

A manifest cannot be translated in place (platforms read one file), so each language has its
own, with the name and description from ``park.mo`` (stdlib ``gettext``: the build needs no
Babel).
"""

from __future__ import annotations

import gettext
import json
from pathlib import Path

from park.engine.languages import LANGUAGES
from park.ui.lang.i18n import N_
from tools.paths import ROOT

LOCALE = ROOT / "src" / "park" / "locale"


NAME = N_("Captain Park's Imaginary Polar Expedition")
SHORT_NAME = N_("Park")
DESCRIPTION = N_("The board game, played in the browser against bots, online or offline.")
THEME_COLOR = "#1e2f26"
BACKGROUND_COLOR = "#f6ead0"


def manifest(
    icon_sizes: tuple[int, ...],
    translations: gettext.NullTranslations | None = None,
    lang: str = "en",
) -> dict[str, object]:
    """Return the manifest in ``lang`` (its texts from ``translations``).

    Every URL is relative, as the site lives under ``/<repo>/``.
    """
    words = translations or gettext.NullTranslations()
    icons: list[dict[str, str]] = []
    for purpose in ("any", "maskable"):  # the icon is full-bleed, so it is also maskable
        for size in icon_sizes:
            icons.append(
                {
                    "src": f"icons/icon-{size}.png",
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                    "purpose": purpose,
                }
            )
    return {
        "name": words.gettext(NAME),
        "short_name": words.gettext(SHORT_NAME),
        "description": words.gettext(DESCRIPTION),
        "lang": lang,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": icons,
    }


def write_manifest(site: Path, icon_sizes: tuple[int, ...], locale: Path = LOCALE) -> Path:
    """Write ``site/manifest.webmanifest`` and each other language's manifest.

    Write ``site/manifest.webmanifest`` and each other language's manifest
    (``manifest.<lang>.webmanifest``, from its compiled catalogue under ``locale``; the
    languages: ``park.engine.languages``); return the English one's path.
    """
    path = site / "manifest.webmanifest"
    path.write_text(json.dumps(manifest(icon_sizes), indent=2) + "\n", encoding="utf-8")
    for language in LANGUAGES:
        if not language.translated:
            continue
        with (locale / language.code / "LC_MESSAGES" / "park.mo").open("rb") as fh:
            words = gettext.GNUTranslations(fh)
        text = json.dumps(manifest(icon_sizes, words, language.code), indent=2, ensure_ascii=False)
        (site / language.manifest).write_text(text + "\n", encoding="utf-8")
    return path
