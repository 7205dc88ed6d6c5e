"""The page's typeface (issue 39, item 7).

Tinos, shipped with the site so that Chromium, Firefox and WebKit lay the page out alike.

The style sheet asks for ``Tinos`` first, then fonts of the same widths ("Liberation Serif",
"Times New Roman", Times), so the page keeps its layout before the font has arrived and
wherever it cannot. Before it shipped, each engine fell back to a serif of its own for the
Georgia it asked for and which Linux lacks: Chromium to Liberation Serif (what the layout
was drawn with), Firefox and WebKit to wider ones, in which card headers ran together and map
labels spilled past their signs. Tinos is Liberation Serif's own design (Times New Roman's
widths), under the SIL Open Font License 1.1, from npm as Fontsource packs it
(``@fontsource/tinos``, pinned in package.json).

The build (:func:`add_fonts`, from ``tools/build_site.py``) writes into ``site/fonts/``:

* each face of :data:`FACES` as WOFF2, subset to the characters the page can show in
  English (:func:`page_characters`: the page's and the game's own text, and the Latin-1
  letters a player's name may have), named by its content (``tinos-400-normal.<sha256[:16]>
  .woff2``); the font's names, copyright and licence URL stay in it;
* ``LICENSE``: the font's licence.

``boot.js`` gets the faces' URLs (its ``/* park:fonts */ null``, :func:`boot_fonts`) and,
once the page is ready (``data-park-ready``), loads them with the CSS Font Loading API and
adds them to the page only when all have arrived: start-up never waits for a font, and no
engine hides the text while one loads (Firefox did for a moment with a style sheet's
``font-display: swap``). The service worker precaches the files like the site's others.
Japanese keeps the system's fonts (the style sheet's ``:lang(ja)`` rules; a Japanese subset
would not be small).
"""

from __future__ import annotations

import io
import json
import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from tools.page_lists import fill_marker
from tools.wheel import fingerprinted_name

PACKAGE = "@fontsource/tinos"
"""The npm package the font comes from (node_modules/, pinned in package.json)."""

FAMILY = "Tinos"
"""The family name the style sheet asks for (web/styles/park.css)."""

FONTS_DIR = "fonts"
"""Where in the site the fonts and their licence go."""

BOOT_MARKER = re.compile(r"/\* park:fonts\b.*?\*/ *null", re.DOTALL)
"""Where web/boot.js wants the faces to load (:func:`boot_fonts`): ``/* park:fonts */ null``."""

LATIN_1_LETTERS = "".join(chr(c) for c in range(0xC0, 0x100) if c not in (0xD7, 0xF7))
"""Letters a player may type in a name (Zoë, José, Søren), kept whatever the page's own text."""

SOURCES = (("src/park", (".py", ".toml", ".json")), ("web", (".html", ".py", ".js")))
"""Where the page's English text is, under the project's root: folders and file suffixes."""


@dataclass(frozen=True)
class Face:
    """One face of the family: its CSS ``font-weight`` and ``font-style``."""

    weight: int
    style: str

    @property
    def stem(self) -> str:
        """Its file's name in the package and in the site, without suffix: ``400-normal``."""
        return f"{self.weight}-{self.style}"


FACES = (Face(400, "normal"), Face(700, "normal"), Face(400, "italic"), Face(700, "italic"))
"""The faces the page uses: text and bold (600 and 800 take bold), and their italics (the
browser would otherwise slant or embolden another face, each engine its own way)."""


def page_characters(root: Path) -> str:
    """The characters the page can show in English, sorted.

    Every character of the files under ``root`` that :data:`SOURCES` names (the page, the
    game's messages, its cards and its data), printable ASCII, and :data:`LATIN_1_LETTERS`.
    Characters the font lacks (Japanese, symbols) are dropped by the subsetter; the browser
    takes them from the system's fonts.
    """
    chars = {chr(c) for c in range(0x20, 0x7F)} | set(LATIN_1_LETTERS)
    for folder, suffixes in SOURCES:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in suffixes and path.is_file() and "__pycache__" not in path.parts:
                chars.update(path.read_text(encoding="utf-8"))
    return "".join(sorted(c for c in chars if c.isprintable()))


def subset_font(font: bytes, text: str) -> bytes:
    """``font`` reduced to the glyphs of ``text``'s characters, as WOFF2.

    ``font`` (a TrueType, WOFF or WOFF2 file) reduced to the glyphs of ``text``'s
    characters, as WOFF2. Every layout feature stays (kerning, figures), and every name (the
    copyright and the licence's URL, which the font's licence asks to keep). The same input
    gives the same bytes (the modification time is not updated).
    """
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    loaded = TTFont(io.BytesIO(font), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(loaded)
    loaded.flavor = "woff2"
    out = io.BytesIO()
    loaded.save(out)
    return out.getvalue()


def boot_fonts(files: Iterable[tuple[Face, str]]) -> str:
    """What boot.js loads once the page is ready, as JSON.

    The family's name and, for each ``(face, url)``, its URL (relative to the page), weight
    and style, in the order given: ``{"family": "Tinos", "faces": [{"url": "./fonts/...",
    "weight": "400", "style": "normal"}, ...]}``.
    """
    faces = [{"url": url, "weight": str(face.weight), "style": face.style} for face, url in files]
    return json.dumps({"family": FAMILY, "faces": faces})


def package_file(node_modules: Path, face: Face) -> Path:
    """The Latin WOFF2 file of ``face`` in the npm package.

    The Latin WOFF2 file of ``face`` in the npm package (Fontsource's ``latin`` subset:
    ASCII, Latin-1 and the common punctuation). Raises ``FileNotFoundError`` without it.
    """
    path = node_modules / PACKAGE / "files" / f"tinos-latin-{face.stem}.woff2"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: run `npm ci` (scripts/setup.sh)")
    return path


def add_fonts(site: Path, node_modules: Path, root: Path) -> list[str]:
    """Write the page's fonts and their licence into ``site/fonts/``.

    Write the page's fonts and their licence into ``site/fonts/`` (see the module's
    docstring), with the characters of the project at ``root``, and tell ``site/boot.js``
    about them. Returns their URLs (``./fonts/...``), in the order of :data:`FACES`. Raises
    ``FileNotFoundError`` without the npm package, ``RuntimeError`` unless boot.js has one
    marker.
    """
    folder = site / FONTS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    text = page_characters(root)
    files = []
    for face in FACES:
        data = subset_font(package_file(node_modules, face).read_bytes(), text)
        name = fingerprinted_name(f"tinos-{face.stem}.woff2", data)
        (folder / name).write_bytes(data)
        files.append((face, f"./{FONTS_DIR}/{name}"))
    shutil.copyfile(node_modules / PACKAGE / "LICENSE", folder / "LICENSE")
    fill_marker(site / "boot.js", BOOT_MARKER, boot_fonts(files))
    return [url for _, url in files]
