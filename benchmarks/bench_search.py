"""ISMCTS speed from a mid-game state of every game: iterations per CPU-second, and the answer
time of the lobby's levels. Run by hand; record the figures in docs/performance.md.

The mid-game state is reached by heuristic play for every seat (seed 7) up to half the
decisions a heuristic game of that seed takes; the searching seat is the one to move there.
Rates are per second of this process's CPU time (`time.process_time`), so that a machine busy
with other work gives about the same figures as an idle one.

    .venv/bin/python benchmarks/bench_search.py                      # every game, 2 players
    .venv/bin/python benchmarks/bench_search.py --game round-house --players 4 --spec mcts:iterations=400
    .venv/bin/python benchmarks/bench_search.py --game lotta-rome --profile   # cProfile, top 25
"""

import argparse
import cProfile
import pstats
import time

from meeple.agents import make_agent
from meeple.agents.heuristic_agent import HeuristicAgent
from meeple.agents.mcts import MctsAgent
from meeple.engine import Game, State, get_game

GAMES = ("four-big-strata", "round-house", "guedelon", "lotta-rome", "round-table")


def heuristic_game(game: Game, players: int, seed: int, stop: int | None = None) -> State:
    """Every seat plays the heuristic from a new game of `seed`, until `stop` decisions (or the end)."""
    state = game.new_game(players, seed)
    agent = HeuristicAgent(seed)
    while not game.is_terminal(state) and (stop is None or state.decisions < stop):
        seat = game.to_move(state)[0]
        game.apply(state, seat, agent.choose(game, state, seat))
    return state


def mid_game(game: Game, players: int, seed: int = 7) -> State:
    """A state halfway through a heuristic game, where the seat to move has a real choice."""
    length = heuristic_game(game, players, seed).decisions
    state = heuristic_game(game, players, seed, length // 2)
    agent = HeuristicAgent(seed)
    while len(game.legal_actions(state, game.to_move(state)[0])) < 2:
        seat = game.to_move(state)[0]
        game.apply(state, seat, agent.choose(game, state, seat))
    return state


def iterations_per_second(game: Game, state: State, spec: str) -> tuple[int, float]:
    """Iterations run by one search of `spec` from `state`, and its CPU seconds."""
    agent = make_agent(spec, 3)
    seat = game.to_move(state)[0]
    began = time.process_time()
    agent.choose(game, state, seat)
    elapsed = time.process_time() - began
    search = agent if isinstance(agent, MctsAgent) else agent.fallback  # type: ignore[attr-defined]
    return search.last_iterations, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=GAMES, action="append", help="default: every game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--spec", default="mcts:seconds=2", help="the agent searching (an mcts spec)")
    parser.add_argument("--profile", action="store_true", help="print the cProfile of the search")
    args = parser.parse_args()
    for slug in args.game or GAMES:
        game = get_game(slug)
        state = mid_game(game, args.players)
        seat = game.to_move(state)[0]
        legal = len(game.legal_actions(state, seat))
        if args.profile:
            profile = cProfile.Profile()
            profile.enable()
        done, elapsed = iterations_per_second(game, state, args.spec)
        if args.profile:
            profile.disable()
            pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        print(
            f"{slug:16} {args.players}p  decision {state.decisions:4}  {legal:3} legal  "
            f"{done:6} iterations in {elapsed:5.2f} CPU-s = {done / elapsed:8,.0f} /s"
        )


if __name__ == "__main__":
    main()
