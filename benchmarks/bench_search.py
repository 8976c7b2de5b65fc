"""ISMCTS speed from a mid-game state of every game: iterations per CPU-second, and the answer
time of the lobby's levels. Run by hand; record the figures in docs/performance.md.

The mid-game state is reached by heuristic play for every seat (seed 7) up to half the
decisions a heuristic game of that seed takes; the searching seat is the one to move there.
Rates are per second of this process's CPU time (`time.process_time`), so that a machine busy
with other work gives about the same figures as an idle one.

    .venv/bin/python benchmarks/bench_search.py                      # every game, 2 players
    .venv/bin/python benchmarks/bench_search.py --game round-house --players 4 --spec mcts:iterations=400
    .venv/bin/python benchmarks/bench_search.py --game lotta-rome --profile   # cProfile, top 25
    .venv/bin/python benchmarks/bench_search.py --latency medium --games 2      # answer times of a level

`--latency LEVEL` plays whole games instead, seat 0 the level (one agent for the whole game, as
the server keeps one per bot seat), the others the heuristic, and reports the level's answer
times per decision: median, 95th percentile and longest, in CPU and in wall-clock seconds.
`--decisions N` times only the level's first N decisions from the middle of a heuristic game.
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


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def latency(slug: str, players: int, level: str, games: int, decisions: int | None) -> None:
    """Answer times of `level` in seat 0 over games against the heuristic: whole games, or its
    first `decisions` decisions from the middle of a heuristic game."""
    game = get_game(slug)
    cpu: list[float] = []
    wall: list[float] = []
    alone = 0
    for index in range(games):
        state = game.new_game(players, 100 + index) if decisions is None else mid_game(game, players, 100 + index)
        agent = make_agent(level, index)
        others = HeuristicAgent(index)
        mine = len(cpu)
        while not game.is_terminal(state) and (decisions is None or len(cpu) - mine < decisions):
            seat = game.to_move(state)[0]
            if seat != 0:
                game.apply(state, seat, others.choose(game, state, seat))
                continue
            alone += len(game.legal_actions(state, seat)) == 1
            began, began_cpu = time.perf_counter(), time.process_time()
            game.apply(state, seat, agent.choose(game, state, seat))
            wall.append(time.perf_counter() - began)
            cpu.append(time.process_time() - began_cpu)
    print(
        f"{slug:16} {players}p {level:6} {len(cpu):4} decisions ({alone} with one legal action)  "
        f"CPU s: median {percentile(cpu, 0.5):.3f} p95 {percentile(cpu, 0.95):.3f} max {max(cpu):.3f}  "
        f"wall s: median {percentile(wall, 0.5):.3f} p95 {percentile(wall, 0.95):.3f} max {max(wall):.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=GAMES, action="append", help="default: every game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--spec", default="mcts:seconds=2", help="the agent searching (an mcts spec)")
    parser.add_argument("--profile", action="store_true", help="print the cProfile of the search")
    parser.add_argument("--latency", metavar="LEVEL", help="answer times of an agent (easy, medium, hard...)")
    parser.add_argument("--games", type=int, default=1, help="games per game for --latency")
    parser.add_argument("--decisions", type=int, help="--latency: this many decisions from mid-game, not whole games")
    args = parser.parse_args()
    if args.latency:
        for slug in args.game or GAMES:
            latency(slug, args.players, args.latency, args.games, args.decisions)
        return
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
