"""The game log as each browser shows it: the same events for every seat, the viewer's own moves
told as "You …", the others' by their seat; a spectator reads every move in the third person.
Drawn by the server's views (meeple.server.views.seat_view) for every game."""

import html
import random
import re

import pytest

from meeple.engine import game_specs, get_game
from meeple.server import views

from .support import table_in_memory

LOG = re.compile(r'<section class="log">.*?<ol[^>]*>(.*?)</ol>', re.S)
ITEM = re.compile(r"<li>(.*?)</li>", re.S)
YOU = re.compile(r"(you|your)\b", re.IGNORECASE)


def shown_log(fragment: str) -> list[str]:
    """The log lines a fragment shows, oldest first."""
    found = LOG.search(fragment)
    assert found, "a table's view shows its game log"
    return [html.unescape(line) for line in ITEM.findall(found.group(1))][::-1]


@pytest.mark.parametrize("slug", [spec.slug for spec in game_specs()])
def test_each_seat_reads_its_own_moves_as_you_and_the_others_by_seat(slug: str) -> None:
    game = get_game(slug)
    players = max(2, game.spec.min_players)
    state, rng, actions = game.new_game(players, 11), random.Random(11), []
    logs: dict[int | None, list[str]] = {}
    for _ in range(500):  # random moves until both seats have moved
        seat = game.to_move(state)[0]
        action = rng.choice(game.legal_actions(state, seat)).id
        game.apply(state, seat, action)
        actions.append((seat, action))
        table = table_in_memory(game, state, 11, actions)
        logs = {viewer: shown_log(views.seat_view(table, viewer)) for viewer in (0, 1, None)}
        if all(any(YOU.match(line) for line in logs[seat]) for seat in (0, 1)):
            break
    assert len(logs[0]) == len(logs[1]) == len(logs[None]), "every seat is shown the same events"
    yours = {seat: [i for i, line in enumerate(logs[seat]) if YOU.match(line)] for seat in (0, 1)}
    for seat, other in ((0, 1), (1, 0)):
        assert yours[seat], f"{slug}: seat {seat}'s log never says 'You': {logs[seat][-6:]}"
        for index in yours[seat]:
            assert re.match(rf"Seat {seat}\b", logs[None][index]), (logs[seat][index], logs[None][index])
            assert logs[other][index] == logs[None][index], "another seat reads this move in the third person"
    assert not any(YOU.search(line) for line in logs[None]), "a spectator is never addressed"
