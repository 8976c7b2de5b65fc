"""The flow asks whether a step has a choice without listing its choices (flow.advance): each
such question answers as the list it stands for, checked on every state of random games at
every player count and option."""

import pytest

from meeple.engine import Rng
from meeple.games.round_house import flow, orders, rooms, tasks, worship
from meeple.games.round_house.state import ROOM

from .builders import CONTENT, game

OPTIONS = [{}, {"neutral_rule": 2, "grand_hall_fee": "execution", "amulet_experts": "amulet"}]


def check(state, seat: int) -> int:
    """Every question against its list; the number of questions whose answer was yes."""
    c = CONTENT
    yes = 0
    pairs = [
        (orders.icons_open(state, seat), orders.icon_actions(state, seat, c)),
        (orders.can_fulfil(state, seat, c), orders.fulfil_actions(state, seat, c)),
        (worship.can_worship(state, seat, c), worship.worship_actions(state, seat, c)),
        (rooms.any_copy_target(state, seat, c), rooms.copy_targets(state, seat, c)),
    ]
    pairs += [
        (rooms.room_possible(state, seat, r, c), rooms.room_actions(state, seat, r, c)) for r in range(len(c.rooms))
    ]
    if state.tasks:
        pairs.append((tasks.has_choice(state, seat, c), tasks.task_actions(state, seat, c)))
    if state.phase == ROOM and state.moved >= 0:
        pairs.append((flow.room_phase_open(state, seat, c), flow.room_phase_actions(state, seat, c)))
    for asked, listed in pairs:
        assert asked == bool(listed), listed
        yes += asked
    return yes


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_question_answers_as_its_list(players: int, options: dict) -> None:
    g = game(**options)
    rng = Rng.from_seed(players)
    yes = 0
    for seed in range(3):
        state = g.new_game(players, seed)
        while not g.is_terminal(state):
            seat = g.to_move(state)[0]
            yes += sum(check(state, other) for other in range(players))  # the others' answers too
            legal = g.legal_actions(state, seat)
            g.apply(state, seat, legal[rng.below(len(legal))].id)
    assert yes > 1000
