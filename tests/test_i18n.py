"""The Japanese edition's catalogue and language choice (issue 13): every message of the code
and the page is translated and none is unused, placeholders agree, the compiled ``.mo`` and
the loading screen's ``boot.json`` are current, no message is translated at import time."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

import pytest
from tools.translations import extract, problems, read_catalogue

from park.engine.terms import CARD_TYPES, DESTINATIONS, SPACE_KINDS
from park.ui.lang import i18n
from park.ui.lang.i18n import (
    LanguageError,
    choose_language,
    language,
    ngettext,
    speaking,
    supported_language,
    term,
)

ROOT = Path(__file__).resolve().parents[1]
MESSAGE_FUNCTIONS = {"_", "N_", "NC_", "ngettext", "pgettext"}
SOURCES = sorted((ROOT / "src" / "park" / "ui").rglob("*.py")) + sorted((ROOT / "web").glob("*.py"))


@pytest.fixture(scope="module")
def template():  # type: ignore[no-untyped-def]
    return extract()


def test_every_message_is_translated_into_japanese_and_no_entry_is_unused(template) -> None:  # type: ignore[no-untyped-def]
    assert problems("ja", template) == []


def test_the_catalogue_holds_the_page_the_loading_screen_and_the_manifest(template) -> None:  # type: ignore[no-untyped-def]
    where = {
        path.split("/")[0] + "/" + path.split("/")[1] for m in template for path, _ in m.locations
    }
    assert {
        "src/park",
        "web/main.py",
        "web/index.html",
        "web/boot.js",
        "tools/manifest.py",
    } <= where


def test_japanese_has_one_plural_form() -> None:
    catalog = read_catalogue("ja")
    assert catalog.num_plurals == 1
    with speaking("ja"):
        plurals = [m for m in catalog if isinstance(m.id, tuple)]
        assert plurals, "the catalogue has plural messages"
        singular, plural = plurals[0].id
        assert ngettext(singular, plural, 1) == ngettext(singular, plural, 7) != plural


def test_every_engine_term_a_player_reads_is_in_the_catalogue() -> None:
    assert set(DESTINATIONS) | set(CARD_TYPES) | set(SPACE_KINDS) <= set(i18n.TERMS)
    with speaking("ja"):
        assert term("South Pole") == "南極" and term("Gentlemen's Club") == "紳士クラブ"
        assert all(term(t) != t for t in i18n.TERMS)
    assert term("South Pole") == "South Pole"


@pytest.mark.parametrize(
    ("stored", "browser", "chosen"),
    [
        (None, ["ja-JP", "en-US"], "ja"),
        (None, ["fr-FR", "ja"], "ja"),
        (None, ["en-GB", "ja-JP"], "en"),
        (None, ["fr-FR"], "en"),
        (None, [], "en"),
        ("en", ["ja-JP"], "en"),
        ("ja", ["en-US"], "ja"),
        ("klingon", ["ja_JP"], "ja"),
        ("", ["JA"], "ja"),
    ],
)
def test_the_first_visit_follows_the_browser_and_a_choice_is_kept(
    stored: str | None, browser: list[str], chosen: str
) -> None:
    assert choose_language(stored, browser) == chosen


def test_a_language_not_offered_is_refused_and_the_language_kept() -> None:
    assert supported_language("de-DE") is None
    with speaking("ja"):
        with pytest.raises(LanguageError):
            i18n.set_language("de")
        assert language() == "ja"
    assert language() == "en"


def test_only_the_chosen_catalogue_is_loaded() -> None:
    assert type(i18n.catalogue("en")) is gettext.NullTranslations
    assert isinstance(i18n.catalogue("ja"), gettext.GNUTranslations)


def _calls(tree: ast.AST) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in MESSAGE_FUNCTIONS
    ]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_messages_are_literal_and_none_is_translated_at_import_time(path: Path) -> None:
    """Babel can only extract literal messages, and the memory snapshot imports every module
    before the language is chosen: a module-level ``_()`` would freeze English."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for call in _calls(tree):
        name = call.func.id  # type: ignore[attr-defined]
        messages = call.args[: 2 if name in ("ngettext", "pgettext", "NC_") else 1]
        for message in messages:
            # A literal, or a constant marked N_() where it is defined; never a message made
            # on the spot (an f-string, a concatenation, a .format() before translating).
            built = isinstance(message, (ast.JoinedStr, ast.BinOp, ast.Call))
            assert not built, f"{path.name}:{call.lineno}: {name}() of a message built in place"
            if name in ("N_", "NC_"):
                assert isinstance(message, ast.Constant), f"{path.name}:{call.lineno}"
    at_import: list[ast.AST] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            defaults = [d for d in node.args.kw_defaults if d is not None]
            at_import += [*node.args.defaults, *defaults, *node.decorator_list]
        elif isinstance(node, ast.ClassDef):
            at_import += [
                n for n in node.body if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            ]
        else:
            at_import.append(node)
    for node in at_import:
        for call in _calls(node):
            assert call.func.id in ("N_", "NC_"), (
                f"{path.name}:{call.lineno}: translated at import time"
            )  # type: ignore[attr-defined]


def _literal_messages(path: Path) -> list[tuple[int, str]]:
    """Each message of a ``_``-like call in ``path`` whose message is a literal (the first
    argument; ``pgettext``'s and ``NC_``'s second), with its line, wherever the call is:
    inside an f-string's ``{...}`` too, where Babel's extractor does not look."""
    found: list[tuple[int, str]] = []
    for call in _calls(ast.parse(path.read_text(encoding="utf-8"))):
        name = call.func.id  # type: ignore[attr-defined]
        index = 1 if name in ("pgettext", "NC_") else 0
        if len(call.args) > index and isinstance(call.args[index], ast.Constant):
            found.append((call.lineno, str(call.args[index].value)))
    return found


def test_every_message_the_page_shows_is_in_the_catalogue(template) -> None:  # type: ignore[no-untyped-def]
    """Issue 39: a message reached Japanese players in English ("Your game waits: you can go
    back to it at any time.", written inside an f-string, which Babel never extracted)."""
    extracted = {m.id if isinstance(m.id, str) else m.id[0] for m in template}
    missing = [
        f"{path.relative_to(ROOT)}:{line}: {message!r}"
        for path in SOURCES
        for line, message in _literal_messages(path)
        if message not in extracted
    ]
    assert missing == []
