"""The players' boards (park.ui.play.boards, issue 39).

Every seat's score, Month counters and cards in hand beside the turn's status, the seat playing
marked, names shown as text.
"""

from __future__ import annotations

import re
from dataclasses import replace

from park.ui.game.session import Session
from park.ui.play.boards import board_sentence, player_board_html, player_boards_html
from park.ui.play.view_types import PlayerView
from park.ui.setup.settings import NewGameSettings


def _players() -> tuple[PlayerView, ...]:
    session = Session.new(NewGameSettings("Ada", opponents=3, level="easy", seed=4242))
    return session.view().players


def test_a_board_says_score_months_and_cards_of_its_seat() -> None:
    players = _players()
    you = next(p for p in players if p.is_you)
    said = board_sentence(you)
    assert said.startswith("Ada (you): 0 points, ")
    assert f"{you.hand_size} cards in hand" in said
    html = player_board_html(replace(you, score=45, months=2))
    assert '<b class="board-score">45</b>' in html and "◷2" in html
    assert f"▮{you.hand_size}" in html
    assert 'class="visually-hidden">Ada (you): 45 points, 2 Month counters' in html


def test_every_seat_has_a_board_in_turn_order_and_the_active_one_is_marked() -> None:
    players = _players()
    html = player_boards_html(players)
    seats = [int(s) for s in re.findall(r'data-seat="(\d+)"', html)]
    assert seats == [p.seat for p in players]
    active = [p for p in players if p.is_active]
    assert html.count("is-active") == len(active) == 1
    assert player_boards_html(()) == ""


def test_a_name_is_text_never_markup() -> None:
    you = next(p for p in _players() if p.is_you)
    html = player_board_html(replace(you, name='<img src=x onerror="alert(1)">'))
    assert "<img" not in html and "&lt;img" in html
