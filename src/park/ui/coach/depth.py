"""How deep a hint thinks: the sampled deals its plans are compared on, by the page's setting.

Light on purpose (no engine rules, no AI): the page's updates read it when a hint is asked for.
"""

from __future__ import annotations

HINT_DEALS: dict[str, int] = {"quick": 24, "normal": 24, "deep": 48}
"""How many shared sampled deals a hint's plans are compared on, by the page's "Hard AI thinks"
setting (``park.ui.setup.settings.THINKING_TIMES``; issue 50), whatever the device: never fewer
than ``park.ai.deal_values.MIN_DEALS``. Normal is that least depth: on a phone's CPU
(``bench/page_hint_phone.py``) 32 deals took up to 4.1 s asked at once, past issue 50's 4 s;
Deep doubles it, for a laptop."""


__all__ = ["HINT_DEALS"]
