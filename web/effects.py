"""The effects an update asks for, run in the browser (issue 49).

Each effect of ``park.ui.page.effects`` goes to the module that does that job: storage
(``storage.py``), the autosave's lock and the reloads (``saver.py``), the AI seats
(``ai_runner.py``), the coach (``coach_runner.py``), a puzzle's verdict (``puzzle_runner.py``), the
records (``records.py``), files (``files.py``), sounds (``audio.py``), and where the focus goes and
what scrolls into view (``focus.py``, ``table_view.py``: those that need the layout wait until the
game screen's second task has drawn the panels). What they learn comes back through the loop's
``dispatch``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import focus
import table_view
from ai_runner import AiRunner
from audio import Audio
from coach_runner import CoachRunner
from files import Files
from peers import Peers
from puzzle_runner import PuzzleRunner
from pyscript import window  # type: ignore[import-not-found]
from records import Records
from saver import Saver
from storage import storage_remove, storage_set
from table_picture import keep_picture

from park.ui.page import effects as e
from park.ui.page import live_state as live
from park.ui.page.events import Copied

if TYPE_CHECKING:
    from game_draw import GameDraw
    from loop import Loop


class Effects:
    """Runs the page's effects (see the module); its runners keep only their tasks."""

    def __init__(self, loop: Loop, game: GameDraw) -> None:
        self.loop = loop
        self.game = game
        dispatch = loop.dispatch
        self.ai = AiRunner(lambda: loop.state, dispatch)
        self.coach = CoachRunner(dispatch)
        self.puzzles = PuzzleRunner(dispatch)
        self.saver = Saver(dispatch)
        self.records = Records(dispatch)
        self.files = Files(dispatch)
        self.audio = Audio()
        self.tasks: set[asyncio.Future[None]] = set()
        self.peers = Peers(dispatch, self.start)
        self.handlers: dict[type, Callable[[Any], object]] = {
            e.Store: lambda x: storage_set(x.key, x.value, what=x.what),
            e.Forget: lambda x: storage_remove(x.key),
            e.QueueSave: lambda _x: self.saver.queue(),
            e.WriteSave: lambda x: self.saver.write(x.text),
            e.KeepLanguage: lambda x: self.saver.keep_language(x.language),
            e.Reload: lambda x: self.saver.reload(flush=x.flush),
            e.RunAi: lambda _x: self.ai.run(),
            e.SkipPause: lambda _x: self.ai.skip_pause(),
            e.ThinkHint: lambda x: self.coach.think(x.session, x.deals, x.asked),
            e.Ponder: lambda x: self.coach.ponder(x.session, x.deals),
            e.CancelHint: lambda _x: self.coach.cancel_hint(),
            e.Review: lambda x: self.coach.start_review(x.session),
            e.CancelReview: lambda _x: self.coach.cancel_review(),
            e.Weigh: lambda x: self.puzzles.weigh(x.session, x.position, x.day),
            e.CancelWeigh: lambda _x: self.puzzles.cancel(),
            e.Sounds: lambda x: self.audio.play_all(x.cues),
            e.Copy: lambda x: self.copy(x.box),
            e.Select: lambda x: self.game.after_panels(lambda: focus.select_text(x.box)),
            e.Say: self.say,
            e.Focus: self.focus,
            e.Scroll: lambda x: self.game.after_panels(lambda: scroll(x.where, x.selector)),
            e.CentreMap: lambda x: self.game.after_panels(
                lambda: focus.centre_map(x.space, only_if_cut=x.only_if_cut)
            ),
            e.KeepPicture: lambda x: keep_picture(self.loop.state, closing=x.closing),
            e.KeepStorage: lambda _x: self.files.keep_storage(),
            e.ReadFile: lambda x: self.files.read(x.field),
            e.ImportRecord: lambda x: self.start(self.records.import_record(x.record, x.puzzles)),
            e.Finish: lambda x: self.soon(lambda: self.records.finish(x.session)),
            e.ReadRecord: lambda _x: self.records.read_record(),
            e.ReadPuzzles: lambda x: self.records.read_puzzles(x.then),
            e.ClearFragment: lambda _x: clear_fragment(),
            e.ReadForm: lambda _x: self.records.read_form(),
            live.MakeOffer: lambda x: self.peers.offer(x.seat),
            live.TakeAnswer: lambda x: self.peers.take_answer(x.seat, x.sdp),
            live.MakeAnswer: lambda x: self.peers.answer(x.sdp),
            live.SendLive: lambda x: self.peers.send(x.seat, x.texts),
            live.HangUp: lambda x: self.peers.hang_up(x.seat),
            live.ShareText: lambda x: self.peers.share(x.box, self.copy),
            live.LoadQr: lambda _x: self.start(self._load_qr()),
            live.HandReply: lambda x: self.peers.hand_reply(x.text),
            live.ReplyTakenHere: lambda x: self.peers.reply_taken(x.name),
        }

    def run(self, effect: e.Effect) -> None:
        """Run ``effect``."""
        self.handlers[type(effect)](effect)

    def start(self, step: Any) -> None:
        """Run the coroutine ``step`` as a task of its own."""
        task = asyncio.ensure_future(step)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def soon(self, task: Callable[[], None]) -> None:
        """Run ``task`` in a task of its own, after the redraw's."""
        asyncio.get_event_loop().call_soon(task)

    def focus(self, effect: e.Focus) -> None:
        """Focus a control; one that scrolls into view waits for the redraw's layout.

        Its scroll comes after the redraw's own (a new question shown from its top,
        ``game_draw``), not before it.
        """

        def focus_now() -> None:
            focus.focus_element(
                effect.selector,
                heading=effect.heading,
                within=effect.within,
                not_on_touch=effect.not_on_touch,
                scroll=effect.scroll,
            )

        if effect.scroll:
            self.game.after_panels(focus_now)
        else:
            focus_now()

    def say(self, effect: e.Say) -> None:
        """The live region: the text, the decision taken back, or the hint's words as drawn."""
        if effect.taken_back:
            focus.say_taken_back()
        elif effect.hint:
            parts = self.loop.parts
            if parts is not None and parts.hint_text:
                focus.say(parts.hint_text)
        else:
            focus.say(effect.text)

    async def _load_qr(self) -> None:
        from libraries import load_library

        try:
            await load_library("segno")
        except Exception as exc:  # offline before it was cached: the links are copied instead
            window.console.warn(f"Park: the QR codes' library could not be loaded: {exc!r}")
            return
        self.loop.dispatch(live.QrLoaded())

    def copy(self, box: str) -> None:
        """Copy a line to share.

        "Copied." is said only once the browser has written it (else the text stays selected,
        with how to copy it).
        """
        text = focus.select_text(box)
        self.start(self._copy(box, text))

    async def _copy(self, box: str, text: str) -> None:
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:  # refused (no focus, a policy, another site's frame) or not offered
            self.loop.dispatch(Copied(box, False, text))
            return
        self.loop.dispatch(Copied(box, True, text))


def scroll(where: str, selector: str) -> None:
    """Scroll as :class:`park.ui.page.effects.Scroll` says."""
    if where == "top":
        focus.scroll_page_top()
    elif where == "nearest":
        focus.scroll_nearest(selector)
    elif where == "decision":
        focus.reveal_decision()
    elif where == "lesson":
        focus.reveal_lesson()
    elif where == "hint":
        focus.reveal_hint()
    elif where == "table" and table_view.bring_into_view():
        focus.centre_map()  # a phone's frame was sized: the map is centred again


def clear_fragment() -> None:
    """Take the fragment off the address (a reload does not open the link again)."""
    location = window.location
    window.history.replaceState(None, "", f"{location.pathname}{location.search}")
