"""The message above the game (``#notice``): a failed resume, a refused move, an import's
result, or good news such as the expedition the player just scored."""

from __future__ import annotations

from dom import by_id
from storage import download_url


def notice(
    text: str, *, good: bool = False, download: str | None = None, keep: str | None = None
) -> None:
    """Say ``text`` above the game (``good``: news, cleared when the player's next turn
    starts). ``download``: text the notice offers to download as a file (an unusable
    save). ``keep``: news that stays if it is what the notice says now (``text`` only adds
    to it: a game started in another tab that then moved on there)."""
    box = by_id("notice")
    if keep is not None and not box.hidden and by_id("notice-text").textContent == keep:
        return
    by_id("notice-text").textContent = text
    link = by_id("notice-download")
    link.hidden = download is None
    if download is not None:
        link.href = download_url(download)
    box.classList.toggle("is-good", good)
    box.hidden = False


def hide_notice() -> None:
    """Take the message above the game away."""
    by_id("notice").hidden = True
