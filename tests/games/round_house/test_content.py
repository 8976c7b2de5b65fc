"""The components as data: loaded and validated, with provenance on every entry, loud errors on
a malformed file, and the reconstructions agreeing with the rulebook's numbers and examples."""

import msgspec
import pytest

from meeple.engine import BadOption
from meeple.engine.content import read_content
from meeple.games.round_house.content import Board, ContentError, Room, _check, load_content

from .builders import game

CONTENT = load_content()


def pieces_and_cards() -> tuple[dict, dict]:
    return (
        {"pirate": list(CONTENT.pirates), "temple": list(CONTENT.temples), "amulet": list(CONTENT.amulets[::2])},
        {"order": list(CONTENT.orders), "expert": list(CONTENT.experts)},
    )


def test_component_counts_are_the_rulebooks() -> None:
    assert len(CONTENT.pirates) == 10 and len(CONTENT.temples) == 4 and len(CONTENT.amulets) == 18
    assert len(CONTENT.orders) == 20 and len(CONTENT.experts) == 24
    assert sum(o.start for o in CONTENT.orders) == 5
    assert len(CONTENT.large) == 3 and len(CONTENT.small) == 5 and len(CONTENT.inner) == 6


def test_every_entry_says_where_it_comes_from() -> None:
    entries = [*CONTENT.rooms, *CONTENT.pirates, *CONTENT.temples, *CONTENT.amulets, *CONTENT.orders, *CONTENT.experts]
    entries += [
        *CONTENT.board.stairs,
        CONTENT.board.rings,
        CONTENT.board.towns,
        CONTENT.board.track,
        CONTENT.board.hall,
    ]
    for entry in entries:
        assert entry.source in ("rulebook", "finding", "reconstructed") and entry.note


def test_the_selling_market_chart_is_the_rulebooks() -> None:
    chart = CONTENT.rooms[CONTENT.room_index["selling-market"]].chart
    assert (chart["tea"].coins, chart["tea"].dispatch) == (5, 1)
    assert (chart["celadon"].coins, chart["celadon"].honor, chart["celadon"].recruit) == (3, 1, 1)
    assert (chart["fruit"].coins, chart["fruit"].honor, chart["fruit"].dispatch) == (1, 3, 1)


def test_unknown_keys_are_refused() -> None:
    raw = read_content("meeple.games.round_house", "rooms.toml")["room"][0] | {"colour": "red"}
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(raw, Room)


def test_a_hall_without_six_amulet_hexagons_is_refused() -> None:
    raw = read_content("meeple.games.round_house", "board.toml")
    raw["hall"]["right"][1] = "order"
    board = msgspec.convert(raw, Board)
    pieces, cards = pieces_and_cards()
    with pytest.raises(ContentError, match="6 hexagonal"):
        _check(list(CONTENT.rooms), board, CONTENT.numbers, pieces, cards)


def test_a_missing_expert_is_refused() -> None:
    pieces, cards = pieces_and_cards()
    cards["expert"] = cards["expert"][:-1]
    with pytest.raises(ContentError, match="24 expert"):
        _check(list(CONTENT.rooms), CONTENT.board, CONTENT.numbers, pieces, cards)


@pytest.mark.parametrize(("name", "value"), [("neutral_rule", 3), ("amulet_experts", "sometimes"), ("speed", 1)])
def test_bad_options_are_refused(name: str, value: object) -> None:
    with pytest.raises(BadOption):
        game(**{name: value})
