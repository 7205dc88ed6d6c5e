"""Warnings: the one rule that decides which of the player's moves the page marks with a ⚠.

For each move the player can make now (a step, Stay put, End my turn, Play no card, a card
played at a shop, Decline to score), :func:`move_risks` says the chance that it costs the player
their Month counters before their next turn (R19): Captain Park landing on them (R62), walking
into him (R63), ending the turn in the Club (R52) or on his space after staying put (R66). A
loss the rules make certain counts as 100%; a space Captain Park may reach counts as the chance
that he lands there before the player's next turn, as Park's reach shows it
(``park.ai.coach.reach_chances``). A move is warned (:attr:`MoveRisk.warned`) when that chance,
said as a whole percent, is at least :data:`WARN_AT` and the player has Month counters to lose.
Everything that shows a ⚠ or a danger style reads it: the decision's buttons and the hand's
cards (``park.ui.play.decision``), the map's spaces and their accessible descriptions
(``park.ui.play.view``), the hint's reason (``park.ui.coach.warned``) and a puzzle's verdict.
:func:`warning_words` says a warned chance in words, :func:`reach_words` any chance Park's reach
shows, both as the whole :func:`percent`.

Declining to score at the Club is warned for certain (R52: the Month counters go for nothing,
issue 50). Not warned: scoring there (the counters are spent), the Marketplace and a Fad choice
(Captain Park never moves there, R49, R61), and entering the Club when the player can score (the
counters are spent, not lost). A card play is warned only when it sends Captain Park onto the
player (R42, R62): after it the player steps again, and each further move is warned in its own
right.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from park.engine.actions import Action, DeclineScore, PlayCard, SkipPlay, Stay, Step
from park.engine.observation import Observation
from park.engine.scoring import qualifying
from park.engine.turn_rules import ENDED_IN_CLUB, park_after_play, turn_end_loss, walks_into_park
from park.ui.lang.i18n import _

WARN_AT = 50
"""The threshold, in whole percent: a move whose chance of costing the player their Month
counters before their next turn is about 50% or more is warned. At 50% the loss is at
least as likely as not, so the red ⚠ means "expect to lose them": the move is sound only
for what it gains (the hint then says what). The line also sits where Park's reach has few
values: the chances of the steps fall in two groups, the spaces behind Captain Park or out
of his reach and the next numbers ahead of him (``bench/warning_threshold.py``, 12 games
between normal AIs, 4 players, 2026-12-05: of 1,058 steps, 56% under 10% and 16% at 90% or
more, 4.3% between 40% and 59%; 26% warned, and no decision with every move warned). A
lower line (30%) would warn steps that keep the counters two times in three; below the
line the chance is still shown by Park's reach and said by the hint."""

REACH = "reach"
"""Cause: Captain Park may land on the space before the player's next turn (R62)."""
WALKS_INTO_PARK = "walks_into_park"
"""Cause: the step walks into Captain Park's space (R63)."""
CLUB_WITHOUT_SCORE = "club_without_score"
"""Cause: the turn ends in the Club and the player cannot score there (R52)."""
STAYS_WITH_PARK = "stays_with_park"
"""Cause: the turn ends on Captain Park's space (R66, A1)."""
SENT_ONTO_YOU = "sent_onto_you"
"""Cause: the card played sends Captain Park onto the player (R42, R62, A24)."""
ENDS_IN_CLUB = "ends_in_club"
"""Cause: staying put in the Club ends the turn there (R52, R56)."""


@dataclass(frozen=True, slots=True)
class MoveRisk:
    """What one move risks.

    ``action`` (its text form); ``space``, where it leaves the pawn (the space stepped to, or where
    the pawn stands); ``months``, the Month counters at stake (the player's now); ``chance`` (0..1)
    of losing them before the player's next turn (1 when the rules make it certain); ``cause``, why
    (:data:`REACH` for a chance, else the rule that makes it certain).
    """

    action: str
    space: str
    months: int
    chance: float
    cause: str = REACH

    @property
    def certain(self) -> bool:
        """Whether the rules make the loss certain (R52, R62, R63, R66), not a chance."""
        return self.cause != REACH

    @property
    def warned(self) -> bool:
        """Whether the page marks the move with a ⚠.

        Whether the page marks the move with a ⚠: Month counters to lose and a chance of losing them
        of at least :data:`WARN_AT` percent, as said (rounded).
        """
        return self.months > 0 and percent(self.chance) >= WARN_AT


def move_risks(
    obs: Observation, legal: Sequence[Action], reach: Mapping[str, float] | None = None
) -> dict[str, MoveRisk]:
    """The risk of each of ``legal`` that moves the pawn or ends the turn, by action text.

    The risk of each of ``legal`` (the viewer's legal actions now) that moves the pawn or ends the
    turn, by action text (see the module docstring). ``reach``: the chance per numbered space that
    Captain Park lands there before the viewer's next turn (Park's reach,
    ``park.ai.coach.reach_chances``; computed here from ``obs`` when ``None`` and needed). Empty
    when it is not the viewer's turn.
    """
    if not obs.my_turn:
        return {}
    rules = obs.rules
    me = obs.me
    months = me.months
    risks: dict[str, MoveRisk] = {}
    chances = reach

    def landing(space: str) -> float:
        nonlocal chances
        if chances is None:
            from park.ai.coach import reach_chances  # the AI loads only when it is needed

            chances = reach_chances(obs)
        return chances.get(space, 0.0)

    def ends_here(action: Action) -> MoveRisk:
        """The turn ends where the pawn stands (R24, R27, R45)."""
        loss = turn_end_loss(rules, me.position, obs.park)
        if loss is not None:
            cause = ENDS_IN_CLUB if loss == ENDED_IN_CLUB else STAYS_WITH_PARK
            return MoveRisk(str(action), me.position, months, 1.0, cause)
        return MoveRisk(str(action), me.position, months, landing(me.position) if months else 0.0)

    can_score = bool(
        qualifying(rules, months, obs.months_needed, me.inventory, me.visited)
    )  # on entering the Club now (R73-R76)
    for action in legal:
        if isinstance(action, Step):
            space = action.space
            if walks_into_park(rules, space, obs.park):
                risk = MoveRisk(str(action), space, months, 1.0, WALKS_INTO_PARK)
            elif turn_end_loss(rules, space, obs.park) == ENDED_IN_CLUB and not can_score:
                risk = MoveRisk(str(action), space, months, 1.0, CLUB_WITHOUT_SCORE)
            else:
                risk = MoveRisk(str(action), space, months, landing(space) if months else 0.0)
        elif isinstance(action, Stay | SkipPlay):
            risk = ends_here(action)
        elif isinstance(action, DeclineScore):  # the counters go for nothing (R52, issue 50)
            risk = MoveRisk(str(action), me.position, months, 1.0, ENDS_IN_CLUB)
        elif isinstance(action, PlayCard):
            if park_after_play(rules, obs.park)[1] == me.position:
                risk = MoveRisk(str(action), me.position, months, 1.0, SENT_ONTO_YOU)
            else:  # the player steps again: each further move is warned in its own right
                risk = MoveRisk(str(action), me.position, months, 0.0)
        else:
            continue
        risks[risk.action] = risk
    return risks


def percent(chance: float) -> int:
    """A chance (0..1) as the whole percent the page says (and :data:`WARN_AT` counts)."""
    return round(chance * 100)


def reach_words(chance: float) -> str:
    """A space's line of Park's reach.

    The chance (0..1) that Captain Park lands there before the player's next turn, in words with its
    whole percent (R62).
    """
    odds = percent(chance)
    if odds == 0:
        if chance == 0:
            return _("Captain Park cannot land here before your next turn")
        return _("Captain Park lands here before your next turn: under 1%")
    return _("Captain Park lands here before your next turn: about {percent}%").format(percent=odds)


def warning_words(risk: MoveRisk) -> str:
    """A warned chance in words, for a move's description.

    ``"Captain Park very likely lands here before your next turn: about 87%"`` (as Park's reach says
    a chance, with a word for how likely). Empty when the move is not warned, or when the loss is
    certain (the move's own words say why: walking into Captain Park, the Club, a card that sends
    him onto you).
    """
    if not risk.warned or risk.certain:
        return ""
    odds = percent(risk.chance)
    if odds >= 95:
        said = _("Captain Park almost certainly lands here before your next turn: about {percent}%")
    elif odds >= 75:
        said = _("Captain Park very likely lands here before your next turn: about {percent}%")
    else:
        said = _("Captain Park likely lands here before your next turn: about {percent}%")
    return said.format(percent=odds)


__all__ = [
    "CLUB_WITHOUT_SCORE",
    "ENDS_IN_CLUB",
    "REACH",
    "SENT_ONTO_YOU",
    "STAYS_WITH_PARK",
    "WALKS_INTO_PARK",
    "WARN_AT",
    "MoveRisk",
    "move_risks",
    "percent",
    "reach_words",
    "warning_words",
]
