"""The result panel of every game explains the end: the outcome in words, how each score was
made (the game's score sheet), who won; a cooperative game shows no ranking of its team."""

import html
import random
import re

import pytest

from meeple.engine import game_specs, get_game
from meeple.server import views
from meeple.server.tables import Table

from .support import table_in_memory

SLUGS = [spec.slug for spec in game_specs()]
RANKING_ROW = re.compile(r'<tr(?: class="winner")?><td>(\d+)</td><th scope="row">([^<]*)')


def finished_table(slug: str, players: int, seed: int = 5, options: dict[str, object] | None = None) -> Table:
    """A table whose game random moves played to the end, seat 0 a person and the others bots."""
    game = get_game(slug, options or {})
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    actions = []
    while not game.is_terminal(state):
        seat = game.to_move(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        game.apply(state, seat, action.id)
        actions.append((seat, action.id))
    return table_in_memory(game, state, seed, actions)


def result_panel(fragment: str) -> str:
    found = re.search(r'<section class="result".*?</section>', fragment, re.S)
    assert found, "a finished game shows a result panel"
    return html.unescape(found.group(0))


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_explains_its_result(slug: str) -> None:
    spec = get_game(slug).spec
    players = max(spec.min_players, 2)
    table = finished_table(slug, players)
    assert table.game is not None and table.state is not None
    result = table.game.result(table.state)
    mine, watched = result_panel(views.seat_view(table, 0)), result_panel(views.seat_view(table, None))
    assert "margin" not in mine and not re.search(r"-?\d+\.\d{3,}", mine), "no raw margins"
    assert result.detail.get("summary") and html.unescape(str(result.detail["summary"])) in mine
    if spec.cooperative:
        assert result.team is not None
        assert f"The team {'won' if result.team.won else 'lost'}: the castle" in mine
        assert re.search(r"\b1[12]\d\d\b", mine) and "round" in mine, "the year and the round of the end"
        assert "<table" not in mine and "Rank" not in mine, "no ranking of a team whose players all share the result"
        return
    sheet = result.detail["sheet"]
    assert isinstance(sheet, dict)
    for column in sheet["columns"]:
        assert f'<th scope="col">{column}</th>' in mine
    ranked = RANKING_ROW.findall(mine)
    assert [int(rank) for rank, _ in ranked] == sorted(result.ranking)
    assert sum(1 for _, who in ranked if who.startswith("You")) == 1, "the viewer's own row says You"
    assert not any(who.startswith("You") for _, who in RANKING_ROW.findall(watched)), "a spectator is nobody"
    winners = result.winner_seats
    outcome = re.search(r'<p class="outcome">([^<]*)</p>', mine)
    assert outcome is not None
    if winners == [0]:
        assert outcome.group(1) == "You won."
    elif len(winners) == 1:
        assert outcome.group(1).startswith(f"Seat {winners[0]} ") and outcome.group(1).endswith(" won.")
    else:
        assert outcome.group(1).startswith("A tie: ")


def test_guedelon_says_in_words_when_and_by_how_much() -> None:
    table = finished_table("guedelon", 1, options={"extra_rounds": 3})
    assert table.game is not None and table.state is not None
    result = table.game.result(table.state)
    assert result.team is not None and not result.team.won
    panel = result_panel(views.seat_view(table, 0))
    year = re.search(r"not complete at the end of (\d{4}) \(round 18\), nor after 3 extra rounds \(to (\d{4})\)", panel)
    assert year, panel
    assert int(year.group(2)) == int(year.group(1)) + 3
    assert re.search(r"\d+ floors? still to build", panel)


def test_solo_four_big_strata_is_won_or_lost_against_the_magistrate() -> None:
    table = finished_table("four-big-strata", 1)
    panel = result_panel(views.seat_view(table, 0))
    assert re.search(r"You (won|lost): weakest class \d+ against the Magistrate's \d+: \d+ (ahead|short)\.", panel)
    assert '<th scope="row">The Magistrate</th>' in panel and '<th scope="row">You</th>' in panel
