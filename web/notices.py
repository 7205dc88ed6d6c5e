"""The message above the game (``#notice``), drawn from the page's state (``page_state.Notice``).

A failed resume, a refused move, an import's result, or good news such as the expedition the player
just scored.
"""

from __future__ import annotations

from dom import by_id
from page_state import Notice
from storage import download_url


def draw_notice(notice: Notice | None) -> None:
    """Show ``notice`` above the game, or no message for ``None``.

    Show ``notice`` above the game (good news in green, at the screen's foot; a problem
    in red, with its file to download if it has one), or no message for ``None``.
    """
    box = by_id("notice")
    box.hidden = notice is None
    if notice is None:
        return
    by_id("notice-text").textContent = notice.text
    link = by_id("notice-download")
    link.hidden = notice.download is None
    if notice.download is not None:
        link.href = download_url(notice.download)
    box.classList.toggle("is-good", notice.good)
