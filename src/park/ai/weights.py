"""The knobs of the heuristic evaluation and of Park's reach.

The knobs of ``park.ai.evaluation`` and ``park.ai.park_reach``: one frozen value the normal
and hard levels and the coach play with, its defaults hand-set and its tuned values in
``park/ai/weights.toml`` (``park.ai.tuned``). Imports nothing, so the evaluation and Park's
reach both read it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of the heuristic evaluation (points or probabilities; see each field).

    - ``hand_share``: share (0..1) of a hand card's points counted in an expedition's potential;
      ``hand_cards_counted``: at most this many hand cards count toward one destination.
    - ``novelty_share``: share of the next Novelty dot expected to be still free when scoring.
    - ``fad_kept`` / ``fad_new``: chance the Fad is on a destination when the seat scores, if it
      is there now / if it is not (R93-R97).
    - ``rate``: points one turn is worth (the time cost of an expedition still to come).
    - ``card_value``, ``card_decay``: value of the first card in hand and the factor for each
      further card.
    - ``rival_damage``, ``rival_damage_leader``, ``rival_damage_threat``: share of a rival's
      loss counted as a gain for the seat: any rival, the leading rival, a rival who could reach
      the target with the expedition in progress.
    - ``threat_first``, ``threat_more``: chance that a rival who can play at least one card plays
      one, and the factor for each further card (models how often rivals chain, R26).
    - ``risk_aversion``: multiplier (≥ 0) on the chance of a Park landing.
    - ``exchange_margin``: how much better than the card in hand an unseen card must be worth on
      average before a Marketplace exchange is worth it.

    The defaults are the hand-set weights the tuning started from; the normal level plays with
    the tuned ones of ``park/ai/weights.toml`` (:mod:`park.ai.tuned`).
    """

    hand_share: float = 0.55
    hand_cards_counted: int = 3
    novelty_share: float = 0.85
    fad_kept: float = 0.55
    fad_new: float = 0.12
    rate: float = 4.5
    card_value: float = 1.5
    card_decay: float = 0.88
    rival_damage: float = 0.35
    rival_damage_leader: float = 0.6
    rival_damage_threat: float = 1.0
    threat_first: float = 0.75
    threat_more: float = 0.6
    risk_aversion: float = 1.0
    exchange_margin: float = -2.0
