"""11 Solo and Duo: the apprentice's coloured routes, the solo player's worker order."""

from meeple.games.guedelon.content import COLOURS
from meeple.games.guedelon.state import ORDER

from .builders import CONTENT, act, game, ids, loc, turn_state

YELLOW, ORANGE, RED = range(3)


def apprentice_turn(players: int = 2):
    g, state = turn_state(players, actor=2)
    return g, state


def test_the_apprentice_follows_a_colour_one_or_two_locations() -> None:
    g, state = apprentice_turn()
    moves = sorted(i for i in ids(g, state) if i.startswith("route:"))
    assert moves == sorted(f"route:{c}:{n}" for c in COLOURS for n in (1, 2))
    act(g, state, "route:red:2")
    assert state.actor_loc[2] == CONTENT.routes[RED][2] == loc("stonemason")
    assert state.app_colour == RED


def test_the_apprentice_keeps_its_colour_until_the_castle() -> None:
    g, state = apprentice_turn()
    state.app_colour, state.actor_loc[2] = YELLOW, loc("master_builder")
    moves = [i for i in ids(g, state) if i.startswith("route:")]
    assert moves == ["route:yellow:1", "route:yellow:2"]


def test_from_the_castle_the_apprentice_starts_again_from_the_belvedere() -> None:
    g, state = apprentice_turn()
    state.app_colour, state.actor_loc[2] = RED, loc("mason")
    assert [i for i in ids(g, state) if i.startswith("route:")] == ["route:red:1"]  # the castle ends the route
    act(g, state, "route:red:1")
    assert state.actor_loc[2] == loc("castle")
    act(g, state, "skip", "end")
    while state.phase != "turn" or state.actor != 2:
        legal = ids(g, state)
        forward = [i for i in legal if i == "end" or i.startswith(("move:", "skip", "first:", "push:"))]
        act(g, state, (forward or legal)[0])
    assert state.actor_loc[2] == loc("belvedere") and state.app_colour == -1


def test_the_apprentice_is_blocked_by_visitors_like_a_worker() -> None:
    g, state = apprentice_turn()
    state.visitor_loc[0] = loc("quarry")
    act(g, state, "route:red:1")
    assert state.visitor_up[0] and not any(i.startswith("produce:") for i in ids(g, state))


def test_the_apprentice_uses_its_own_board() -> None:
    g, state = apprentice_turn()
    exp, tools = CONTENT.sliders[2]
    act(g, state, "route:red:1", f"produce:{exp + tools}")
    assert state.tools[2] == 0 and state.tools[0] == CONTENT.sliders[2][1]


def test_solo_player_orders_the_two_workers_each_round() -> None:
    g = game()
    state = g.new_game(1, 8)
    while state.phase != ORDER:
        act(g, state, ids(g, state)[0])
    assert ids(g, state) == ["first:0", "first:1"]
    act(g, state, "first:1")
    assert state.order == [1, 0, 2]


def test_solo_workers_share_experience_and_tools() -> None:
    g, state = turn_state(1, actor=0)
    act(g, state, "move:master_builder", "end")
    assert state.exp[0] == CONTENT.sliders[1][0] + 1
    assert state.actor == 1 and state.actor_board[1] == 0


def test_the_apprentice_cannot_step_onto_an_occupied_master_builder() -> None:
    g, state = apprentice_turn()
    state.app_colour, state.actor_loc[2] = YELLOW, loc("pillory")
    state.actor_loc[0] = loc("master_builder")
    assert [i for i in ids(g, state) if i.startswith("route:")] == ["route:yellow:2"]


def test_the_apprentice_takes_the_workers_turn_after_the_players() -> None:
    _, state = turn_state(2, actor=0)
    assert state.order == [0, 1, 2] and state.apprentice == 2


def test_a_worker_cannot_join_the_apprentice_at_the_master_builder() -> None:
    """7.1: only one Worker pawn at the Master Builder; the apprentice is a worker (11.1)."""
    g, state = turn_state(2, actor=0)
    state.actor_loc[2] = loc("master_builder")
    assert "move:master_builder" not in ids(g, state)
