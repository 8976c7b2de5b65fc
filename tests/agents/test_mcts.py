"""Tests of the ISMCTS agent on small toy games (tests/agents/toy_games.py)."""

import math
import re

import pytest
from toy_games import SealedDuel, SealedDuelState, TicTacToe, TicTacToeState, TinyCoop

from meeple.agents import mcts
from meeple.agents.base import Agent
from meeple.agents.factory import BadAgent, make_agent
from meeple.agents.mcts import CHECK_EVERY, DEFAULT_ITERATIONS, MctsAgent, estimate_rewards, seat_rewards
from meeple.agents.random_agent import RandomAgent
from meeple.engine import Action, Estimate, Game, NotYourTurn, Result, Rng, State, TeamOutcome


def play(game: Game, state: State, agents: dict[int, Agent]) -> State:
    """Play `state` to the end, each seat asking its agent (sealed choices in to_move order)."""
    while not game.is_terminal(state):
        seat = game.to_move(state)[0]
        game.apply(state, seat, agents[seat].choose(game, state, seat))
    return state


# --- tic-tac-toe: strength ---------------------------------------------------------------


def test_mcts_beats_random_at_tic_tac_toe() -> None:
    game = TicTacToe()
    wins = draws = losses = 0
    for index in range(20):
        mcts_seat = index % 2
        agents: dict[int, Agent] = {
            mcts_seat: MctsAgent(index, iterations=300),
            1 - mcts_seat: RandomAgent(1000 + index),
        }
        final = play(game, game.new_game(2, index), agents)
        winner = game.winner(final)
        if winner is None:
            draws += 1
        elif winner == mcts_seat:
            wins += 1
        else:
            losses += 1
    assert losses == 0, (wins, draws, losses)
    assert wins >= 14, (wins, draws, losses)


@pytest.mark.parametrize(
    ("board", "winning"),
    [
        ("XX. OO. ...", "2"),  # X to move completes the top row (and must not merely block O)
        ("X.. OX. O..", "8"),  # X: diagonal 0-4-8
        ("OO. XX. X..", "2"),  # O to move completes the top row
    ],
)
def test_mcts_takes_an_immediate_win(board: str, winning: str) -> None:
    game = TicTacToe()
    state = game.from_board(board)
    seat = game.to_move(state)[0]
    assert MctsAgent(7, iterations=300).choose(game, state, seat) == winning


@pytest.mark.parametrize(
    ("board", "block"),
    [
        ("OO. X.. ..X", "2"),  # X must block O's top row
        ("X.O .O. X..", "3"),  # X wins at 3 rather than blocking
        ("XO. .X. ...", "8"),  # O must block X's diagonal
    ],
)
def test_mcts_blocks_an_immediate_loss(board: str, block: str) -> None:
    game = TicTacToe()
    state = game.from_board(board)
    seat = game.to_move(state)[0]
    assert MctsAgent(3, iterations=400).choose(game, state, seat) == block


def test_mcts_does_not_mutate_the_real_state() -> None:
    game = TicTacToe()
    state = game.from_board("X.. .O. ...")
    before = game.clone(state)
    MctsAgent(1, iterations=100).choose(game, state, 0)
    assert state == before


# --- determinism and budgets ----------------------------------------------------------------


def test_same_seed_and_iterations_give_the_same_play() -> None:
    game = TicTacToe()

    def moves(seed: int) -> list[str]:
        state = game.new_game(2, 0)
        agents = {0: MctsAgent(seed, iterations=60), 1: MctsAgent(seed + 1, iterations=60)}
        played: list[str] = []
        while not game.is_terminal(state):
            seat = game.to_move(state)[0]
            action_id = agents[seat].choose(game, state, seat)
            played.append(action_id)
            game.apply(state, seat, action_id)
        return played

    assert moves(11) == moves(11)
    first = MctsAgent(5, iterations=80)
    second = MctsAgent(5, iterations=80)
    state = game.new_game(2, 0)
    assert first.choose(game, state, 0) == second.choose(game, state, 0)
    assert first.last_root_stats == second.last_root_stats


def test_different_seeds_explore_differently() -> None:
    game = TicTacToe()
    state = game.new_game(2, 0)
    stats = set()
    for seed in range(4):
        agent = MctsAgent(seed, iterations=50)
        agent.choose(game, state, 0)
        stats.add(tuple(sorted(agent.last_root_stats.items())))
    assert len(stats) > 1


def test_default_budget_is_200_iterations() -> None:
    game = TicTacToe()
    agent = MctsAgent(0)
    agent.choose(game, game.new_game(2, 0), 0)
    assert DEFAULT_ITERATIONS == 200
    assert CHECK_EVERY <= agent.last_iterations <= DEFAULT_ITERATIONS
    assert sum(visits for visits, _ in agent.last_root_stats.values()) == agent.last_iterations


def test_the_search_stops_once_its_choice_cannot_change() -> None:
    """X wins at once on cell 2: the search stops long before its budget, and only when the most
    visited action leads the runner-up by more than the iterations left."""
    game = TicTacToe()
    state = game.from_board("XX. OO. ...")
    agent = MctsAgent(5, iterations=5000)
    assert agent.choose(game, state, 0) == "2"
    assert agent.last_iterations < 5000
    visits = sorted((v for v, _ in agent.last_root_stats.values()), reverse=True)
    assert visits[0] - visits[1] > 5000 - agent.last_iterations
    uncertain = MctsAgent(5, iterations=64)
    uncertain.choose(game, game.new_game(2, 0), 0)
    assert uncertain.last_iterations == 64  # an open board: the leader could still be caught


TICK = 2**-7  # seconds (exact in binary: no rounding at a budget's edge)


class TickingClock:
    """A clock that moves on a TICK each time it is read: a search timed by it runs as many
    iterations in its budget on any machine, loaded or not."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += TICK
        return self.now


def test_a_time_budget_stops_early_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search with only a time budget stops once its choice is settled, before the budget is spent."""
    clock = TickingClock()
    monkeypatch.setattr(mcts, "time", clock)
    game = TicTacToe()
    agent = MctsAgent(5, seconds=30.0)
    assert agent.choose(game, game.from_board("XX. OO. ..."), 0) == "2"
    assert clock.now < 30.0 and agent.last_iterations < 30.0 / TICK


def test_seconds_budget_returns_a_legal_action_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search stops at the first reading of its clock past its budget (a clock that ticks per
    reading: what real time would do, on any machine, loaded or not)."""
    clock = TickingClock()
    monkeypatch.setattr(mcts, "time", clock)
    game = TicTacToe()
    state = game.new_game(2, 0)
    agent = MctsAgent(0, seconds=0.05)
    action_id = agent.choose(game, state, 0)
    assert action_id in {a.id for a in game.legal_actions(state, 0)}
    assert agent.last_iterations == math.ceil(0.05 / TICK)  # its clock read at the start, then once an iteration


def test_both_budgets_stop_at_whichever_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mcts, "time", TickingClock())
    game = TicTacToe()
    state = game.new_game(2, 0)
    by_count = MctsAgent(0, iterations=7, seconds=60.0)
    by_count.choose(game, state, 0)
    assert by_count.last_iterations == 7
    by_time = MctsAgent(0, iterations=10**9, seconds=0.03)
    by_time.choose(game, state, 0)
    assert by_time.last_iterations == math.ceil(0.03 / TICK)


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError):
        MctsAgent(0, iterations=0)
    with pytest.raises(ValueError):
        MctsAgent(0, seconds=0.0)


class _NoSearchTicTacToe(TicTacToe):
    """Tic-tac-toe whose determinize fails: proves that a search did not happen."""

    def determinize(self, state: TicTacToeState, seat: int, rng: Rng) -> TicTacToeState:
        raise AssertionError("determinize should not be called")


def test_single_legal_action_is_returned_without_search() -> None:
    game = _NoSearchTicTacToe()
    state = game.from_board("XOX XOO OX.")
    assert MctsAgent(0, iterations=500).choose(game, state, 0) == "8"


def test_choose_for_a_seat_not_to_move_is_refused() -> None:
    game = TicTacToe()
    with pytest.raises(NotYourTurn):
        MctsAgent(0, iterations=10).choose(game, game.new_game(2, 0), 1)


def test_factory_builds_the_agent() -> None:
    agent = make_agent("mcts:iterations=30,exploration=1.0,depth=4", seed=3)
    assert isinstance(agent, MctsAgent)
    assert agent.iterations == 30 and agent.seconds is None and agent.exploration == 1.0 and agent.depth == 4
    assert isinstance(make_agent("mcts", seed=3), MctsAgent)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:iterations=2.5", "iterations should be a whole number of 1 or more, not 2.5"),
        ("mcts:depth=-1", "depth should be a whole number of 0 or more, not -1"),
        ("mcts:seconds=nan", "agent parameter 'seconds=nan' should look like name=number"),
        ("mcts:seconds=-1", "mcts needs a positive time budget, got -1.0"),
        ("mcts:exploration=-0.5", "mcts exploration should be 0 or more, got -0.5"),
        ("mcts:width=3", "mcts has no parameter width"),
        ("medium:iterations=5", "agent 'medium' takes no parameters"),
    ],
)
def test_the_factory_refuses_bad_parameters_in_one_line(spec: str, message: str) -> None:
    with pytest.raises(BadAgent, match=re.escape(message)):
        make_agent(spec, seed=3)


# --- hidden information and sealed choices --------------------------------------------------------


def test_toy_duel_determinize_redraws_only_what_the_seat_cannot_see() -> None:
    game = SealedDuel()
    state = game.dealt([4, 2], choices=[None, "fold"])
    rng = Rng.from_seed(0)
    seen = set()
    for _ in range(200):
        det = game.determinize(state, 0, rng)
        assert det.hands[0] == 4 and det.hands[1] != 4
        assert det.choices == [None, None]
        assert sorted([*det.deck, *det.hands]) == [1, 2, 3, 4, 5, 6]
        seen.add(det.hands[1])
    assert seen == {1, 2, 3, 5, 6}


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("own_card", [1, 3, 4, 6])
def test_mcts_never_reads_the_opponents_hidden_card(seat: int, own_card: int) -> None:
    """States that differ only in what `seat` cannot see give the very same search."""
    game = SealedDuel()
    others = [card for card in range(1, 7) if card != own_card]
    searches = set()
    for other_card in (others[0], others[-1]):
        for other_choice in (None, "call", "fold"):
            hands = [own_card, other_card] if seat == 0 else [other_card, own_card]
            choices: list[str | None] = [None, other_choice] if seat == 0 else [other_choice, None]
            state = game.dealt(hands, choices=choices)
            assert game.observation(state, seat)["my_card"] == own_card
            agent = MctsAgent(21, iterations=150)
            action_id = agent.choose(game, state, seat)
            searches.add((action_id, tuple(sorted(agent.last_root_stats.items()))))
    assert len(searches) == 1


class _PeekingDuel(SealedDuel):
    """A broken determinize that leaks the true opponent card: the search must then differ."""

    def determinize(self, state: SealedDuelState, seat: int, rng: Rng) -> SealedDuelState:
        det = self.clone(state)
        det.rng = Rng(rng.next64())
        det.choices[1 - seat] = None
        return det


def test_hidden_card_test_would_catch_a_leak() -> None:
    """The check above is not vacuous: with a leaking determinize the searches do differ."""
    game = _PeekingDuel()
    stats = set()
    for other_card in (1, 6):
        agent = MctsAgent(21, iterations=150)
        agent.choose(game, game.dealt([4, other_card]), 0)
        stats.add(tuple(sorted(agent.last_root_stats.items())))
    assert len(stats) == 2


@pytest.mark.parametrize("seat", [0, 1])
def test_mcts_calls_with_the_top_card_in_a_sealed_round(seat: int) -> None:
    """With a 6, calling wins whatever the opponent does; works for either seat of a simultaneous round."""
    game = SealedDuel()
    hands = [6, 2] if seat == 0 else [2, 6]
    state = game.dealt(hands)
    assert game.to_move(state) == (0, 1)
    agent = MctsAgent(2, iterations=200)
    assert agent.choose(game, state, seat) == "call"
    assert set(agent.last_root_stats) == {"call", "fold"}


def test_mcts_plays_full_sealed_duels() -> None:
    game = SealedDuel()
    for seed in range(5):
        state = play(game, game.new_game(2, seed), {0: MctsAgent(seed, iterations=40), 1: RandomAgent(seed)})
        assert game.is_terminal(state)


# --- rewards ------------------------------------------------------------------------------------


def test_competitive_rewards_prefer_winning_then_better_rank() -> None:
    result = Result(scores=[5.0, 3.0, 1.0], ranking=[1, 2, 3], winner_seats=[0])
    first, second, last = seat_rewards(result, 3)
    assert first == pytest.approx(1.0)
    assert 0.0 == last < second < first


def test_shared_wins_split_the_win_share() -> None:
    tie = Result(scores=[1.0, 1.0], ranking=[1, 1], winner_seats=[0, 1])
    loss = Result(scores=[1.0, 0.0], ranking=[1, 2], winner_seats=[0])
    assert seat_rewards(tie, 2)[0] == seat_rewards(tie, 2)[1]
    assert seat_rewards(loss, 2)[1] < seat_rewards(tie, 2)[1] < seat_rewards(loss, 2)[0]


def test_team_rewards_are_shared_bounded_and_margin_breaks_ties() -> None:
    def reward(won: bool, margin: float) -> float:
        result = Result(scores=[0.0, 0.0], ranking=[1, 1], winner_seats=[], team=TeamOutcome(won=won, margin=margin))
        values = seat_rewards(result, 2)
        assert values[0] == values[1]
        return values[0]

    values = [reward(won, margin) for won in (False, True) for margin in (-1e9, -3.0, 0.0, 3.0, 1e9)]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert reward(True, -1e9) > reward(False, 1e9)
    assert reward(True, 3.0) > reward(True, 0.0) > reward(True, -3.0)
    assert reward(False, 3.0) > reward(False, -3.0)


@pytest.mark.parametrize("players", [1, 2])
def test_mcts_plays_for_the_team_in_a_cooperative_game(players: int) -> None:
    game = TinyCoop()
    state = game.new_game(players, 0)
    assert MctsAgent(0, iterations=100).choose(game, state, 0) == "add-1"


class CornerLover(TicTacToe):
    """Tic-tac-toe whose heuristic (playout policy) always prefers the highest free cell."""

    def playout_action(self, state: TicTacToeState, seat: int, legal: list[Action], rng: Rng) -> Action:
        return max(legal, key=lambda action: int(action.id))


def test_a_small_budget_follows_the_games_heuristic() -> None:
    """Progressive bias: the heuristic's choice is expanded first and favoured until search
    has evidence against it, so one iteration plays exactly the heuristic's move."""
    game = CornerLover()
    state = game.new_game(2, 0)
    assert MctsAgent(5, iterations=1).choose(game, state, 0) == "8"
    plain = TicTacToe()
    choices = {MctsAgent(seed, iterations=1).choose(plain, plain.new_game(2, 0), 0) for seed in range(12)}
    assert len(choices) > 1  # without a heuristic of its own, the first expansion is random


def test_search_overrules_a_bad_heuristic() -> None:
    """With enough iterations the bias fades: X to move with a win on cell 2 takes it even
    though the heuristic prefers cell 8."""
    game = CornerLover()
    state = game.from_board("XX. OO. ...")
    assert MctsAgent(5, iterations=300).choose(game, state, 0) == "2"


def test_estimated_rewards_follow_the_lead_and_stay_in_bounds() -> None:
    ahead, behind = estimate_rewards(Estimate(scores=[12.0, 10.0], spread=2.0), 2)
    assert ahead == pytest.approx(0.9 * 0.75 + 0.1)  # a lead of one spread: three to one
    assert behind == pytest.approx(0.9 * 0.25)
    level = estimate_rewards(Estimate(scores=[5.0, 5.0, 1.0], spread=1.0), 3)
    assert level[0] == level[1] > level[2] >= 0.0
    huge = estimate_rewards(Estimate(scores=[1e9, -1e9], spread=1.0), 2)
    assert huge == [pytest.approx(1.0), pytest.approx(0.0)]
    team = [estimate_rewards(Estimate(scores=[m, m], spread=1.0, team=True), 2) for m in (-3.0, 0.0, 3.0)]
    assert all(r[0] == r[1] and 0.0 <= r[0] <= 1.0 for r in team)
    assert team[0][0] < team[1][0] < team[2][0]


class CentreJudge(TicTacToe):
    """Tic-tac-toe with an estimate that only cares for the centre: whoever holds cell 4 leads."""

    def __init__(self) -> None:
        super().__init__()
        self.estimates = 0

    def evaluate(self, state: TicTacToeState) -> Estimate:
        self.estimates += 1
        holder = state.board[4]
        return Estimate(scores=[1.0 if holder == seat else 0.0 for seat in range(2)], spread=0.5)


def test_playouts_stop_at_the_depth_and_the_estimate_scores_them() -> None:
    game = CentreJudge()
    state = game.from_board("XX. OO. ...")  # X wins at once on 2, but the estimate only sees the centre
    cut = MctsAgent(1, iterations=200, depth=0)
    cut.choose(game, state, 0)
    assert game.estimates > 0
    whole = MctsAgent(1, iterations=200, depth=10_000)
    game.estimates = 0
    assert whole.choose(game, state, 0) == "2"
    assert game.estimates == 0  # every playout of a 9-cell game ends before 10,000 decisions
    opening = CentreJudge()
    assert MctsAgent(1, iterations=300, depth=0).choose(opening, opening.new_game(2, 0), 0) == "4"


def test_a_game_without_an_estimate_plays_whole_games() -> None:
    game = TicTacToe()
    assert game.evaluate(game.new_game(2, 0)) is None
    assert MctsAgent(5, iterations=300, depth=0).choose(game, game.from_board("XX. OO. ..."), 0) == "2"


def test_the_tree_is_kept_for_a_decision_that_follows_straight_on() -> None:
    """Alone in the tiny coop, seat 0 makes both decisions: the second search starts from the
    subtree under the first choice, so its root counts more visits than it ran iterations."""
    game = TinyCoop()
    state = game.new_game(1, 0)
    agent = MctsAgent(3, iterations=40)
    first = agent.choose(game, state, 0)
    game.apply(state, 0, first)
    agent.choose(game, state, 0)
    assert sum(v for v, _ in agent.last_root_stats.values()) > agent.last_iterations
    fresh = MctsAgent(3, iterations=40)
    fresh.choose(game, state, 0)
    assert sum(v for v, _ in fresh.last_root_stats.values()) == fresh.last_iterations


def test_the_tree_is_kept_when_the_caller_builds_the_game_again() -> None:
    """A server may build a new Game object for each decision: the same game, the same tree."""
    state = TinyCoop().new_game(1, 0)
    agent = MctsAgent(3, iterations=40)
    TinyCoop().apply(state, 0, agent.choose(TinyCoop(), state, 0))
    agent.choose(TinyCoop(), state, 0)
    assert sum(v for v, _ in agent.last_root_stats.values()) > agent.last_iterations


def test_the_tree_is_not_kept_once_another_seat_has_moved() -> None:
    game = TicTacToe()
    state = game.new_game(2, 0)
    agent = MctsAgent(3, iterations=48)
    game.apply(state, 0, agent.choose(game, state, 0))
    game.apply(state, 1, game.legal_actions(state, 1)[0].id)
    agent.choose(game, state, 0)
    assert sum(v for v, _ in agent.last_root_stats.values()) == agent.last_iterations
