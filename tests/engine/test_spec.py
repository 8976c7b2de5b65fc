"""Game metadata: option parsing and checking, player-count checks."""

import pytest

from meeple.engine import BadOption, BadPlayerCount, GameSpec, OptionSpec

from .toy_game import SealedHighCard

FAST = OptionSpec("fast", "skip the slow phase", False)
LEVEL = OptionSpec("level", "difficulty", 3, minimum=1, maximum=5)
VARIANT = OptionSpec("variant", "rules variant", "base", choices=("base", "expert"))

SPEC = GameSpec(
    slug="spec-test",
    title="Spec Test",
    version="1",
    min_players=1,
    max_players=4,
    summary="a spec for tests",
    options=(FAST, LEVEL, VARIANT),
)


# --- bool options -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (True, True),
        (False, False),
        ("true", True),
        ("YES", True),
        ("On", True),
        ("1", True),
        ("false", False),
        ("no", False),
        ("OFF", False),
        ("0", False),
    ],
)
def test_bool_option_parses(given: object, expected: bool) -> None:
    assert FAST.parse(given) is expected


@pytest.mark.parametrize("given", ["maybe", "", "2", 1, 0, None, 1.0])
def test_bool_option_rejects(given: object) -> None:
    with pytest.raises(BadOption, match=r"option 'fast' takes true or false"):
        FAST.parse(given)


# --- int options --------------------------------------------------------------------
@pytest.mark.parametrize(("given", "expected"), [(1, 1), (5, 5), ("4", 4), (" 2 ", 2), ("+3", 3)])
def test_int_option_parses(given: object, expected: int) -> None:
    value = LEVEL.parse(given)
    assert value == expected
    assert type(value) is int


@pytest.mark.parametrize("given", ["abc", "2.5", "", None, 2.0, True, False])
def test_int_option_rejects_non_numbers(given: object) -> None:
    # bool is an int subclass in Python, but True is not a difficulty level
    with pytest.raises(BadOption, match=r"option 'level' takes a whole number"):
        LEVEL.parse(given)


@pytest.mark.parametrize("given", [0, 6, -1, "9"])
def test_int_option_rejects_out_of_range(given: object) -> None:
    with pytest.raises(BadOption) as info:
        LEVEL.parse(given)
    message = str(info.value)
    assert "option 'level' must lie between 1 and 5" in message
    assert message.endswith(f"not {int(given)}")


def test_int_option_without_bounds_takes_any_whole_number() -> None:
    free = OptionSpec("count", "anything", 0)
    assert free.parse("-12") == -12
    assert free.parse(10**9) == 10**9


# --- str options --------------------------------------------------------------------
def test_str_option_takes_its_choices() -> None:
    assert VARIANT.parse("expert") == "expert"
    assert VARIANT.parse("base") == "base"


@pytest.mark.parametrize("given", ["Expert", "advanced", "", 1, None])
def test_str_option_rejects_other_values_and_lists_the_choices(given: object) -> None:
    with pytest.raises(BadOption, match=r"option 'variant' takes one of base, expert, not "):
        VARIANT.parse(given)


def test_describe_values() -> None:
    assert FAST.describe_values() == "true|false"
    assert LEVEL.describe_values() == "1..5"
    assert VARIANT.describe_values() == "base|expert"


# --- resolving a set of options -------------------------------------------------------------
def test_defaults_fill_every_option_not_given() -> None:
    assert SPEC.resolve_options({}) == {"fast": False, "level": 3, "variant": "base"}
    assert SPEC.resolve_options({"level": "5"}) == {"fast": False, "level": 5, "variant": "base"}


def test_given_options_are_parsed() -> None:
    given = {"fast": "yes", "variant": "expert"}
    assert SPEC.resolve_options(given) == {"fast": True, "level": 3, "variant": "expert"}
    assert given == {"fast": "yes", "variant": "expert"}  # the caller's mapping is left alone


def test_unknown_option_names_the_known_ones() -> None:
    with pytest.raises(BadOption) as info:
        SPEC.resolve_options({"speed": 2})
    assert str(info.value) == "spec-test has no option 'speed' (its options: fast, level, variant)"


def test_unknown_option_of_a_game_without_options() -> None:
    bare = GameSpec(slug="bare", title="Bare", version="1", min_players=2, max_players=2, summary="")
    assert bare.resolve_options({}) == {}
    with pytest.raises(BadOption, match=r"bare has no option 'x' \(its options: none\)"):
        bare.resolve_options({"x": 1})


def test_a_bad_value_among_good_ones_is_reported() -> None:
    with pytest.raises(BadOption, match="option 'level'"):
        SPEC.resolve_options({"fast": True, "level": 99})


def test_game_resolves_its_options_on_creation() -> None:
    assert SealedHighCard().options == {"rounds": 3}
    assert SealedHighCard({"rounds": "2"}).options == {"rounds": 2}
    with pytest.raises(BadOption, match="must lie between 1 and 3"):
        SealedHighCard({"rounds": 4})
    with pytest.raises(BadOption, match=r"its options: rounds"):
        SealedHighCard({"round": 2})


# --- player counts --------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 4])
def test_player_counts_in_range_pass(players: int) -> None:
    SPEC.check_players(players)  # raises if refused


@pytest.mark.parametrize("players", [0, 5, -1, 100])
def test_player_counts_out_of_range_fail(players: int) -> None:
    with pytest.raises(BadPlayerCount) as info:
        SPEC.check_players(players)
    assert str(info.value) == f"Spec Test is played by 1 to 4 players, not {players}"


@pytest.mark.parametrize("players", [True, 2.0, "2", None])
def test_player_counts_must_be_real_ints(players: object) -> None:
    # True == 1 and 2.0 == 2 lie in range by value; they are refused all the same
    with pytest.raises(BadPlayerCount, match="is played by 1 to 4 players"):
        SPEC.check_players(players)  # type: ignore[arg-type]


def test_new_game_checks_the_player_count() -> None:
    game = SealedHighCard()
    for players in (1, 5, True):
        with pytest.raises(BadPlayerCount, match="Sealed High Card is played by 2 to 4 players"):
            game.new_game(players, seed=1)
    assert game.new_game(2, seed=1).players == 2
    assert game.new_game(4, seed=1).players == 4


def test_each_option_kind_names_its_form_control() -> None:
    assert OptionSpec("fast", "", True).control == "checkbox"
    assert OptionSpec("rounds", "", 3, minimum=1, maximum=9).control == "number"
    assert OptionSpec("level", "", "easy", choices=("easy", "hard")).control == "select"
    assert OptionSpec("names", "", "a,b").control == "text"
    assert OptionSpec("deck", "", "", multiline=True).control == "textarea"
