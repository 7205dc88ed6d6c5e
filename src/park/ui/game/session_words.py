"""The sentences a game session says to the player, in the page's language.

The log's notes on a new or resumed game, why Undo cannot go back, and why a move or a save was
refused (``park.ui.game.session`` raises them in its exceptions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from park.engine.events import EventKind
from park.ui.lang.i18n import _

if TYPE_CHECKING:
    from park.engine.state import GameState


def new_game_note(state: GameState) -> str:
    """The log's first line of the new game ``state``.

    The table, the game number (its seed) and its goal (R6).
    """
    return _(
        "A new game: {players} players, game number {seed}. Score {target} points to win; "
        "{months} Month counters are needed to score."
    ).format(
        players=len(state.seats),
        seed=state.settings.seed,
        target=state.target,
        months=state.months_needed,
    )


def resumed_note() -> str:
    """The log's line after a saved game was resumed."""
    return _("The saved game was resumed.")


def no_human_seat() -> str:
    """Why a game without a human seat cannot be played here."""
    return _("a session needs a human seat, found none")


def unplayable_save(reason: object) -> str:
    """Why a save cannot be played here (``reason``: the problem found)."""
    return _("The save cannot be played here: {reason}.").format(reason=reason)


def unresumable_save(reason: object) -> str:
    """What the page says of a saved game it could not resume (``reason``: why)."""
    return _("Your saved game could not be resumed. {reason}").format(reason=reason)


def undo_note(reveal: str | None) -> str:
    """Why Undo is not offered: the decision revealed something.

    ``reveal``: the event kind that did, ``EventKind.FAD_REVEALED`` or ``EventKind.RESHUFFLED``;
    otherwise a card drawn.
    """
    if reveal == EventKind.FAD_REVEALED:
        return _(
            "Nothing to undo: a Fad card was turned over, and Undo goes back only to before that."
        )
    if reveal == EventKind.RESHUFFLED:
        return _("Nothing to undo: the deck was shuffled, and Undo goes back only to before that.")
    return _("Nothing to undo: you drew a card, and Undo goes back only to before that.")


def not_a_human_turn() -> str:
    """Why a human decision was refused: an AI seat is to move."""
    return _("it is not a human player's turn")


def nothing_to_undo_now() -> str:
    """Why Undo was refused: it is not the human's turn."""
    return _("nothing can be undone: it is not your turn")


def not_your_turn() -> str:
    """Why a move was refused: it is another seat's turn."""
    return _("it is not your turn")


def show_hand_first(name: str) -> str:
    """Why a hot-seat move was refused: ``name`` has not shown their hand yet."""
    return _("{name} must show their hand first").format(name=name)


def not_at_the_marketplace() -> str:
    """Why an exchange was refused: the player is not exchanging at the Marketplace."""
    return _("you are not exchanging cards at the Marketplace")


def card_chosen_twice() -> str:
    """Why an exchange was refused: the same card was picked twice."""
    return _("a card was chosen twice")


def not_an_ai_turn() -> str:
    """Why an AI move was refused: no AI seat is to move."""
    return _("it is not an AI seat's turn")


def bot_chose_nothing() -> str:
    """Why an AI turn failed: its bot stopped thinking without a decision."""
    return _("the bot finished thinking without choosing")
