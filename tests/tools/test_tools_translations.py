"""The catalogue tools (tools/translations.py, issue 49): stale references fail the check.

A committed catalogue whose ``#:`` references are not where the messages are makes the next
``update`` rewrite lines nobody changed; ``check`` (and ``tests/ui/lang/test_i18n.py``, through
``problems``) says so, and ``update`` moves the header's date only when messages come or go.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from park.engine.languages import TRANSLATIONS
from tools import translations


def _catalog(*entries: tuple[str, list[tuple[str, int]]]) -> Catalog:
    catalog = Catalog(domain="park", locale="ja")
    for message, locations in entries:
        catalog.add(message, "訳", locations)
    return catalog


def test_a_reference_that_moved_is_stale() -> None:
    template = _catalog(("Hint", [("web/page.py", 12), ("src/park/ui/a.py", 3)]))
    current = _catalog(("Hint", [("src/park/ui/a.py", 3), ("web/page.py", 12)]))
    moved = _catalog(("Hint", [("src/park/ui/a.py", 4), ("web/page.py", 12)]))
    assert translations.stale_references(current, template) == []
    found = translations.stale_references(moved, template)
    assert found == ["stale references: 'Hint' (src/park/ui/a.py:3 web/page.py:12): run update"]


@pytest.fixture(scope="module")
def template() -> Catalog:
    """Every message of the code and the page, where it is now."""
    return translations.extract()


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_the_committed_catalogue_has_no_stale_reference(template: Catalog, code: str) -> None:
    assert translations.stale_references(translations.read_catalogue(code), template) == []


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_update_rewrites_only_the_references_that_moved(
    template: Catalog, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = translations.po_path(code)
    monkeypatch.setattr(translations, "LOCALE", tmp_path)
    copy = translations.po_path(code)
    copy.parent.mkdir(parents=True)
    shutil.copy(shipped, copy)
    translations.update_language(code, template)
    assert copy.read_bytes() == shipped.read_bytes(), "nothing new: the .po as it was"

    lines = shipped.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("#: src/park/"))
    lines[at] = "#: src/park/moved.py:1\n"
    copy.write_text("".join(lines), encoding="utf-8")
    assert translations.stale_references(translations.read_catalogue(code), template)
    translations.update_language(code, template)
    assert copy.read_bytes() == shipped.read_bytes(), "the reference put back, the date kept"


def test_update_makes_the_catalogue_of_a_language_just_added(
    template: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's step for a new language: ``update`` creates its entries, to translate."""
    monkeypatch.setattr(translations, "LOCALE", tmp_path)
    catalog = translations.update_language("fr", template)
    assert translations.po_path("fr").is_file()
    written = translations.read_catalogue("fr")
    assert str(written.locale) == "fr" and written.num_plurals == catalog.num_plurals > 1
    messages = [message for message in written if message.id]
    assert len(messages) == len([message for message in template if message.id])
    assert not any(
        any(message.string) if isinstance(message.string, tuple) else message.string
        for message in messages
    ), "every message waits for its translation"
