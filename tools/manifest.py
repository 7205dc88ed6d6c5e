"""The web app manifest (``manifest.webmanifest``): name, colours and icons."""

from __future__ import annotations

import json
from pathlib import Path

NAME = "Captain Park's Imaginary Polar Expedition"
SHORT_NAME = "Park"
THEME_COLOR = "#1e2f26"
BACKGROUND_COLOR = "#f6ead0"


def manifest(icon_sizes: tuple[int, ...]) -> dict[str, object]:
    """Return the manifest; every URL is relative, as the site lives under ``/<repo>/``."""
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
        "name": NAME,
        "short_name": SHORT_NAME,
        "description": "The board game, played in the browser against bots, online or offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": icons,
    }


def write_manifest(site: Path, icon_sizes: tuple[int, ...]) -> Path:
    """Write ``site/manifest.webmanifest``."""
    path = site / "manifest.webmanifest"
    path.write_text(json.dumps(manifest(icon_sizes), indent=2) + "\n", encoding="utf-8")
    return path
