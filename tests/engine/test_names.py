"""Players' names and pawn colours (issue 8).

Names are cut by user-perceived character, never inside one; seats' names are unique; a colour or
controller that could break the page cannot be given to a seat, by the form, the engine or a save.
"""

from __future__ import annotations

import pytest

from park import SeatSpec, new_game
from park.ai import LEVELS
from park.engine.names import NAME_LENGTH, graphemes, name_problem, same_name, tidy_name
from park.engine.state import CONTROLLERS
from park.ui.game.session import seat_specs
from park.ui.setup.settings import NewGameSettings

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
FLAG_GB = "\U0001f1ec\U0001f1e7"
WALES = "\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f"
THUMB_DARK = "\U0001f44d\U0001f3fd"
E_ACUTE = "e\u0301"


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("Ada", 3),
        (FAMILY, 1),
        (FLAG_GB * 3, 3),
        (WALES, 1),
        (THUMB_DARK + "ok", 3),
        (E_ACUTE * 2, 2),
        ("\u1100\u1161\u11a8", 1),  # a Hangul syllable spelt in jamo
        ("한국어", 3),
    ],
)
def test_graphemes_keep_user_perceived_characters_whole(text: str, count: int) -> None:
    clusters = graphemes(text)
    assert len(clusters) == count
    assert "".join(clusters) == text


@pytest.mark.parametrize("piece", [FAMILY, FLAG_GB, WALES, THUMB_DARK, E_ACUTE])
def test_a_long_name_is_cut_between_characters_never_inside_one(piece: str) -> None:
    for prefix in ("", "A", "Ab"):
        name = tidy_name(prefix + piece * 40)
        assert len(graphemes(name)) == NAME_LENGTH
        assert name == prefix + piece * (NAME_LENGTH - len(prefix))


def test_a_name_is_tidied() -> None:
    assert tidy_name("  Lady \t  Ada\x00\x07  ") == "Lady Ada"
    assert tidy_name(" \n ") == ""


@pytest.mark.parametrize(
    "bad", ["", " Ada", "Ada ", "A  da", "A" * (NAME_LENGTH + 1), 7, None, "\ud800"]
)
def test_a_seat_cannot_be_given_an_untidy_or_overlong_name(bad: object) -> None:
    assert name_problem(bad) is not None
    with pytest.raises(ValueError):
        SeatSpec(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "colour", ["red", "#12345", "#1234567", "red;background-image:url(http://other.host/x)", 5]
)
def test_a_pawn_colour_is_rrggbb_and_nothing_else(colour: object) -> None:
    with pytest.raises(ValueError, match="#rrggbb"):
        SeatSpec("Ada", colour)  # type: ignore[arg-type]


@pytest.mark.parametrize("controller", ["no-such-level", "Normal", "", 3])
def test_a_seat_is_played_by_a_person_or_a_known_ai_level(controller: object) -> None:
    with pytest.raises(ValueError, match="played by one of"):
        SeatSpec("Ada", "#123456", controller)  # type: ignore[arg-type]


def test_the_controllers_are_a_person_and_every_ai_level() -> None:
    assert ("human", *LEVELS) == CONTROLLERS


def test_two_seats_cannot_share_a_name() -> None:
    with pytest.raises(ValueError, match="both called"):
        new_game(["Ada", "Bo", "ada"], 1)
    assert same_name("ＡＤＡ", "ada")  # full-width letters read the same
    assert not same_name("Ada", "Adam")


def test_the_form_refuses_a_name_that_an_opponent_has() -> None:
    with pytest.raises(ValueError, match="name of an opponent"):
        seat_specs(NewGameSettings(name="lady beatrice", opponents=3).validated())
    seats = seat_specs(NewGameSettings(name="Professor Quill", opponents=2).validated())
    assert seats[0].name == "Professor Quill"  # only the opponents at the table count


def test_the_form_cuts_a_long_name_by_character() -> None:
    settings = NewGameSettings(name=FAMILY * 30).validated()
    assert settings.name == FAMILY * NAME_LENGTH


def test_marks_piled_on_one_letter_do_not_make_an_endless_name() -> None:
    name = tidy_name("a" + "\u0301" * 20_000)
    assert len(name) <= 240
    assert name_problem("a" + "\u0301" * 20_000) is not None


def test_a_joiner_joins_emoji_only() -> None:
    assert len(graphemes("a" + "\u200da" * 5)) == 6
    assert len(tidy_name("a" + "\u200da" * 5000)) <= 240


@pytest.mark.parametrize("invisible", ["\u200b", "\u202e", "\u2066", "\u00ad", "\ufeff"])
def test_invisible_characters_are_dropped_from_names(invisible: str) -> None:
    assert tidy_name(invisible) == ""
    assert tidy_name(f"Ada{invisible}") == "Ada"
    assert NewGameSettings(name=invisible).validated().name == "You"
    assert same_name("Ada", f"Ada{invisible}")
