"""5 Game round and 6 Visitors: time counter, event, turns, visitor movement, game end."""

from itertools import pairwise

from meeple.games.guedelon import flow
from meeple.games.guedelon.content import COLOURS
from meeple.games.guedelon.state import OVER

from .builders import CONTENT, act, game, ids, loc, turn_state

RED = COLOURS.index("red")
YELLOW = COLOURS.index("yellow")


def end_round(g, state) -> None:
    """Finish every remaining turn of the round by ending it at once where that is legal."""
    start = state.round
    while state.round == start and state.phase != OVER:
        legal = ids(g, state)
        if "end" in legal:
            act(g, state, "end")
        elif "skip" in legal:
            act(g, state, "skip")
        else:
            forward = [i for i in legal if i.startswith(("move:", "route:", "push:", "side:", "pick:", "first:"))]
            act(g, state, (forward or legal)[0])


def test_bag_symbol_years_draw_a_visitor_onto_the_belvedere() -> None:
    """5.1: the first player advances the counter; on a bag symbol a visitor lies on the Belvedere.
    The rulebook's example: 1234 shows a bag."""
    assert 1234 in CONTENT.bag_years and CONTENT.first_year == 1228 and CONTENT.rounds == 18
    state = game().new_game(4, 1)
    state.round = 1233 - CONTENT.first_year + 1  # the counter stands on 1233
    state.visitor_loc = [-1] * 9
    state.deck = []
    flow.begin_round(state, CONTENT)
    assert flow.year(state, CONTENT) == 1234
    on_belvedere = [p for p, at in enumerate(state.visitor_loc) if at == loc("belvedere")]
    assert len(on_belvedere) == 1 and not state.visitor_up[on_belvedere[0]]


def test_visitors_arrive_regularly_by_the_year_through_the_whole_game() -> None:
    """6.1: visitors "arrive regularly, according to the year": bag years three to four years
    apart across the game, 1234 (example 9) among them; each draws one visitor."""
    years = sorted(CONTENT.bag_years)
    assert years == [1231, 1234, 1238, 1242]
    assert all(3 <= later - earlier <= 4 for earlier, later in pairwise(years))
    state = game().new_game(4, 1)
    state.visitor_loc, state.deck = [-1] * 9, []
    drawn = []
    for _ in range(CONTENT.rounds - 1):
        before = sum(at >= 0 for at in state.visitor_loc)
        flow.begin_round(state, CONTENT)
        if sum(at >= 0 for at in state.visitor_loc) > before:
            drawn.append(flow.year(state, CONTENT))
        state.visitor_loc = [-1] * 9
    assert drawn == years


def test_a_year_without_a_bag_draws_nobody() -> None:
    state = game().new_game(4, 1)
    state.round, state.visitor_loc, state.deck = 1, [-1] * 9, []
    flow.begin_round(state, CONTENT)
    assert flow.year(state, CONTENT) not in CONTENT.bag_years
    assert state.visitor_loc == [-1] * 9


def test_players_act_in_order_from_the_first_player() -> None:
    g, state = turn_state(4, actor=0)
    seen = []
    for _ in range(4):
        seen.append(g.to_move(state)[0])
        act(g, state, "move:belvedere" if state.actor_loc[state.actor] != loc("belvedere") else "move:castle")
        if "end" in ids(g, state):
            act(g, state, "end")
    assert seen == [0, 1, 2, 3]


def test_visitors_move_one_step_along_their_routes_at_the_end_of_the_round() -> None:
    """6.3: the rulebook's examples: yellow from the Blacksmith (8) to the Stables (9); a red
    visitor drawn onto the Belvedere goes on to the quarry (9 Example of a game turn)."""
    g, state = turn_state(4, actor=0)
    yellow = state.visitor_colour.index(YELLOW)
    red = state.visitor_colour.index(RED)
    state.visitor_loc[yellow] = loc("blacksmith")
    state.visitor_loc[red] = loc("belvedere")
    end_round(g, state)
    assert state.visitor_loc[yellow] == loc("stables")
    assert state.visitor_loc[red] == loc("quarry")


def test_every_route_runs_from_the_belvedere_to_the_castle() -> None:
    for steps in CONTENT.routes:
        assert steps[0] == loc("belvedere") and steps[-1] == loc("castle")


def test_at_the_castle_initiated_visitors_leave_and_lying_ones_stay() -> None:
    g, state = turn_state(4, actor=0)
    state.visitor_loc[0], state.visitor_up[0] = loc("castle"), True
    state.visitor_loc[1], state.visitor_up[1] = loc("castle"), False
    end_round(g, state)
    assert state.visitor_loc[0] == -1
    assert state.visitor_loc[1] == loc("castle") or state.visitor_up[1]


def test_the_game_is_lost_after_round_18_and_extra_rounds_are_counted() -> None:
    g = game(extra_rounds=0)
    state = g.new_game(3, 4)
    while not g.is_terminal(state):
        seat = g.to_move(state)[0]
        legal = g.legal_actions(state, seat)
        g.apply(state, seat, legal[-1].id)
    assert state.round == 18
    result = g.result(state)
    assert result.team is not None and not result.team.won and result.winner_seats == []
    assert result.team.margin < 0


def test_extra_rounds_continue_after_a_loss() -> None:
    g = game(extra_rounds=3)
    state = g.new_game(3, 4)
    while not g.is_terminal(state):
        seat = g.to_move(state)[0]
        g.apply(state, seat, g.legal_actions(state, seat)[-1].id)
    assert state.round == 21
    assert g.result(state).scores == [4.0] * 3  # more than the 3 extra rounds played


def test_a_castle_finished_in_an_extra_round_scores_the_extra_rounds() -> None:
    g = game()
    state = g.new_game(4, 4)
    state.finished, state.round, state.phase = 20, 20, OVER
    result = g.result(state)
    assert not result.team.won and result.scores == [2.0] * 4 and result.team.margin == -2.0


def test_no_event_after_the_deck_runs_out() -> None:
    state = game().new_game(4, 1)
    state.deck = []
    flow.begin_round(state, CONTENT)
    assert state.event == 0
