"""Links in the page (issues 43, 49): a challenge to the same deal, a game shared as its replay.

The formats and their checks are ``park.ui.game.links``; the words and markup
``park.ui.game.link_views``. A link in the address's fragment is read once the page is ready (and
again when only the fragment changes: a link pasted into an open tab). Nothing of the player's is
touched by a link until they choose to play a challenge: a refused link says why above the game; a
challenge's game replaces the game in progress only through the page's question, and a shared game
only opens the replay, never touching the save.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from park.ui.lang.i18n import _
from park.ui.page.effects import ClearFragment, Select
from park.ui.page.game_updates import replace_with
from park.ui.page.state import Links, Notice, PageState
from park.ui.page.step import Step

if TYPE_CHECKING:
    from park.ui.game.session import Session


def fragment(state: PageState, text: str) -> Step:
    """Open the link in the address's fragment ``text``, if it is one of ours.

    A challenge is offered (its dialog), a shared game opens in the replay (closing back to the
    screen shown now); a link that cannot be opened is said above the game, nothing else changes.
    The fragment is taken off the address either way.
    """
    from park.ui.game.links import Challenge, LinkError, parse_fragment
    from park.ui.live.links import Invitation, parse_live

    try:
        live = parse_live(text) if text.startswith(("#i", "#a", "i", "a")) else None
    except LinkError as exc:
        return Step(replace(state, notice=Notice(str(exc))), (ClearFragment(),))
    if live is not None:
        from park.ui.page import live_updates

        if isinstance(live, Invitation):
            return live_updates.invited(state, live)
        step = live_updates.take_reply(state, text)
        if not live_updates.hosting_here(state):  # the table may be in another tab
            step = live_updates.hand_reply(state, text)
        return Step(step.state, (ClearFragment(), *step.effects))
    try:
        link = parse_fragment(text)
    except LinkError as exc:
        return Step(replace(state, notice=Notice(str(exc))), (ClearFragment(),))
    if link is None:
        return Step(state)
    try:
        if isinstance(link, Challenge):
            links = replace(state.links, offered=link)
            step = Step(replace(state, links=links, dialog="challenge"))
        else:
            step = _open_shared(state, link)
    except LinkError as exc:
        step = Step(replace(state, notice=Notice(str(exc))))
    return Step(step.state, (ClearFragment(), *step.effects))


def _open_shared(state: PageState, game: object) -> Step:
    from park.ui.game.link_views import shared_state
    from park.ui.game.links import SharedGame
    from park.ui.page.replay_updates import open_replay
    from park.ui.replay.html import EVERYTHING, PUBLIC

    assert isinstance(game, SharedGame)
    ended = shared_state(game)
    screen = state.screen
    return open_replay(
        state,
        ended,
        viewer=EVERYTHING if game.reveal else PUBLIC,
        back_to=screen if screen != "replay" else "setup",
        public_only=not game.reveal,
        index=len(game.moves) if game.at is None else game.at,
    )


def play_challenge(state: PageState, kept_table: str | None) -> Step:
    """The "Play this deal" button: the challenge's game, once the player agrees.

    The player's name is the one the form kept last (``kept_table``).
    """
    from park.ui.game.link_views import challenge_news
    from park.ui.game.links import challenge_fragment
    from park.ui.game.session import Session
    from park.ui.setup.settings import parse_table

    state = replace(state, dialog=None)
    challenge = state.links.offered
    if challenge is None:
        return Step(state)
    kept = parse_table(kept_table)
    try:
        session = Session.new(challenge.settings(kept.name if kept is not None else ""))
    except ValueError as exc:
        return Step(replace(state, notice=Notice(str(exc))))
    links = replace(state.links, accepted=(session, challenge_fragment(challenge)))
    return replace_with(replace(state, links=links), session, challenge_news(challenge))


def game_over_links(state: PageState, session: Session, kept: str | None, today: str) -> Links:
    """The game over's links for ``session``.

    The challenge it makes (its results added to the challenge it was played on, ``kept``, the
    fragment kept, when it matches).
    """
    from park.ui.game.link_views import chain_result, table_of
    from park.ui.game.links import Challenge, LinkError, challenge_of, parse_fragment
    from park.ui.setup.modes import Kind

    links = replace(state.links, next_challenge=None, passes_on=False, shown=None)
    mode = session.mode
    if mode.hot_seat or mode.kind not in (Kind.GAME, Kind.DAILY):
        return links
    table = table_of(session.state)
    mine = chain_result(session.state, session.human, today)
    try:
        found = parse_fragment(kept or "")
    except LinkError:
        found = None
    if isinstance(found, Challenge) and found.matches(table):
        return replace(links, next_challenge=found.with_result(mine), passes_on=True)
    try:
        return replace(links, next_challenge=challenge_of(table, mine))
    except LinkError:
        return links


def make_challenge(state: PageState, site: str) -> Step:
    """The "Challenge a friend" button: the line to share, with the challenge's link, selected."""
    from park.ui.game.link_views import share_line
    from park.ui.game.links import challenge_fragment

    challenge = state.links.next_challenge
    if challenge is None:
        return Step(state)
    url = f"{site}#{challenge_fragment(challenge)}"
    return _show_link(state, share_line(challenge, url))


def _show_link(state: PageState, text: str) -> Step:
    return Step(replace(state, links=replace(state.links, shown=text)), (Select("link-text"),))


def share_game(state: PageState, site: str) -> Step:
    """The game over's "Share the replay": the finished game's link, selected."""
    from park.ui.game.link_views import game_link

    session = state.session
    if session is None or not session.is_over:
        return Step(state)
    link = game_link(session.state, site, at=None, reveal=state.links.reveal)
    if link is None:
        return Step(replace(state, notice=Notice(_("This game cannot be shared as a link."))))
    return _show_link(state, link)


def reveal_in_game_over(state: PageState, on: bool, site: str) -> Step:
    """The game over's "Let them see every hand" box: the link shown is made again."""
    shown = state.links.shown is not None
    state = replace(state, links=replace(state.links, reveal=on))
    return share_game(state, site) if shown else Step(state)
