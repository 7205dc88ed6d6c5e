"""The page's gettext catalogues (issue 13), with Babel (a dev tool: the wheel needs none).

    python tools/translations.py update    # extract the messages; add new ones to each .po,
                                           # drop unused ones; then compile
    python tools/translations.py compile   # .po -> .mo (in the wheel) and web/locale/*/boot.json
    python tools/translations.py check     # exit 1 where tests/ui/lang/test_i18n.py would fail:
                                           # a message missing, untranslated or unused, a
                                           # stale "#:" reference, a stale .mo or boot.json

The sources are ``src/park/locale/<lang>/LC_MESSAGES/park.po``; ``babel.cfg`` says where the
messages are (Python ``_``/``ngettext``/``pgettext``/``N_``, ``t`` in ``web/boot.js``,
``data-i18n`` in ``web/index.html``). ``park.mo`` and ``web/locale/<lang>/boot.json`` (the
loading screen's messages, read by boot.js before Python starts) are compiled from the
``.po`` and committed, so a build needs no Babel; the test checks that they are current.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from park.engine.languages import TRANSLATIONS
from tools.paths import ROOT

LANGUAGES = TRANSLATIONS
"""The languages with a catalogue (English is the code's own; the registry:
``park.engine.languages``)."""
DOMAIN = "park"
LOCALE = ROOT / "src" / "park" / "locale"
BOOT_LOCALE = ROOT / "web" / "locale"
MAPPING = ROOT / "babel.cfg"
BOOT_SOURCES = frozenset({"web/boot.js", "web/first_screen.js"})
"""The scripts that speak before Python is ready, with ``t()``: their messages go in boot.json."""
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def po_path(language: str) -> Path:
    """``src/park/locale/<language>/LC_MESSAGES/park.po``."""
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract(root: Path = ROOT) -> Catalog:
    """Every message of the code and the page, with where it is (a Babel ``Catalog``)."""
    with MAPPING.open(encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)  # type: ignore[no-untyped-call]
    sys.path.insert(0, str(root))  # the HTML extractor is tools.i18n_html
    catalog = Catalog(domain=DOMAIN, project="Park", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root), method_map, options_map, strip_comment_tags=True
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def read_catalogue(language: str) -> Catalog:
    """The ``.po`` catalogue of ``language``."""
    with po_path(language).open("rb") as fh:
        return read_po(fh, locale=language, domain=DOMAIN)


def po_text(catalog: Catalog) -> bytes:
    """The ``.po`` bytes of ``catalog`` (sorted by message, no line wrapping: stable diffs)."""
    buf = io.BytesIO()
    write_po(buf, catalog, width=0, sort_output=True, ignore_obsolete=True)
    return buf.getvalue()


def write_catalogue(catalog: Catalog, language: str) -> None:
    """Write ``language``'s ``.po`` (:func:`po_text`)."""
    path = po_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(po_text(catalog))


def compiled_mo(catalog: Catalog) -> bytes:
    """The ``.mo`` bytes of ``catalog`` (fuzzy entries left out)."""
    buf = io.BytesIO()
    write_mo(buf, catalog)
    return buf.getvalue()


def boot_messages(catalog: Catalog) -> dict[str, str]:
    """The translations of the messages of :data:`BOOT_SOURCES`.

    What the loading screen and the first screen before Python say.
    """
    found: dict[str, str] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not isinstance(message.id, str):
            continue
        if any(path in BOOT_SOURCES for path, _ in message.locations) and message.string:
            found[message.id] = str(message.string)
    return dict(sorted(found.items()))


def boot_json(catalog: Catalog) -> str:
    """``web/locale/<lang>/boot.json``'s text."""
    return json.dumps(boot_messages(catalog), ensure_ascii=False, indent=1) + "\n"


def compile_language(language: str) -> None:
    """Write ``park.mo`` and ``boot.json`` of ``language`` from its ``.po``."""
    catalog = read_catalogue(language)
    po_path(language).with_suffix(".mo").write_bytes(compiled_mo(catalog))
    boot = BOOT_LOCALE / language / "boot.json"
    boot.parent.mkdir(parents=True, exist_ok=True)
    boot.write_text(boot_json(catalog), encoding="utf-8")


def update_language(language: str, template: Catalog) -> Catalog:
    """``language``'s catalogue with the template's messages.

    New ones added untranslated, unused ones dropped, locations refreshed; a language without a
    catalogue yet (one just added to the registry) gets one, its plural forms Babel's for it.
    The header's ``POT-Creation-Date`` moves only when messages come or go, so an update that only
    moves ``#:`` references leaves the ``.mo`` as it was, and one with nothing new the ``.po``
    too. Written back.
    """
    if po_path(language).exists():
        catalog = read_catalogue(language)
    else:
        catalog = Catalog(locale=language, domain=DOMAIN, project="Park", charset="utf-8")
    before = {(message.id, message.context) for message in catalog if message.id}
    created = catalog.creation_date
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    if {(message.id, message.context) for message in catalog if message.id} == before:
        catalog.creation_date = created
    write_catalogue(catalog, language)
    return catalog


def stale_references(catalog: Catalog, template: Catalog) -> list[str]:
    """The messages of ``catalog`` whose ``#:`` references are not where ``template`` finds them.

    Each as ``"stale references: 'message' (file:line ...)"``, the template's places. A
    catalogue kept current by ``update`` has none; one with some makes the next ``update``
    rewrite lines nobody changed.
    """
    found = []
    for message in template:
        entry = catalog.get(message.id, message.context)
        if not message.id or entry is None:
            continue
        if sorted(entry.locations) != sorted(message.locations):
            where = " ".join(f"{path}:{line}" for path, line in sorted(message.locations))
            found.append(f"stale references: {message.id!r} ({where}): run update")
    return found


def problems(language: str, template: Catalog | None = None) -> list[str]:
    """Everything wrong with ``language``'s catalogue.

    Messages untranslated or fuzzy, entries the code no longer uses, ``{placeholders}`` that
    differ, ``#:`` references that are not where the messages are (:func:`stale_references`),
    a stale ``.mo`` or ``boot.json``.
    """
    template = template or extract()
    catalog = read_catalogue(language)
    found: list[str] = []
    for message in template:
        if not message.id:
            continue
        entry = catalog.get(message.id, message.context)
        if entry is None:
            found.append(f"not in the catalogue: {message.id!r}")
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy or not all(strings):
            found.append(f"untranslated: {message.id!r}")
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set(PLACEHOLDER.findall(" ".join(str(i) for i in ids)))
        for string in strings:
            if set(PLACEHOLDER.findall(str(string))) != wanted:
                found.append(f"placeholders differ: {message.id!r} -> {string!r}")
    for entry in catalog:
        if entry.id and template.get(entry.id, entry.context) is None:
            found.append(f"unused: {entry.id!r}")
    found += stale_references(catalog, template)
    mo = po_path(language).with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != compiled_mo(catalog):
        found.append(f"{mo.relative_to(ROOT)} is not compiled from the .po: run compile")
    boot = BOOT_LOCALE / language / "boot.json"
    if not boot.exists() or boot.read_text(encoding="utf-8") != boot_json(catalog):
        found.append(f"{boot.relative_to(ROOT)} is stale: run compile")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("update", "compile", "check"))
    args = parser.parse_args(argv)
    template = extract() if args.command != "compile" else None
    for language in LANGUAGES:
        if args.command == "update":
            assert template is not None
            catalog = update_language(language, template)
            missing = sum(1 for m in catalog if m.id and (m.fuzzy or not m.string))
            where = po_path(language).relative_to(ROOT)
            print(f"{where}: {len(catalog)} messages, {missing} to translate")
        if args.command in ("update", "compile"):
            compile_language(language)
        if args.command == "check":
            found = problems(language, template)
            for problem in found:
                print(f"{language}: {problem}")
            if found:
                return 1
            print(f"{language}: every message translated, none unused")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
