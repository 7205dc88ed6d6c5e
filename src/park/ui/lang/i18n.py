"""The page's language: the standard ``gettext`` catalogues, the chosen one only (issue 13).

The page speaks English (the messages in the code) or Japanese (``park/locale/ja/LC_MESSAGES/
park.mo``, compiled from ``park.po`` by ``tools/translations.py``). :func:`set_language`
loads the chosen language's catalogue once; until then, and for English, messages pass
through unchanged. Every text function of ``park.ui`` and the page asks this module, at the
moment it builds its text, never at import time: a constant that holds a message is marked
with :func:`N_` and translated where it is shown.

Engine values shown to players (destinations, card types, kinds of space) are translated by
:func:`term`; the cards' own names and jokes live in the deck data (``Card.translations``) and
are read by :func:`card_name` and :func:`card_flavor`.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from park.engine.languages import DEFAULT_LANGUAGE as DEFAULT_LANGUAGE
from park.engine.languages import LANGUAGES as LANGUAGE_LIST

if TYPE_CHECKING:
    from park.engine.deck import Card, CardText

DOMAIN = "park"
"""The catalogues' gettext domain (``park.po`` / ``park.mo``)."""
LANGUAGES: Mapping[str, str] = {lang.code: lang.name for lang in LANGUAGE_LIST}
"""Every language the page offers, by its BCP 47 tag, named in that language (the registry:
``park.engine.languages``)."""

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT_LANGUAGE


class LanguageError(ValueError):
    """A language the page does not offer, or a catalogue missing from the wheel."""


def supported_language(tag: str | None) -> str | None:
    """The offered language matching a BCP 47 ``tag`` (``"ja-JP"`` → ``"ja"``), or ``None``."""
    if not tag:
        return None
    primary = tag.strip().replace("_", "-").split("-")[0].casefold()
    return primary if primary in LANGUAGES else None


def choose_language(stored: str | None, browser: Sequence[str]) -> str:
    """The page's language.

    The player's stored choice if it is offered, else the first of the browser's preferred languages
    (``navigator.languages``) that is offered, else English.
    """
    for tag in (stored, *browser):
        found = supported_language(tag)
        if found:
            return found
    return DEFAULT_LANGUAGE


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (a key of :data:`LANGUAGES`), read from the wheel.

    English has none (the code's own messages). Raises :class:`LanguageError`. Read once: the
    page's start-up snapshot holds every language's (``park.ui.game.startup.prepare``).
    """
    if language not in LANGUAGES:
        raise LanguageError(f"no such language: {language!r} (offered: {', '.join(LANGUAGES)})")
    if language == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    path = resources.files("park") / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as mo:
            return gettext.GNUTranslations(mo)
    except (OSError, ValueError) as error:
        raise LanguageError(f"the {language} catalogue cannot be read: {error}") from error


def set_language(language: str) -> str:
    """Speak ``language`` from now on (a key of :data:`LANGUAGES`); returns it.

    Raises :class:`LanguageError` (and keeps the language) for one not offered.
    """
    global _translations, _language
    _translations = catalogue(language)
    _language = language
    return language


@contextmanager
def speaking(language: str) -> Iterator[str]:
    """Speak ``language`` inside a ``with`` block, then the language before it.

    For tests and for texts made in another language, such as a shared result line.
    """
    global _translations, _language
    before = (_translations, _language)
    set_language(language)
    try:
        yield language
    finally:
        _translations, _language = before


def language() -> str:
    """The language the page speaks now (a key of :data:`LANGUAGES`)."""
    return _language


def _(message: str) -> str:
    """``message`` in the page's language (the message itself when it has no translation)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` things, by the language's plural rule.

    English: ``singular`` for 1; Japanese has one form.
    """
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the page's language, told apart by ``context``.

    ``message`` in the page's language, told apart from the same English words used elsewhere by
    ``context`` (``pgettext("button", "Stay put")``).
    """
    return _translations.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it.

    A constant, translated with :func:`_` where it is shown.
    """
    return message


def NC_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` with its ``context`` for the catalogue without translating it.

    A constant, translated with ``pgettext(*marked)`` where it is shown.
    """
    return (context, message)


TERMS: tuple[str, ...] = (
    N_("Africa"),
    N_("Amazon"),
    N_("China"),
    N_("Everest"),
    N_("South Pole"),
    N_("Artifact"),
    N_("Anecdote"),
    N_("Photograph"),
    N_("Fact"),
    N_("Hero"),
    N_("Café"),
    N_("Hotel"),
    N_("Marketplace"),
    N_("Gentlemen's Club"),
    N_("Antique Shop"),
    N_("Gymnasium"),
    N_("Gift Shop"),
    N_("News Stand"),
    N_("Hall of Records"),
)
"""The engine's words a player reads (``park.engine.terms``: destinations, card types, kinds
of space), so that the catalogue holds them; tests/test_i18n.py checks none is missing."""


def term(value: str) -> str:
    """An engine value (a destination, card type or kind of space) in the page's language."""
    return _translations.gettext(value)


def _card_text(card: Card) -> CardText | None:
    """``card``'s text in the page's language.

    A card of an archived deck (an older save's) borrows the shipped card's of the same id and name.
    """
    if _language == DEFAULT_LANGUAGE:
        return None
    text = card.translations.get(_language)
    if text is None:
        shipped = _shipped_cards().get(card.id)
        if shipped is not None and shipped.name == card.name:
            text = shipped.translations.get(_language)
    return text


@cache
def _shipped_cards() -> Mapping[str, Card]:
    """The shipped deck's cards by id.

    Loaded on first need: the record and the form load no engine.
    """
    from park.engine.deck import load_deck

    return {card.id: card for card in load_deck()}


def card_name(card: Card) -> str:
    """``card``'s name in the page's language.

    The deck data's translation; English when the card has none.
    """
    text = _card_text(card)
    return text.name if text else card.name


def card_in_sentence(card: Card) -> str:
    """``card``'s name as a sentence names it, in the page's language.

    Japanese sets it in 「」: card names hold 、 and と, which sentences and lists of cards
    also use.
    """
    return pgettext("a card's name in a sentence", "{card}").format(card=card_name(card))


def card_flavor(card: Card) -> str:
    """``card``'s joke in the page's language.

    The deck data's translation; English when the card has none.
    """
    text = _card_text(card)
    return text.flavor if text else card.flavor


def page_message(inner_html: str) -> str:
    """The catalogue's message for a ``data-i18n`` element of ``index.html``.

    The catalogue's message for the inner HTML of one of ``index.html``'s elements marked
    ``data-i18n`` (or one of its ``data-i18n-attrs`` attributes' values): its white space collapsed,
    as ``tools/i18n_html.py`` extracts it.
    """
    return " ".join(inner_html.split())


def translate_page_text(inner_html: str) -> str | None:
    """The translation of a ``data-i18n`` element's inner HTML or attribute value.

    The translation of a ``data-i18n`` element's inner HTML (or attribute value) in the page's
    language, or ``None`` when there is nothing to change (English, or a message the catalogue
    lacks).
    """
    message = page_message(inner_html)
    translated = _translations.gettext(message)
    return None if translated == message else translated
