"""The players' boards.

One compact board per seat, always in view beside the turn's status on a wide screen (issue 39), as
a board game site's player boards: whose pawn, the score, the Month counters and the cards in hand,
the seat playing marked. Everything here is public (R103, R104); the players panel
(``park.ui.play.panels``) has the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from park.ui.lang.i18n import _, ngettext
from park.ui.lang.text import months_text
from park.ui.play.colours import ink_on
from park.ui.play.markup import escape
from park.ui.play.view_types import PlayerView


def board_sentence(p: PlayerView) -> str:
    """What a seat's board says, in words (a screen reader's, and its tooltip).

    ``"Ada (you): 45 points, 2 Month counters, 5 cards in hand"``.
    """
    name = _("{name} (you)").format(name=p.name) if p.is_you else p.name
    cards = ngettext("{count} card in hand", "{count} cards in hand", p.hand_size).format(
        count=p.hand_size
    )
    return _("{name}: {score} points, {months}, {cards}").format(
        name=name, score=p.score, months=months_text(p.months), cards=cards
    )


def player_board_html(p: PlayerView) -> str:
    """One seat's board.

    Its pawn's letter on its colour, its name, score, Month counters and cards in hand (R15, R73;
    the figures shown, the sentence said).
    """
    classes = ["player-board"]
    if p.is_active:
        classes.append("is-active")
    if p.is_you:
        classes.append("is-you")
    said = board_sentence(p)
    return (
        f'<li class="{" ".join(classes)}" style="--seat:{escape(p.colour)}" '
        f'data-seat="{p.seat}" title="{escape(said)}">'
        f'<span class="visually-hidden">{escape(said)}</span>'
        f'<span class="board-figures" aria-hidden="true">'
        f'<span class="swatch" style="color:{ink_on(p.colour)}">{escape(p.letter)}</span>'
        f'<span class="board-name">{escape(p.name)}</span>'
        f'<b class="board-score">{p.score}</b>'
        f'<span class="board-months">◷{p.months}</span>'
        f'<span class="board-cards">▮{p.hand_size}</span></span></li>'
    )


def player_boards_html(players: Sequence[PlayerView]) -> str:
    """Every seat's board, in turn order (``""`` without seats)."""
    if not players:
        return ""
    label = _("Players")
    boards = "".join(player_board_html(p) for p in players)
    return f'<ul class="player-boards" aria-label="{escape(label)}">{boards}</ul>'
