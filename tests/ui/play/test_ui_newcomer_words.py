"""Words a newcomer understands (issue 26, item 2).

Every move's button says when it ends the turn, the scoring table's abbreviations are written out,
and the Club says which cards scoring discards and why.
"""

from __future__ import annotations

import pytest

from park import Step, legal_actions, observe
from park.engine.languages import TRANSLATIONS
from park.ui.lang.i18n import _, speaking
from park.ui.play.markup import escape
from park.ui.play.panels import decision_html, hand_html
from park.ui.play.scoring_terms import SCORE_TERMS, outlook_heads_html, outlook_legend_html
from park.ui.play.view import build_view
from tests.engine.helpers import ARTIFACT_2, FACT, HERO, P1, PHOTOGRAPH, Seat, position, run


def test_every_button_of_a_turns_start_says_whether_the_turn_ends() -> None:
    state = position(park=5, seats={P1: Seat("3", months=3, hand=[FACT])})
    view = build_view(observe(state, P1), legal_actions(state))
    details = {b.action: b.detail for b in view.decision.buttons}
    assert details["step:club"].startswith("draw a card; your turn ends")
    assert details["stay"].startswith("the turn ends")
    assert all("turn ends" in d or "end your turn" in d for d in details.values()), details


def test_the_scoring_tables_abbreviations_are_written_out() -> None:
    heads = outlook_heads_html()
    assert '<abbr title="Diversity bonus">Div.</abbr>' in heads
    assert '<abbr title="Endurance bonus">End.</abbr>' in heads
    assert '<abbr title="Novelty bonus">Nov.</abbr>' in heads
    legend = outlook_legend_html()
    for words in ("Div.", "Diversity bonus", "End.", "Endurance bonus", "Nov.", "Novelty bonus"):
        assert words in legend
    state = position(park=5, seats={P1: Seat("3", months=9, inventory=[HERO, FACT])})
    view = build_view(observe(state, P1), legal_actions(state))
    html = hand_html(view)
    assert 'class="outlook-legend"' in html and "<abbr" in html


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_the_scoring_tables_terms_are_written_out_in_each_language(code: str) -> None:
    with speaking(code):
        heads, legend = outlook_heads_html(), outlook_legend_html()
        for head, full, meaning in SCORE_TERMS:
            assert escape(_(head)) in heads
            if full is not None and meaning is not None:
                assert escape(_(full)) in heads + legend and escape(_(meaning)) in legend
    assert "Diversity bonus" not in heads + legend and "Novelty bonus" not in heads + legend


def test_the_club_says_what_scoring_discards_and_why() -> None:
    state = position(
        park=5, seats={P1: Seat("3", months=9, inventory=[HERO, ARTIFACT_2, PHOTOGRAPH, FACT])}
    )
    state, _ = run(state, Step("club"))
    view = build_view(observe(state, P1), legal_actions(state))
    decision = view.decision
    assert "Scoring discards your whole Inventory" in decision.prompt
    scores = [b for b in decision.buttons if b.action.startswith("score:")]
    assert scores and all(b.detail.endswith("your turn ends") for b in scores)
    html = decision_html(decision)
    worthless = [o for o in decision.score_options if o.worthless]
    assert worthless, "some destination leaves a card worth nothing"
    assert "worth nothing for" in html and "so not counted" in html


def test_the_marketplace_says_the_turn_ends_after_the_exchange() -> None:
    state = position(park=5, seats={P1: Seat("8", hand=[FACT, HERO])})
    state, _ = run(state, Step("market"))
    view = build_view(observe(state, P1), legal_actions(state))
    assert view.decision.kind == "market"
    assert view.decision.prompt.endswith("you draw as many new ones. Then your turn ends.")
