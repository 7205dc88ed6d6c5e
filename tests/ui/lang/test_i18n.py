"""Each translated language's catalogue and the language choice (issue 13).

The languages are the registry's, ``park.engine.languages.TRANSLATIONS``. Every message of the
code and the page is translated and none is unused, placeholders agree, the compiled ``.mo``
and the loading screen's ``boot.json`` are current, no message is translated at import time.
"""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

import pytest
from tools.translations import extract, problems, read_catalogue

from park.engine.languages import TRANSLATIONS
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
from tests.helpers import ROOT, SRC, WEB

MESSAGE_FUNCTIONS = {"_", "N_", "NC_", "ngettext", "pgettext"}
SOURCES = sorted((SRC / "ui").rglob("*.py")) + sorted(WEB.glob("*.py"))


@pytest.fixture(scope="module")
def template():  # type: ignore[no-untyped-def]
    return extract()


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_every_message_is_translated_and_no_entry_is_unused(template, code: str) -> None:  # type: ignore[no-untyped-def]
    assert problems(code, template) == []


def test_the_catalogue_holds_the_page_the_loading_screen_and_the_manifest(template) -> None:  # type: ignore[no-untyped-def]
    where = {
        path.split("/")[0] + "/" + path.split("/")[1] for m in template for path, _ in m.locations
    }
    assert {
        "src/park",
        "web/startup.py",
        "web/index.html",
        "web/boot.js",
        "tools/manifest.py",
    } <= where


NOT_OFFERED = "qaa"
"""A language tag no language Park might offer has: ISO 639's ``qaa``, kept for private use (a real
language, French or German, may be offered one day)."""
PLURAL_FORMS: dict[str, int] = {"ja": 1}
"""How many plural forms each translated language has (Japanese: one, for every count)."""


def test_every_translated_language_says_how_many_plural_forms_it_has() -> None:
    assert sorted(PLURAL_FORMS) == sorted(TRANSLATIONS)


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_each_language_has_its_plural_forms(code: str) -> None:
    catalog = read_catalogue(code)
    assert catalog.num_plurals == PLURAL_FORMS[code]
    with speaking(code):
        plurals = [m for m in catalog if isinstance(m.id, tuple)]
        assert plurals, "the catalogue has plural messages"
        singular, plural = plurals[0].id
        said = {ngettext(singular, plural, count) for count in range(1, 30)}
    assert len(said) == PLURAL_FORMS[code] and plural not in said


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_every_engine_term_a_player_reads_is_in_the_catalogue(code: str) -> None:
    assert set(DESTINATIONS) | set(CARD_TYPES) | set(SPACE_KINDS) <= set(i18n.TERMS)
    with speaking(code):
        assert all(term(t) != t for t in i18n.TERMS)
    assert term("South Pole") == "South Pole"


@pytest.mark.parametrize(
    ("stored", "browser", "chosen"),
    [
        (None, ["ja-JP", "en-US"], "ja"),
        (None, [f"{NOT_OFFERED}-QM", "ja"], "ja"),
        (None, ["en-GB", "ja-JP"], "en"),
        (None, [f"{NOT_OFFERED}-QM"], "en"),
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


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_a_language_not_offered_is_refused_and_the_language_kept(code: str) -> None:
    assert supported_language(f"{NOT_OFFERED}-QM") is None
    with speaking(code):
        with pytest.raises(LanguageError):
            i18n.set_language(NOT_OFFERED)
        assert language() == code
    assert language() == "en"


def test_only_the_chosen_catalogue_is_loaded() -> None:
    assert type(i18n.catalogue("en")) is gettext.NullTranslations
    for code in TRANSLATIONS:
        assert isinstance(i18n.catalogue(code), gettext.GNUTranslations)


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
    """Babel can only extract literal messages.

    The memory snapshot also imports every module before the language is chosen: a module-level
    ``_()`` would freeze English.
    """
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
    """Each message of a ``_``-like call in ``path`` whose message is a literal, with its line.

    The message is the first argument (``pgettext``'s and ``NC_``'s second). Found wherever the
    call is: inside an f-string's ``{...}`` too, where Babel's extractor does not look.
    """
    found: list[tuple[int, str]] = []
    for call in _calls(ast.parse(path.read_text(encoding="utf-8"))):
        name = call.func.id  # type: ignore[attr-defined]
        index = 1 if name in ("pgettext", "NC_") else 0
        if len(call.args) > index and isinstance(call.args[index], ast.Constant):
            found.append((call.lineno, str(call.args[index].value)))
    return found


def test_every_message_the_page_shows_is_in_the_catalogue(template) -> None:  # type: ignore[no-untyped-def]
    """Issue 39: a message reached Japanese players in English.

    It was "Your game waits: you can go back to it at any time.", written inside an f-string,
    which Babel never extracted.
    """
    extracted = {m.id if isinstance(m.id, str) else m.id[0] for m in template}
    missing = [
        f"{path.relative_to(ROOT)}:{line}: {message!r}"
        for path in SOURCES
        for line, message in _literal_messages(path)
        if message not in extracted
    ]
    assert missing == []
