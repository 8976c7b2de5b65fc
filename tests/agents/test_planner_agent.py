"""The planner agent: a game's own search through `Game.plan_action`, ISMCTS where there is none."""

from typing import Any

import pytest
from toy_games import TicTacToe, TicTacToeState

from meeple.agents.factory import BadAgent, make_agent
from meeple.agents.levels import BOT_LEVELS
from meeple.agents.mcts import MctsAgent
from meeple.agents.planner_agent import PlannerAgent
from meeple.engine import Action, Rng
from meeple.server.bots import BOT_LEVELS as server_levels


class PlannedTicTacToe(TicTacToe):
    """Tic-tac-toe with a 'plan' that always takes the last legal cell and counts its calls."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[int, int]] = []

    def plan_action(
        self, state: TicTacToeState, seat: int, legal: list[Action], rng: Rng, memo: dict[str, Any], effort: int
    ) -> Action:
        memo["calls"] = memo.get("calls", 0) + 1
        self.calls.append((memo["calls"], effort))
        return legal[-1]


def test_the_factory_reads_the_effort_and_refuses_what_it_does_not_take() -> None:
    assert isinstance(make_agent("planner", 1), PlannerAgent)
    agent = make_agent("planner:effort=3", 1)
    assert isinstance(agent, PlannerAgent) and agent.effort == 3
    with pytest.raises(BadAgent, match="planner has no parameter exploration"):
        make_agent("planner:exploration=5", 1)
    with pytest.raises(BadAgent, match="iterations should be a whole number of 1 or more, not 0"):
        make_agent("planner:iterations=0", 1)
    budget = make_agent("planner:iterations=50,seconds=1.5", 1)
    assert isinstance(budget, PlannerAgent) and budget.fallback.iterations == 50 and budget.fallback.seconds == 1.5
    assert make_agent("planner:depth=3", 1).fallback.depth == 3  # type: ignore[attr-defined]
    with pytest.raises(BadAgent, match=r"effort should be a whole number of 1 or more, not 0\.5"):
        make_agent("planner:effort=0.5", 1)
    with pytest.raises(BadAgent, match="whole number of 1 or more, not 0"):
        make_agent("planner:effort=0", 1)


def test_the_agent_plays_the_games_plan_and_keeps_its_memo_between_calls() -> None:
    game = PlannedTicTacToe()
    state = game.new_game(2, 0)
    agent = PlannerAgent(5, effort=2)
    first = agent.choose(game, state, 0)
    game.apply(state, 0, first)
    game.apply(state, 1, game.legal_actions(state, 1)[0].id)
    second = agent.choose(game, state, 0)
    assert first == game.legal_actions(game.new_game(2, 0), 0)[-1].id
    assert second == game.legal_actions(state, 0)[-1].id
    assert game.calls == [(1, 2), (2, 2)]


def test_without_a_plan_of_the_games_own_the_agent_searches_with_ismcts() -> None:
    game = TicTacToe()
    state = game.from_board("XX. OO. ...")
    agent = PlannerAgent(5)
    assert isinstance(agent.fallback, MctsAgent) and agent.fallback.iterations == 200
    assert game.plan_action(state, 0, game.legal_actions(state, 0), Rng(0), {}, 1) is None
    choice = agent.choose(game, state, 0)
    assert choice == "2"  # the win a search finds (the last legal cell, 8, would not be it)
    assert choice == MctsAgent(5, iterations=200, seconds=3.0).choose(game, state, 0)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_lobby_levels_are_agent_names_meaning_what_the_lobby_plays(level: str) -> None:
    """`meeple simulate --agents medium` plays what a player meets at a table's medium bot: the
    server's levels are the agents package's, and the name builds the very same agent."""
    assert server_levels is BOT_LEVELS
    named, spelled = make_agent(level, 4), make_agent(BOT_LEVELS[level], 4)
    assert isinstance(named, PlannerAgent) and isinstance(spelled, PlannerAgent)
    assert (named.effort, named.fallback.iterations, named.fallback.seconds, named.fallback.depth) == (
        spelled.effort,
        spelled.fallback.iterations,
        spelled.fallback.seconds,
        spelled.fallback.depth,
    )
    game = TicTacToe()
    state = game.from_board("XX. OO. ...")
    assert named.choose(game, state, 0) == spelled.choose(game, state, 0) == "2"


def test_stronger_levels_search_more() -> None:
    agents = [make_agent(level, 0) for level in ("easy", "medium", "hard")]
    efforts = [agent.effort for agent in agents]  # type: ignore[attr-defined]
    budgets = [agent.fallback.iterations for agent in agents]  # type: ignore[attr-defined]
    assert efforts == sorted(set(efforts)) and budgets == sorted(set(budgets))
