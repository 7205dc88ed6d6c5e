"""park.ui.play.board_svg and park.ui.play.panels: the markup the page puts into the DOM."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

from tools.play import play_to_end, random_choice

from park import Phase, Step, legal_actions, observe
from park.engine.state import GameState
from park.ui.game.screen import screen_parts
from park.ui.game.session import Session
from park.ui.play.board_svg import board_svg
from park.ui.play.log_html import log_rounds
from park.ui.play.panels import (
    STRIP_AT,
    card_html,
    decision_html,
    game_over_html,
    hand_html,
    outlook_note,
    players_html,
    scoring_note,
    seat_tag,
    status_html,
)
from park.ui.play.scoring_svg import scoring_svg
from park.ui.play.view import build_view
from park.ui.play.view_types import GameView
from park.ui.setup.settings import NewGameSettings
from tests.engine.helpers import ARTIFACT, ARTIFACT_3, FACT, HERO, P1, P2, Seat, position, run
from tests.helpers import WEB

SVG = "{http://www.w3.org/2000/svg}"
VOID = {"input", "br", "img", "meta", "link", "hr"}


class _Balance(HTMLParser):
    """Checks that every opened element is closed in order."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()


def balanced(markup: str) -> bool:
    parser = _Balance()
    parser.feed(markup)
    parser.close()
    return parser.stack == []


def everything(session: Session, *, with_log: bool = True) -> str:
    """All the markup the page shows for the session.

    The log holds past public events: a card once discarded in public may since have been drawn
    into a hand.
    """
    parts = screen_parts(session)
    shown = [markup for element, markup in parts.markup.items() if with_log or element != "log"]
    shown.extend(parts.text.values())
    if parts.game_over is not None:
        shown.append(parts.game_over)
    return "\n".join(shown)


def _element_ids(path: Path) -> set[str]:
    """The ``id`` attributes of a page's elements."""

    class Ids(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.ids: set[str] = set()

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.ids.update(value for name, value in attrs if name == "id" and value)

    parser = Ids()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.ids


def test_page_parts_fill_elements_of_the_page() -> None:
    session = Session.new(NewGameSettings(seed=4))
    session.run_ai_turns()
    parts = screen_parts(session)
    ids = _element_ids(WEB / "index.html")
    assert set(parts.markup) | set(parts.text) <= ids
    assert {"board", "scoring", "players", "hand", "decision", "log", "status"} <= set(parts.markup)
    view = session.view()
    assert parts.markup["board"] == board_svg(view.board)
    assert parts.markup["hand"] == hand_html(view)
    colours = [p.colour for p in view.players]
    assert parts.markup["log"] == log_rounds(session.log, colours, players=len(view.players)).html
    assert parts.text["scoring-note"] == scoring_note(view.scoring)
    assert parts.decision_kind == view.decision.kind
    assert parts.game_over is None


def test_page_parts_show_the_game_over_once_the_game_ends() -> None:
    rng = random.Random(3)
    session = Session.new(NewGameSettings(opponents=2, level="easy", seed=12))
    for _ in range(3000):
        session.run_ai_turns()
        if session.is_over:
            break
        legal = legal_actions(session.state)
        session.act(legal[rng.randrange(len(legal))])
    assert session.is_over
    over = screen_parts(session).game_over
    assert over is not None
    results = game_over_html(session.view().over)  # type: ignore[arg-type]
    assert over == results + '<p class="hints-record">No hints used.</p>'


def test_board_svg_is_well_formed_with_one_element_per_space() -> None:
    session = Session.new(NewGameSettings(seed=4))
    session.run_ai_turns()
    view = session.view()
    root = ET.fromstring(board_svg(view.board))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 1000 780"
    spaces = {g.get("data-space"): g for g in root.iter(f"{SVG}g") if g.get("data-space")}
    assert set(spaces) == {s.id for s in view.board.spaces}
    for space in view.board.spaces:
        g = spaces[space.id]
        assert g.get("aria-label") == space.aria_label
        if space.clickable:
            assert g.get("role") == "button"
            assert g.get("tabindex") in ("0", "-1")  # one tab stop for the map, arrows within
            assert g.get("data-action") == f"step:{space.id}"
            assert g.get("aria-label", "").startswith("Step to ")
        else:
            assert g.get("role") == "img"
            assert g.get("data-action") is None
        labels = [t.text for t in g.iter(f"{SVG}text")]
        if space.number is not None:
            assert str(space.number) in labels, "numbers are visible"
    assert sum(1 for s in view.board.spaces if s.clickable) >= 2
    pawns = [g for g in root.iter(f"{SVG}g") if "pk-pawn" in (g.get("class") or "").split()]
    assert len(pawns) == 4
    captain = [g for g in root.iter(f"{SVG}g") if "pk-captain" in (g.get("class") or "").split()]
    assert len(captain) == 1
    assert captain[0].get("aria-label") == f"Captain Park on number {view.board.park_number}"


def test_scoring_svg_marks_the_fad_and_covered_dots() -> None:
    state = position(fad="Everest", scorings=[1, 0, 0, 0, 0], seats={P1: Seat("club")})
    view = build_view(observe(state, P1), legal_actions(state))
    root = ET.fromstring(scoring_svg(view.scoring))
    dests = {
        g.get("data-destination"): g for g in root.iter(f"{SVG}g") if g.get("data-destination")
    }
    assert set(dests) == {"africa", "amazon", "china", "everest", "south-pole"}
    assert "the current Fad" in (dests["everest"].get("aria-label") or "")
    africa = dests["africa"].get("aria-label") or ""
    assert "Novelty dots 10 covered, 7 open, 4 open" in africa, africa
    fads = [g for g in root.iter(f"{SVG}g") if g.get("class") == "pk-fad"]
    assert len(fads) == 1


def test_panels_are_balanced_markup_in_every_phase() -> None:
    rng = random.Random(5)
    session = Session.new(NewGameSettings(seed=8))
    phases: set[Phase] = set()
    for _ in range(400):
        session.run_ai_turns()
        if session.is_over:
            break
        phases.add(session.state.phase)
        markup = everything(session)
        assert balanced(markup)
        legal = legal_actions(session.state)
        session.act(legal[rng.randrange(len(legal))])
    assert {Phase.START, Phase.PLAY, Phase.STEP_AGAIN} <= phases


def test_no_opponents_hand_appears_anywhere() -> None:
    rng = random.Random(9)
    session = Session.new(NewGameSettings(seed=17))
    cards = session.state.rules.cards
    for _ in range(150):
        session.run_ai_turns()
        if session.is_over:
            break
        markup = everything(session, with_log=False)
        for seat, s in enumerate(session.state.seats):
            if seat == session.human:
                continue
            for c in s.hand:
                assert cards[c].name not in markup.replace("&#x27;", "'")
                assert f'data-card="{cards[c].id}"' not in markup
        legal = legal_actions(session.state)
        session.act(legal[rng.randrange(len(legal))])


def test_text_is_escaped() -> None:
    session = Session.new(NewGameSettings('<b onclick="x">Ha</b>', 2, "easy", 3))
    markup = everything(session)
    assert "<b onclick" not in markup
    assert "&lt;b onclick=&quot;x&quot;&gt;Ha&lt;/b&gt;" in markup


def _at_the_antique_shop() -> GameView:
    """P1's view at Antique Shop 13, stepped into from the Club: a card can be played.

    P1 has an Artifact, a Fact and a Hero in hand.
    """
    state = position(park=12, seats={P1: Seat("club", months=7, hand=[ARTIFACT, FACT, HERO])})
    state, _ = run(state, Step("13"))
    return build_view(observe(state, P1), legal_actions(state))


def test_decision_buttons_carry_actions_and_names() -> None:
    view = _at_the_antique_shop()
    markup = decision_html(view.decision)
    assert 'data-action="play:lions-tooth"' in markup
    assert '<span class="btn-label">Play Lion&#x27;s Tooth on a Bootlace</span>' in markup
    assert 'data-action="skip"' in markup
    # The hint is the description, not part of the name: its span is hidden from the name.
    assert 'data-action="skip" aria-describedby="hint-skip"' in markup
    # Park on 12 lands on 13 next: ending the turn here is warned, with its chance.
    assert (
        '<span class="btn-detail" id="hint-skip" aria-hidden="true">the turn ends; Captain Park '
        "almost certainly lands here before your next turn: about 100%"
    ) in markup
    hand = hand_html(view)
    assert hand.count("is-playable") == 1
    assert hand.count('class="card-badge card-play"') == 1


def test_market_and_club_markup() -> None:
    state = position(seats={P1: Seat("1", months=2, hand=[ARTIFACT, FACT])})
    state, _ = run(state, Step("market"))
    markup = decision_html(build_view(observe(state, P1), legal_actions(state)).decision)
    assert markup.count('name="market-card"') == 2
    assert 'value="lions-tooth"' in markup
    assert 'class="btn btn-primary market-go"' in markup
    assert ">Keep my hand<" in markup

    state = position(park=5, seats={P1: Seat("3", months=9, inventory=[ARTIFACT, HERO])})
    state, _ = run(state, Step("club"))
    view: GameView = build_view(observe(state, P1), legal_actions(state))
    markup = decision_html(view.decision)
    for name in ("Basic", "Diversity", "Endurance", "Fad", "Novelty", "Total"):
        assert f">{name}<" in markup
    assert 'data-action="score:Africa"' in markup
    assert 'data-action="decline"' in markup


def test_card_face_shows_every_destination() -> None:
    state = position(seats={P1: Seat("club", hand=[ARTIFACT])})
    view = build_view(observe(state, P1), legal_actions(state))
    markup = card_html(view.hand[0])
    assert markup.count('class="val') == 5
    assert "Lion&#x27;s Tooth on a Bootlace" in markup
    assert "at Antique Shop" in markup
    assert view.hand[0].flavor.split(",")[0] in markup.replace("&#x27;", "'")
    other = build_view(observe(state, P2), legal_actions(state))
    assert "Lion" not in players_html(other.players)


def test_status_line_hides_the_seed_until_the_game_is_over() -> None:
    import random

    from park import legal_actions, new_game, observe

    state = new_game(["You", "B", "C"], 987654, first_seat=0)
    during = status_html(build_view(observe(state, 0), legal_actions(state)), 987654)
    assert "987654" not in during
    state = play_to_end(state, random_choice(random.Random(1)))
    after = status_html(build_view(observe(state, 0), legal_actions(state)), 987654)
    assert "Game 987654" in after


def test_the_two_hotels_are_named_on_the_map_as_elsewhere() -> None:
    session = Session.new(NewGameSettings(seed=4))
    root = ET.fromstring(board_svg(session.view().board))
    labels = {
        g.get("data-space"): [
            (t.text or "").strip() for t in g.iter(f"{SVG}text") if t.get("class") == "pk-label"
        ]
        for g in root.iter(f"{SVG}g")
        if g.get("data-space")
    }
    hotels = sorted(label for (label,) in labels.values() if label and label.endswith("Hotel"))
    assert hotels == ["North Hotel", "South Hotel"]


def test_you_tag_is_not_repeated_when_the_name_is_you() -> None:
    assert seat_tag("You", is_you=True, level_name="You") == ""
    assert seat_tag("Nellie", is_you=True, level_name="You") == "You"
    assert seat_tag("Amundsen", is_you=False, level_name="Normal AI") == "Normal AI"
    session = Session.new(NewGameSettings("   ", seed=4))
    players = players_html(session.view().players)
    assert '<span class="player-name">You</span><span class="tag">You</span>' not in players
    assert '<span class="player-name">You</span>' in players


def test_a_playable_hand_card_plays_when_clicked() -> None:
    view = _at_the_antique_shop()
    hand = hand_html(view)
    assert "<li><article " in hand, "a list holds only items; each item holds a card"
    card = hand[hand.index('<article class="card type-artifact') : hand.index("</article>")]
    # A real button whose name starts with its visible text "Play" (label in name).
    assert (
        '<button type="button" class="card-badge card-play" data-action="play:lions-tooth" '
        'aria-describedby="card-hint-play-lions-tooth"'
    ) in card
    assert 'Play<span class="visually-hidden"> Lion&#x27;s Tooth on a Bootlace</span>' in card
    assert 'id="card-hint-play-lions-tooth"' in card and "you lose 7 Month counters" in card
    assert "btn-danger-card" in card, "Park moves from 12 onto you at 13"
    other = hand[hand.index('<article class="card type-fact') :]
    assert "data-action" not in other[: other.index("</li>")]


def test_a_hand_of_eleven_is_a_strip_the_keyboard_reaches() -> None:
    """Issue 48: from :data:`STRIP_AT` cards a laptop's hand scrolls sideways.

    It takes the focus (a scrolling region a keyboard can reach, WCAG 2.1.1); a smaller hand
    does not.
    """
    view = _at_the_antique_shop()
    card = view.hand[0]
    for count in (STRIP_AT - 1, STRIP_AT):
        hand = hand_html(replace(view, hand=(card,) * count))
        strip = '<ul class="hand-cards is-strip" tabindex="0">' in hand
        assert strip is (count >= STRIP_AT), count
        assert hand.count("<li>") == count


def test_moves_that_cost_month_counters_are_danger_buttons() -> None:
    def styles(state: GameState) -> dict[str, str]:
        view = build_view(observe(state, P1), legal_actions(state))
        return {b.action: b.style for b in view.decision.buttons}

    # Captain Park on 3, the player on Gymnasium 4 just ahead of him: walking into him is
    # certain (R63), and staying put is warned too, as he will almost certainly land on 4.
    state = position(park=3, seats={P1: Seat("4", months=2)})
    assert styles(state)["step:3"] == "danger"
    assert styles(state)["stay"] == "danger"
    # Behind him (News Stand 1): only the step into him is warned.
    behind = position(park=3, seats={P1: Seat("1", months=2)})
    assert styles(behind)["step:3"] == "danger"
    assert styles(behind)["stay"] == "secondary"
    assert "danger" not in (s for a, s in styles(behind).items() if a != "step:3")
    broke = position(park=3, seats={P1: Seat("4", months=0)})
    assert styles(broke)["step:3"] == "primary", "nothing to lose"
    in_club = position(park=3, seats={P1: Seat("club", months=2)})
    assert styles(in_club)["stay"] == "danger", "ending the turn in the Club clears them (R52)"
    on_park = position(park=3, seats={P1: Seat("3", months=2)})
    assert styles(on_park)["stay"] == "danger", "staying on Park's space clears them (R66)"


def test_covered_dot_numbers_contrast_with_every_seat_colour() -> None:
    from park.engine.names import SEAT_COLOURS
    from park.ui.play.colours import ink_on

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    for colour in SEAT_COLOURS:
        a, b = sorted((luminance(colour), luminance(ink_on(colour))))
        assert (b + 0.05) / (a + 0.05) >= 4.5, colour  # WCAG AA for text
    assert ink_on("#d68910") != ink_on("#2471a3"), "dark ink on orange, white on blue"
    assert ink_on("red") == "#ffffff", "not a #rrggbb colour: white"


def test_outlook_note_says_why_a_row_is_greyed() -> None:
    def note(seat: Seat) -> str:
        state = position(seats={P1: seat})
        return outlook_note(build_view(observe(state, P1), legal_actions(state)))

    short = note(Seat("4", months=2, inventory=[ARTIFACT, ARTIFACT_3]))
    assert short.endswith("Greyed: 4 more Month counters needed."), short
    visited = note(Seat("4", months=6, inventory=[ARTIFACT, ARTIFACT_3], visited=["Africa"]))
    assert visited.endswith("Greyed: already scored this cycle."), visited
    ready = note(Seat("4", months=6, inventory=[ARTIFACT, ARTIFACT_3]))
    assert ready == "You have 6 Month counters; scoring needs 6.", ready


def test_the_thinking_menu_offers_each_thinking_time_with_its_seconds() -> None:
    from tools.page_lists import filled_index

    from park.ui.setup.settings import DEFAULT_THINKING, THINKING_TIMES

    class Options(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.inside = False
            self.current: dict[str, str | None] = {}
            self.options: list[tuple[str, str, bool]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "select":
                self.inside = dict(attrs).get("id") == "thinking"
            elif tag == "option" and self.inside:
                self.current = dict(attrs)

        def handle_data(self, data: str) -> None:
            if self.current:
                value = self.current.get("value") or ""
                self.options.append((value, data.strip(), "selected" in self.current))
                self.current = {}

        def handle_endtag(self, tag: str) -> None:
            if tag == "select":
                self.inside = False

    parser = Options()
    parser.feed(filled_index((WEB / "index.html").read_text("utf-8")))  # as the build writes it
    assert [value for value, _, _ in parser.options] == list(THINKING_TIMES)
    for value, label, selected in parser.options:
        assert f"({THINKING_TIMES[value]:g} s)" in label
        assert selected == (value == DEFAULT_THINKING)
