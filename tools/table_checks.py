"""The table as a player sees it at a decision, measured in the page (issue 48).

What counts as "in view" is what a player sees without scrolling the page: an element whose box
lies wholly inside the window and inside every box that clips it (a part that scrolls on its
own: the map's frame, the decision, a sheet). :data:`TABLE_JS` measures a decision's table in
any engine (the e2e suite through Playwright, the cross-engine suite through
:class:`tools.engines.EnginePage`); :func:`table_problems` says what a player would miss.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MAP_SHARE = 0.25
"""The least share of the window the map's visible part covers at a decision (a quarter)."""

_SEEN = """const seen = (e) => {
    const b = e.getBoundingClientRect();
    if (b.width === 0 && b.height === 0) return false;
    let box = {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
    for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        const r = a.getBoundingClientRect();
        box = {top: Math.max(box.top, r.top), left: Math.max(box.left, r.left),
               bottom: Math.min(box.bottom, r.bottom), right: Math.min(box.right, r.right)};
      }
    }
    return b.top >= box.top - 1 && b.left >= box.left - 1
      && b.bottom <= box.bottom + 1 && b.right <= box.right + 1;
  };
"""
"""A JavaScript function ``seen(element)``: whether the element lies wholly inside the window and
every box that clips it."""

TABLE_JS = (
    """() => {
"""
    + _SEEN
    + """  const drawn = (selector) => [...document.querySelectorAll(selector)]
    .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'
      && !e.closest('.visually-hidden, details:not([open]) > :not(summary)'));
  const missed = (selector) => drawn(selector).filter((e) => !seen(e))
    .map((e) => (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 40));
  const frame = document.getElementById('board').getBoundingClientRect();
  const width = Math.max(0, Math.min(frame.right, innerWidth) - Math.max(frame.left, 0));
  const height = Math.max(0, Math.min(frame.bottom, innerHeight) - Math.max(frame.top, 0));
  const pawn = document.querySelector('#board .pk-pawn.is-you');
  const html = document.documentElement;
  return {
    kind: html.dataset.parkTurn || '',
    scrolled: Math.round(html.scrollHeight - innerHeight),
    wide: Math.round(html.scrollWidth - innerWidth),
    map: width * height / (innerWidth * innerHeight),
    pawn: pawn === null ? null : seen(pawn),
    buttons: drawn('#decision button').length,
    buttonsMissed: missed('#decision button'),
    cards: drawn('#hand .hand-cards .card-name').length,
    cardsMissed: missed('#hand .hand-cards .card-name'),
    seats: drawn('#boards .board-score').length,
    seatsMissed: missed('#boards .board-score, #boards .board-months'),
  };
}"""
)
"""A decision's table: the page's overflow (px), the map's visible share of the window, whether
your pawn is seen, and the decision's buttons, your hand's card names and the seats' scores and
Month counters that are drawn and those not seen."""

SEEN_JS = (
    """(selector) => {
"""
    + _SEEN
    + """  return [...document.querySelectorAll(selector)]
    .filter((e) => e.getClientRects().length > 0).map(seen);
}"""
)
"""For each element ``selector`` finds that is drawn: whether it is seen (see :data:`TABLE_JS`)."""


def table_problems(
    table: Mapping[str, Any], *, one_screen: bool, seats: int, hand: bool = True
) -> list[str]:
    """What a player would miss at the decision :data:`TABLE_JS` measured, in words.

    Args:
        table: what :data:`TABLE_JS` returned.
        one_screen: the page must not scroll (narrower than a laptop, issue 48); on a laptop
            the page may be longer than the window, and everything named must be in view.
        seats: how many seats the game has (each seat's score must be drawn).
        hand: the hand is part of this decision (not at the Marketplace or the Club, where
            the decision holds the cards).

    Returns:
        One sentence per problem; empty when the table is whole in view.
    """
    kind = table["kind"]
    problems = []
    if one_screen and table["scrolled"] > 1:
        problems.append(f"{kind}: the page scrolls by {table['scrolled']} px")
    if table["wide"] > 1:
        problems.append(f"{kind}: the page is {table['wide']} px wider than the window")
    if table["map"] < MAP_SHARE - 0.005:
        problems.append(f"{kind}: the map covers {table['map']:.0%} of the window")
    if table["pawn"] is False:
        problems.append(f"{kind}: your pawn is out of view")
    if not table["buttons"]:
        problems.append(f"{kind}: no decision button is drawn")
    if table["buttonsMissed"]:
        problems.append(f"{kind}: decision buttons out of view: {table['buttonsMissed']}")
    if hand and table["cardsMissed"]:
        problems.append(f"{kind}: cards out of view: {table['cardsMissed']}")
    if table["seats"] != seats:
        problems.append(f"{kind}: {table['seats']} seats' scores drawn of {seats}")
    if table["seatsMissed"]:
        problems.append(f"{kind}: seats' figures out of view: {table['seatsMissed']}")
    return problems


SMALLEST_TEXT_PX = 12
"""The least size of text a player reads, in CSS px (issue 48: 0.75rem)."""

TOUCH_TARGET_PX = 44
"""The least width and height of a control on a touch screen, in CSS px (WCAG 2.5.5, Apple's
guidelines; issue 48)."""

POINTER_TARGET_PX = 24
"""The least width and height of a control under a mouse, in CSS px (WCAG 2.5.8)."""

READABLE_JS = (
    """() => {
  const drawn = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'
    && !e.closest('.visually-hidden, [hidden]');
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!e || !n.textContent.trim() || e.closest('svg, script, style, template') || !drawn(e)) {
      continue;
    }
    const px = parseFloat(getComputedStyle(e).fontSize);
    if (px > 0 && px < """
    + str(SMALLEST_TEXT_PX)
    + """ - 0.05) {
      small.push(`${px.toFixed(1)} px: ${n.textContent.trim().slice(0, 30)}`);
    }
  }
  for (const t of document.querySelectorAll('#board .pk-label, #board .pk-plaque text')) {
    if (!drawn(t)) continue;
    const m = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (px < """
    + str(SMALLEST_TEXT_PX)
    + """ - 0.05) small.push(`${px.toFixed(1)} px on the map: ${t.textContent.trim()}`);
  }
  const touch = matchMedia('(pointer: coarse)').matches;
  const least = touch ? """
    + str(TOUCH_TARGET_PX)
    + " : "
    + str(POINTER_TARGET_PX)
    + """;
  const tiny = [];
  const controls = 'button, a[href], input, select, textarea, summary, [role="button"]';
  for (const e of document.querySelectorAll(controls)) {
    if (!drawn(e)) continue;
    // What a finger hits: a card's Play button covers its card; a tick box, its label.
    const hit = e.closest('.card.is-action') || e.closest('label') || e;
    const b = hit.getBoundingClientRect();
    if (b.width < least - 0.5 || b.height < least - 0.5) {
      const name = (e.getAttribute('aria-label') || e.textContent || e.id).trim().slice(0, 30);
      tiny.push(`${Math.round(b.width)}x${Math.round(b.height)} px: ${name}`);
    }
  }
  return {touch, small: [...new Set(small)], tiny: [...new Set(tiny)]};
}"""
)
"""Text a player reads smaller than :data:`SMALLEST_TEXT_PX` (the map's names and numbers
included) and controls smaller than a finger (:data:`TOUCH_TARGET_PX` on a touch screen, else
:data:`POINTER_TARGET_PX`), among everything drawn."""


def readable_problems(found: Mapping[str, Any], where: str) -> list[str]:
    """What :data:`READABLE_JS` found too small to read or to touch, in words (issue 48, item 5).

    Args:
        found: what :data:`READABLE_JS` returned.
        where: the screen and moment, put before each sentence.

    Returns:
        One sentence per kind of problem; empty when every text and control is big enough.
    """
    problems = []
    if found["small"]:
        problems.append(f"{where}: text under {SMALLEST_TEXT_PX} px: {found['small']}")
    if found["tiny"]:
        least = TOUCH_TARGET_PX if found["touch"] else POINTER_TARGET_PX
        problems.append(f"{where}: controls under {least} px: {found['tiny']}")
    return problems
