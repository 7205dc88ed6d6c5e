"""Players' names and pawn colours: what a seat may be called and painted.

They are checked the same way for the New game form and for a save.

A name is tidied (runs of white space become one space, no control characters) and cut to at most
:data:`NAME_LENGTH` user-perceived characters (grapheme clusters), never inside one: an emoji flag,
a family joined by zero-width joiners or a letter with its accents stays whole. The clusters follow
Unicode's extended grapheme cluster rules (UAX #29) for what a name holds: combining marks, joiners,
variation selectors, emoji modifiers and tags, emoji sequences and flag pairs. This module is light
(``unicodedata`` only): the page's New game form imports it at start-up.
"""

from __future__ import annotations

import re
import unicodedata

NAME_LENGTH = 24
"""Longest player name kept, in user-perceived characters (grapheme clusters)."""
NAME_CODE_POINTS = 240
"""Longest name kept in code points: 24 of the longest emoji sequences a name may hold, so
that marks piled on one letter cannot make a name of any length."""

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
"""A pawn colour: ``#rrggbb`` (it goes into the page's markup, so nothing else is allowed)."""
SEAT_COLOURS: tuple[str, ...] = (
    "#c0392b",
    "#2471a3",
    "#1e8449",
    "#d68910",
    "#7d3c98",
    "#d1558c",
    "#2c3e50",
)
"""Pawn colours by seat, one for each of the most seats a table has: red for the first (the
first human's on the page), then colours told apart easily on the map, each with a legible ink
(``park.ui.play.colours.ink_on``). A new game's seats take them in order, on the page
(``park.ui.setup.seats``) and in the engine for seats that name no colour
(``park.engine.rules.new_game``)."""

_ZWJ = "\u200d"
_EXTENDING_CATEGORIES = frozenset({"Mn", "Me", "Mc"})


def _is_regional_indicator(ch: str) -> bool:
    return "\U0001f1e6" <= ch <= "\U0001f1ff"


def _is_pictographic(ch: str) -> bool:
    """Whether ``ch`` is an emoji a zero-width joiner may join onto (GB11)."""
    return unicodedata.category(ch) == "So" or "\U0001f000" <= ch <= "\U0001faff"


def _kept(ch: str) -> bool:
    """Whether a name keeps ``ch``.

    It keeps no control or invisible format characters (zero-width spaces, direction overrides), but
    the joiner and the tags of emoji sequences.
    """
    category = unicodedata.category(ch)
    if category == "Cc":
        return ch.isspace()
    if category == "Cf":
        return ch == _ZWJ or "\U000e0020" <= ch <= "\U000e007f"
    return True


def _trailing_regional_indicators(cluster: str) -> int:
    count = 0
    for ch in reversed(cluster):
        if not _is_regional_indicator(ch):
            break
        count += 1
    return count


def _extends(ch: str) -> bool:
    """Whether ``ch`` joins the cluster before it whatever that holds (GB9, GB9a)."""
    return (
        ch == _ZWJ
        or unicodedata.category(ch) in _EXTENDING_CATEGORIES
        or "\U0001f3fb" <= ch <= "\U0001f3ff"  # emoji skin-tone modifiers
        or "\U000e0020" <= ch <= "\U000e007f"  # emoji tag characters (subdivision flags)
        or "\u1160" <= ch <= "\u11ff"  # Hangul jamo vowels and final consonants
    )


def graphemes(text: str) -> list[str]:
    """``text`` split into user-perceived characters (see the module docstring)."""
    clusters: list[str] = []
    for ch in text:
        if clusters:
            last = clusters[-1]
            joined = _extends(ch) or (last.endswith(_ZWJ) and _is_pictographic(ch))  # GB11
            if not joined and _is_regional_indicator(ch):  # GB12, GB13: flags are pairs
                joined = _trailing_regional_indicators(last) % 2 == 1
            if joined:
                clusters[-1] = last + ch
                continue
        clusters.append(ch)
    return clusters


def tidy_name(name: str) -> str:
    """``name`` tidied: fit to name a seat (may be empty).

    Control and invisible characters are dropped, white space runs made one space, the ends trimmed
    and the name cut to :data:`NAME_LENGTH` user-perceived characters and :data:`NAME_CODE_POINTS`
    code points, between characters.
    """
    printable = "".join(ch for ch in name if _kept(ch))
    kept: list[str] = []
    size = 0
    for cluster in graphemes(" ".join(printable.split()))[:NAME_LENGTH]:
        size += len(cluster)
        if size > NAME_CODE_POINTS:
            break
        kept.append(cluster)
    return "".join(kept).strip()


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot name a seat (a reason in words), or ``None`` if it can.

    It must be text, already tidy (:func:`tidy_name` leaves it unchanged) and not empty.
    """
    if not isinstance(name, str):
        return "a name must be text"
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return "the name is not valid text"
    if not name:
        return "a name must not be empty"
    if tidy_name(name) != name:
        return f"a name has at most {NAME_LENGTH} characters and no extra spaces"
    return None


def same_name(a: str, b: str) -> bool:
    """Whether two seats' names would read as the same name.

    Letter case and compatibility forms such as full-width letters are set aside.
    """
    return _fold(a) == _fold(b)


def _fold(name: str) -> str:
    visible = "".join(ch for ch in name if _kept(ch) and ch != _ZWJ)
    return unicodedata.normalize("NFKC", visible).casefold()
