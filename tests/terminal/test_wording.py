"""What the terminal says, in words a player reads: Guédelon's rounds, route, cart and result,
a solo Four Big Strata result, `meeple games` at 80 columns, `round-table list` as tables, a
missing deck file in one line, "1 player". Driven through the real `meeple` command."""

import re
from pathlib import Path

import pytest
from terminal_driving import meeple

from meeple.engine import game_specs, get_game


def test_guedelon_words_its_rounds_route_cart_and_result() -> None:
    seats = "random,random"
    result = meeple("play", "guedelon", "--seats", seats, "--seed", "3", "--option", "extra_rounds=2", columns=200)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "None" not in out and not re.search(r"round \d+/\d+", out)
    assert "extra round 2 after round 18" in out or "The team won" in out
    names = {location.name for location in get_game("guedelon").content.locations}
    carts = re.findall(r"^Cart at ([^:]+):", out, re.M)
    assert carts and set(carts) <= names  # a location's name, never its id (clay_pit)
    assert "rank" not in out and "margin -" not in out and "score 13" not in out
    outcome = re.search(r"^The team (won|lost): (.*)\.$", out, re.M)
    assert outcome, out[-2000:]
    assert re.search(r"(complete in|end of) 12\d\d \(round \d+\)", outcome.group(2))  # the year and the round


def test_a_solo_four_big_strata_result_is_the_players_not_a_teams() -> None:
    result = meeple("play", "four-big-strata", "--players", "1", "--seats", "random", "--seed", "2", columns=200)
    assert result.returncode == 0, result.stderr
    assert "The team" not in result.stdout and "1 players" not in result.stdout
    assert "Four Big Strata, 1 player," in result.stdout
    assert re.search(r"^Seat 0 \(random\) (won|lost): weakest class", result.stdout, re.M)
    assert "Score sheet" in result.stdout and "the Magistrate" in result.stdout


@pytest.mark.parametrize("slug", [spec.slug for spec in game_specs()])
def test_every_game_ends_with_its_score_explained(slug: str) -> None:
    game = get_game(slug)
    players = max(2, game.spec.min_players)
    seats = ",".join(["random"] * players)
    result = meeple("play", slug, "--seats", seats, "--seed", "1", columns=200)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    if game.spec.cooperative:
        assert re.search(r"^The team (won|lost): .+\.$", out, re.M) and "rank" not in out
    else:
        assert "Score sheet" in out and re.search(r"^(Winner: seat \d|Winners \(shared\))", out, re.M)
        assert re.search(r"┃ player +┃", out)  # the sheet's columns: how each score was made


def test_games_never_cuts_an_option_value_at_80_columns() -> None:
    result = meeple("games", columns=80)
    assert result.returncode == 0, result.stderr
    assert "…" not in result.stdout  # Rich's mark of a cut cell
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_round_table_list_is_a_table_of_decks_and_regions() -> None:
    result = meeple("round-table", "list", columns=80)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Starter decks" in out and "Regions" in out and "…" not in out
    for deck in ("grail", "orkney", "pendragon"):
        assert re.search(rf"^│ {deck} +│ \w+ +│ +40 │ 20 knights,", out, re.M), deck
    pool = get_game("round-table").pool
    for card in pool.cards:
        if card.type == "region":
            assert re.search(rf"^│ {card.name} +│ {card.id} +│ +{card.resistance} │ +{card.renown} │", out, re.M)


def test_a_missing_deck_file_is_one_clear_line(tmp_path: Path) -> None:
    for command in (["round-table", "validate", str(tmp_path / "none.toml")],):
        result = meeple(*command)
        assert result.returncode == 2 and result.stdout == ""
        assert (
            result.stderr == f"error: cannot read the deck file {tmp_path / 'none.toml'}: No such file or directory\n"
        )
    played = meeple("play", "round-table", "--option", f"decks=grail,{tmp_path / 'none.toml'}")
    assert played.returncode == 2 and "Errno" not in played.stderr and len(played.stderr.splitlines()) == 1


def test_counts_of_one_are_singular() -> None:
    result = meeple("play", "four-big-strata", "--players", "1", "--seats", "random,random")
    assert result.returncode == 2
    assert "--seats names 2 seats but there is 1 player: give one per seat" in result.stderr
    assert "1 players" not in result.stderr
