"""What the New game form asks, checked: the players' names, the opponents and a seed.

Deliberately light (of the engine, only the name rules of ``park.engine.names``, the
player-count limits of ``park.engine.player_counts`` and the registries of levels and
languages): the page imports it at start-up to show and check the form, and loads the engine
(``park.ui.game.session``) only when a game is started or resumed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from park.engine.levels import AI_LEVELS as AI_LEVEL_NAMES
from park.engine.names import tidy_name
from park.engine.player_counts import MAX_OPPONENTS, MAX_PLAYERS, MIN_OPPONENTS, MIN_PLAYERS
from park.ui.lang.i18n import N_, _
from park.ui.lang.levels import OFFERED_LEVELS
from park.ui.setup.deal import MAX_SEED as MAX_SEED
from park.ui.setup.modes import PlayMode

AI_LEVELS: tuple[str, ...] = OFFERED_LEVELS
"""The levels offered on the New game form, weakest first (the registry:
``park.ui.lang.levels``)."""
DEFAULT_LEVEL = "normal"
"""The level the New game form starts at."""
MAX_HUMANS = MAX_PLAYERS
"""The most humans at one device: a whole table (the player-count limits, ``MIN_PLAYERS`` to
``MAX_PLAYERS``, and the AI opponents a person alone may choose, ``MIN_OPPONENTS`` to
``MAX_OPPONENTS``, are the rule's: ``park.engine.player_counts``)."""
THINKING_TIMES: dict[str, float] = {"quick": 0.3, "normal": 1.0, "deep": 3.0}
"""The hard level's thinking time per decision (seconds), by the page's "Hard AI thinks"
setting; the other levels decide at once."""
DEFAULT_THINKING = "normal"
GAME_TITLE = N_("Captain Park's Imaginary Polar Expedition")
"""The page's title (the browser tab's name), N_-marked English: show ``_(GAME_TITLE)``;
"Your turn · " goes before it on the human's turn."""


@dataclass(frozen=True, slots=True)
class NewGameSettings:
    """What the New game form asks.

    The first player's name, the AI opponents' count and level, a seed, whether the game offers
    hints (the Hint button and Park's reach), and ``others``: the names of the other humans playing
    at this device (hot-seat), in seat order after the first; ``day``: the date of Today's
    expedition (``YYYY-MM-DD``), else ``None``; ``tutorial``: the guided first game (Learn to play).
    A table has :data:`MIN_PLAYERS` to :data:`MAX_PLAYERS` seats; how it is played is :attr:`mode`.
    """

    name: str = "You"
    opponents: int = 3
    level: str = DEFAULT_LEVEL
    seed: int | None = None
    hints: bool = True
    others: tuple[str, ...] = ()
    day: str | None = None
    tutorial: bool = False

    @property
    def mode(self) -> PlayMode:
        """How this game is played.

        Solo or hot-seat, Today's expedition when it has a day, the guided first game when
        ``tutorial`` (``park.ui.setup.modes``).
        """
        return PlayMode.of(self.humans, self.day, tutorial=self.tutorial)

    @property
    def humans(self) -> int:
        """How many humans play at this device (1 to 7)."""
        return 1 + len(self.others)

    @property
    def players(self) -> int:
        """How many seats the table has, humans and AIs."""
        return self.humans + self.opponents

    def validated(self) -> NewGameSettings:
        """These settings checked and tidied.

        A blank name becomes "You", or "Player 2" and on for the other humans, in the page's
        language. Raises ``ValueError`` with a readable reason (in the page's language).
        """
        name = tidy_name(self.name) or _("You")
        others = tuple(
            tidy_name(other) or _("Player {number}").format(number=i)
            for i, other in enumerate(self.others, start=2)
        )
        if not others and not MIN_OPPONENTS <= self.opponents <= MAX_OPPONENTS:
            raise ValueError(
                _("choose between {fewest} and {most} opponents, not {count}").format(
                    fewest=MIN_OPPONENTS, most=MAX_OPPONENTS, count=self.opponents
                )
            )
        if len(others) >= MAX_HUMANS:
            raise ValueError(
                _("at most {count} humans can play at one device").format(count=MAX_HUMANS)
            )
        if others and not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            fewest = max(0, MIN_PLAYERS - self.humans)
            most = MAX_PLAYERS - self.humans
            if most == 0:
                raise ValueError(
                    _("{humans} humans fill the table: choose no AI opponents").format(
                        humans=self.humans
                    )
                )
            raise ValueError(
                _(
                    "with {humans} humans, choose between {fewest} and {most} AI opponents "
                    "({least} to {largest} players in all), not {count}"
                ).format(
                    humans=self.humans,
                    fewest=fewest,
                    most=most,
                    least=MIN_PLAYERS,
                    largest=MAX_PLAYERS,
                    count=self.opponents,
                )
            )
        if self.level not in AI_LEVELS:
            raise ValueError(
                _("unknown level {level}; choose {levels}").format(
                    level=repr(self.level), levels=", ".join(AI_LEVELS)
                )
            )
        if self.seed is not None and not 0 <= self.seed < MAX_SEED:
            raise ValueError(_seed_range())
        return NewGameSettings(
            name,
            self.opponents,
            self.level,
            self.seed,
            bool(self.hints),
            others,
            self.day,
            self.tutorial,
        )


def table_text(settings: NewGameSettings) -> str:
    """The table of ``settings`` as the page keeps it for the next New game form (JSON).

    The humans' names, the AI opponents' count and level, and whether hints are offered; never the
    seed or the day (the next game is a new deal). :func:`parse_table` reads it back.
    """
    table = {
        "name": settings.name,
        "others": list(settings.others),
        "opponents": settings.opponents,
        "level": settings.level,
        "hints": settings.hints,
    }
    return json.dumps(table, ensure_ascii=False, separators=(",", ":"))


def parse_table(text: str | None) -> NewGameSettings | None:
    """The table kept by :func:`table_text`, if it is valid.

    Names as they were typed, a blank one blank; valid by :meth:`NewGameSettings.validated`.
    ``None`` for none, or for text that is not a valid table (a damaged or older one is forgotten,
    never an error: the form keeps its defaults).
    """
    if not text:
        return None
    try:
        table = json.loads(text)
        others = table["others"]
        if not (isinstance(others, list) and all(isinstance(o, str) for o in others)):
            return None
        name, opponents, level, hints = (table[k] for k in ("name", "opponents", "level", "hints"))
        if not (isinstance(name, str) and type(opponents) is int and isinstance(hints, bool)):
            return None
        settings = NewGameSettings(name, opponents, level, None, hints, tuple(others))
        settings.validated()
        return settings
    except (ValueError, TypeError, KeyError, RecursionError):
        return None


def autoplay_level(text: str | None) -> str | None:
    """The AI level of the page's ``?autoplay=<level>``, or ``None``.

    With it a bot plays the human's seat by clicking the real controls. Any level of the registry
    (``park.engine.levels``); ``None`` for none or an unknown one.
    """
    return text if text in AI_LEVEL_NAMES else None


def parse_seed(text: str) -> int | None:
    """The seed typed on the form: blank for a random game, else a whole number.

    Raises ``ValueError`` with a readable reason for anything else.
    """
    text = text.strip()
    if not text:
        return None
    try:
        seed = int(text)
    except ValueError:
        raise ValueError(
            _("the seed must be a whole number, not '{text}'").format(text=text)
        ) from None
    if not 0 <= seed < MAX_SEED:
        raise ValueError(_seed_range())
    return seed


def _seed_range() -> str:
    return _("the seed must be a whole number from 0 to {largest}").format(largest=MAX_SEED - 1)
