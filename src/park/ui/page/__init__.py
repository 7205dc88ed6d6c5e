"""The page's state, its changes and its view: the pure half of the page's one loop (issue 49).

The page (the document in the browser; its code is ``web/``) runs one loop::

    input (a click, a key, a timer, another tab, an AI move)
      -> an event (:mod:`park.ui.page.events`), read at the edge by ``web/main.py``
      -> update(state, event) -> (new state, effects)     (:mod:`park.ui.page.update`)
      -> view(state) -> PageView, drawn by patching       (:mod:`park.ui.page.view`, web/draw.py)
      -> the effects run (save, think, play a sound...)   (``web/effects.py``); what they learn
         comes back as events.

Everything the page remembers is in :class:`~park.ui.page.state.PageState`; the changes are
plain functions that return the new state and the effects to run, so every command is tested in
CPython (``tests/ui/page/``). The game itself (a :class:`~park.ui.game.session.Session`, the
engine's game with its history for Undo) is the one part of the state that changes in place: an
update that plays a move calls the session's own commands.
"""
