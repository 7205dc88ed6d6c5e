"""Babel extractor for ``web/index.html``.

The messages of the elements marked ``data-i18n`` (their inner HTML) and of the attributes named
in ``data-i18n-attrs`` (issue 13).

The message is the element's inner HTML as a browser serialises it (``element.innerHTML``:
attributes in double quotes, ``&``, ``<``, ``>`` and no-break spaces escaped in text), with
white space collapsed: what ``park.ui.lang.i18n.page_message`` computes in the page, so the page
finds each translation by it. Registered in ``babel.cfg``; ``python tools/i18n_html.py FILE``
prints the messages.

    [extractors]
    park_html = tools.i18n_html:extract_html
    [park_html: web/index.html]
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import IO, Any

from park.ui.lang.i18n import page_message

VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)
"""Elements without an end tag (their serialisation has none either)."""


def _escape_text(text: str) -> str:
    return (
        text.replace("&", "&amp;")
        .replace("\xa0", "&nbsp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
    )


def _escape_attr(value: str) -> str:
    return value.replace("&", "&amp;").replace("\xa0", "&nbsp;").replace('"', "&quot;")


def _start_tag(tag: str, attrs: list[tuple[str, str | None]]) -> str:
    parts = [tag] + [f'{name}="{_escape_attr(value or "")}"' for name, value in attrs]
    return "<" + " ".join(parts) + ">"


class _Collector(HTMLParser):
    """Collects (line, message) pairs while parsing."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[
            tuple[str, int, list[str]] | None
        ] = []  # marked element: (tag, line, html)

    def _emit(self, piece: str) -> None:
        for frame in self._open:
            if frame is not None:
                frame[2].append(piece)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._emit(_start_tag(tag, attrs))
        named = dict(attrs)
        line = self.getpos()[0]
        for attr in (named.get("data-i18n-attrs") or "").split():
            value = named.get(attr)
            if value and value.strip():
                self.found.append((line, page_message(value)))
        if tag in VOID:
            return
        self._open.append((tag, line, []) if "data-i18n" in named else None)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or not self._open:
            return
        frame = self._open.pop()
        if frame is not None:
            message = page_message("".join(frame[2]))
            if message:
                self.found.append((frame[1], message))
        self._emit(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        self._emit(_escape_text(data))


def messages(text: str) -> list[tuple[int, str]]:
    """The (line, message) pairs of an HTML document's marked elements and attributes."""
    collector = _Collector()
    collector.feed(text)
    collector.close()
    return collector.found


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction interface: ``(line, funcname, message, comments)`` per message."""
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    for line, message in messages(text):
        yield line, None, message, []


if __name__ == "__main__":
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as fh:
            for line, message in messages(fh.read()):
                print(f"{path}:{line}: {message}")
