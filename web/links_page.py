"""Links in the page (issue 43): a challenge to the same deal, a game shared as its replay.

The formats and their checks are ``park.ui.game.links``; the words and markup
``park.ui.game.link_views``. This module reads the URL's fragment once Python is ready (and again
when only the fragment changes: a link pasted into an open tab), offers a challenge
(``#challenge-dialog``), opens a shared game in the replay, and makes links at game over
(``#link-share``) and in the replay (``#replay-share-box``).

Nothing of the player's is touched by a link until they choose to play a challenge: a refused link
says why above the game; a challenge's game replaces the game in progress only through the page's
question (``replace_guard``), and a shared game only opens the replay, never touching the save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dom import Command, by_id, close_dialog, copy_text, site_address
from page_state import Notice
from pyscript import window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]
from storage import CHALLENGE_KEY, TABLE_KEY, storage_get, storage_set

from park.ui.lang.i18n import _

if TYPE_CHECKING:
    from page import Page

    from park.ui.game.links import Challenge, SharedGame
    from park.ui.game.session import Session


def clear_fragment() -> None:
    """Take the fragment off the address (a reload does not open the link again)."""
    location = window.location
    window.history.replaceState(None, "", f"{location.pathname}{location.search}")


class LinksPage:
    """The links of the page (``page``): read at start-up, offered, made."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.offered: Challenge | None = None
        self.accepted: tuple[Session, str] | None = None
        """The challenge's game and its link, kept once that game starts (the player agreed)."""
        """The challenge the dialog offers."""
        self.next_challenge: Challenge | None = None
        """The challenge the finished game makes (the player's result added)."""
        self.proxy: Any = None

    def commands(self) -> dict[str, Command]:
        """The links' ``data-ui`` buttons, each with its command."""
        return {
            "challenge-play": self.play_challenge,
            "link-challenge": lambda _element: self.make_challenge(),
            "link-replay": lambda _element: self.share_game(),
            "copy-link": lambda _element: copy_text("link-text", "link-copied"),
            "replay-share": lambda _element: self.share_replay(),
            "copy-replay-link": lambda _element: copy_text("replay-link", "replay-link-copied"),
        }

    # -- opening a link ----------------------------------------------------------------------

    def started(self) -> None:
        """The page is ready: open the address's link, and any link pasted into this tab later."""
        self.proxy = create_proxy(lambda _event: self.open_fragment())
        window.addEventListener("hashchange", self.proxy)
        self.open_fragment()

    def open_fragment(self) -> None:
        """Open the link in the address's fragment, if it is one of ours.

        A link that cannot be opened is said above the game; nothing else changes.
        """
        from park.ui.game.links import Challenge, LinkError, parse_fragment

        text = str(window.location.hash or "")
        try:
            link = parse_fragment(text)
        except LinkError as exc:
            clear_fragment()
            self.page.notify(Notice(str(exc)))
            return
        if link is None:
            return
        clear_fragment()
        try:
            if isinstance(link, Challenge):
                self.offer(link)
            else:
                self.open_shared(link)
        except LinkError as exc:
            self.page.notify(Notice(str(exc)))

    def offer(self, challenge: Challenge) -> None:
        """Show who challenges the player with what result, and offer the deal."""
        from park.ui.game.link_views import offer_html

        self.offered = challenge
        by_id("challenge-offer").innerHTML = offer_html(challenge)
        dialog = by_id("challenge-dialog")
        if not dialog.open:
            dialog.showModal()

    def play_challenge(self, element: Any) -> None:
        """The "Play this deal" button: the challenge's game, once the player agrees."""
        from park.ui.game.link_views import challenge_news
        from park.ui.game.links import challenge_fragment
        from park.ui.game.session import Session
        from park.ui.setup.settings import parse_table

        close_dialog(element)
        challenge = self.offered
        if challenge is None:
            return
        kept = parse_table(storage_get(TABLE_KEY))
        try:
            session = Session.new(challenge.settings(kept.name if kept is not None else ""))
        except ValueError as exc:
            self.page.notify(Notice(str(exc)))
            return
        self.accepted = (session, challenge_fragment(challenge))
        self.page.replace_with(session, challenge_news(challenge))

    def session_started(self, session: Session) -> None:
        """A game starts: if it is the challenge's just accepted, the challenge is kept for it.

        Kept only now, so that backing out of "Replace the game in progress?" keeps the challenge
        of the game in progress.
        """
        accepted, self.accepted = self.accepted, None
        if accepted is not None and accepted[0] is session:
            storage_set(CHALLENGE_KEY, accepted[1], what="the challenge")

    def open_shared(self, game: SharedGame) -> None:
        """Open a shared game's replay; it closes back to the screen shown now."""
        from park.ui.game.link_views import shared_state
        from park.ui.replay.html import EVERYTHING, PUBLIC

        state = shared_state(game)
        screen = self.page.state.screen
        self.page.replay.open(
            state,
            viewer=EVERYTHING if game.reveal else PUBLIC,
            back_to=screen if screen != "replay" else "setup",
            public_only=not game.reveal,
            index=len(game.moves) if game.at is None else game.at,
        )

    def on_change(self, target: Any) -> bool:
        """A "Let them see every hand" box: the link shown is made again; ``False`` for others."""
        if target.id == "link-reveal" and not by_id("link-text").hidden:
            self.share_game()
        elif target.id == "replay-reveal" and not by_id("replay-share-box").hidden:
            self.share_replay()
        else:
            return target.id in ("link-reveal", "replay-reveal")
        return True

    # -- making links ------------------------------------------------------------------------

    def game_over(self, session: Session) -> None:
        """The game over's links: a challenge's results compared, and the links offered."""
        from park.ui.game.link_views import chain_result, comparison_html, table_of
        from park.ui.game.links import Challenge, LinkError, challenge_of, parse_fragment
        from park.ui.setup.modes import Kind

        self.next_challenge = None
        by_id("challenge-result").innerHTML = ""
        by_id("link-text").hidden = by_id("link-copy").hidden = True
        by_id("link-copied").textContent = ""
        mode = session.mode
        solo = not mode.hot_seat and mode.kind in (Kind.GAME, Kind.DAILY)
        by_id("link-challenge").hidden = not solo
        by_id("link-share").hidden = mode.kind is Kind.PUZZLE
        if not solo:
            return
        table = table_of(session.state)
        mine = chain_result(session.state, session.human, str(window.Date.new().toISOString())[:10])
        try:
            kept = parse_fragment(storage_get(CHALLENGE_KEY) or "")
        except LinkError:
            kept = None
        if isinstance(kept, Challenge) and kept.matches(table):
            self.next_challenge = kept.with_result(mine)
            by_id("challenge-result").innerHTML = comparison_html(self.next_challenge)
            by_id("link-challenge").textContent = _("Pass the challenge on")
        else:
            try:
                self.next_challenge = challenge_of(table, mine)
            except LinkError:
                by_id("link-challenge").hidden = True
            by_id("link-challenge").textContent = _("Challenge a friend")

    def show_link(self, text: str) -> None:
        """Put a link (or a line with it) in the game over's text box, selected."""
        box = by_id("link-text")
        box.hidden = by_id("link-copy").hidden = False
        box.value = text
        by_id("link-copied").textContent = ""
        box.select()

    def make_challenge(self) -> None:
        """The "Challenge a friend" button: the line to share, with the challenge's link."""
        from park.ui.game.link_views import share_line
        from park.ui.game.links import challenge_fragment

        challenge = self.next_challenge
        if challenge is not None:
            url = f"{site_address()}#{challenge_fragment(challenge)}"
            self.show_link(share_line(challenge, url))

    def game_link(self, state: Any, *, at: int | None, reveal: bool) -> str | None:
        """The link of the game ``state``, or ``None`` (said above the game) if it cannot be."""
        from park.ui.game.link_views import shared_game_of
        from park.ui.game.links import game_fragment

        try:
            game = shared_game_of(state, at=at, reveal=reveal)
        except ValueError:
            self.page.notify(Notice(_("This game cannot be shared as a link.")))
            return None
        return f"{site_address()}#{game_fragment(game)}"

    def share_game(self) -> None:
        """The game over's "Share the replay": the finished game's link."""
        session = self.page.state.session
        if session is None or not session.is_over:
            return
        link = self.game_link(session.state, at=None, reveal=bool(by_id("link-reveal").checked))
        if link is not None:
            self.show_link(link)

    def share_replay(self) -> None:
        """The replay's "Share this replay": a link opening it at the decision shown."""
        view = self.page.state.replay
        if view is None:
            return
        reveal = by_id("replay-reveal")
        reveal.disabled = view.public_only
        if view.public_only:
            reveal.checked = False
        final = view.replay.states[-1]
        link = self.game_link(final, at=view.index, reveal=bool(reveal.checked))
        if link is None:
            return
        by_id("replay-share-box").hidden = False
        box = by_id("replay-link")
        box.value = link
        by_id("replay-link-copied").textContent = ""
        box.select()
