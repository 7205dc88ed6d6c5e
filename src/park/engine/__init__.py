"""The rules engine: everything that decides what may happen in a game and what it does.

The layers inside, from the bottom: the game's terms and errors (``terms``, ``errors``), the
actions a seat may take (``actions``), the material read from ``park/data`` (``board``,
``deck``, ``scoring_board``) bundled with its precomputed tables (``ruleset``), the frozen
state and one seat's observation of it (``state``, ``observation``), the turn rules as small
pure functions (``turn_rules``), scoring (``scoring``), the mutable table that ``apply``
works on (``table``), the public turn engine (``rules``: ``new_game``, ``legal_actions``,
``apply``) and saves (``save``).

Nothing here imports ``park.ai``, ``park.ui`` or ``park.cli``. The public names are exported
by ``park`` itself; import them from there.
"""
