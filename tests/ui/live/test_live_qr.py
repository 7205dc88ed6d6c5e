"""A live link as a QR code (issue 52): drawn once segno is there, never remembered as missing."""

from __future__ import annotations

import base64
import urllib.parse

import pytest

from park.ui.live import qr


def test_a_link_becomes_an_svg_qr_code() -> None:
    image = qr.qr_image("https://x.test/park/#i1." + "A" * 760)
    assert image is not None and image.startswith("data:image/svg+xml")
    svg = image.split(",", 1)[1]
    text = base64.b64decode(svg).decode() if ";base64" in image else urllib.parse.unquote(svg)
    assert "<svg" in text and "path" in text


def test_a_code_asked_for_before_the_library_came_is_drawn_once_it_is_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    link = "https://x.test/park/#a1.before-and-after"
    monkeypatch.setattr(qr, "qr_ready", lambda: False)
    assert qr.qr_image(link) is None
    monkeypatch.undo()
    assert qr.qr_image(link) is not None
