"""park.ui.play.view: the view model built from one seat's Observation and the legal actions."""

from __future__ import annotations

import re
from dataclasses import replace

from park import (
    DESTINATIONS,
    ChooseFad,
    Expedition,
    GameState,
    Phase,
    Score,
    SeatSpec,
    Step,
    apply,
    legal_actions,
    new_game,
    observe,
    score_preview,
)
from park.ui.play.decision import exchange_label
from park.ui.play.outlook import expedition_outlook
from park.ui.play.panels import breakdown_table
from park.ui.play.view import build_view
from tests.engine.helpers import (
    ARTIFACT,
    ARTIFACT_2,
    FACT,
    HERO,
    P1,
    P2,
    PHOTOGRAPH,
    Seat,
    position,
    run,
)

SEATS = [
    SeatSpec("Phileas", "#c0392b", "human"),
    SeatSpec("Lady Agatha", "#2471a3", "normal"),
    SeatSpec("Colonel Pembroke", "#1e8449", "normal"),
    SeatSpec("Professor Quill", "#b9770e", "normal"),
]


def test_first_turn_highlights_the_clubs_neighbours() -> None:
    state = new_game(SEATS, 5, first_seat=0)
    view = build_view(observe(state, 0), legal_actions(state))
    clickable = {s.id: s for s in view.board.spaces if s.clickable}
    assert set(clickable) == {"3", "6", "10", "13"}
    assert clickable["3"].action == "step:3"
    assert clickable["3"].aria_label == "Step to Café 3"
    assert clickable["13"].aria_label == "Step to Antique Shop 13"
    others = [s for s in view.board.spaces if not s.clickable]
    assert all(s.action is None and not s.aria_label.startswith("Step") for s in others)
    open_paths = {frozenset((p.a, p.b)) for p in view.board.paths if p.highlighted}
    assert open_paths == {frozenset(("club", n)) for n in ("3", "6", "10", "13")}
    assert view.decision.kind == "start"
    labels = [b.label for b in view.decision.buttons]
    assert labels == [
        "Step to Café 3",
        "Step to News Stand 6",
        "Step to Café 10",
        "Step to Antique Shop 13",
        "Stay put",
    ]
    assert view.decision.buttons[-1].action == "stay"
    assert "clears your Month counters" in view.decision.buttons[-1].detail


def test_pawns_and_captain_park() -> None:
    state = new_game(SEATS, 5, first_seat=0)
    view = build_view(observe(state, 0), legal_actions(state))
    pawns = view.board.pawns
    assert sorted(p.seat for p in pawns) == [0, 1, 2, 3]
    assert all(p.space == "club" for p in pawns)
    assert len({p.x for p in pawns}) == 4, "pawns sharing a space stand side by side"
    assert [p.is_you for p in pawns].count(True) == 1
    assert {p.colour for p in pawns} == {s.colour for s in SEATS}
    assert view.board.park_space == "1"
    assert view.board.park_number == 1
    park_space = next(s for s in view.board.spaces if s.id == "1")
    assert park_space.park_here


def test_other_seats_turn_waits_and_offers_nothing() -> None:
    state = new_game(SEATS, 5, first_seat=1)
    view = build_view(observe(state, 0), legal_actions(state))
    assert not any(s.clickable for s in view.board.spaces)
    assert view.decision.kind == "wait"
    assert view.decision.buttons == ()
    assert "Lady Agatha" in view.decision.title
    assert view.status == "Lady Agatha is playing"


def test_a_step_and_captain_parks_move_are_drawn_as_trails() -> None:
    state = position(
        park=12,
        seats={P1: Seat("club", months=7, hand=[ARTIFACT, FACT])},
    )
    state, _ = run(state, Step("13"))
    obs = observe(state, P1)
    view = build_view(obs, legal_actions(state))
    assert view.decision.kind == "play"
    playable = [c for c in view.hand if c.playable]
    assert [c.id for c in playable] == [ARTIFACT]
    assert [b.label for b in view.decision.buttons] == [
        "Play Lion's Tooth on a Bootlace",
        "Play no card",
    ]
    state, events = apply(state, legal_actions(state)[0])
    view = build_view(observe(state, P1), legal_actions(state), events)
    assert view.board.park_moved
    park_moves = [m for m in view.board.moves if m.is_park]
    assert [(m.origin, m.to) for m in park_moves] == [("12", "13")]
    assert view.decision.kind == "step_again"
    assert view.decision.buttons[-1].label == "End my turn"
    me = view.players[P1]
    assert [c.id for c in me.inventory] == [ARTIFACT]
    assert me.months == 0, "Park landed on the player (A24)"


def test_marketplace_offers_the_whole_hand() -> None:
    state = position(seats={P1: Seat("1", months=2, hand=[ARTIFACT, FACT, HERO])})
    state, _ = run(state, Step("market"))
    assert state.phase is Phase.MARKET
    view = build_view(observe(state, P1), legal_actions(state))
    assert view.decision.kind == "market"
    assert {c.id for c in view.decision.market_cards} == {ARTIFACT, FACT, HERO}
    assert [b.action for b in view.decision.buttons] == ["exchange"]
    assert exchange_label(0) == "Keep my hand"
    assert exchange_label(1) == "Exchange 1 card"
    assert exchange_label(3) == "Exchange 3 cards"


def _at_the_club() -> GameState:
    """P1 at the Club, qualified with 9 Month counters and four cards (Africa the Fad)."""
    state = position(
        park=5,
        fad="Africa",
        scorings=[1, 0, 0, 0, 0],
        seats={P1: Seat("3", months=9, inventory=[HERO, ARTIFACT_2, PHOTOGRAPH, FACT])},
    )
    state, _ = run(state, Step("club"))
    return state


def test_club_choices_carry_the_full_breakdown() -> None:
    state = _at_the_club()
    assert state.phase is Phase.CLUB
    view = build_view(observe(state, P1), legal_actions(state))
    assert view.decision.kind == "club"
    options = {o.destination: o for o in view.decision.score_options}
    assert set(options) == {a.destination for a in legal_actions(state) if isinstance(a, Score)}
    for dest, option in options.items():
        exp = score_preview(state, dest)
        assert option.action == f"score:{dest}"
        assert (option.basic, option.diversity, option.endurance, option.fad, option.novelty) == (
            exp.basic,
            exp.diversity,
            exp.endurance,
            exp.fad,
            exp.novelty,
        )
        assert option.total == exp.total
        assert [name for name, _ in option.parts] == [
            "Basic",
            "Diversity",
            "Endurance",
            "Fad",
            "Novelty",
        ]
    africa = options["Africa"]
    assert africa.fad == 10 and africa.novelty == 7
    labels = [b.label for b in view.decision.buttons]
    assert f"Score Africa for {africa.total} points" in labels
    assert labels[-1] == "Decline to score"


def test_r83_the_club_breakdown_is_one_row_headed_by_its_parts_with_the_total_last() -> None:
    """Issue 48: the Club's breakdown is one row, so its choices fit a laptop's screen.

    The five parts (R83-R88) and the total, each a column headed by its name.
    """
    state = _at_the_club()
    option = build_view(observe(state, P1), legal_actions(state)).decision.score_options[0]
    markup = breakdown_table(option)
    heads = re.findall(r'<th scope="col">([^<]*)</th>', markup)
    cells = re.findall(r"<td>([^<]*)</td>", markup)
    assert heads == ["Basic", "Diversity", "Endurance", "Fad", "Novelty", "Total"]
    assert cells == [str(v) for _, v in option.parts] + [str(option.total)]
    assert markup.count("<tr>") == 2


def test_outlook_shows_what_the_inventory_would_score() -> None:
    state = position(seats={P1: Seat("3", months=3, inventory=[ARTIFACT, ARTIFACT_2])})
    outlook = expedition_outlook(observe(state, P1))
    assert [b.destination for b in outlook] == ["Africa", "Amazon"]
    assert not any(b.qualifies for b in outlook), "3 months is not enough"
    assert outlook[0].basic == 14


def test_fad_tie_buttons() -> None:
    state = position(
        phase=Phase.FAD,
        seats={P1: Seat("club", months=0)},
    )
    state = replace(state, fad_choices=("Africa", "China"))
    view = build_view(observe(state, P1), legal_actions(state))
    assert [b.label for b in view.decision.buttons] == ["Make Africa the Fad", "Make China the Fad"]
    assert [b.action for b in view.decision.buttons] == [
        str(ChooseFad("Africa")),
        str(ChooseFad("China")),
    ]


def test_scoring_board_covers_dots_in_scoring_order() -> None:
    def exp(dest: str, turn: int) -> Expedition:
        return Expedition(dest, 6, 5, 5, 0, 0, 10, 20, (), (), turn)

    state = position(scorings=[2, 0, 0, 0, 4], fad="China", seats={P1: Seat("club")})
    seats = list(state.seats)
    seats[P1] = replace(seats[P1], expeditions=(exp("Africa", 9), exp("South Pole", 30)))
    seats[P2] = replace(
        seats[P2],
        expeditions=(exp("Africa", 3), exp("South Pole", 4), exp("South Pole", 12)),
    )
    seats[2] = replace(seats[2], expeditions=(exp("South Pole", 20),))
    state = replace(state, seats=tuple(seats))
    view = build_view(observe(state, P1), legal_actions(state))
    board = {d.name: d for d in view.scoring.destinations}
    assert [d.covered_by for d in board["Africa"].dots] == [P2, P1, None]
    assert [d.covered for d in board["Africa"].dots] == [True, True, False]
    assert [d.covered_by for d in board["South Pole"].dots] == [P2, P2, 2]
    assert board["South Pole"].extra == (state.settings.seats[P1].colour,)
    assert board["China"].is_fad and not board["Africa"].is_fad
    assert [d.name for d in view.scoring.destinations] == list(DESTINATIONS)
    assert view.scoring.months_needed == 6 and view.scoring.target == 175


def test_game_over_lists_everyone_winner_first() -> None:
    state = position(
        park=5,
        scorings=[0, 0, 0, 0, 0],
        seats={
            P1: Seat("3", months=9, inventory=[HERO, ARTIFACT, PHOTOGRAPH, FACT], score=160),
            P2: Seat("5", score=170),
        },
    )
    state, _ = run(state, Step("club"), Score("Africa"))
    assert state.phase is Phase.OVER
    view = build_view(observe(state, P2), legal_actions(state))
    assert view.over is not None
    assert view.over.winner == P1
    assert view.over.standings[0].seat == P1 and view.over.standings[0].is_winner
    assert [s.seat for s in view.over.standings][1] == P2
    assert view.over.standings[0].expeditions[0].destination == "Africa"
    assert view.decision.kind == "over"
    assert view.status.endswith("wins.")
    mine = build_view(observe(state, P1), ())
    assert mine.over is not None and mine.over.headline.startswith("You win")


def test_play_buttons_warn_when_captain_park_would_land_on_you() -> None:
    # News Stand 6 is Park's next number after 5: playing there sends him onto the player.
    state = position(park=5, seats={P1: Seat("club", months=4, hand=[FACT])})
    state, _ = run(state, Step("6"))
    assert state.phase is Phase.PLAY
    view = build_view(observe(state, P1), legal_actions(state))
    play = view.decision.buttons[0]
    assert play.action == f"play:{FACT}"
    assert play.detail == (
        "Fact, Africa 9; he lands on you at News Stand 6: you lose 4 Month counters"
    )
    assert "he lands on you" in view.decision.prompt


def test_play_buttons_name_the_rivals_captain_park_would_clear() -> None:
    state = position(
        park=9,
        seats={P1: Seat("club", months=2, hand=[FACT]), P2: Seat("10", months=5)},
    )
    state, _ = run(state, Step("6"))
    view = build_view(observe(state, P1), legal_actions(state))
    name = state.settings.seats[P2].name
    assert view.decision.buttons[0].detail == (
        f"Fact, Africa 9; he lands on Café 10, clearing {name} (5 Month counters)"
    )
    # Issue 26: the prompt does not wrap it in brackets of its own ("counters))").
    assert (
        f"moves one number: he lands on Café 10, clearing {name} (5 Month counters). Then"
        in view.decision.prompt
    )
    assert "))" not in view.decision.prompt


def test_play_buttons_say_where_captain_park_goes_when_nobody_is_there() -> None:
    state = position(park=1, seats={P1: Seat("club", months=2, hand=[FACT])})
    state, _ = run(state, Step("6"))
    view = build_view(observe(state, P1), legal_actions(state))
    assert view.decision.buttons[0].detail.endswith("he moves to Antique Shop 2")


def test_club_score_options_come_best_first() -> None:
    state = position(
        park=5,
        seats={P1: Seat("3", months=9, inventory=[HERO, ARTIFACT_2, PHOTOGRAPH, FACT])},
    )
    state, _ = run(state, Step("club"))
    view = build_view(observe(state, P1), legal_actions(state))
    totals = [o.total for o in view.decision.score_options]
    assert len(totals) > 1
    assert totals == sorted(totals, reverse=True)
