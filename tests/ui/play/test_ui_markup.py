"""park.ui.play.markup.escape matches the standard library's html.escape."""

from __future__ import annotations

import html

from hypothesis import given
from hypothesis import strategies as st

from park.ui.play.markup import escape


def test_escape_replaces_every_markup_character() -> None:
    assert escape("""<a href="x" title='y'>Tom & Jerry</a>""") == (
        "&lt;a href=&quot;x&quot; title=&#x27;y&#x27;&gt;Tom &amp; Jerry&lt;/a&gt;"
    )


@given(st.text())
def test_escape_agrees_with_html_escape(text: str) -> None:
    assert escape(text) == html.escape(text, quote=True)
